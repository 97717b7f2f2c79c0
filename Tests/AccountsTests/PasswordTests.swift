import Accounts
import XCTest

final class PasswordTests: XCTestCase {
    func testMinimumLengthInCharacters() throws {
        assertThrows(.passwordTooShort) { try Password("123456789") }
        XCTAssertEqual(try Password("1234567890").value, "1234567890")
        XCTAssertEqual(try Password(String(repeating: "🌅", count: 10)).value.count, 10)
        assertThrows(.passwordTooShort) { try Password(String(repeating: "🌅", count: 9)) }
        assertThrows(.passwordTooShort) { try Password("") }
    }

    func testNotTrimmed() throws {
        XCTAssertEqual(try Password("  spaced out  ").value, "  spaced out  ")
        // Nine characters plus spaces reach ten only because spaces count.
        XCTAssertNoThrow(try Password(" 123456789"))
    }

    func testMaximumBytes() throws {
        XCTAssertEqual(Password.maximumBytes, 511)
        XCTAssertNoThrow(try Password(String(repeating: "a", count: 511)))
        assertThrows(.passwordTooLong) { try Password(String(repeating: "a", count: 512)) }
        assertThrows(.passwordTooLong) { try Password(String(repeating: "a", count: 1_025)) }
        // Bytes, not characters: 128 four-byte emoji are 512 bytes.
        assertThrows(.passwordTooLong) { try Password(String(repeating: "🌅", count: 128)) }
    }

    func testRefusesNUL() {
        assertThrows(.passwordHasNullCharacter) { try Password("abcdefghij\u{0}klm") }
    }

    func testConfirm() throws {
        XCTAssertEqual(try Password.confirm("same password", "same password").value, "same password")
        assertThrows(.passwordsDiffer) { try Password.confirm("same password", "same passw0rd") }
        assertThrows(.passwordsDiffer) { try Password.confirm("same password", "same password ") }
        // Composed é and e + combining accent are equal Strings but different bytes, which hash differently.
        assertThrows(.passwordsDiffer) { try Password.confirm("caf\u{E9} au lait", "cafe\u{301} au lait") }
        assertThrows(.passwordTooShort) { try Password.confirm("short", "short") }
    }

    func testNeverPrinted() throws {
        let password = try Password("hunter2hunter2")
        XCTAssertFalse("\(password)".contains("hunter2"))
        XCTAssertFalse(String(reflecting: password).contains("hunter2"))
        var dumped = ""
        dump(password, to: &dumped)
        XCTAssertFalse(dumped.contains("hunter2"))
    }
}
