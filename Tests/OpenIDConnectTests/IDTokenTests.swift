import Foundation
import JSON
@testable import OpenIDConnect
import XCTest

/// ID tokens signed by Python's `cryptography` (`IDTokenFixtures`, from make-fixtures.py),
/// checked by libgcrypt: the good ones pass, each forgery or mismatch is refused with the
/// reason the log will show.
final class IDTokenTests: XCTestCase {
    private var keySet: JSONWebKeySet!

    override func setUpWithError() throws {
        keySet = try JSONWebKeySet(json: Array(IDTokenFixtures.keySet.utf8))
    }

    private func check(_ compact: String, now: Int64 = IDTokenFixtures.issuedAt + 10, nonce: String = IDTokenFixtures.nonce,
                       clientID: String = IDTokenFixtures.clientID, keys: JSONWebKeySet? = nil) throws -> IDTokenClaims {
        let token = try SignedToken(compact: compact)
        let check = IDTokenCheck(issuer: IDTokenFixtures.issuer, clientID: clientID, nonce: nonce, now: now)
        return try check.claims(of: token, keys: (keys ?? keySet).candidates(keyID: token.keyID, algorithm: token.algorithm))
    }

    private func refusal(_ compact: String, now: Int64 = IDTokenFixtures.issuedAt + 10, nonce: String = IDTokenFixtures.nonce,
                         clientID: String = IDTokenFixtures.clientID, keys: JSONWebKeySet? = nil,
                         file: StaticString = #filePath, line: UInt = #line) -> IDTokenError? {
        do {
            let claims = try check(compact, now: now, nonce: nonce, clientID: clientID, keys: keys)
            XCTFail("accepted: \(claims)", file: file, line: line)
            return nil
        } catch let error as IDTokenError {
            return error
        } catch {
            XCTFail("\(error)", file: file, line: line)
            return nil
        }
    }

    func testTheKeySetKeepsTheRSAAndP256KeysAndLeavesOutTheRest() {
        XCTAssertEqual(keySet.keys.map(\.keyID), ["rsa-1", "ec-1"])
        XCTAssertEqual(keySet.keys.map(\.key.algorithm), [.rs256, .es256])
        XCTAssertEqual(keySet.skipped.count, 3, "\(keySet.skipped)")
        XCTAssertTrue(keySet.skipped[0].contains("\"secret\"") && keySet.skipped[0].contains("type oct"), keySet.skipped[0])
        XCTAssertTrue(keySet.skipped[1].contains("not meant for signatures"), keySet.skipped[1])
        XCTAssertTrue(keySet.skipped[2].contains("1024 bits"), keySet.skipped[2])
    }

    func testRS256AndES256TokensFromAnotherImplementationVerify() throws {
        for compact in [IDTokenFixtures.rs256, IDTokenFixtures.es256, IDTokenFixtures.rs256NoKid] {
            let claims = try check(compact)
            XCTAssertEqual(claims, IDTokenClaims(issuer: IDTokenFixtures.issuer, subject: IDTokenFixtures.subject, label: "alice"))
        }
    }

    func testATokenSignedByAnotherKeyUnderOurKidIsRefused() {
        XCTAssertEqual(refusal(IDTokenFixtures.rs256ByAnotherKey), .badSignature)
        // And our token against a set holding only the other key: the same.
        let other = try! JSONWebKeySet(json: Array(("{\"keys\":[" + IDTokenFixtures.otherRSAKey + "]}").utf8))
        XCTAssertEqual(refusal(IDTokenFixtures.rs256, keys: other), .badSignature)
    }

    func testAKidTheSetDoesNotHoldIsUnknownSoTheSetCanBeFetchedAgain() {
        XCTAssertEqual(refusal(IDTokenFixtures.rs256ByShortKey), .unknownKey("short"), "the 1024-bit key was left out")
        XCTAssertEqual(refusal(IDTokenFixtures.rs256, keys: JSONWebKeySet(keys: [])), .unknownKey("rsa-1"))
    }

    func testAnES256SignatureUnderAnRSAKidIsNotAnRSASignature() {
        // Its header says RS256 and names the EC key: no RSA key of that kid exists.
        XCTAssertEqual(refusal(IDTokenFixtures.es256AsRS256), .unknownKey("ec-1"))
    }

    func testAlgNoneAndHMACAreRefusedBeforeAnyKey() {
        for compact in [IDTokenFixtures.algNone, IDTokenFixtures.algNoneSigned] {
            XCTAssertThrowsError(try SignedToken(compact: compact)) { XCTAssertEqual($0 as? IDTokenError, .algorithmRefused("none")) }
        }
        XCTAssertThrowsError(try SignedToken(compact: IDTokenFixtures.hs256)) { XCTAssertEqual($0 as? IDTokenError, .algorithmRefused("HS256")) }
    }

    func testAudienceNonceAndIssuer() {
        XCTAssertEqual(refusal(IDTokenFixtures.rs256OtherAudience), .wrongAudience(["someone-else"]))
        XCTAssertEqual(refusal(IDTokenFixtures.rs256, clientID: "another-client"), .wrongAudience(["dawn-client"]))
        XCTAssertEqual(refusal(IDTokenFixtures.rs256WrongNonce), .wrongNonce)
        XCTAssertEqual(refusal(IDTokenFixtures.rs256, nonce: "n-0S6_WzA2Mk"), .wrongNonce)
        XCTAssertEqual(refusal(IDTokenFixtures.rs256WrongIssuer), .wrongIssuer("https://evil.example.org/"))
    }

    func testExpiryAndIssueTimeWithTwoMinutesForClocks() throws {
        let exp = IDTokenFixtures.issuedAt + 300
        XCTAssertNoThrow(try check(IDTokenFixtures.rs256, now: exp + 120))
        XCTAssertEqual(refusal(IDTokenFixtures.rs256, now: exp + 121), .expired(exp, exp + 121))
        XCTAssertNoThrow(try check(IDTokenFixtures.rs256, now: IDTokenFixtures.issuedAt - 120))
        let early = IDTokenFixtures.issuedAt - 121
        XCTAssertEqual(refusal(IDTokenFixtures.rs256, now: early), .issuedInTheFuture(IDTokenFixtures.issuedAt, early))
    }

    func testAnAlteredPayloadOrSignatureDoesNotVerify() {
        let parts = IDTokenFixtures.rs256.split(separator: ".").map(String.init)
        // The same claims with another subject, under the old signature.
        var claims = try! JSONParser.parse(Array(Base64Fixture.decode(parts[1]))).objectValue!
        claims = JSONObject(claims.members.map { ($0.key, $0.key == "sub" ? JSONValue.string("admin") : $0.value) })
        let forged = parts[0] + "." + Base64Fixture.encode(JSONWriter.bytes(.object(claims))) + "." + parts[2]
        XCTAssertEqual(refusal(forged), .badSignature)
        var signature = Base64Fixture.decode(parts[2])
        signature[signature.count - 1] ^= 1
        XCTAssertEqual(refusal(parts[0] + "." + parts[1] + "." + Base64Fixture.encode(signature)), .badSignature)
        XCTAssertEqual(refusal(parts[0] + "." + parts[1] + "." + Base64Fixture.encode(Array(signature.dropFirst()))), .badSignature,
                       "a signature shorter than the modulus")
        let es = IDTokenFixtures.es256.split(separator: ".").map(String.init)
        var esSignature = Base64Fixture.decode(es[2])
        esSignature[0] ^= 0x80
        XCTAssertEqual(refusal(es[0] + "." + es[1] + "." + Base64Fixture.encode(esSignature)), .badSignature)
    }
}

/// Base64url for building altered tokens in tests.
enum Base64Fixture {
    static func decode(_ text: String) -> [UInt8] {
        [UInt8](Data(base64Encoded: text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
            + String(repeating: "=", count: (4 - text.count % 4) % 4))!)
    }

    static func encode(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}

extension JSONValue {
    var objectValue: JSONObject? {
        if case .object(let object) = self { return object }
        return nil
    }
}
