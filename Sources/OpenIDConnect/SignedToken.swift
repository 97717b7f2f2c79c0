import JSON
import PlainText

/// A JWS in compact serialization (RFC 7515 §7.1), read strictly and not yet trusted:
/// exactly three parts of unpadded base64url, a header and a payload that are JSON objects
/// with no member written twice, an `alg` of RS256 or ES256 (`none` and every other one
/// refused here, before any key is looked at), no `crit`. Keys named in the token itself
/// (`jwk`, `jku`, `x5u`, `x5c`) are never used: only the provider's own set is.
public struct SignedToken: Sendable {
    /// An ID token is a few hundred bytes; a larger one is no ID token.
    public static let maximumLength = 16 * 1024

    public let algorithm: SignatureAlgorithm
    public let keyID: String?
    public let claims: JSONObject
    /// The bytes signed: the first two parts and the dot between, as sent.
    public let signingInput: [UInt8]
    public let signature: [UInt8]

    public init(compact text: String) throws(IDTokenError) {
        guard text.utf8.count <= Self.maximumLength else { throw .malformed("longer than \(Self.maximumLength) bytes") }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3 else { throw .malformed("\(parts.count) parts, not 3") }
        func decode(_ part: Substring, _ name: String) throws(IDTokenError) -> [UInt8] {
            guard !part.contains("="), let bytes = Base64URL.decode(String(part)) else { throw .malformed("the \(name) is not base64url") }
            return bytes
        }
        func object(_ bytes: [UInt8], _ name: String) throws(IDTokenError) -> JSONObject {
            let value: JSONValue
            do {
                value = try JSONParser.parse(bytes, limits: JSONParser.Limits(maxDepth: 16, maxBytes: Self.maximumLength))
            } catch {
                throw .malformed("the \(name) is not JSON")
            }
            guard case .object(let object) = value else { throw .malformed("the \(name) is not a JSON object") }
            guard !object.hasDuplicateNames else { throw .malformed("the \(name) names a member twice") }
            return object
        }
        let header = try object(try decode(parts[0], "header"), "header")
        guard let alg = header["alg"]?.text else { throw .malformed("the header has no alg") }
        guard let algorithm = SignatureAlgorithm(rawValue: alg) else { throw .algorithmRefused(alg) }
        if header["crit"] != nil { throw .headerRefused("crit names parameters Dawn does not understand") }
        if let type = header["typ"]?.text?.lowercased(), type == "at+jwt" || type == "application/at+jwt" {
            throw .headerRefused("typ says it is an access token")
        }
        if let kid = header["kid"], kid.text == nil { throw .malformed("the header's kid is not a string") }
        self.algorithm = algorithm
        keyID = header["kid"]?.text
        claims = try object(try decode(parts[1], "payload"), "payload")
        signature = try decode(parts[2], "signature")
        guard !signature.isEmpty else { throw .malformed("the signature is empty") }
        signingInput = Array(text.utf8.prefix(parts[0].utf8.count + 1 + parts[1].utf8.count))
    }

    /// Whether `key` verifies the signature.
    public func isSigned(by key: VerificationKey) -> Bool {
        key.verifies(signature, of: signingInput, algorithm: algorithm)
    }
}
