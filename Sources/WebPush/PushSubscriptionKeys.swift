import PlainText
/// The keys of a browser's push subscription (`PushSubscription.toJSON().keys`): the
/// user agent's ECDH public key `p256dh` and its authentication secret `auth`, checked.
public struct PushSubscriptionKeys: Equatable, Sendable {
    public static let authSecretLength = 16

    /// The user agent's public key, an uncompressed P-256 point (65 bytes).
    public let p256dh: [UInt8]
    /// The 16-byte authentication secret.
    public let auth: [UInt8]

    /// From the base64url strings a browser sends.
    public init(p256dh: String, auth: String) throws(WebPushError) {
        guard let point = Base64URL.decode(p256dh) else { throw .notBase64URL(field: "p256dh") }
        guard let secret = Base64URL.decode(auth) else { throw .notBase64URL(field: "auth") }
        try self.init(p256dh: point, auth: secret)
    }

    public init(p256dh: [UInt8], auth: [UInt8]) throws(WebPushError) {
        try P256.validatePublicKey(p256dh)
        guard auth.count == Self.authSecretLength else { throw .authSecretLength(auth.count) }
        self.p256dh = p256dh
        self.auth = auth
    }
}
