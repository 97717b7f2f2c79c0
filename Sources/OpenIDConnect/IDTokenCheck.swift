import JSON

/// The checks an ID token passes before anyone is signed in by it (OpenID Connect Core
/// §3.1.3.7), given the keys its `kid` and `alg` pick from the provider's set: the
/// signature (libgcrypt), then `iss` exactly the issuer, `aud` containing the client id,
/// `azp` the client id when present (and required beside several audiences), `exp` not
/// past, `iat` and `nbf` not ahead, each with `skewSeconds` for clocks, and the `nonce`
/// this sign-in sent. `now` is the caller's clock, so every rule is tested on fixed times.
public struct IDTokenCheck: Sendable {
    /// Two minutes either way for the provider's clock and Dawn's.
    public static let skewSeconds: Int64 = 120
    /// The longest `sub` (OpenID Connect Core §2: at most 255 ASCII characters).
    public static let maximumSubjectLength = 255
    /// The longest label kept for `/account`.
    public static let maximumLabelLength = 100
    /// The longest `email` kept (RFC 5321's path limit less the brackets).
    public static let maximumEmailLength = 254

    public let issuer: String
    public let clientID: String
    public let nonce: String
    public let now: Int64

    public init(issuer: String, clientID: String, nonce: String, now: Int64) {
        self.issuer = issuer
        self.clientID = clientID
        self.nonce = nonce
        self.now = now
    }

    /// The token's identity, or why it is refused. `keys` are the candidates for its
    /// `kid` and `alg` (`JSONWebKeySet.candidates`); none is `unknownKey`.
    public func claims(of token: SignedToken, keys: [JSONWebKey]) throws(IDTokenError) -> IDTokenClaims {
        guard !keys.isEmpty else { throw .unknownKey(token.keyID) }
        guard keys.contains(where: { token.isSigned(by: $0.key) }) else { throw .badSignature }
        return try claims(of: token.claims)
    }

    /// The claim rules alone, for a payload whose signature has been checked.
    func claims(of claims: JSONObject) throws(IDTokenError) -> IDTokenClaims {
        guard let issued = claims["iss"]?.text else { throw .missingClaim("iss") }
        guard issued == issuer else { throw .wrongIssuer(issued) }
        guard let subject = claims["sub"]?.text else { throw .missingClaim("sub") }
        guard !subject.isEmpty, subject.utf8.count <= Self.maximumSubjectLength else { throw .badSubject }
        let audiences: [String]
        switch claims["aud"] {
        case .string(let audience)?:
            audiences = [audience]
        case .array(let list)?:
            audiences = list.compactMap(\.text)
            guard !audiences.isEmpty, audiences.count == list.count else { throw .missingClaim("aud") }
        default:
            throw .missingClaim("aud")
        }
        guard audiences.contains(clientID) else { throw .wrongAudience(audiences) }
        let party = claims["azp"]
        if let party {
            guard party.text == clientID else { throw .wrongAuthorizedParty(party.text ?? party.kindName) }
        } else if Set(audiences).count > 1 {
            throw .wrongAuthorizedParty(nil)
        }
        guard let expires = claims["exp"]?.seconds else { throw .missingClaim("exp") }
        guard now <= expires + Self.skewSeconds else { throw .expired(expires, now) }
        guard let issuedAt = claims["iat"]?.seconds else { throw .missingClaim("iat") }
        guard issuedAt <= now + Self.skewSeconds else { throw .issuedInTheFuture(issuedAt, now) }
        if let notBefore = claims["nbf"] {
            guard let seconds = notBefore.seconds else { throw .missingClaim("nbf") }
            guard seconds <= now + Self.skewSeconds else { throw .notYetValid(seconds, now) }
        }
        guard let sent = claims["nonce"]?.text, Self.constantTimeEqual(sent, nonce) else { throw .wrongNonce }
        let label = ["preferred_username", "email", "name"].lazy.compactMap { claims[$0]?.text }
            .first { !$0.isEmpty && $0.utf8.count <= 320 && !$0.unicodeScalars.contains { $0.properties.generalCategory == .control } }
        // A string "true" is not `true`: only the JSON boolean says the provider checked it.
        let verifiedEmail = claims["email_verified"] == .bool(true)
            ? claims["email"]?.text.flatMap { $0.utf8.count <= Self.maximumEmailLength ? $0 : nil } : nil
        return IDTokenClaims(issuer: issued, subject: subject, label: label.map { String($0.prefix(Self.maximumLabelLength)) },
                             verifiedEmail: verifiedEmail)
    }

    /// Compares without stopping at the first difference (the lengths may show).
    static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        var difference: UInt8 = 0
        for index in x.indices { difference |= x[index] ^ y[index] }
        return difference == 0
    }
}
