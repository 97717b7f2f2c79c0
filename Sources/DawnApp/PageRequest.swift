import HTTP
import HTTPServer

/// A routed request as a page handler sees it.
struct PageRequest: Sendable {
    let http: HTTPRequest
    let context: RequestContext
    /// The route's `:name` captures, in order.
    let parameters: [String]
    let limits: HTTPLimits

    /// The decoded query string; a malformed one is a 400.
    func query() throws(FormError) -> FormFields {
        try URLEncodedForm.parse(Array((http.query ?? "").utf8), maxFields: limits.maxFormFields)
    }

    /// The decoded `application/x-www-form-urlencoded` body; anything else is a 415.
    func form() throws(PageError) -> FormFields {
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
