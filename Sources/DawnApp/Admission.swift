import Accounts
import HTTP
import HTTPServer
import Localization
import MemberData
import Store
import Synchronization

/// Decides whether a routed request may reach its handler, and hands the handler its
/// `PageRequest`: setup first, then sign-in, then admin rights, then the CSRF token of
/// every POST. Under `/members/{ward}/…`, only that member's guardian gets through
/// (`GuardianView`). Owns the one fact it keeps, whether setup is over.
final class Admission: Sendable {
    private let configuration: DawnConfiguration
    private let family: Family
    /// The kitchen screen's enrolled screens, for `.screen` routes.
    private let familyScreens: FamilyScreens
    private let data: DataDirectory
    private let members: MemberCache
    /// Once an admin exists, setup is over for the life of the process.
    private let setupDone = Atomic<Bool>(false)

    init(configuration: DawnConfiguration, family: Family, familyScreens: FamilyScreens, data: DataDirectory,
         members: MemberCache) {
        self.configuration = configuration
        self.family = family
        self.familyScreens = familyScreens
        self.data = data
        self.members = members
    }

    /// A request stopped before its handler: a redirect, or an error page.
    struct Refusal: Error {
        let response: HTTPResponse
    }

    /// The language the browser asks for: what a page speaks before it knows its member.
    static func browserLanguage(_ request: HTTPRequest) -> Language {
        Language.negotiate(request.headers["Accept-Language"])
    }

    /// True until the first admin exists.
    var needsSetup: Bool {
        if setupDone.load(ordering: .relaxed) { return false }
        // A database that cannot answer is not a fresh instance: never offer setup then.
        guard let needed = try? family.needsSetup else { return false }
        if needed { return true }
        setupDone.store(true, ordering: .relaxed)
        return false
    }

    /// The request as its handler sees it, or a `Refusal`, a `PageError` or
    /// `GuardianView.Hidden`. `app` is what `GuardianView` asks whether the guardian may.
    func admit(_ request: HTTPRequest, context: RequestContext, route: Route, parameters: RouteParameters,
               segments: [String], ward: String?, app: Dawn) throws -> PageRequest {
        let cookies = RequestCookies(header: request.headers["Cookie"])
        let forwarded = ForwardedRequest(request: request, peer: context.peer,
                                         trustedProxies: configuration.trustedProxies)
        let isSetupPath = segments == ["setup"]
        // Machines (health checks, Prometheus), static files, the app's manifest and its
        // service worker with its offline page (the setup page links and registers them) are
        // answered before setup too.
        let isForMachines = segments == ["healthz"] || segments == ["metrics"]
            || segments == ["manifest.webmanifest"] || segments == ["sw.js"] || segments == ["offline"]
        if ward == nil, route.access != .testHook, segments.first != "static", !isForMachines, !isSetupPath, needsSetup {
            throw Refusal(response: .redirect(to: Paths.setup))
        }
        var signedIn: SignedIn?
        // An API token counts on `/api/…` alone: anywhere else the header is ignored, so a
        // token sent to a page signs nobody in.
        let bearer = segments.first == "api" && route.access != .open ? BearerToken.token(in: request.headers["Authorization"]) : nil
        if let bearer {
            signedIn = try tokenHolder(bearer, app: app, address: forwarded.clientAddress)
        } else if let token = cookies[SessionCookie.name], let session = try family.session(forToken: token),
           let database = try memberDatabase(session.member.id) {
            signedIn = SignedIn(member: session.member, credential: .browser(session), database: database,
                                settings: try members.settings(session.member.id, from: database))
        }
        // A trusted proxy's sign-in header, on a member's pages and the sign-in page (never the
        // API, set-up, health checks, the kitchen screen or test hooks).
        if bearer == nil, route.api == nil, route.access == .member || route.access == .admin || segments == ["login"],
           let claim = try ProxySignIn.claim(request, header: configuration.authHeader, peer: context.peer,
                                              trustedProxies: configuration.trustedProxies, family: family) {
            signedIn = try ProxySignIn.admit(claim, signedIn: signedIn, request: request, isSecure: forwarded.isSecure,
                                             family: family)
        }
        // Before anything else can answer differently (a sign-in redirect, a 403).
        let owner = try ward.map { try GuardianView.admit(app, signedIn: signedIn, username: $0) }
        switch route.access {
        case .open, .testHook, .screen:
            break
        case .member, .admin:
            guard let signedIn else {
                // A script, not a browser: no sign-in page to be sent to.
                if route.api != nil { throw Refusal(response: APIProblem.missingToken().response) }
                if request.method == .GET || request.method == .HEAD {
                    var response = HTTPResponse.redirect(to: SignInPage.url(returningTo: request.target))
                    // A session cookie naming no session (ended on another device, or idle too
                    // long): this browser forgets it and drops its copies of that member's pages.
                    if cookies[SessionCookie.name] != nil { CachePolicy.endSession(&response, secure: forwarded.isSecure) }
                    throw Refusal(response: response)
                }
                throw PageError(.forbidden, key: "error.session_ended")
            }
            if route.access == .admin, !signedIn.member.isAdmin {
                throw PageError(.forbidden, key: "error.admin_only")
            }
            if let scope = route.api, let grant = signedIn.token {
                try Self.check(grant, of: signedIn.member, against: scope)
            }
        }
        // Multipart bodies too: their `csrf` text part is checked below like any form's. An
        // API route reads its JSON body itself (`APIBody`).
        var (form, files) = route.api != nil ? (FormFields(), [])
            : try PageRequest.decodeForm(request, limits: configuration.server.limits, acceptsJSON: route.takesJSON)
        var spooledFiles: [MultipartForm.SpooledPart] = []
        if route.api == nil, request.spooledBody != nil {
            (form, spooledFiles) = try PageRequest.decodeSpooled(request, limits: configuration.server.limits)
        }
        // The kitchen screen's cookie names an enrolled screen; it is never a session.
        let screen = route.access == .screen ? try familyScreens.screen(forToken: cookies[ScreenCookie.name]) : nil
        // A token comes in a header no other site can make a browser send, and with no
        // cookie: its requests need no CSRF token. A browser's JSON still does.
        if request.method == .POST, route.access != .testHook, signedIn?.token == nil {
            // Signed-in forms carry the session's token; sign-in and setup forms the
            // token of the pre-session cookie (double submit); the kitchen screen's forms
            // its screen's token (or, before enrolment, the pre-session one).
            let expected = route.access == .screen ? screen?.csrfToken ?? cookies[CSRFCookie.name]
                : signedIn?.csrfToken ?? cookies[CSRFCookie.name]
            // Scripts sending JSON put it in the `X-CSRF-Token` header instead.
            let sent = route.takesJSON ? request.headers["X-CSRF-Token"] : form[CSRFCookie.fieldName]
            guard let expected, let sent, CSRFToken.constantTimeEqual(sent, expected) else {
                throw PageError(.forbidden, key: "error.csrf")
            }
        }
        // The API speaks one language, whoever calls it.
        let language = route.api != nil ? APIProblem.language : signedIn?.settings.language ?? Self.browserLanguage(request)
        return PageRequest(http: request, context: context, segments: segments, parameters: parameters,
                           form: form, files: files,
                           signedIn: signedIn, cookies: cookies, clientAddress: forwarded.clientAddress,
                           isSecure: forwarded.isSecure, language: language, limits: configuration.server.limits,
                           ward: owner, screen: screen, spooledFiles: spooledFiles)
    }

    /// The member an API token speaks for, or a 401 (an unknown or revoked token, or its
    /// member removed since) or a 429 (`APIRateLimit`): one hash and in-memory lookups.
    private func tokenHolder(_ token: String, app: Dawn, address: String) throws -> SignedIn {
        guard let grant = try family.apiTokens.grant(forToken: token),
              let member = try family.recentMember(grant.memberID),
              let database = try memberDatabase(grant.memberID) else {
            throw Refusal(response: APIProblem.invalidToken().response)
        }
        if let wait = app.apiRateLimit.admit(grant.id, now: app.now()) {
            throw Refusal(response: APIProblem.rateLimited(retryAfter: wait).response)
        }
        return SignedIn(member: member, credential: .token(grant), database: database,
                        settings: try members.settings(member.id, from: database))
    }

    /// A token's scope against what its route asks: writing needs a `write` token, which a
    /// child's never is (checked here again, whatever the row says), and the journal a token
    /// made with it. A 403 naming what is missing.
    static func check(_ grant: APITokens.Grant, of member: Member, against scope: Route.APIScope) throws(Refusal) {
        if scope.writes, member.isChild {
            throw Refusal(response: APIProblem(status: .forbidden, code: "child_read_only",
                                               message: "A child account's tokens can only read").response)
        }
        if scope.writes, grant.scope != .write {
            throw Refusal(response: APIProblem(status: .forbidden, code: "read_only_token",
                                               message: "This token can only read: make a write token to change anything").response)
        }
        if scope.journal, !grant.journal {
            throw Refusal(response: APIProblem(status: .forbidden, code: "journal_not_granted",
                                               message: "This token was not given the journal").response)
        }
    }

    /// The member's database; nil when the member was removed after their session was
    /// checked (the request then goes on as signed out). A member who still exists but
    /// whose file is gone is an error: the file is never made again here.
    private func memberDatabase(_ id: MemberID) throws -> Database? {
        do {
            return try data.member(id)
        } catch StoreError.missing(let path) {
            if try family.member(id: id) == nil { return nil }
            throw StoreError.missing(path: path)
        }
    }
}
