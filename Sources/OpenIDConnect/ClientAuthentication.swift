import PlainText

/// How Dawn proves itself to the token endpoint with its client secret (RFC 6749 §2.3.1,
/// OpenID Connect Core §9): HTTP Basic, the default when the provider does not say, or the
/// two form fields when the provider offers only that.
public enum ClientAuthentication: String, Sendable, Equatable {
    case basic = "client_secret_basic"
    case post = "client_secret_post"

    /// The header lines and form fields that carry `clientID` and `secret`.
    public func credentials(clientID: String, secret: String) -> (headers: [(name: String, value: String)], fields: [(String, String)]) {
        switch self {
        case .basic:
            // Each part form-encoded first (RFC 6749 §2.3.1), then the pair in base64.
            let pair = FormEncoding.encode(clientID) + ":" + FormEncoding.encode(secret)
            return ([("Authorization", "Basic " + Self.base64(Array(pair.utf8)))], [])
        case .post:
            return ([], [("client_id", clientID), ("client_secret", secret)])
        }
    }

    /// Standard base64 with padding (RFC 4648 §4), from the project's base64url.
    static func base64(_ bytes: [UInt8]) -> String {
        var text = String(Base64URL.encode(bytes).map { $0 == "-" ? "+" : $0 == "_" ? "/" : $0 })
        while text.utf8.count % 4 != 0 { text += "=" }
        return text
    }
}
