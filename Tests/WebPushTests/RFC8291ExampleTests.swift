@testable import WebPush
import XCTest
import PlainText

/// RFC 8291 §5 "Push Message Encryption Example" and Appendix A "Intermediate Values for
/// Encryption", transcribed from the RFC text (its line-wrapped base64url joined, as the
/// RFC says the whitespace "can be removed").
enum RFC8291Example {
    static let plaintext = "When I grow up, I want to be a watermelon"
    static let plaintextBase64URL = "V2hlbiBJIGdyb3cgdXAsIEkgd2FudCB0byBiZSBhIHdhdGVybWVsb24"
    static let applicationServerPublicKey = "BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIg" + "Dll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8"
    static let applicationServerPrivateKey = "yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw"
    static let userAgentPublicKey = "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcx" + "aOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4"
    static let userAgentPrivateKey = "q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94"
    static let salt = "DGv6ra1nlYgDCS1FRnbzlw"
    static let authSecret = "BTBZMqHH6r4Tts7J_aSIgg"

    // Appendix A's intermediate values.
    static let ecdhSecret = "kyrL1jIIOHEzg3sM2ZWRHDRB62YACZhhSlknJ672kSs"
    static let keyInfo = "V2ViUHVzaDogaW5mbwAEJXGyvs3942BVGq8e0PTNNmwR" + "zr5VX4m8t7GGpTM5FzFo7OLr4BhZe9MEebhuPI-OztV3"
        + "ylkYfpJGmQ22ggCLDgT-M_SrDepxkU21WCP3O1SUj0Ew" + "bZIHMtu5pZpTKGSCIA5Zent7wmC6HCJ5mFgJkuk5cwAv" + "MBKiiujwa7t45ewP"
    static let inputKeyingMaterial = "S4lYMb_L0FxCeq0WhDx813KgSYqU26kOyzWUdsXYyrg"
    static let contentEncryptionKey = "oIhVW04MRdy2XN9CiKLxTg"
    static let nonce = "4h_95klXJ5E_qnoN"
    static let header = "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z" + "9KsN6nGRTbVYI_c7VJSPQTBtkgcy27ml" + "mlMoZIIgDll6e3vCYLocInmYWAmS6Tlz" + "AC8wEqKK6PBru3jl7A8"
    static let ciphertext = "8pfeW0KbunFT06SuDKoJH9Ql87S1QUrd" + "irN6GcG7sFz1y1sqLgVi1VhjVkHsUoEs" + "bI_0LpXMuGvnzQ"

    /// §5: the body of the example POST. It decodes to 144 bytes (header 86 + plaintext 41 +
    /// delimiter 1 + tag 16); the example's "Content-Length: 145" line does not match it.
    static let body = "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27ml"
        + "mlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPT"
        + "pK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN"

    static func bytes(_ base64URL: String) -> [UInt8] {
        guard let bytes = Base64URL.decode(base64URL) else { fatalError("the RFC's value is base64url: \(base64URL)") }
        return bytes
    }
}

final class RFC8291ExampleTests: XCTestCase {
    private typealias Example = RFC8291Example

    private func applicationServerKey() throws -> P256KeyPair {
        try P256KeyPair(privateKey: Example.bytes(Example.applicationServerPrivateKey), publicKey: Example.bytes(Example.applicationServerPublicKey))
    }

    private func userAgentKey() throws -> P256KeyPair {
        try P256KeyPair(privateKey: Example.bytes(Example.userAgentPrivateKey), publicKey: Example.bytes(Example.userAgentPublicKey))
    }

    private func subscription() throws -> PushSubscriptionKeys {
        try PushSubscriptionKeys(p256dh: Example.userAgentPublicKey, auth: Example.authSecret)
    }

    /// The check that matters: with the RFC's inputs, our body is the RFC's, byte for byte.
    func testEncryptionReproducesTheRFCBodyByteForByte() throws {
        let body = try PushMessageEncryption.encrypt(
            Array(Example.plaintext.utf8), for: subscription(), ephemeralKey: applicationServerKey(), salt: Example.bytes(Example.salt))
        XCTAssertEqual(body.count, 144)
        XCTAssertEqual(Base64URL.encode(body), Example.body)
        XCTAssertEqual(body, Example.bytes(Example.header) + Example.bytes(Example.ciphertext), "Appendix A: header || ciphertext")
        XCTAssertEqual(Array(body.prefix(PushMessageEncryption.headerLength)), Example.bytes(Example.header))
    }

    func testTheRFCInputsAreWhatTheRFCSays() {
        XCTAssertEqual(Example.bytes(Example.plaintextBase64URL), Array(Example.plaintext.utf8))
        XCTAssertEqual(Example.bytes(Example.body).count, PushMessageEncryption.headerLength + Example.plaintext.utf8.count + 1 + 16)
    }

    /// Each step of Appendix A, so a mismatch says where it starts.
    func testIntermediateValues() throws {
        let secret = try P256.sharedSecret(
            privateKey: Example.bytes(Example.applicationServerPrivateKey), peerPublicKey: Example.bytes(Example.userAgentPublicKey))
        XCTAssertEqual(Base64URL.encode(secret), Example.ecdhSecret)
        // ECDH agrees from the user agent's side.
        let userAgentSide = try P256.sharedSecret(
            privateKey: Example.bytes(Example.userAgentPrivateKey), peerPublicKey: Example.bytes(Example.applicationServerPublicKey))
        XCTAssertEqual(userAgentSide, secret)

        let keyInfo = Array("WebPush: info".utf8) + [0] + Example.bytes(Example.userAgentPublicKey) + Example.bytes(Example.applicationServerPublicKey)
        XCTAssertEqual(Base64URL.encode(keyInfo), Example.keyInfo)
        let inputKeyingMaterial = try HKDF.derive(salt: Example.bytes(Example.authSecret), inputKeyingMaterial: secret, info: keyInfo, length: 32)
        XCTAssertEqual(Base64URL.encode(inputKeyingMaterial), Example.inputKeyingMaterial)

        let (key, nonce) = try PushMessageEncryption.contentKeys(
            sharedSecret: secret, auth: Example.bytes(Example.authSecret), userAgentPublicKey: Example.bytes(Example.userAgentPublicKey),
            applicationServerPublicKey: Example.bytes(Example.applicationServerPublicKey), salt: Example.bytes(Example.salt))
        XCTAssertEqual(Base64URL.encode(key), Example.contentEncryptionKey)
        XCTAssertEqual(Base64URL.encode(nonce), Example.nonce)
    }

    func testDecryptingTheRFCBodyAsTheUserAgentGivesThePlaintext() throws {
        let plaintext = try PushMessageEncryption.decrypt(Example.bytes(Example.body), userAgentKey: userAgentKey(), auth: Example.bytes(Example.authSecret))
        XCTAssertEqual(String(decoding: plaintext, as: UTF8.self), Example.plaintext)
    }

    /// The salt, the key id and the record are all bound by the tag (the record size is not,
    /// and need not be: RFC 8291 §4 lets a user agent ignore it).
    func testTheRFCBodyWithOneBitFlippedIsRefused() throws {
        let original = Example.bytes(Example.body)
        for index in [0, 15, 30, 85, 86, 100, original.count - 1] {
            var body = original
            body[index] ^= 0x01
            XCTAssertThrowsError(try PushMessageEncryption.decrypt(body, userAgentKey: userAgentKey(), auth: Example.bytes(Example.authSecret)), "byte \(index)")
        }
    }
}
