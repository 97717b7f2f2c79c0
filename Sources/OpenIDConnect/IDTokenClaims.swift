/// What Dawn keeps of a checked ID token: who the provider says this is (`issuer` and
/// `subject`, together the identity a member links), and a name to show on `/account`.
public struct IDTokenClaims: Sendable, Equatable {
    public let issuer: String
    public let subject: String
    /// `preferred_username`, else `email`, else `name`, for the account page only (never
    /// for signing in: only the subject is).
    public let label: String?

    public init(issuer: String, subject: String, label: String?) {
        self.issuer = issuer
        self.subject = subject
        self.label = label
    }
}
