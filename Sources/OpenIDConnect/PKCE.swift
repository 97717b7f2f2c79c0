import PlainText
import WebPush

/// Proof Key for Code Exchange (RFC 7636) with S256: the browser is sent away with the
/// challenge, and only whoever holds the verifier (Dawn, keeping it beside the `state`) can
/// trade the code that comes back. A code caught on the way is worth nothing alone.
public struct PKCE: Sendable, Equatable {
    /// 43 to 128 unreserved characters (RFC 7636 §4.1).
    public static let verifierLengths = 43...128

    public let verifier: String

    /// `BASE64URL(SHA256(ASCII(verifier)))` (§4.2), SHA-256 by libgcrypt.
    public var challenge: String { Self.challenge(for: verifier) }

    public init(verifier: String) {
        self.verifier = verifier
    }

    /// A fresh verifier: 32 bytes from the system CSPRNG as 43 base64url characters, the
    /// form §4.1 recommends.
    public static func generate() -> PKCE {
        PKCE(verifier: Base64URL.encode(RandomBytes.make(32)))
    }

    public static func challenge(for verifier: String) -> String {
        Base64URL.encode(P256.sha256(Array(verifier.utf8)))
    }
}

/// Random bytes from the system CSPRNG (`SystemRandomNumberGenerator`: getrandom on Linux),
/// for the verifier, `state` and `nonce`.
public enum RandomBytes {
    public static func make(_ count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count + 7)
        while bytes.count < count {
            withUnsafeBytes(of: generator.next() as UInt64) { bytes.append(contentsOf: $0) }
        }
        return Array(bytes.prefix(count))
    }

    /// 256 bits as 43 base64url characters: a `state` or `nonce` no one can guess.
    public static func token() -> String {
        Base64URL.encode(make(32))
    }
}
