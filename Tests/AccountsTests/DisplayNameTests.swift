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
        // Characters are Unicode scalars (as the other limits and the database count them):
        // 👩‍👩‍👧 is five, so twelve fit and thirteen do not.
        XCTAssertNoThrow(try DisplayName(String(repeating: "👩‍👩‍👧", count: 12)))
        assertThrows(.displayNameInvalid) { try DisplayName(String(repeating: "👩‍👩‍👧", count: 13)) }
    }

    /// One grapheme cluster can be a megabyte: "a" and a million combining marks.
    func testBoundedInBytes() throws {
        let huge = "a" + String(repeating: "\u{301}", count: 1 << 19)
        XCTAssertEqual(huge.count, 1, "one grapheme cluster")
        assertThrows(.displayNameInvalid) { try DisplayName(huge) }
        assertThrows(.displayNameInvalid) { try DisplayName("a" + String(repeating: "\u{301}", count: 60)) }
        // 60 four-byte scalars are the most there can be: exactly the byte bound.
        let sixtyWide = String(repeating: "😀", count: 60)
        XCTAssertEqual(sixtyWide.utf8.count, DisplayName.maximumBytes)
        XCTAssertNoThrow(try DisplayName(sixtyWide))
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
