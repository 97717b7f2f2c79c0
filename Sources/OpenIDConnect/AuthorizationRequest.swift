/// Where the browser is sent to sign in (OpenID Connect Core §3.1.2.1): the provider's
/// authorization endpoint with the code flow's parameters. `state` ties the answer to this
/// browser's attempt, `nonce` ties the ID token to it, and the S256 challenge ties the code
/// to Dawn's verifier.
public struct AuthorizationRequest: Sendable, Equatable {
    /// `openid` for the ID token; `profile` and `email` only so that `/account` can say
    /// which account is connected (a username or address; nothing else is kept).
    public static let scope = "openid profile email"

    public let endpoint: ProviderURL
    public let clientID: String
    public let redirectURI: String
    public let state: String
    public let nonce: String
    public let pkce: PKCE

    public init(endpoint: ProviderURL, clientID: String, redirectURI: String, state: String, nonce: String, pkce: PKCE) {
        self.endpoint = endpoint
        self.clientID = clientID
        self.redirectURI = redirectURI
        self.state = state
        self.nonce = nonce
        self.pkce = pkce
    }

    /// The URL to redirect the browser to. An endpoint that has a query keeps it (§3.1.2.1
    /// allows one), the parameters following with `&`.
    public var url: String {
        let parameters: [(String, String)] = [
            ("response_type", "code"),
            ("client_id", clientID),
            ("redirect_uri", redirectURI),
            ("scope", Self.scope),
            ("state", state),
            ("nonce", nonce),
            ("code_challenge", pkce.challenge),
            ("code_challenge_method", "S256"),
        ]
        return endpoint.text + (endpoint.text.contains("?") ? "&" : "?") + FormEncoding.encode(parameters)
    }

    /// The token request's form for `code` (RFC 6749 §4.1.3, RFC 7636 §4.5), before the
    /// client's credentials (`ClientAuthentication`).
    public func tokenRequestFields(code: String) -> [(String, String)] {
        [("grant_type", "authorization_code"), ("code", code), ("redirect_uri", redirectURI), ("code_verifier", pkce.verifier)]
    }
}
