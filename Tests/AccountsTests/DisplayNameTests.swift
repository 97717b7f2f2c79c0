import Accounts
import XCTest

final class DisplayNameTests: XCTestCase {
    func testTrimsAndKeepsUnicode() throws {
        XCTAssertEqual(try DisplayName("  Zoë Müller  ").value, "Zoë Müller")
        XCTAssertEqual(try DisplayName("Ana 👩‍👩‍👧").value, "Ana 👩‍👩‍👧")  // ZWJ sequence allowed
    }

    func testLengthInCharacters() throws {
        assertThrows(.displayNameInvalid) { try DisplayName("") }
        assertThrows(.displayNameInvalid) { try DisplayName("   \n ") }
        XCTAssertEqual(try DisplayName("A").value, "A")
        XCTAssertNoThrow(try DisplayName(String(repeating: "x", count: 60)))
        assertThrows(.displayNameInvalid) { try DisplayName(String(repeating: "x", count: 61)) }
        // 60 family emoji are 60 characters, though hundreds of bytes.
        XCTAssertNoThrow(try DisplayName(String(repeating: "👩‍👩‍👧", count: 60)))
        assertThrows(.displayNameInvalid) { try DisplayName(String(repeating: "👩‍👩‍👧", count: 61)) }
    }

    func testRefusesControlCharactersInside() {
        let refused: [Unicode.Scalar] = [
            "\n", "\r", "\t", "\u{0}", "\u{1B}", "\u{7F}", "\u{85}", "\u{9F}",
            "\u{2028}", "\u{2029}",
            "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}",
            "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}",
        ]
        for scalar in refused {
            let name = "Ana" + String(Character(scalar)) + "Maria"
            assertThrows(.displayNameInvalid) { try DisplayName(name) }
        }
    }
}
