import Accounts
import XCTest

final class PasswordHasherTests: XCTestCase {
    func testHashIsYescryptWithFreshSalt() throws {
        let password = try Password("correct horse battery")
        let first = try PasswordHasher.hash(password)
        let second = try PasswordHasher.hash(password)
        XCTAssertTrue(first.hasPrefix("$y$"))
        XCTAssertTrue(second.hasPrefix("$y$"))
        XCTAssertNotEqual(first, second)
        XCTAssertFalse(first.contains("correct"))
    }

    func testVerify() throws {
        let hash = Fixtures.passwordHash
        XCTAssertTrue(PasswordHasher.verify(Fixtures.password, against: hash))
        XCTAssertFalse(PasswordHasher.verify("correct horse batterY", against: hash))
        XCTAssertFalse(PasswordHasher.verify("correct horse battery ", against: hash))
        XCTAssertFalse(PasswordHasher.verify("", against: hash))
    }

    func testTamperedHashFails() throws {
        let hash = Fixtures.passwordHash
        var bytes = Array(hash.utf8)
        bytes[bytes.count - 3] = bytes[bytes.count - 3] == UInt8(ascii: "a") ? UInt8(ascii: "b") : UInt8(ascii: "a")
        XCTAssertFalse(PasswordHasher.verify(Fixtures.password, against: String(decoding: bytes, as: UTF8.self)))
        XCTAssertFalse(PasswordHasher.verify(Fixtures.password, against: String(hash.dropLast())))
        XCTAssertFalse(PasswordHasher.verify(Fixtures.password, against: hash + "x"))
        XCTAssertFalse(PasswordHasher.verify(Fixtures.password, against: ""))
        XCTAssertFalse(PasswordHasher.verify(Fixtures.password, against: "*0"))
    }

    func testOtherMethodsAreRefused() {
        // MD5-crypt of "password" (libcrypt itself would accept it): a row downgraded to a weak method never verifies.
        XCTAssertFalse(PasswordHasher.verify("password", against: "$1$saltsalt$qjXMvbEw8oaL.CzflDtaK/"))
    }

    func testNULCannotCutAPasswordShort() throws {
        let hash = try PasswordHasher.hash(Password("abcdefghij"))
        XCTAssertTrue(PasswordHasher.verify("abcdefghij", against: hash))
        XCTAssertFalse(PasswordHasher.verify("abcdefghij\u{0}anything", against: hash))
    }

    func testLongestPasswordHashes() throws {
        let longest = String(repeating: "é", count: 255) + "a"  // 511 bytes
        let hash = try PasswordHasher.hash(Password(longest))
        XCTAssertTrue(PasswordHasher.verify(longest, against: hash))
        XCTAssertFalse(PasswordHasher.verify(longest + "a", against: hash))
    }

    func testDecoyVerifiesNothing() {
        XCTAssertTrue(PasswordHasher.decoyHash.hasPrefix("$y$"))
        XCTAssertEqual(PasswordHasher.decoyHash, PasswordHasher.decoyHash)
        for guess in ["", "password", Fixtures.password, "1234567890", PasswordHasher.decoyHash] {
            XCTAssertFalse(PasswordHasher.verify(guess, against: PasswordHasher.decoyHash))
        }
    }
}
