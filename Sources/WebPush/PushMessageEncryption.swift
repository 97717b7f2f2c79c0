/// Push message encryption: RFC 8291 (Message Encryption for Web Push) over RFC 8188's
/// `aes128gcm` content coding, one record, as every push service accepts.
///
/// The encrypted body is `salt (16) || rs (u32, big-endian) || idlen (1) || keyid (65,
/// the application server's ephemeral public key) || AES-128-GCM(plaintext || 0x02)`.
public enum PushMessageEncryption {
    /// The record size written in the header (RFC 8291's example uses it too).
    public static let recordSize: UInt32 = 4096
    public static let saltLength = 16
    /// salt + rs + idlen + keyid.
    public static let headerLength = saltLength + 4 + 1 + P256.publicKeyLength
    /// A push service need accept no more than 4096 bytes of body (RFC 8030 §7.2): minus
    /// the header (86), the padding delimiter (1) and the tag (16), 3993 bytes of plaintext.
    public static let maximumPlaintextLength = 4096 - headerLength - 1 - AES128GCM.tagLength
    /// The delimiter ending the last (here the only) record's plaintext (RFC 8188 §2).
    static let lastRecordDelimiter: UInt8 = 0x02

    /// The `Content-Encoding` a push request carries with this body.
    public static let contentEncoding = "aes128gcm"

    /// Encrypts `plaintext` for the subscription with a fresh ephemeral key and salt.
    public static func encrypt(_ plaintext: [UInt8], for subscription: PushSubscriptionKeys) throws(WebPushError) -> [UInt8] {
        try encrypt(plaintext, for: subscription, ephemeralKey: .generate(), salt: Libgcrypt.randomBytes(saltLength))
    }

    /// Encrypts with the given ephemeral key and salt: for tests against RFC 8291's example.
    /// Never reuse either for a real message.
    public static func encrypt(
        _ plaintext: [UInt8], for subscription: PushSubscriptionKeys, ephemeralKey: P256KeyPair, salt: [UInt8]
    ) throws(WebPushError) -> [UInt8] {
        guard !plaintext.isEmpty else { throw .emptyPayload }
        guard plaintext.count <= maximumPlaintextLength else {
            throw .payloadTooLarge(length: plaintext.count, limit: maximumPlaintextLength)
        }
        guard salt.count == saltLength else { throw .saltLength(salt.count) }
        let secret = try P256.sharedSecret(privateKey: ephemeralKey.privateKey, peerPublicKey: subscription.p256dh)
        let (key, nonce) = try contentKeys(
            sharedSecret: secret, auth: subscription.auth, userAgentPublicKey: subscription.p256dh,
            applicationServerPublicKey: ephemeralKey.publicKey, salt: salt)
        var body = salt
        body += withUnsafeBytes(of: recordSize.bigEndian, Array.init)
        body.append(UInt8(P256.publicKeyLength))
        body += ephemeralKey.publicKey
        body += try AES128GCM.seal(plaintext + [lastRecordDelimiter], key: key, nonce: nonce)
        return body
    }

    /// Decrypts a body as the user agent would, with its own key pair and auth secret.
    /// For tests: Dawn only sends push messages.
    public static func decrypt(_ body: [UInt8], userAgentKey: P256KeyPair, auth: [UInt8]) throws(WebPushError) -> [UInt8] {
        guard auth.count == PushSubscriptionKeys.authSecretLength else { throw .authSecretLength(auth.count) }
        guard body.count >= saltLength + 5 else { throw .messageMalformed("shorter than the aes128gcm header") }
        let salt = Array(body[0..<saltLength])
        let recordSize = body[16..<20].reduce(0) { $0 << 8 | UInt32($1) }
        let keyIDLength = Int(body[20])
        guard keyIDLength == P256.publicKeyLength else { throw .messageMalformed("keyid is \(keyIDLength) bytes, not 65") }
        guard body.count >= headerLength + AES128GCM.tagLength + 1 else { throw .messageMalformed("no record after the header") }
        let record = Array(body[headerLength...])
        guard record.count <= Int(recordSize) else { throw .messageMalformed("more than one record") }
        let applicationServerPublicKey = Array(body[21..<headerLength])
        try P256.validatePublicKey(applicationServerPublicKey)
        let secret = try P256.sharedSecret(privateKey: userAgentKey.privateKey, peerPublicKey: applicationServerPublicKey)
        let (key, nonce) = try contentKeys(
            sharedSecret: secret, auth: auth, userAgentPublicKey: userAgentKey.publicKey,
            applicationServerPublicKey: applicationServerPublicKey, salt: salt)
        var padded = try AES128GCM.open(record, key: key, nonce: nonce)
        // Padding is zeros after the delimiter; the last non-zero byte must be 0x02.
        while padded.last == 0 { padded.removeLast() }
        guard padded.last == lastRecordDelimiter else { throw .decryptionFailed }
        padded.removeLast()
        return padded
    }

    /// RFC 8291 §3.3–3.4 and RFC 8188 §2.2–2.3: the content encryption key and nonce.
    static func contentKeys(
        sharedSecret: [UInt8], auth: [UInt8], userAgentPublicKey: [UInt8], applicationServerPublicKey: [UInt8], salt: [UInt8]
    ) throws(WebPushError) -> (key: [UInt8], nonce: [UInt8]) {
        let keyInfo = Array("WebPush: info".utf8) + [0] + userAgentPublicKey + applicationServerPublicKey
        let inputKeyingMaterial = try HKDF.derive(salt: auth, inputKeyingMaterial: sharedSecret, info: keyInfo, length: 32)
        let key = try HKDF.derive(
            salt: salt, inputKeyingMaterial: inputKeyingMaterial,
            info: Array("Content-Encoding: aes128gcm".utf8) + [0], length: AES128GCM.keyLength)
        let nonce = try HKDF.derive(
            salt: salt, inputKeyingMaterial: inputKeyingMaterial,
            info: Array("Content-Encoding: nonce".utf8) + [0], length: AES128GCM.nonceLength)
        return (key, nonce)
    }
}
