/// The two JWS algorithms an ID token may be signed with (RFC 7518 §3.1). Every other
/// `alg` — `none`, the HMAC family (whose key would be the client secret), RSA-PSS, other
/// curves — is refused before any key is looked at.
public enum SignatureAlgorithm: String, Sendable, CaseIterable {
    /// RSASSA-PKCS1-v1_5 with SHA-256, the algorithm OpenID Connect requires providers to offer.
    case rs256 = "RS256"
    /// ECDSA on P-256 with SHA-256, the signature as 64 bytes r || s.
    case es256 = "ES256"
}
