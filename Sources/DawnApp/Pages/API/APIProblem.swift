import HTTP
import JSON
import Localization

/// An API request refused: `{"error": {"code": "…", "message": "…"}}` with its status. The
/// code is for programs (stable, snake_case: see docs/reference.md), the message for people
/// (English, naming the field at fault). A 401 says how to sign in (`WWW-Authenticate`), a
/// 429 how long to wait (`Retry-After`).
struct APIProblem: Error, Equatable {
    let status: HTTPStatus
    let code: String
    let message: String
    var retryAfter: Int64? = nil

    /// `WWW-Authenticate` of every 401.
    static let challenge = #"Bearer realm="dawn""#
    /// The language of the API's messages.
    static let language = Language.en

    static func missingToken() -> APIProblem {
        APIProblem(status: .unauthorized, code: "token_missing",
                   message: "Send an API token: Authorization: Bearer dawn_… (make one on /account/tokens)")
    }

    static func invalidToken() -> APIProblem {
        APIProblem(status: .unauthorized, code: "token_invalid", message: "This API token is unknown or was revoked")
    }

    static func rateLimited(retryAfter: Int64) -> APIProblem {
        APIProblem(status: .tooManyRequests, code: "rate_limited",
                   message: "Too many requests with this token: wait \(retryAfter) seconds", retryAfter: retryAfter)
    }

    /// A field of the JSON body that is missing or wrong (422).
    static func invalid(_ field: String, _ message: String) -> APIProblem {
        APIProblem(status: .unprocessableContent, code: "invalid", message: "\(field): \(message)")
    }

    static let notFound = APIProblem(status: .notFound, code: "not_found", message: "No such address in the API")

    /// A refusal of the pages' own rules (`PageError`), in the API's words: the same status,
    /// the message in English.
    static func from(_ error: PageError, strings: Strings) -> APIProblem {
        let message = error.message ?? error.key.map { strings.format($0, language, error.arguments) } ?? error.status.reason
        return APIProblem(status: error.status, code: code(for: error.status), message: message)
    }

    /// The code of a status, for refusals that have no code of their own.
    static func code(for status: HTTPStatus) -> String {
        switch status.code {
        case 400: "bad_request"
        case 401: "token_missing"
        case 403: "forbidden"
        case 404: "not_found"
        case 405: "method_not_allowed"
        case 409: "conflict"
        case 413: "too_large"
        case 415: "unsupported_media_type"
        case 422: "invalid"
        case 429: "rate_limited"
        case 503: "unavailable"
        default: "internal"
        }
    }

    var json: JSONValue {
        .object(["error": .object(JSONObject([("code", .string(code)), ("message", .string(message))]))])
    }

    var response: HTTPResponse {
        var response = HTTPResponse(status: status, contentType: APIv1.contentType, body: JSONWriter.bytes(json, options: [.withoutEscapingSlashes]))
        response.headers.add("Cache-Control", "no-store")
        if status == .unauthorized { response.headers.add("WWW-Authenticate", Self.challenge) }
        if let retryAfter { response.headers.add("Retry-After", String(retryAfter)) }
        return response
    }
}
