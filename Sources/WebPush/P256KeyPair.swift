import PlainText
/// A P-256 key pair as bytes: the instance's VAPID key (kept in instance.sqlite) and the
/// ephemeral key of each encrypted push message.
public struct P256KeyPair: Equatable, Sendable {
    /// The private scalar d, 32 bytes big-endian. Secret.
    public let privateKey: [UInt8]
    /// The public point, uncompressed: 65 bytes, 0x04 || X || Y.
    public let publicKey: [UInt8]

    /// A new key pair from libgcrypt's generator.
    public static func generate() throws(WebPushError) -> P256KeyPair {
        let (privateKey, publicKey) = try P256.generate()
        return P256KeyPair(checkedPrivateKey: privateKey, publicKey: publicKey)
    }

    /// A stored key pair, checked: a scalar in range, a point on the curve, and the point
    /// being the scalar's.
    public init(privateKey: [UInt8], publicKey: [UInt8]) throws(WebPushError) {
        try P256.validatePrivateKey(privateKey)
        try P256.validatePublicKey(publicKey)
        guard try P256.belongTogether(privateKey: privateKey, publicKey: publicKey) else { throw .keyPairMismatch }
        self.init(checkedPrivateKey: privateKey, publicKey: publicKey)
    }

    private init(checkedPrivateKey: [UInt8], publicKey: [UInt8]) {
        self.privateKey = checkedPrivateKey
        self.publicKey = publicKey
    }

    /// The public key as unpadded base64url: what `GET /notifications/vapid-public-key`
    /// answers and what a browser passes to `pushManager.subscribe` as `applicationServerKey`.
    public var publicKeyBase64URL: String { Base64URL.encode(publicKey) }
}
