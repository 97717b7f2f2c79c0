@testable import WebPush
import XCTest
import PlainText

final class VAPIDTests: XCTestCase {
    private let now: Int64 = 1_790_000_000
    private let endpoint = "https://push.example.net/push/JzLQ3raZJfFBR0aqvOMsLrt54w4rJUsV"

    // MARK: - Key pair

    func testAGeneratedKeyPairExportsAndImportsAsBytes() throws {
        let key = try P256KeyPair.generate()
        XCTAssertEqual(key.privateKey.count, 32)
        XCTAssertEqual(key.publicKey.count, 65)
        XCTAssertEqual(key.publicKey[0], 0x04)
        let restored = try P256KeyPair(privateKey: key.privateKey, publicKey: key.publicKey)
        XCTAssertEqual(restored, key)
        XCTAssertNotEqual(try P256KeyPair.generate(), key)
    }

    func testThePublicKeyIsUnpaddedBase64URLOfTheUncompressedPoint() throws {
        let key = try P256KeyPair.generate()
        let text = key.publicKeyBase64URL
        XCTAssertEqual(text.utf8.count, 87)
        XCTAssertTrue(text.hasPrefix("B"), "0x04 begins with 'B' in base64url")
        XCTAssertFalse(text.contains("=") || text.contains("+") || text.contains("/"))
        XCTAssertEqual(Base64URL.decode(text), key.publicKey)
    }

    /// A scalar whose high bit is set, or that begins with zero bytes, still exports as 32 bytes.
    func testPrivateKeysAreAlwaysThirtyTwoBytes() throws {
        for _ in 0..<50 {
            let key = try P256KeyPair.generate()
            XCTAssertEqual(key.privateKey.count, 32)
            XCTAssertNoThrow(try P256KeyPair(privateKey: key.privateKey, publicKey: key.publicKey))
        }
    }

    func testImportRefusesBadOrMismatchedKeys() throws {
        let key = try P256KeyPair.generate(), other = try P256KeyPair.generate()
        XCTAssertThrowsError(try P256KeyPair(privateKey: key.privateKey, publicKey: other.publicKey)) {
            XCTAssertEqual($0 as? WebPushError, .keyPairMismatch)
        }
        let order = P256TestValues.order
        for scalar in [[], Array(key.privateKey.dropLast()), key.privateKey + [1], [UInt8](repeating: 0, count: 32), order, [UInt8](repeating: 0xFF, count: 32)] {
            XCTAssertThrowsError(try P256KeyPair(privateKey: scalar, publicKey: key.publicKey)) {
                XCTAssertEqual($0 as? WebPushError, .privateKeyInvalid)
            }
        }
        var offCurve = key.publicKey
        offCurve[40] ^= 0x80
        XCTAssertThrowsError(try P256KeyPair(privateKey: key.privateKey, publicKey: offCurve)) {
            XCTAssertEqual($0 as? WebPushError, .publicKeyNotOnCurve)
        }
    }

    // MARK: - Token

    func testTheTokenHasRFC8292sHeaderAndTheClaims() throws {
        let key = try P256KeyPair.generate()
        let token = try VAPID.token(audience: "https://push.example.net", subject: "mailto:admin@example.org", expiresAt: now + 3_600, now: now, signingKey: key)
        let parts = token.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        XCTAssertEqual(parts.count, 3)
        XCTAssertEqual(Base64URL.decode(parts[0]).map { String(decoding: $0, as: UTF8.self) }, #"{"typ":"JWT","alg":"ES256"}"#)
        XCTAssertEqual(
            Base64URL.decode(parts[1]).map { String(decoding: $0, as: UTF8.self) },
            #"{"aud":"https://push.example.net","exp":1790003600,"sub":"mailto:admin@example.org"}"#)
        XCTAssertEqual(Base64URL.decode(parts[2])?.count, 64, "ES256 signatures are raw r || s")
    }

    func testTheSignatureVerifiesWithLibgcrypt() throws {
        for _ in 0..<20 {
            let key = try P256KeyPair.generate()
            let token = try VAPID.token(audience: "https://push.example.net", subject: "https://dawn.example.org/", expiresAt: now + 60, now: now, signingKey: key)
            XCTAssertTrue(VAPID.verify(token: token, publicKey: key.publicKey))
            XCTAssertFalse(VAPID.verify(token: token, publicKey: try P256KeyPair.generate().publicKey), "another key")
        }
    }

    func testATamperedTokenFails() throws {
        let key = try P256KeyPair.generate()
        let token = try VAPID.token(audience: "https://push.example.net", subject: "mailto:a@example.org", expiresAt: now + 60, now: now, signingKey: key)
        let parts = token.split(separator: ".").map(String.init)
        let otherClaims = Base64URL.encode(Array(#"{"aud":"https://push.example.net","exp":1790086400,"sub":"mailto:a@example.org"}"#.utf8))
        var signature = Base64URL.decode(parts[2])!
        signature[10] ^= 0x01
        var highS = Base64URL.decode(parts[2])!
        highS[32] ^= 0x80
        let tampered = [
            parts[0] + "." + otherClaims + "." + parts[2],
            parts[0] + "." + parts[1] + "." + Base64URL.encode(signature),
            parts[0] + "." + parts[1] + "." + Base64URL.encode(highS),
            parts[0] + "." + parts[1] + "." + Base64URL.encode(Array(signature.prefix(63))),
            parts[0] + "." + parts[1],
            parts[0] + "." + parts[1] + "." + parts[2] + ".",
            parts[0] + "." + parts[1] + ".!" + parts[2],
            "",
        ]
        for candidate in tampered {
            XCTAssertFalse(VAPID.verify(token: candidate, publicKey: key.publicKey), candidate)
        }
        XCTAssertTrue(VAPID.verify(token: token, publicKey: key.publicKey))
    }

    func testSignaturesAreDeterministicPerMessage() throws {
        // RFC 6979 nonces: the same claims give the same token, so no weak random k can leak the key.
        let key = try P256KeyPair.generate()
        let first = try VAPID.token(audience: "https://a.example", subject: "mailto:a@example.org", expiresAt: now + 60, now: now, signingKey: key)
        let second = try VAPID.token(audience: "https://a.example", subject: "mailto:a@example.org", expiresAt: now + 60, now: now, signingKey: key)
        XCTAssertEqual(first, second)
    }

    func testTheExpiryIsAfterNowAndAtMostTwentyFourHoursAhead() throws {
        let key = try P256KeyPair.generate()
        XCTAssertNoThrow(try VAPID.token(audience: "https://a.example", subject: "mailto:a@example.org", expiresAt: now + 86_400, now: now, signingKey: key))
        for ahead: Int64 in [86_401, 0, -1, 7 * 86_400] {
            XCTAssertThrowsError(try VAPID.token(audience: "https://a.example", subject: "mailto:a@example.org", expiresAt: now + ahead, now: now, signingKey: key)) {
                XCTAssertEqual($0 as? WebPushError, .expiryOutOfRange(seconds: ahead))
            }
        }
        XCTAssertEqual(WebPushError.expiryOutOfRange(seconds: 86_401).message, "A VAPID token must expire within 24 hours (86400 s) from now; this one was 86401 s ahead.")
    }

    func testTheSubjectIsAMailtoOrHTTPSContact() throws {
        let key = try P256KeyPair.generate()
        for good in ["mailto:admin@example.org", "MAILTO:admin@example.org", "https://dawn.example.org/contact"] {
            XCTAssertNoThrow(try VAPID.token(audience: "https://a.example", subject: good, expiresAt: now + 60, now: now, signingKey: key), good)
        }
        let tooLong = "mailto:" + String(repeating: "a", count: VAPID.maximumSubjectLength)
        for bad in ["", "mailto:", "https://", "http://dawn.example.org", "admin@example.org", "mailto:a b@example.org", "mailto:a@example.org\n", "mailto:\u{0}@x", tooLong] {
            XCTAssertThrowsError(try VAPID.token(audience: "https://a.example", subject: bad, expiresAt: now + 60, now: now, signingKey: key), bad) {
                XCTAssertEqual($0 as? WebPushError, .subjectInvalid)
            }
        }
    }

    func testClaimsAreEscapedJSON() throws {
        XCTAssertEqual(JSONText.quoted(#"a"b\c"#), #""a\"b\\c""#)
        XCTAssertEqual(JSONText.quoted("\u{1}\n"), #""\u0001\n""#)
        XCTAssertEqual(JSONText.quoted("é"), "\"é\"")
    }

    // MARK: - Audience and header

    func testTheAudienceIsTheEndpointsOrigin() throws {
        let cases = [
            "https://push.example.net/push/abc": "https://push.example.net",
            "https://fcm.googleapis.com/fcm/send/x:y?z#w": "https://fcm.googleapis.com",
            "HTTPS://Updates.Push.Services.Mozilla.com/wpush/v2/gAAA": "https://updates.push.services.mozilla.com",
            "https://push.example.net:443/x": "https://push.example.net",
            "https://push.example.net:8443/x": "https://push.example.net:8443",
            "http://127.0.0.1:38081/push/1": "http://127.0.0.1:38081",
            "http://localhost/push": "http://localhost",
            "http://[::1]:9000/push": "http://[::1]:9000",
            "https://web.push.apple.com": "https://web.push.apple.com",
        ]
        for (endpoint, origin) in cases {
            XCTAssertEqual(try VAPID.audience(ofEndpoint: endpoint), origin, endpoint)
        }
    }

    func testEndpointsThatAreNotHTTPURLsAreRefused() {
        for endpoint in [
            "", "push.example.net/x", "ftp://push.example.net/x", "https://", "https:///x", "https://user@push.example.net/x",
            "https://push.example.net:0/x", "https://push.example.net:65536/x", "https://push.example.net:/x", "https://push.example.net:12a/x",
            "https://push example.net/x", "https://push.example.net/\u{0}", "https://pùsh.example.net/x", "https://[::1/x", "https://[]/x",
            "https://[::1]x/", "javascript:alert(1)", "https://push.example.net\"/x",
        ] {
            XCTAssertThrowsError(try VAPID.audience(ofEndpoint: endpoint), endpoint) {
                XCTAssertEqual($0 as? WebPushError, .endpointInvalid(endpoint))
            }
        }
    }

    func testTheAuthorizationHeader() throws {
        let key = try P256KeyPair.generate()
        let header = try VAPID.authorization(endpoint: endpoint, subject: "mailto:admin@example.org", signingKey: key, now: now)
        XCTAssertTrue(header.hasPrefix("vapid t="))
        let fields = header.dropFirst("vapid ".count).split(separator: ",").map { $0.trimmingPrefix(" ") }
        XCTAssertEqual(fields.count, 2)
        XCTAssertTrue(fields[0].hasPrefix("t="))
        XCTAssertEqual(String(fields[1]), "k=" + key.publicKeyBase64URL)
        let token = String(fields[0].dropFirst(2))
        XCTAssertTrue(VAPID.verify(token: token, publicKey: key.publicKey))
        let claims = Base64URL.decode(String(token.split(separator: ".")[1])).map { String(decoding: $0, as: UTF8.self) }
        XCTAssertEqual(claims, #"{"aud":"https://push.example.net","exp":1790043200,"sub":"mailto:admin@example.org"}"#, "12 hours by default")
    }
}
