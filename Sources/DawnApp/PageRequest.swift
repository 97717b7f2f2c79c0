import Accounts
import Files
import HTTP
import HTTPServer
import Localization
import TimeZones

/// A routed request as a page handler sees it. Immutable, and a class: a page request is
/// handed from admission to the route, into closures and models, and each hand-off is then
/// one reference, not its fifteen fields (a cached page's hit is mostly such hand-offs).
final class PageRequest: Sendable {
    let http: HTTPRequest
    let context: RequestContext
    /// The path's decoded segments, as the router matched them.
    let segments: [String]
    /// The route's `{name}` captures: read them through the typed accessors below.
    let parameters: RouteParameters
    /// The decoded form of a POST (empty for other methods).
    let form: FormFields
    /// The file parts of a `multipart/form-data` POST (empty otherwise).
    let files: [MultipartForm.Part]
    /// The member whose session cookie came with the request, if any.
    let signedIn: SignedIn?
    /// The request's cookies.
    let cookies: RequestCookies
    /// The client's address: the peer, or the address a trusted proxy forwarded.
    let clientAddress: String
    /// Whether the client reached us over HTTPS (as a trusted proxy says).
    let isSecure: Bool
    /// The language of the page: the member's setting, or the browser's `Accept-Language`.
    let language: Language
    let limits: HTTPLimits
    /// Under `/members/{username}/…`: the child whose guardian is signed in (`GuardianView`).
    let ward: Owner?
    /// The enrolled family screen its cookie names (`.screen` routes only; nil elsewhere).
    let screen: FamilyScreens.Screen?
    /// The file parts of a spooled upload (`HTTPRequest.spooledBody`): where they lie in its file.
    let spooledFiles: [MultipartForm.SpooledPart]

    init(http: HTTPRequest, context: RequestContext, segments: [String], parameters: RouteParameters,
         form: FormFields, files: [MultipartForm.Part], signedIn: SignedIn?, cookies: RequestCookies,
         clientAddress: String, isSecure: Bool, language: Language, limits: HTTPLimits, ward: Owner? = nil,
         screen: FamilyScreens.Screen? = nil, spooledFiles: [MultipartForm.SpooledPart] = []) {
        self.http = http
        self.context = context
        self.segments = segments
        self.parameters = parameters
        self.form = form
        self.files = files
        self.signedIn = signedIn
        self.cookies = cookies
        self.clientAddress = clientAddress
        self.isSecure = isSecure
        self.language = language
        self.limits = limits
        self.ward = ward
        self.screen = screen
        self.spooledFiles = spooledFiles
    }

    /// The signed-in member; routes with `.member`/`.admin` access always have one.
    var member: SignedIn {
        get throws(PageError) {
            guard let signedIn else { throw PageError(.forbidden, key: "error.sign_in_first") }
            return signedIn
        }
    }

    /// Whose data the page works on: the child's under `/members/{username}/…`, else the
    /// signed-in member's own. Member pages reach a database only through this.
    var owner: Owner {
        get throws(PageError) {
            if let ward { return ward }
            return Owner(try member)
        }
    }

    /// Where the owner's pages are: every link and redirect of a member page starts here.
    var paths: Paths { ward?.paths ?? .own }

    /// The route's `{name}` capture as text. Every name a handler asks for should be in its
    /// route's pattern, so a miss is a bug: the request gets the internal error page, and
    /// the process lives on to serve the others.
    func parameter(_ name: String) throws(PageError) -> String {
        guard let value = parameters[name] else {
            throw PageError(.internalServerError, key: "error.internal")
        }
        return value
    }

    /// `{name}` as a calendar date; malformed (not YYYY-MM-DD, or no such date) is a 400.
    func date(_ name: String = "date") throws(PageError) -> LocalDate {
        guard let date = LocalDate(iso: try parameter(name)) else { throw PageError(.badRequest, key: "error.bad_date") }
        return date
    }

    /// `{name}` as a row id (a positive integer), or nil: a page answers its own 404 then.
    func id(_ name: String = "id") throws(PageError) -> Int64? {
        let text = try parameter(name)
        guard !text.isEmpty, text.utf8.count <= 18, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
              let id = Int64(text), id > 0 else { return nil }
        return id
    }

    /// The decoded query string; a malformed one is a 400.
    func query() throws(PageError) -> FormFields {
        do {
            return try URLEncodedForm.parse(Array((http.query ?? "").utf8), maxFields: limits.maxFormFields)
        } catch {
            throw PageError(.badRequest, key: "error.address_unreadable", ["reason": error.message])
        }
    }

    /// Decodes a spooled body (`multipart/form-data` only), read from its file a chunk at a
    /// time: the text parts as `form`, the file parts as where they lie in the file.
    static func decodeSpooled(_ http: HTTPRequest, limits: HTTPLimits) throws(PageError)
        -> (form: FormFields, files: [MultipartForm.SpooledPart]) {
        guard let spooled = http.spooledBody else { return (FormFields(), []) }
        guard let contentType = http.headers["Content-Type"], MultipartForm.isMultipart(contentType) else {
            throw PageError(.unsupportedMediaType, key: "error.form_type")
        }
        do throws(MultipartError) {
            let file: OpenFile
            do { file = try OpenFile(reading: spooled.path) } catch { throw MultipartError.missingOpeningDelimiter }
            let parsed = try MultipartForm.parse(length: spooled.length, contentType: contentType, maxParts: limits.maxFormFields,
                                           maxFieldBytes: limits.maxBodyBytes) { (offset, count) throws(MultipartError) in
                guard offset < spooled.length else { return [] }
                do {
                    return try file.read(at: offset, count: Int(min(Int64(count), spooled.length - offset)))
                } catch {
                    throw MultipartError.missingClosingDelimiter
                }
            }
            return (parsed.fields, parsed.files)
        } catch {
            throw PageError(.badRequest, key: "error.form_unreadable", ["reason": error.message])
        }
    }

    /// Decodes a POST body: a URL-encoded form, or `multipart/form-data` (text parts
    /// become `form`, file parts `files`); anything else is a 415. Either way the CSRF
    /// token is then read from the `csrf` field of `form`.
    static func decodeForm(_ http: HTTPRequest, limits: HTTPLimits, acceptsJSON: Bool = false) throws(PageError)
        -> (form: FormFields, files: [MultipartForm.Part]) {
        guard http.method == .POST else { return (FormFields(), []) }
        let contentType = http.headers["Content-Type"]
        // A spooled body is read from its file (`decodeSpooled`) before this is asked.
        if http.spooledBody != nil { return (FormFields(), []) }
        if MultipartForm.isMultipart(contentType), let contentType {
            do {
                let multipart = try MultipartForm.parse(body: http.body, contentType: contentType,
                                                        maxParts: limits.maxFormFields)
                return (multipart.fields, multipart.parts.filter { $0.filename != nil })
            } catch {
                throw PageError(.badRequest, key: "error.form_unreadable", ["reason": error.message])
            }
        }
        let type = contentType?.split(separator: ";").first?.trimmingSpaces.lowercased()
        // A JSON body (a browser's push subscription) is read by its handler; its CSRF token
        // comes in the `X-CSRF-Token` header.
        if acceptsJSON, type == "application/json" { return (FormFields(), []) }
        guard type == "application/x-www-form-urlencoded" else {
            throw PageError(.unsupportedMediaType, key: "error.form_type")
        }
        do {
            return (try URLEncodedForm.parse(http.body, maxFields: limits.maxFormFields), [])
        } catch {
            throw PageError(.badRequest, key: "error.form_unreadable", ["reason": error.message])
        }
    }
}

/// A request a page refuses, with what the person should know: a text already
/// in the page's language, or a string key the error page looks up.
struct PageError: Error {
    let status: HTTPStatus
    let message: String?
    let key: String?
    let arguments: [String: String]

    init(_ status: HTTPStatus, _ message: String) {
        self.status = status
        self.message = message
        key = nil
        arguments = [:]
    }

    init(_ status: HTTPStatus, key: String, _ arguments: [String: String] = [:]) {
        self.status = status
        message = nil
        self.key = key
        self.arguments = arguments
    }
}
