import Accounts

/// How a receiver knows a webhook call came from this Dawn: `X-Dawn-Signature: sha256=<hex>`,
/// the HMAC-SHA256 (libgcrypt, `HMACSHA256`) of the exact body bytes under the member's
/// secret (its UTF-8 text, as shown on the settings card). docs/integrations.md verifies it
/// in a few lines of Python.
enum WebhookSignature {
    static let header = "X-Dawn-Signature"
    /// What a secret starts with, so a person (or a secret scanner) can tell one at a glance.
    static let secretPrefix = "whsec_"

    /// A new secret: `whsec_` and 256 random bits as 43 base64url characters.
    static func newSecret() -> String {
        secretPrefix + RandomToken.generate()
    }

    /// `sha256=` and the MAC's 64 lowercase hex digits.
    static func value(body: [UInt8], secret: String) -> String {
        // HMAC-SHA256 never fails for a key of any length; an empty MAC would only fail to verify.
        let mac = HMACSHA256.mac(key: Array(secret.utf8), message: body) ?? []
        let digits = Array("0123456789abcdef".utf8)
        var hex: [UInt8] = []
        hex.reserveCapacity(mac.count * 2)
        for byte in mac {
            hex.append(digits[Int(byte >> 4)])
            hex.append(digits[Int(byte & 0x0F)])
        }
        return "sha256=" + String(decoding: hex, as: UTF8.self)
    }
}
