@testable import OpenIDConnect
import PlainText
import XCTest

/// The compact serialization read strictly, before any key is looked at.
final class SignedTokenTests: XCTestCase {
    private func part(_ json: String) -> String { Base64URL.encode(Array(json.utf8)) }
    private let payload = #"{"sub":"a"}"#

    private func refusal(_ text: String) -> IDTokenError? {
        do {
            _ = try SignedToken(compact: text)
            XCTFail("read: \(text)")
            return nil
        } catch {
            return error
        }
    }

    func testAWellFormedToken() throws {
        let token = try SignedToken(compact: part(#"{"alg":"ES256","kid":"k1","typ":"JWT"}"#) + "." + part(payload) + ".c2ln")
        XCTAssertEqual(token.algorithm, .es256)
        XCTAssertEqual(token.keyID, "k1")
        XCTAssertEqual(token.signature, Array("sig".utf8))
        XCTAssertEqual(token.claims["sub"], .string("a"))
        XCTAssertEqual(String(decoding: token.signingInput, as: UTF8.self),
                       part(#"{"alg":"ES256","kid":"k1","typ":"JWT"}"#) + "." + part(payload))
    }

    func testEveryAlgorithmButRS256AndES256IsRefused() {
        for alg in ["none", "None", "HS256", "HS512", "RS384", "PS256", "ES384", "ES256K", "EdDSA", "rs256", ""] {
            XCTAssertEqual(refusal(part(#"{"alg":"\#(alg)"}"#) + "." + part(payload) + ".c2ln"), .algorithmRefused(alg), alg)
        }
        XCTAssertEqual(refusal(part(#"{"alg":null}"#) + "." + part(payload) + ".c2ln"), .malformed("the header has no alg"))
        XCTAssertEqual(refusal(part(#"{"kid":"x"}"#) + "." + part(payload) + ".c2ln"), .malformed("the header has no alg"))
    }

    func testMalformedTokens() {
        let header = part(#"{"alg":"RS256"}"#)
        XCTAssertEqual(refusal(header + "." + part(payload)), .malformed("2 parts, not 3"))
        XCTAssertEqual(refusal(header + "." + part(payload) + ".c2ln.x"), .malformed("4 parts, not 3"))
        XCTAssertEqual(refusal(header + "." + part(payload) + "."), .malformed("the signature is empty"))
        XCTAssertEqual(refusal(header + "=." + part(payload) + ".c2ln"), .malformed("the header is not base64url"))
        XCTAssertEqual(refusal(header + "." + part(payload) + ".c2l+"), .malformed("the signature is not base64url"))
        XCTAssertEqual(refusal(part("[1]") + "." + part(payload) + ".c2ln"), .malformed("the header is not a JSON object"))
        XCTAssertEqual(refusal(header + "." + part("not json") + ".c2ln"), .malformed("the payload is not JSON"))
        XCTAssertEqual(refusal(part(#"{"alg":"RS256","alg":"none"}"#) + "." + part(payload) + ".c2ln"),
                       .malformed("the header names a member twice"))
        XCTAssertEqual(refusal(header + "." + part(#"{"sub":"a","sub":"admin"}"#) + ".c2ln"),
                       .malformed("the payload names a member twice"))
        XCTAssertEqual(refusal(part(#"{"alg":"RS256","kid":7}"#) + "." + part(payload) + ".c2ln"),
                       .malformed("the header's kid is not a string"))
        XCTAssertEqual(refusal(header + "." + part(payload) + "." + String(repeating: "A", count: 17_000)),
                       .malformed("longer than 16384 bytes"))
    }

    func testCritAndAccessTokensAreRefused() {
        XCTAssertEqual(refusal(part(#"{"alg":"RS256","crit":["exp"],"exp":1}"#) + "." + part(payload) + ".c2ln"),
                       .headerRefused("crit names parameters Dawn does not understand"))
        XCTAssertEqual(refusal(part(#"{"alg":"RS256","typ":"at+JWT"}"#) + "." + part(payload) + ".c2ln"),
                       .headerRefused("typ says it is an access token"))
    }
}
