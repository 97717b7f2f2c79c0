import PlainText
/// Everything Web Push cryptography can refuse. `message` is an English sentence for the
/// log or for the admin, naming the input and the rule it broke.
public enum WebPushError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `field` was not base64url (RFC 4648 §5).
    case notBase64URL(field: String)
    /// A public key must be an uncompressed P-256 point: 65 bytes, 0x04 || X || Y.
    case publicKeyLength(Int)
    case publicKeyNotUncompressed
    /// X or Y is not a field element, or the point does not satisfy the curve equation.
    case publicKeyNotOnCurve
    /// A private key is a 32-byte scalar in 1 ..< n.
    case privateKeyInvalid
    /// The public key given with a private key is not the one it belongs to.
    case keyPairMismatch
    /// The subscription's `auth` secret is 16 bytes (RFC 8291 §3.2).
    case authSecretLength(Int)
    case saltLength(Int)
    case emptyPayload
    case payloadTooLarge(length: Int, limit: Int)
    /// The push endpoint is not an http(s) URL whose origin can be the VAPID audience.
    case endpointInvalid(String)
    /// The VAPID contact must be a `mailto:` or `https:` URI.
    case subjectInvalid
    /// A VAPID token's expiry must be after now and at most 24 hours ahead (RFC 8292 §2).
    case expiryOutOfRange(seconds: Int64)
    /// An encrypted push message that is not one well-formed `aes128gcm` record.
    case messageMalformed(String)
    /// The record's authentication tag did not verify, or its padding is wrong.
    case decryptionFailed
    /// libgcrypt refused an operation it should not refuse (the detail is for the log).
    case library(String)

    public var message: String {
        switch self {
        case .notBase64URL(let field):
            "The \(field) value is not base64url (letters, digits, - and _)."
        case .publicKeyLength(let length):
            "A P-256 public key is 65 bytes (an uncompressed point), not \(length)."
        case .publicKeyNotUncompressed:
            "A P-256 public key must be an uncompressed point starting with the byte 0x04."
        case .publicKeyNotOnCurve:
            "That public key is not a point on the P-256 curve."
        case .privateKeyInvalid:
            "A P-256 private key is a 32-byte number between 1 and the curve's order."
        case .keyPairMismatch:
            "The public key does not belong to the private key."
        case .authSecretLength(let length):
            "A push subscription's auth secret is 16 bytes, not \(length)."
        case .saltLength(let length):
            "The salt is 16 bytes, not \(length)."
        case .emptyPayload:
            "A push message needs some content."
        case .payloadTooLarge(let length, let limit):
            "A push message can carry at most \(limit) bytes; this one has \(length)."
        case .endpointInvalid(let endpoint):
            "The push endpoint \(endpoint.prefix(200)) is not an http(s) URL with a host."
        case .subjectInvalid:
            "The VAPID contact must be a mailto: or https: address without spaces or control characters."
        case .expiryOutOfRange(let seconds):
            "A VAPID token must expire within 24 hours (86400 s) from now; this one was \(seconds) s ahead."
        case .messageMalformed(let detail):
            "The encrypted push message is malformed: \(detail)."
        case .decryptionFailed:
            "The encrypted push message did not decrypt (wrong key or altered content)."
        case .library(let detail):
            "libgcrypt failed: \(detail)."
        }
    }

    public var description: String { message }
}
