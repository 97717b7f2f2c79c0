@testable import Accounts
import XCTest
import PlainText

final class TokenTests: XCTestCase {
    private let alphabet = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    func testSessionTokenFormat() {
        for _ in 0..<100 {
            let token = SessionToken.generate()
            XCTAssertEqual(token.utf8.count, 43)
            XCTAssertTrue(token.utf8.allSatisfy(alphabet.contains))
            XCTAssertTrue(SessionToken.isWellFormed(token))
        }
    }

    func testTokensAreDistinct() {
        XCTAssertEqual(Set((0..<1_000).map { _ in SessionToken.generate() }).count, 1_000)
        XCTAssertEqual(Set((0..<1_000).map { _ in CSRFToken.generate() }).count, 1_000)
    }

    func testCSRFTokenFormat() {
        let token = CSRFToken.generate()
        XCTAssertEqual(token.utf8.count, 43)
        XCTAssertTrue(token.utf8.allSatisfy(alphabet.contains))
    }

    func testMalformedTokens() {
        let token = SessionToken.generate()
        let malformed = [
            "", "abc", String(token.dropLast()), token + "A",
            String(token.dropLast()) + "=", String(token.dropLast()) + "+", String(token.dropLast()) + "/",
            String(repeating: "A", count: 42) + "B",  // non-canonical: the last character's low bits must be zero
            String(repeating: "é", count: 43), "' OR 1=1 --" + String(repeating: "A", count: 32),
        ]
        for candidate in malformed {
            XCTAssertFalse(SessionToken.isWellFormed(candidate), candidate)
        }
        XCTAssertTrue(SessionToken.isWellFormed(String(repeating: "A", count: 42) + "E"))
    }

    func testSHA256KnownVectors() {
        XCTAssertEqual(hex(SessionToken.hash("abc")), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(hex(SessionToken.hash("")), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        XCTAssertEqual(
            hex(SHA256.hash(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    func testBase64URLVectors() {
        // RFC 4648 §10, without padding, and the two characters base64url changes.
        let vectors = ["": "", "f": "Zg", "fo": "Zm8", "foo": "Zm9v", "foob": "Zm9vYg", "fooba": "Zm9vYmE", "foobar": "Zm9vYmFy"]
        for (input, output) in vectors {
            XCTAssertEqual(Base64URL.encode(Array(input.utf8)), output)
        }
        XCTAssertEqual(Base64URL.encode([0xFB, 0xFF]), "-_8")
    }

    func testConstantTimeEqual() {
        XCTAssertTrue(CSRFToken.constantTimeEqual("same-token", "same-token"))
        XCTAssertTrue(CSRFToken.constantTimeEqual("", ""))
        XCTAssertFalse(CSRFToken.constantTimeEqual("same-token", "same-tokeN"))
        XCTAssertFalse(CSRFToken.constantTimeEqual("Same-token", "same-token"))
        XCTAssertFalse(CSRFToken.constantTimeEqual("same-token", "same-token-longer"))
        XCTAssertFalse(CSRFToken.constantTimeEqual("same-token", "same-toke"))
        XCTAssertFalse(CSRFToken.constantTimeEqual("", "x"))
        XCTAssertFalse(CSRFToken.constantTimeEqual("a\u{0}", "a"))
    }

    private func hex(_ bytes: [UInt8]) -> String {
        bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }
}
