import Accounts
import XCTest

final class UsernameTests: XCTestCase {
    func testLengthBoundaries() throws {
        assertThrows(.usernameInvalid) { try Username("ab") }
        XCTAssertEqual(try Username("abc").value, "abc")
        let longest = String(repeating: "a", count: 32)
        XCTAssertEqual(try Username(longest).value, longest)
        assertThrows(.usernameInvalid) { try Username(String(repeating: "a", count: 33)) }
        assertThrows(.usernameInvalid) { try Username("") }
    }

    func testTrimsAndFoldsUppercase() throws {
        XCTAssertEqual(try Username("  Ana.Maria_2-B \n").value, "ana.maria_2-b")
        XCTAssertEqual(try Username("ANA"), try Username("ana"))
        // Trimming happens before the length check.
        assertThrows(.usernameInvalid) { try Username("  ab  ") }
    }

    func testRefusesCharactersOutsideTheSet() {
        for raw in ["bad name", "ana!", "ana@home", "ana/..", "a\tb", "ana+1", "'; DROP", "ana\u{0}x"] {
            assertThrows(.usernameInvalid) { try Username(raw) }
        }
    }

    func testRefusesUnicode() {
        // Not folded to ASCII: the Kelvin sign and dotted capital I lowercase to look-alikes.
        for raw in ["josé", "анна", "\u{212A}elvin", "\u{130}lker", "ana😀", "ｆｕｌｌ", "ana\u{200B}"] {
            assertThrows(.usernameInvalid) { try Username(raw) }
        }
    }
}
