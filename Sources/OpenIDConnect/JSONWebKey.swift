import JSON
import PlainText

/// One public key of a provider's JSON Web Key Set (RFC 7517 §4, RFC 7518 §6): an RSA key
/// (`n`, `e`) or an EC P-256 key (`x`, `y`), with the `kid` tokens name it by and the `alg`
/// it is restricted to, if any. Private members (`d`, `p`…) are never read.
public struct JSONWebKey: Sendable, Equatable {
    public let keyID: String?
    /// The `alg` the key says it is for; nil: any algorithm of its type.
    public let algorithm: String?
    public let key: VerificationKey

    public init(keyID: String?, algorithm: String? = nil, key: VerificationKey) {
        self.keyID = keyID
        self.algorithm = algorithm
        self.key = key
    }

    public init(json value: JSONValue) throws(JSONWebKeyError) {
        guard case .object(let object) = value else { throw .malformed("not an object") }
        func text(_ name: String) throws(JSONWebKeyError) -> String? {
            switch object[name] {
            case nil: return nil
            case .string(let string)?: return string
            case let other?: throw .malformed("\(name) is \(other.kindName), not a string")
            }
        }
        func bytes(_ name: String) throws(JSONWebKeyError) -> [UInt8] {
            guard let encoded = try text(name) else { throw .malformed("no \(name)") }
            guard !encoded.contains("="), let decoded = Base64URL.decode(encoded), !decoded.isEmpty else {
                throw .malformed("\(name) is not base64url")
            }
            return decoded
        }
        guard let type = try text("kty") else { throw .malformed("no kty") }
        if let use = try text("use"), use != "sig" { throw .notForSignatures }
        if let operations = object["key_ops"] {
            guard case .array(let list) = operations else { throw .malformed("key_ops is not an array") }
            guard list.contains(.string("verify")) else { throw .notForSignatures }
        }
        keyID = try text("kid")
        algorithm = try text("alg")
        switch type {
        case "RSA":
            key = try VerificationKey.checkedRSA(modulus: try bytes("n"), exponent: try bytes("e"))
        case "EC":
            let curve = try text("crv") ?? ""
            guard curve == "P-256" else { throw .unsupportedType("EC \(curve)") }
            key = try VerificationKey.checkedP256(x: try bytes("x"), y: try bytes("y"))
        default:
            throw .unsupportedType(type)
        }
        if let algorithm, SignatureAlgorithm(rawValue: algorithm) != key.algorithm {
            throw .unsupportedType("\(type) for \(algorithm)")
        }
    }

    /// Whether a token signed with `algorithm` may be checked with this key.
    public func fits(_ algorithm: SignatureAlgorithm) -> Bool {
        key.algorithm == algorithm
    }
}
