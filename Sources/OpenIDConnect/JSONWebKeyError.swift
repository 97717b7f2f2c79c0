/// Why one key of a provider's JWKS cannot check a signature. A set skips such keys (a
/// provider may publish encryption keys or curves Dawn does not use); the messages are for
/// the operator's log.
public enum JSONWebKeyError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Not a JSON object, or a member of the wrong type.
    case malformed(String)
    /// A `kty` (or `crv`) other than RSA and EC P-256.
    case unsupportedType(String)
    /// `use` other than `sig`, or `key_ops` without `verify`.
    case notForSignatures
    case rsaKeySize(bits: Int)
    case rsaExponent
    case ecCoordinateLength
    case ecPointNotOnCurve

    public var description: String {
        switch self {
        case .malformed(let detail): "malformed key: \(detail)"
        case .unsupportedType(let type): "a key of type \(type), which ID tokens are not checked with"
        case .notForSignatures: "a key not meant for signatures"
        case .rsaKeySize(let bits): "an RSA key of \(bits) bits (\(VerificationKey.minimumRSABits) to \(VerificationKey.maximumRSABits) are used)"
        case .rsaExponent: "an RSA key whose exponent is not an odd number above 1"
        case .ecCoordinateLength: "a P-256 key whose x or y is not 32 bytes"
        case .ecPointNotOnCurve: "a P-256 key that is not a point on the curve"
        }
    }
}
