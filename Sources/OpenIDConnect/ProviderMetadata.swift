import JSON

/// What the provider's discovery document (`{issuer}/.well-known/openid-configuration`,
/// OpenID Connect Discovery §3) tells Dawn: where to send the browser, where to trade the
/// code, where the keys are, and how the client secret goes. Its `issuer` must be exactly
/// `DAWN_OIDC_ISSUER` (§4.3), and every endpoint https (or loopback http beside a loopback
/// issuer, `ProviderURL`).
public struct ProviderMetadata: Sendable, Equatable {
    public static let maximumBytes = 256 * 1024
    static let document = "the discovery document"

    public let issuer: ProviderURL
    public let authorizationEndpoint: ProviderURL
    public let tokenEndpoint: ProviderURL
    public let keySetURL: ProviderURL
    public let clientAuthentication: ClientAuthentication

    public init(issuer: ProviderURL, authorizationEndpoint: ProviderURL, tokenEndpoint: ProviderURL, keySetURL: ProviderURL,
                clientAuthentication: ClientAuthentication = .basic) {
        self.issuer = issuer
        self.authorizationEndpoint = authorizationEndpoint
        self.tokenEndpoint = tokenEndpoint
        self.keySetURL = keySetURL
        self.clientAuthentication = clientAuthentication
    }

    public init(json bytes: [UInt8], issuer: ProviderURL) throws(ProviderDocumentError) {
        let value: JSONValue
        do {
            value = try JSONParser.parse(bytes, limits: JSONParser.Limits(maxDepth: 16, maxBytes: Self.maximumBytes))
        } catch {
            throw .notJSON(Self.document, error.description)
        }
        guard case .object(let object) = value else { throw .invalid(Self.document, "not a JSON object") }
        func text(_ name: String) throws(ProviderDocumentError) -> String {
            guard let member = object[name] else { throw .missing(Self.document, name) }
            guard let string = member.text else { throw .invalid(Self.document, "\(name) is \(member.kindName), not a string") }
            return string
        }
        func texts(_ name: String) throws(ProviderDocumentError) -> [String]? {
            guard let member = object[name] else { return nil }
            let strings: [String]
            if case .array(let list) = member { strings = list.compactMap(\.text) } else { strings = [] }
            guard case .array(let list) = member, strings.count == list.count else {
                throw .invalid(Self.document, "\(name) is not a list of strings")
            }
            return strings
        }
        func endpoint(_ name: String) throws(ProviderDocumentError) -> ProviderURL {
            let url = try text(name)
            do {
                return try ProviderURL.endpoint(url, of: issuer)
            } catch {
                throw .invalid(Self.document, "\(name) \(url.prefix(200)) \(error)")
            }
        }
        let named = try text("issuer")
        guard named == issuer.text else { throw .issuerMismatch(expected: issuer.text, found: named) }
        self.issuer = issuer
        authorizationEndpoint = try endpoint("authorization_endpoint")
        tokenEndpoint = try endpoint("token_endpoint")
        keySetURL = try endpoint("jwks_uri")
        if let types = try texts("response_types_supported"), !types.contains("code") {
            throw .invalid(Self.document, "the provider does not offer the authorization code flow (response_types_supported)")
        }
        if let algorithms = try texts("id_token_signing_alg_values_supported"),
           !algorithms.contains(where: { SignatureAlgorithm(rawValue: $0) != nil }) {
            throw .invalid(Self.document, "ID tokens are signed with \(algorithms.prefix(5).joined(separator: ", ")), "
                           + "not RS256 or ES256 (id_token_signing_alg_values_supported)")
        }
        if let methods = try texts("code_challenge_methods_supported"), !methods.contains("S256") {
            throw .invalid(Self.document, "the provider does not offer PKCE with S256 (code_challenge_methods_supported)")
        }
        // Absent means client_secret_basic (OpenID Connect Discovery §3).
        let methods = try texts("token_endpoint_auth_methods_supported") ?? [ClientAuthentication.basic.rawValue]
        if methods.contains(ClientAuthentication.basic.rawValue) {
            clientAuthentication = .basic
        } else if methods.contains(ClientAuthentication.post.rawValue) {
            clientAuthentication = .post
        } else {
            throw .invalid(Self.document, "the token endpoint takes neither client_secret_basic nor client_secret_post "
                           + "(token_endpoint_auth_methods_supported: \(methods.prefix(5).joined(separator: ", ")))")
        }
    }
}
