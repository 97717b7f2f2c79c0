import JSON

/// The token endpoint's answer to the code (RFC 6749 §5, OpenID Connect Core §3.1.3.3):
/// the ID token is all Dawn keeps of it. An OAuth error answer becomes `tokenRefused`.
public struct TokenResponse: Sendable, Equatable {
    public static let maximumBytes = 256 * 1024
    static let document = "the token response"

    /// The compact JWS, not yet checked (`IDTokenCheck`).
    public let idToken: String

    public init(json bytes: [UInt8]) throws(ProviderDocumentError) {
        let value: JSONValue
        do {
            value = try JSONParser.parse(bytes, limits: JSONParser.Limits(maxDepth: 16, maxBytes: Self.maximumBytes))
        } catch {
            throw .notJSON(Self.document, error.description)
        }
        guard case .object(let object) = value else { throw .invalid(Self.document, "not a JSON object") }
        if let error = object["error"]?.text {
            throw .tokenRefused(error: error, description: object["error_description"]?.text)
        }
        guard let token = object["id_token"] else { throw .missing(Self.document, "id_token") }
        guard let text = token.text else { throw .invalid(Self.document, "id_token is \(token.kindName), not a string") }
        if let type = object["token_type"]?.text, type.lowercased() != "bearer" {
            throw .invalid(Self.document, "token_type is \(type.prefix(40)), not Bearer")
        }
        idToken = text
    }
}
