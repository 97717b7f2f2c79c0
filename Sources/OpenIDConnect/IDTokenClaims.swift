/// What Dawn keeps of a checked ID token: who the provider says this is (`issuer` and
/// `subject`, together the identity a member links), a name to show on `/account`, and the
/// email address the provider vouches for, where it does.
public struct IDTokenClaims: Sendable, Equatable {
    public let issuer: String
    public let subject: String
    /// `preferred_username`, else `email`, else `name`, for the account page only (never
    /// for signing in: only the subject is).
    public let label: String?
    /// `email`, only when `email_verified` is JSON `true` (the provider checked the
    /// address) and it is at most 254 bytes; nil otherwise. Signs a member in only where
    /// the operator allows sign-in by email, and only a member who verified it on Dawn too.
    public let verifiedEmail: String?

    public init(issuer: String, subject: String, label: String?, verifiedEmail: String? = nil) {
        self.issuer = issuer
        self.subject = subject
        self.label = label
        self.verifiedEmail = verifiedEmail
    }
}
