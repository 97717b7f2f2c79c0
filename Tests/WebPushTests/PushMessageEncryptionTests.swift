@testable import WebPush
import XCTest
import PlainText

final class PushMessageEncryptionTests: XCTestCase {
    private func userAgent() throws -> (key: P256KeyPair, subscription: PushSubscriptionKeys) {
        let key = try P256KeyPair.generate()
        let auth = Libgcrypt.randomBytes(16)
        return (key, try PushSubscriptionKeys(p256dh: Base64URL.encode(key.publicKey), auth: Base64URL.encode(auth)))
    }

    func testRoundTripWithRandomKeys() throws {
        for length in [1, 2, 41, 200, PushMessageEncryption.maximumPlaintextLength] {
            let (key, subscription) = try userAgent()
            let plaintext = Libgcrypt.randomBytes(length)
            let body = try PushMessageEncryption.encrypt(plaintext, for: subscription)
            XCTAssertEqual(body.count, PushMessageEncryption.headerLength + length + 1 + 16)
            XCTAssertEqual(Array(body[16..<21]), [0, 0, 0x10, 0, 65], "rs 4096, idlen 65")
            XCTAssertEqual(try PushMessageEncryption.decrypt(body, userAgentKey: key, auth: subscription.auth), plaintext)
        }
    }

    /// The largest message fills RFC 8030's 4096 bytes exactly.
    func testTheLimitIsRFC8291sThreeThousandNineHundredNinetyThreeBytes() throws {
        XCTAssertEqual(PushMessageEncryption.maximumPlaintextLength, 3993)
        let (_, subscription) = try userAgent()
        let body = try PushMessageEncryption.encrypt([UInt8](repeating: 0x41, count: 3993), for: subscription)
        XCTAssertEqual(body.count, 4096)
        XCTAssertThrowsError(try PushMessageEncryption.encrypt([UInt8](repeating: 0x41, count: 3994), for: subscription)) {
            XCTAssertEqual($0 as? WebPushError, .payloadTooLarge(length: 3994, limit: 3993))
            XCTAssertEqual(($0 as? WebPushError)?.message, "A push message can carry at most 3993 bytes; this one has 3994.")
        }
    }

    func testAnEmptyPayloadIsRefused() throws {
        let (_, subscription) = try userAgent()
        XCTAssertThrowsError(try PushMessageEncryption.encrypt([], for: subscription)) { XCTAssertEqual($0 as? WebPushError, .emptyPayload) }
    }

    func testEachMessageHasItsOwnSaltAndEphemeralKey() throws {
        let (key, subscription) = try userAgent()
        let first = try PushMessageEncryption.encrypt(Array("hello".utf8), for: subscription)
        let second = try PushMessageEncryption.encrypt(Array("hello".utf8), for: subscription)
        XCTAssertNotEqual(Array(first.prefix(16)), Array(second.prefix(16)), "salt")
        XCTAssertNotEqual(Array(first[21..<86]), Array(second[21..<86]), "ephemeral key")
        XCTAssertNotEqual(Array(first[21..<86]), key.publicKey)
        XCTAssertEqual(try PushMessageEncryption.decrypt(second, userAgentKey: key, auth: subscription.auth), Array("hello".utf8))
    }

    func testTheWrongAuthSecretOrKeyDoesNotDecrypt() throws {
        let (key, subscription) = try userAgent()
        let body = try PushMessageEncryption.encrypt(Array("secret".utf8), for: subscription)
        var otherAuth = subscription.auth
        otherAuth[0] ^= 1
        XCTAssertThrowsError(try PushMessageEncryption.decrypt(body, userAgentKey: key, auth: otherAuth)) {
            XCTAssertEqual($0 as? WebPushError, .decryptionFailed)
        }
        XCTAssertThrowsError(try PushMessageEncryption.decrypt(body, userAgentKey: .generate(), auth: subscription.auth)) {
            XCTAssertEqual($0 as? WebPushError, .decryptionFailed)
        }
        XCTAssertEqual(try PushMessageEncryption.decrypt(body, userAgentKey: key, auth: subscription.auth), Array("secret".utf8))
    }

    func testInjectedSaltMustBeSixteenBytes() throws {
        let (_, subscription) = try userAgent()
        for length in [0, 15, 17] {
            XCTAssertThrowsError(try PushMessageEncryption.encrypt([1], for: subscription, ephemeralKey: .generate(), salt: [UInt8](repeating: 7, count: length))) {
                XCTAssertEqual($0 as? WebPushError, .saltLength(length))
            }
        }
    }

    // MARK: - Subscription keys

    func testP256dhOfTheWrongLengthIsRefused() throws {
        let key = try P256KeyPair.generate()
        let auth = Base64URL.encode(Libgcrypt.randomBytes(16))
        for bytes in [[], Array(key.publicKey.prefix(33)), Array(key.publicKey.dropLast()), key.publicKey + [0]] {
            XCTAssertThrowsError(try PushSubscriptionKeys(p256dh: Base64URL.encode(bytes), auth: auth)) {
                XCTAssertEqual($0 as? WebPushError, .publicKeyLength(bytes.count))
            }
        }
    }

    func testACompressedOrPrefixlessPointIsRefused() throws {
        let key = try P256KeyPair.generate()
        var compressed = key.publicKey
        compressed[0] = 0x02
        XCTAssertThrowsError(try PushSubscriptionKeys(p256dh: compressed, auth: Libgcrypt.randomBytes(16))) {
            XCTAssertEqual($0 as? WebPushError, .publicKeyNotUncompressed)
        }
    }

    /// RFC 8291 §8: a receiver's key must be checked to be on the curve, or an invalid-curve
    /// attack can learn the ephemeral private key. libgcrypt 1.10's ECDH does not check it.
    func testAPointNotOnTheCurveIsRefused() throws {
        let key = try P256KeyPair.generate()
        var offCurve = key.publicKey
        offCurve[64] ^= 0x01
        XCTAssertThrowsError(try PushSubscriptionKeys(p256dh: offCurve, auth: Libgcrypt.randomBytes(16))) {
            XCTAssertEqual($0 as? WebPushError, .publicKeyNotOnCurve)
            XCTAssertEqual(($0 as? WebPushError)?.message, "That public key is not a point on the P-256 curve.")
        }
        // The point at "infinity" spelled as zeros, and coordinates of all ones (≥ p).
        for bytes in [[0x04] + [UInt8](repeating: 0, count: 64), [0x04] + [UInt8](repeating: 0xFF, count: 64)] {
            XCTAssertThrowsError(try PushSubscriptionKeys(p256dh: bytes, auth: Libgcrypt.randomBytes(16))) {
                XCTAssertEqual($0 as? WebPushError, .publicKeyNotOnCurve)
            }
        }
    }

    /// X + p is the same field element as X; only the reduced spelling is a valid encoding.
    func testACoordinateNotReducedModuloPIsRefused() throws {
        // (5, y) is on P-256 (y = sqrt(5³ − 3·5 + b), checked with Python's cryptography);
        // 5 + p still fits in 32 bytes.
        let x = [UInt8](repeating: 0, count: 31) + [5]
        let y = hex("459243B9AA581806FE913BCE99817ADE11CA503C64D9A3C533415C083248FBCC")
        XCTAssertNoThrow(try PushSubscriptionKeys(p256dh: [0x04] + x + y, auth: Libgcrypt.randomBytes(16)), "(5, y) itself is valid")
        let xPlusP = hex("FFFFFFFF00000001000000000000000000000001000000000000000000000004")
        XCTAssertThrowsError(try PushSubscriptionKeys(p256dh: [0x04] + xPlusP + y, auth: Libgcrypt.randomBytes(16))) {
            XCTAssertEqual($0 as? WebPushError, .publicKeyNotOnCurve)
        }
    }

    func testAuthOfTheWrongLengthIsRefused() throws {
        let key = try P256KeyPair.generate()
        for length in [0, 8, 15, 17, 32] {
            XCTAssertThrowsError(try PushSubscriptionKeys(p256dh: Base64URL.encode(key.publicKey), auth: Base64URL.encode(Libgcrypt.randomBytes(length)))) {
                XCTAssertEqual($0 as? WebPushError, .authSecretLength(length))
                XCTAssertEqual(($0 as? WebPushError)?.message, "A push subscription's auth secret is 16 bytes, not \(length).")
            }
        }
    }

    func testKeysThatAreNotBase64URLAreRefused() throws {
        let key = try P256KeyPair.generate()
        let auth = Base64URL.encode(Libgcrypt.randomBytes(16))
        let p256dh = Base64URL.encode(key.publicKey)
        XCTAssertThrowsError(try PushSubscriptionKeys(p256dh: "+" + p256dh.dropFirst(), auth: auth)) {
            XCTAssertEqual($0 as? WebPushError, .notBase64URL(field: "p256dh"))
        }
        XCTAssertThrowsError(try PushSubscriptionKeys(p256dh: p256dh, auth: "a b")) {
            XCTAssertEqual($0 as? WebPushError, .notBase64URL(field: "auth"))
        }
        // Padded spellings, as some libraries write them, are the same keys.
        XCTAssertEqual(try PushSubscriptionKeys(p256dh: p256dh + "=", auth: auth + "==").p256dh, key.publicKey)
    }

    // MARK: - Decrypting malformed bodies

    func testMalformedBodiesAreRefusedWithAReason() throws {
        let (key, subscription) = try userAgent()
        let body = try PushMessageEncryption.encrypt(Array("hi".utf8), for: subscription)
        var wrongKeyID = body
        wrongKeyID[20] = 64
        let cases: [([UInt8], WebPushError)] = [
            ([], .messageMalformed("shorter than the aes128gcm header")),
            (Array(body.prefix(86)), .messageMalformed("no record after the header")),
            (Array(body.prefix(86 + 16)), .messageMalformed("no record after the header")),
            (wrongKeyID, .messageMalformed("keyid is 64 bytes, not 65")),
        ]
        for (candidate, expected) in cases {
            XCTAssertThrowsError(try PushMessageEncryption.decrypt(candidate, userAgentKey: key, auth: subscription.auth)) {
                XCTAssertEqual($0 as? WebPushError, expected)
            }
        }
    }

    // MARK: - Helpers

    private func hex(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(index, offsetBy: 2)
            bytes.append(UInt8(text[index..<next], radix: 16)!)
            index = next
        }
        return bytes
    }
}
