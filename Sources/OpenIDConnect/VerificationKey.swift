import CGcrypt
import WebPush

/// A public key an ID token's signature is checked with, taken from the provider's JWKS
/// (`JSONWebKey`). Verification is libgcrypt's: `gcry_pk_verify` with PKCS#1 v1.5 padding
/// for RSA, and the P-256 ECDSA check Web Push already uses (`P256.verify`).
public enum VerificationKey: Sendable, Equatable {
    /// RSA: the modulus and public exponent, unsigned big-endian without leading zeros.
    case rsa(modulus: [UInt8], exponent: [UInt8])
    /// P-256: the uncompressed point 0x04 || X || Y, checked to be on the curve.
    case p256(point: [UInt8])

    /// RSA keys shorter than this are refused (RFC 7518 §3.3: 2048 bits or larger).
    public static let minimumRSABits = 2048
    /// And longer than this too: a hostile JWKS must not make each check cost seconds.
    public static let maximumRSABits = 8192
    /// The public exponent in at most this many bytes (65537 is three).
    static let maximumExponentBytes = 8

    /// The algorithm this key signs with.
    public var algorithm: SignatureAlgorithm {
        switch self {
        case .rsa: .rs256
        case .p256: .es256
        }
    }

    /// Whether `signature` is this key's signature of `message` under `algorithm`. A
    /// signature of the wrong length, or for another kind of key, is simply not valid.
    public func verifies(_ signature: [UInt8], of message: [UInt8], algorithm: SignatureAlgorithm) -> Bool {
        guard algorithm == self.algorithm else { return false }
        switch self {
        case let .rsa(modulus, exponent):
            return Self.verifyRSA(signature, of: message, modulus: modulus, exponent: exponent)
        case let .p256(point):
            return P256.verify(signature, of: message, publicKey: point)
        }
    }

    /// RSASSA-PKCS1-v1_5 verification (RFC 8017 §8.2.2) by libgcrypt: the signature must be
    /// exactly as long as the modulus, and libgcrypt checks the padding and the SHA-256
    /// DigestInfo against the hash.
    private static func verifyRSA(_ signature: [UInt8], of message: [UInt8], modulus: [UInt8], exponent: [UInt8]) -> Bool {
        guard signature.count == modulus.count else { return false }
        // A leading zero byte keeps each number positive whichever MPI format libgcrypt reads.
        guard let key = SExpression(.list([.text("public-key"), .list([.text("rsa"),
                                                                      .list([.text("n"), .atom([0] + modulus)]),
                                                                      .list([.text("e"), .atom([0] + exponent)])])])),
              let data = SExpression(.list([.text("data"), .list([.text("flags"), .text("pkcs1")]),
                                            .list([.text("hash"), .text("sha256"), .atom(P256.sha256(message))])])),
              let value = SExpression(.list([.text("sig-val"), .list([.text("rsa"), .list([.text("s"), .atom([0] + signature)])])]))
        else { return false }
        return gcry_pk_verify(value.handle, data.handle, key.handle) == 0
    }

    /// An RSA key from its JWK parts, refused when too short, too long or with an exponent
    /// that is not an odd number above 1.
    static func checkedRSA(modulus rawModulus: [UInt8], exponent rawExponent: [UInt8]) throws(JSONWebKeyError) -> VerificationKey {
        let modulus = Array(rawModulus.drop { $0 == 0 })
        let exponent = Array(rawExponent.drop { $0 == 0 })
        let bits = modulus.first.map { modulus.count * 8 - $0.leadingZeroBitCount } ?? 0
        guard (minimumRSABits...maximumRSABits).contains(bits) else { throw .rsaKeySize(bits: bits) }
        guard !exponent.isEmpty, exponent.count <= maximumExponentBytes, exponent.last! & 1 == 1,
              exponent != [1] else { throw .rsaExponent }
        return .rsa(modulus: modulus, exponent: exponent)
    }

    /// A P-256 key from its JWK coordinates (32 bytes each), refused off the curve.
    static func checkedP256(x: [UInt8], y: [UInt8]) throws(JSONWebKeyError) -> VerificationKey {
        guard x.count == 32, y.count == 32 else { throw .ecCoordinateLength }
        let point = [0x04] + x + y
        do {
            try P256.validatePublicKey(point)
        } catch {
            throw .ecPointNotOnCurve
        }
        return .p256(point: point)
    }
}
