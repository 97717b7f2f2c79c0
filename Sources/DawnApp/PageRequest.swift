import Accounts
import HTTP
import HTTPServer
import Localization

/// A routed request as a page handler sees it.
struct PageRequest: Sendable {
    let http: HTTPRequest
    let context: RequestContext
    /// The route's `:name` captures, in order.
    let parameters: [String]
    /// The decoded form of a POST (empty for other methods).
    let form: FormFields
    /// The member whose session cookie came with the request, if any.
    let signedIn: SignedIn?
    /// The request's cookies.
    let cookies: [String: String]
    /// The client's address: the peer, or the address a trusted proxy forwarded.
    let clientAddress: String
    /// Whether the client reached us over HTTPS (as a trusted proxy says).
    let isSecure: Bool
    /// The language of the page: the member's setting, or the browser's `Accept-Language`.
    let language: Language
    let limits: HTTPLimits

    /// The signed-in member; routes with `.member`/`.admin` access always have one.
    var member: SignedIn {
        get throws(PageError) {
            guard let signedIn else { throw PageError(.forbidden, "Please sign in first.") }
            return signedIn
        }
    }

    /// The decoded query string; a malformed one is a 400.
    func query() throws(PageError) -> FormFields {
        do {
            return try URLEncodedForm.parse(Array((http.query ?? "").utf8), maxFields: limits.maxFormFields)
        } catch {
            throw PageError(.badRequest, "The address could not be read: \(error.message)")
        }
    }

    /// Decodes a POST body; anything but a URL-encoded form is a 415.
    static func decodeForm(_ http: HTTPRequest, limits: HTTPLimits) throws(PageError) -> FormFields {
        guard http.method == .POST else { return FormFields() }
        let type = http.headers["Content-Type"]?.split(separator: ";").first?.trimmingSpaces.lowercased()
        guard type == "application/x-www-form-urlencoded" else {
            throw PageError(.unsupportedMediaType, "Forms must be sent as application/x-www-form-urlencoded.")
        }
        do {
            return try URLEncodedForm.parse(http.body, maxFields: limits.maxFormFields)
        } catch {
            throw PageError(.badRequest, "The form could not be read: \(error.message)")
        }
    }
}

/// A request a page refuses, with what the person should know.
struct PageError: Error {
    let status: HTTPStatus
    let message: String

    init(_ status: HTTPStatus, _ message: String) {
        self.status = status
        self.message = message
    }
}
