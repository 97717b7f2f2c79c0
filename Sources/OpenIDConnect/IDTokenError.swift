/// Why an ID token was refused. Nobody is signed in on any of them; `description` is the
/// operator's log line, the member's page says only that the answer could not be trusted.
public enum IDTokenError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Not three base64url parts of JSON objects, too long, a member written twice…
    case malformed(String)
    /// `alg` is `none`, HMAC, or anything but RS256 and ES256.
    case algorithmRefused(String)
    /// A header parameter Dawn does not understand is marked critical (`crit`), or the
    /// token says it is an access token (`typ`).
    case headerRefused(String)
    /// No key of the provider's set has this `kid` (even after fetching the set again).
    case unknownKey(String?)
    /// No key of the set verifies the signature.
    case badSignature
    case wrongIssuer(String)
    /// `aud` does not contain the client id.
    case wrongAudience([String])
    /// `azp` names another client, or is missing beside several audiences.
    case wrongAuthorizedParty(String?)
    /// (`exp`, now)
    case expired(Int64, Int64)
    /// (`iat`, now)
    case issuedInTheFuture(Int64, Int64)
    /// (`nbf`, now)
    case notYetValid(Int64, Int64)
    /// The `nonce` is missing or not the one this sign-in sent.
    case wrongNonce
    /// A required claim is missing or of the wrong type.
    case missingClaim(String)
    /// `sub` is empty or over 255 characters (OpenID Connect Core §2).
    case badSubject

    public var description: String {
        switch self {
        case .malformed(let detail): "the ID token is malformed: \(detail)"
        case .algorithmRefused(let algorithm): "the ID token is signed with \"\(algorithm.prefix(20))\"; only RS256 and ES256 are accepted"
        case .headerRefused(let detail): "the ID token's header is refused: \(detail)"
        case .unknownKey(let kid): "the ID token names the key \(kid.map { "\"\($0.prefix(80))\"" } ?? "(no kid)"), which the provider's key set does not hold"
        case .badSignature: "the ID token's signature does not verify with the provider's keys"
        case .wrongIssuer(let issuer): "the ID token was issued by \"\(issuer.prefix(200))\", not the configured issuer"
        case .wrongAudience(let audiences): "the ID token is for \(audiences.prefix(5).map { "\"\($0.prefix(80))\"" }.joined(separator: ", ")), not this client"
        case .wrongAuthorizedParty(let party): "the ID token's azp is \(party.map { "\"\($0.prefix(80))\"" } ?? "missing"), not this client"
        case let .expired(exp, now): "the ID token expired at \(exp), and it is \(now) (beyond the \(IDTokenCheck.skewSeconds) s allowed for clocks)"
        case let .issuedInTheFuture(iat, now): "the ID token says it was issued at \(iat), and it is only \(now)"
        case let .notYetValid(nbf, now): "the ID token is not valid before \(nbf), and it is \(now)"
        case .wrongNonce: "the ID token's nonce is not the one this sign-in sent"
        case .missingClaim(let name): "the ID token has no valid \(name)"
        case .badSubject: "the ID token's sub is empty or longer than 255 characters"
        }
    }
}
