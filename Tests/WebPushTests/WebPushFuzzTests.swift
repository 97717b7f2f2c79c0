@testable import WebPush
import XCTest
import PlainText

/// Random bytes wherever a key, a secret, a token or a body goes: every call ends in a
/// value or a `WebPushError`, never a crash (a trap would end the test run).
final class WebPushFuzzTests: XCTestCase {
    private var generator = SystemRandomNumberGenerator()

    private func randomBytes(_ lengths: ClosedRange<Int>) -> [UInt8] {
        (0..<Int.random(in: lengths, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
    }

    func testRandomSubscriptionKeysAreRefusedOrUsable() throws {
        var accepted = 0
        for round in 0..<2_000 {
            var point = randomBytes(0...70)
            if round % 2 == 0, !point.isEmpty { point[0] = 0x04 }
            if round % 4 == 0 { point = [0x04] + randomBytes(64...64) }
            let auth = round % 3 == 0 ? randomBytes(16...16) : randomBytes(0...40)
            do {
                let keys = try PushSubscriptionKeys(p256dh: point, auth: auth)
                // A random point is on the curve with negligible probability; if it is, it must work.
                _ = try PushMessageEncryption.encrypt([1, 2, 3], for: keys)
                accepted += 1
            } catch {
                XCTAssertFalse(error.message.isEmpty)
                if case .library = error { XCTFail("libgcrypt failed on \(point) / \(auth): \(error)") }
            }
        }
        XCTAssertEqual(accepted, 0, "random bytes are not points on P-256")
    }

    func testRandomBase64URLTextIsRefusedOrDecoded() {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_=+/ .é\u{0}".unicodeScalars)
        for _ in 0..<2_000 {
            let text = String(String.UnicodeScalarView((0..<Int.random(in: 0...100, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }))
            if let bytes = Base64URL.decode(text) {
                XCTAssertEqual(Base64URL.decode(Base64URL.encode(bytes)), bytes)
            }
            _ = try? PushSubscriptionKeys(p256dh: text, auth: text)
        }
    }

    func testRandomKeyPairsAreRefused() throws {
        let valid = try P256KeyPair.generate()
        for round in 0..<500 {
            let privateKey = round % 2 == 0 ? randomBytes(32...32) : randomBytes(0...40)
            let publicKey = round % 3 == 0 ? valid.publicKey : [0x04] + randomBytes(0...70)
            XCTAssertThrowsError(try P256KeyPair(privateKey: privateKey, publicKey: publicKey)) {
                guard let error = $0 as? WebPushError else { return XCTFail("\($0)") }
                if case .library = error { XCTFail("libgcrypt failed: \(error)") }
            }
        }
    }

    func testRandomBodiesAndTamperedMessagesDoNotDecrypt() throws {
        let key = try P256KeyPair.generate()
        let auth = Libgcrypt.randomBytes(16)
        let subscription = try PushSubscriptionKeys(p256dh: key.publicKey, auth: auth)
        let message = try PushMessageEncryption.encrypt(Array("hello".utf8), for: subscription)
        for round in 0..<1_000 {
            var body: [UInt8]
            switch round % 3 {
            case 0: body = randomBytes(0...300)
            case 1:
                body = message
                body[Int.random(in: 0..<body.count, using: &generator)] ^= UInt8.random(in: 1...255, using: &generator)
            default:
                // A real header with a random record.
                body = Array(message.prefix(86)) + randomBytes(0...64)
            }
            if body == message { continue }
            do {
                let plaintext = try PushMessageEncryption.decrypt(body, userAgentKey: key, auth: round % 5 == 0 ? randomBytes(0...20) : auth)
                // Only a change to the record size (not covered by the tag, ignored by the receiver) may still decrypt.
                XCTAssertEqual(plaintext, Array("hello".utf8))
                XCTAssertEqual(Array(body.prefix(16)), Array(message.prefix(16)))
                XCTAssertEqual(Array(body.dropFirst(20)), Array(message.dropFirst(20)))
            } catch {
                if case .library = error { XCTFail("libgcrypt failed: \(error)") }
            }
        }
    }

    func testRandomTokensAndKeysDoNotVerify() throws {
        let key = try P256KeyPair.generate()
        for round in 0..<1_000 {
            let token = String(decoding: randomBytes(0...200), as: UTF8.self)
            let publicKey = round % 2 == 0 ? key.publicKey : randomBytes(0...70)
            XCTAssertFalse(VAPID.verify(token: token, publicKey: publicKey))
            let parts = "\(Base64URL.encode(randomBytes(0...30))).\(Base64URL.encode(randomBytes(0...60))).\(Base64URL.encode(randomBytes(60...68)))"
            XCTAssertFalse(VAPID.verify(token: parts, publicKey: publicKey))
            _ = try? VAPID.audience(ofEndpoint: token)
        }
    }
}
