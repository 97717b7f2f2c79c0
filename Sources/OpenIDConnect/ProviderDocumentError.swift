/// Why an answer of the provider (its discovery document, key set or token response)
/// cannot be used. Each names the document and what was wrong with it, for the operator's
/// log; the member's page says only that the family's sign-in answered wrongly.
public enum ProviderDocumentError: Error, Equatable, Sendable, CustomStringConvertible {
    /// (document, the parser's reason)
    case notJSON(String, String)
    /// (document, member)
    case missing(String, String)
    /// (document, what is wrong)
    case invalid(String, String)
    /// The discovery document names another issuer than `DAWN_OIDC_ISSUER`.
    case issuerMismatch(expected: String, found: String)
    /// The token endpoint refused the code: OAuth's `error` and `error_description`.
    case tokenRefused(error: String, description: String?)

    public var description: String {
        switch self {
        case let .notJSON(document, reason): "\(document) is not JSON: \(reason)"
        case let .missing(document, member): "\(document) has no \(member)"
        case let .invalid(document, problem): "\(document): \(problem)"
        case let .issuerMismatch(expected, found):
            "the discovery document names the issuer \"\(found.prefix(200))\", not \"\(expected)\" as DAWN_OIDC_ISSUER says"
        case let .tokenRefused(error, description):
            "the token endpoint refused the code: \(error.prefix(100))" + (description.map { " (\($0.prefix(200)))" } ?? "")
        }
    }
}
