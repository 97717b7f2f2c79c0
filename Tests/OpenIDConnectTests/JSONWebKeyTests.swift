import JSON
import PlainText
@testable import OpenIDConnect
import XCTest

/// JWKs to libgcrypt keys, and the signature examples of RFC 7515 (Appendix A.2, RS256;
/// A.3, ES256) verified with them: known answers from the standard itself.
final class JSONWebKeyTests: XCTestCase {
    /// RFC 7515 Appendix A.2.1: the RSA key's public part.
    static let rfcRSAKey = #"{"kty":"RSA","n":"ofgWCuLjybRlzo0tZWJjNiuSfb4p4fAkd_wWJcyQoTbji9k0l8W26mPddxHmfHQp-Vaw-4qPCJrcS2mJPMEzP1Pt0Bm4d4QlL-yRT-SFd2lZS-pCgNMsD1W_YpRPEwOWvG6b32690r2jZ47soMZo9wGzjb_7OMg0LOL-bSf63kpaSHSXndS5z5rexMdbBYUsLA9e-KXBdQOS-UTo7WTBEMa2R2CapHg665xsmtdVMTBQY4uDZlxvb3qCo5ZwKh9kG4LT6_I5IhlJH7aGhyxXFvUK-DWNmoudF8NAco9_h9iaGNj8q2ethFkMLs91kzk2PAcDTW9gb54h4FRWyuXpoQ","e":"AQAB"}"#
    /// RFC 7515 Appendix A.2: the JWS (A.2.1's payload, signed with RS256).
    static let rfcRS256 = "eyJhbGciOiJSUzI1NiJ9.eyJpc3MiOiJqb2UiLA0KICJleHAiOjEzMDA4MTkzODAsDQogImh0dHA6Ly9leGFtcGxlLmNvbS9pc19yb290Ijp0cnVlfQ.cC4hiUPoj9Eetdgtv3hF80EGrhuB__dzERat0XF9g2VtQgr9PJbu3XOiZj5RZmh7AAuHIm4Bh-0Qc_lF5YKt_O8W2Fp5jujGbds9uJdbF9CUAr7t1dnZcAcQjbKBYNX4BAynRFdiuB--f_nZLgrnbyTyWzO75vRK5h6xBArLIARNPvkSjtQBMHlb1L07Qe7K0GarZRmB_eSN9383LcOLn6_dO--xi12jzDwusC-eOkHWEsqtFZESc6BfI7noOPqvhJ1phCnvWh6IeYI2w9QOYEUipUTI8np6LbgGY9Fs98rqVt5AXLIhWkWywlVmtVrBp0igcN_IoypGlUPQGe77Rw"
    /// RFC 7515 Appendix A.3.1: the P-256 key's public part.
    static let rfcECKey = #"{"kty":"EC","crv":"P-256","x":"f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU","y":"x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0"}"#
    /// RFC 7515 Appendix A.3: the JWS signed with ES256.
    static let rfcES256 = "eyJhbGciOiJFUzI1NiJ9.eyJpc3MiOiJqb2UiLA0KICJleHAiOjEzMDA4MTkzODAsDQogImh0dHA6Ly9leGFtcGxlLmNvbS9pc19yb290Ijp0cnVlfQ.DtEhU3ljbEg8L38VWAfUAqOyKAM6-Xx-F4GawxaepmXFCgfTjDxw5djxLa8ISlSApmWQxfKTUJqPP3-Kg6NU1Q"

    private func key(_ json: String) throws -> JSONWebKey {
        try JSONWebKey(json: try JSONParser.parse(json))
    }

    private func refusal(_ json: String) -> JSONWebKeyError? {
        do {
            _ = try key(json)
            XCTFail("read: \(json)")
            return nil
        } catch {
            return error as? JSONWebKeyError
        }
    }

    func testTheRSAKeyOfRFC7515BecomesItsModulusAndExponent() throws {
        let jwk = try key(Self.rfcRSAKey)
        guard case let .rsa(modulus, exponent) = jwk.key else { return XCTFail("\(jwk)") }
        XCTAssertEqual(modulus.count, 256)
        XCTAssertEqual(Array(modulus.prefix(4)), [0xA1, 0xF8, 0x16, 0x0A])
        XCTAssertEqual(exponent, [0x01, 0x00, 0x01])
        XCTAssertNil(jwk.keyID)
        XCTAssertEqual(jwk.key.algorithm, .rs256)
    }

    func testTheP256KeyOfRFC7515BecomesAnUncompressedPoint() throws {
        let jwk = try key(Self.rfcECKey)
        guard case let .p256(point) = jwk.key else { return XCTFail("\(jwk)") }
        XCTAssertEqual(point.count, 65)
        XCTAssertEqual(Array(point.prefix(3)), [0x04, 0x7F, 0xCD])
        XCTAssertEqual(jwk.key.algorithm, .es256)
    }

    func testRFC7515sRS256AndES256ExamplesVerifyWithLibgcrypt() throws {
        let rsa = try key(Self.rfcRSAKey).key, ec = try key(Self.rfcECKey).key
        let rs256 = try SignedToken(compact: Self.rfcRS256)
        let es256 = try SignedToken(compact: Self.rfcES256)
        XCTAssertTrue(rs256.isSigned(by: rsa))
        XCTAssertTrue(es256.isSigned(by: ec))
        XCTAssertFalse(rs256.isSigned(by: ec), "the other kind of key")
        XCTAssertFalse(es256.isSigned(by: rsa))
        XCTAssertEqual(rs256.claims["iss"], .string("joe"))
        // One bit of the message changed.
        var message = rs256.signingInput
        message[message.count - 1] ^= 1
        XCTAssertFalse(rsa.verifies(rs256.signature, of: message, algorithm: .rs256))
        XCTAssertFalse(ec.verifies(es256.signature, of: Array(es256.signingInput.dropLast()), algorithm: .es256))
    }

    func testLeadingZerosAndKeyUseAndAlg() throws {
        // A modulus written with a leading zero byte is the same key.
        let n = "ofgWCuLjybRlzo0tZWJjNiuSfb4p4fAkd_wWJcyQoTbji9k0l8W26mPddxHmfHQp-Vaw-4qPCJrcS2mJPMEzP1Pt0Bm4d4QlL-yRT-SFd2lZS-pCgNMsD1W_YpRPEwOWvG6b32690r2jZ47soMZo9wGzjb_7OMg0LOL-bSf63kpaSHSXndS5z5rexMdbBYUsLA9e-KXBdQOS-UTo7WTBEMa2R2CapHg665xsmtdVMTBQY4uDZlxvb3qCo5ZwKh9kG4LT6_I5IhlJH7aGhyxXFvUK-DWNmoudF8NAco9_h9iaGNj8q2ethFkMLs91kzk2PAcDTW9gb54h4FRWyuXpoQ"
        let padded = Base64URL.encode([0] + Base64URL.decode(n)!)
        XCTAssertEqual(try key(Self.rfcRSAKey.replacingOccurrences(of: n, with: padded)).key, try key(Self.rfcRSAKey).key)
        XCTAssertNoThrow(try key(Self.rfcRSAKey.replacingOccurrences(of: "\"kty\"", with: "\"use\":\"sig\",\"alg\":\"RS256\",\"kty\"")))
        XCTAssertEqual(refusal(Self.rfcRSAKey.replacingOccurrences(of: "\"kty\"", with: "\"use\":\"enc\",\"kty\"")), .notForSignatures)
        XCTAssertEqual(refusal(Self.rfcRSAKey.replacingOccurrences(of: "\"kty\"", with: "\"key_ops\":[\"encrypt\"],\"kty\"")),
                       .notForSignatures)
        XCTAssertEqual(refusal(Self.rfcRSAKey.replacingOccurrences(of: "\"kty\"", with: "\"alg\":\"ES256\",\"kty\"")),
                       .unsupportedType("RSA for ES256"))
        XCTAssertEqual(refusal(Self.rfcECKey.replacingOccurrences(of: "\"kty\"", with: "\"alg\":\"RS256\",\"kty\"")),
                       .unsupportedType("EC for RS256"))
    }

    func testKeysThatCannotCheckAnIDTokenAreRefused() {
        XCTAssertEqual(refusal(#"{"kty":"oct","k":"c2VjcmV0"}"#), .unsupportedType("oct"))
        XCTAssertEqual(refusal(#"{"kty":"OKP","crv":"Ed25519","x":"11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo"}"#), .unsupportedType("OKP"))
        XCTAssertEqual(refusal(Self.rfcECKey.replacingOccurrences(of: "P-256", with: "P-384")), .unsupportedType("EC P-384"))
        XCTAssertEqual(refusal(#"{"kty":"RSA","n":"AQAB","e":"AQAB"}"#), .rsaKeySize(bits: 17))
        XCTAssertEqual(refusal(Self.rfcRSAKey.replacingOccurrences(of: "\"AQAB\"", with: "\"AQAA\"")), .rsaExponent, "an even exponent")
        XCTAssertEqual(refusal(Self.rfcRSAKey.replacingOccurrences(of: "\"AQAB\"", with: "\"AQ\"")), .rsaExponent, "1")
        XCTAssertEqual(refusal(Self.rfcRSAKey.replacingOccurrences(of: "\"e\":\"AQAB\"", with: "\"e\":1")),
                       .malformed("e is a number, not a string"))
        XCTAssertEqual(refusal(#"{"kty":"RSA","e":"AQAB"}"#), .malformed("no n"))
        XCTAssertEqual(refusal(Self.rfcECKey.replacingOccurrences(of: "f83OJ3D2", with: "f83OJ3D3")), .ecPointNotOnCurve)
        XCTAssertEqual(refusal(Self.rfcECKey.replacingOccurrences(of: "f83OJ3D2", with: "")), .ecCoordinateLength)
        XCTAssertEqual(refusal(Self.rfcECKey.replacingOccurrences(of: "x_FEz", with: "x=FEz")), .malformed("y is not base64url"))
        XCTAssertEqual(refusal("[]"), .malformed("not an object"))
    }

    func testAKeySetPicksByKidAndAlgorithm() throws {
        let set = try JSONWebKeySet(json: Array(("{\"keys\":[" + Self.rfcRSAKey.replacingOccurrences(of: "{", with: "{\"kid\":\"a\",")
            + "," + Self.rfcECKey.replacingOccurrences(of: "{", with: "{\"kid\":\"b\",") + "]}").utf8))
        XCTAssertEqual(set.candidates(keyID: "a", algorithm: .rs256).map(\.keyID), ["a"])
        XCTAssertEqual(set.candidates(keyID: "a", algorithm: .es256).map(\.keyID), [])
        XCTAssertEqual(set.candidates(keyID: nil, algorithm: .es256).map(\.keyID), ["b"])
        XCTAssertEqual(set.candidates(keyID: "c", algorithm: .rs256).map(\.keyID), [])
        XCTAssertThrowsError(try JSONWebKeySet(json: Array("{}".utf8))) {
            XCTAssertEqual($0 as? ProviderDocumentError, .missing("the key set", "keys"))
        }
        XCTAssertThrowsError(try JSONWebKeySet(json: Array("<html>".utf8)))
    }
}
