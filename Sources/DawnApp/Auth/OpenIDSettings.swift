/// Sign-in with the family's OpenID provider (Authentik, Keycloak…), as the operator set
/// it (`DAWN_OIDC_*`, read and checked by the CLI): nil fields until set. The client secret
/// comes from `DAWN_OIDC_CLIENT_SECRET` or the file `DAWN_OIDC_CLIENT_SECRET_FILE` names.
public struct OpenIDSettings: Sendable, Equatable {
    /// What the button says when `DAWN_OIDC_NAME` is not set: "Sign in with OpenID Connect".
    public static let defaultName = "OpenID Connect"
    /// The longest `DAWN_OIDC_NAME`, in characters.
    public static let maximumNameLength = 40

    /// `DAWN_OIDC_ISSUER`, checked to be an issuer URL (`ProviderURL.issuer`).
    public var issuer: String?
    public var clientID: String?
    public var clientSecret: String?
    /// Where the secret was read from, when it came from a file.
    public var clientSecretFile: String?
    /// `DAWN_OIDC_NAME`: the provider as members know it ("Authentik").
    public var name: String?
    /// `DAWN_OIDC_CA_FILE`: certificate authorities (PEM) trusted for the provider instead
    /// of the system's, for a provider on the home network with a certificate of its own.
    public var certificateAuthorities: String?

    public init() {}

    /// Issuer, client id and secret are all set: the sign-in button is offered.
    public var isConfigured: Bool { issuer != nil && clientID != nil && clientSecret != nil }

    /// The provider's name on the button and on `/account`.
    public var displayName: String { name ?? Self.defaultName }
}
