import Accounts
import HTTP
import HTTPServer
import Locks
import Outbound
import TimeZones
import XCTest
@testable import DawnApp

/// Dawn in process: the real app over a temporary data folder, on a clock the test
/// sets, answering `HTTPRequest` values. Work the app sends to a pool runs at once on
/// the caller's thread, so a test reads the whole reply. No socket, no binary.
final class PageHarness {
    let app: Dawn
    let folder: String
    private let clock: Lock<Int64>
    /// The browser's cookies, as the last replies set them; a test may swap in another
    /// browser's jar (then a GET refreshes `csrf`).
    var cookies: [String: String] = [:]
    /// The CSRF token of the last HTML page that had a form.
    private(set) var csrf: String?
    /// Where the last request's handler was sent: an event loop, or a pool.
    enum Ran: Equatable { case eventLoop, workerPool, pool }
    private(set) var lastRan: Ran?
    /// The address requests come from (loopback unless a test moves it).
    var peer = "127.0.0.1"

    struct Page {
        let status: HTTPStatus
        let headers: HTTPHeaders
        let body: [UInt8]
        var text: String { String(decoding: body, as: UTF8.self) }
        var location: String? { headers["Location"] }
    }

    /// A fresh instance whose clock reads `now` (an instant as `PageHarness.instant`);
    /// `configure` may change the configuration first (metrics on, a smaller budget…);
    /// `webhooks` receives the webhook calls instead of the delivery queue; `openIDFetch` stands
    /// in for the OpenID provider's network; `sendMail` for the SMTP relay.
    init(now: Int64, webhooks: (any WebhookOutbox)? = nil, configure: (inout DawnConfiguration) -> Void = { _ in },
         openIDFetch: OpenIDProvider.Fetch? = nil, sendMail: (@Sendable (SMTPMail) throws -> Void)? = nil) throws {
        folder = NSTemporaryDirectory() + "dawn-pages-\(UInt64.random(in: 0...UInt64.max))"
        var configuration = DawnConfiguration()
        configuration.dataDirectory = folder
        // Tests/DawnAppTests/Pages/PageHarness.swift → the repository, which holds Views/ and Public/.
        configuration.resourcesDirectory = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
        configuration.passwordWorkers = 1
        // Strict templates: a page printing a key it did not give fails its test.
        configuration.testHooks = true
        configure(&configuration)
        let clock = Lock(now)
        self.clock = clock
        app = try Dawn(configuration: configuration, now: { clock.withLock { $0 } }, outbox: nil, webhooks: webhooks,
                       openIDFetch: openIDFetch, sendMail: sendMail)
    }

    deinit {
        app.shutdown()
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// A new browser: no cookies, no token.
    func forgetCookies() {
        cookies = [:]
        csrf = nil
    }

    /// Moves the clock.
    func setNow(_ now: Int64) {
        clock.withLock { $0 = now }
    }

    /// Unix seconds of "YYYY-MM-DDTHH:MM:SSZ" (UTC).
    static func instant(_ iso: String) -> Int64 {
        let parts = iso.dropLast().split(separator: "T")
        let date = LocalDate(iso: String(parts[0]))!
        let time = parts[1].split(separator: ":").map { Int64($0)! }
        return Int64(date.daysSince1970) * 86_400 + time[0] * 3_600 + time[1] * 60 + time[2]
    }

    func get(_ target: String, headers: [(String, String)] = []) -> Page {
        request(.GET, target, headers: headers)
    }

    /// POSTs a form with the CSRF token of the last page (unless `fields` has one).
    func post(_ target: String, _ fields: [(String, String)]) -> Page {
        var all = fields
        if !all.contains(where: { $0.0 == "csrf" }), let csrf { all.append(("csrf", csrf)) }
        let body = all.map { Self.encode($0.0) + "=" + Self.encode($0.1) }.joined(separator: "&")
        return request(.POST, target, headers: [("Content-Type", "application/x-www-form-urlencoded")],
                       body: Array(body.utf8))
    }

    func request(_ method: HTTPMethod, _ target: String, headers: [(String, String)] = [], body: [UInt8] = [],
                 spooled: SpooledBody? = nil) -> Page {
        var fields = HTTPHeaders()
        fields.add("Host", "localhost")
        if !cookies.isEmpty {
            fields.add("Cookie", cookies.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: "; "))
        }
        for (name, value) in headers { fields.add(name, value) }
        var request = HTTPRequest(method: method, target: target, headers: fields, body: body)
        request.spooledBody = spooled
        let context = RequestContext(peer: SocketAddress(host: peer, port: 40_000), receivedAt: 0,
                                     acceptsGzip: AcceptEncoding.prefersGzip(fields["Accept-Encoding"]))
        let response: HTTPResponse
        switch app.reply(to: request, context: context) {
        case let .now(now): (lastRan, response) = (.eventLoop, now)
        case let .onWorkerPool(work): (lastRan, response) = (.workerPool, work())
        case let .onPool(_, _, work): (lastRan, response) = (.pool, work())
        }
        for cookie in response.headers.values(for: "Set-Cookie") {
            let pair = cookie.split(separator: ";", maxSplits: 1)[0]
            let name = String(pair.split(separator: "=", maxSplits: 1)[0])
            let value = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).dropFirst().first ?? ""
            if cookie.contains("Max-Age=0") { cookies[name] = nil } else { cookies[name] = String(value) }
        }
        let page = Page(status: response.status, headers: response.headers, body: response.body)
        if let token = Self.firstMatch(#"name="csrf" value="([^"]+)""#, in: page.text) { csrf = token }
        return page
    }

    /// Creates the admin through `/setup` and stays signed in as them.
    @discardableResult
    func setUp(username: String = "mum", timeZone: String = "Europe/Rome") -> Page {
        _ = get("/setup")
        let page = post("/setup", [("username", username), ("display_name", username.capitalized),
                                   ("password", "correct horse battery"), ("password_again", "correct horse battery"),
                                   ("time_zone", timeZone)])
        XCTAssertEqual(page.status, .seeOther, page.text)
        return page
    }

    /// The signed-in member as a page sees them, for testing a page's model without HTML.
    func member() throws -> MemberContext {
        let token = try XCTUnwrap(cookies[SessionCookie.name], "sign in first")
        let session = try XCTUnwrap(try app.family.session(forToken: token))
        let database = try app.data.member(session.member.id)
        let signedIn = SignedIn(member: session.member, credential: .browser(session), database: database,
                                settings: try app.memberSettings(session.member.id, database))
        return try MemberContext(app, signedIn: signedIn)
    }

    static func firstMatch(_ pattern: String, in text: String) -> String? {
        guard let regex = try? NSRegularExpression(pattern: pattern),
              let match = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
              let range = Range(match.range(at: 1), in: text) else { return nil }
        return String(text[range])
    }

    static func allMatches(_ pattern: String, in text: String) -> [String] {
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
            Range($0.range(at: 1), in: text).map { String(text[$0]) }
        }
    }

    private static func encode(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(2)
            }
        }
        return out
    }
}

private extension String {
    func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
