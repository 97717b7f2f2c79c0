import HTTP
import HTTPServer

/// A page handler and who may reach it. Routes are for signed-in members
/// unless they say otherwise; every POST is checked for its CSRF token before
/// the handler runs (see `Dawn.reply`).
struct Route: Sendable {
    /// Throws `PageError` for what the person should be told; anything else is a 500.
    typealias Handler = @Sendable (Dawn, PageRequest) throws -> HTTPResponse
    /// A member page's handler, handed the member it serves (`MemberContext`: whose data,
    /// their clock and settings) ready, so no handler assembles it itself.
    typealias MemberHandler = @Sendable (Dawn, PageRequest, MemberContext) throws -> HTTPResponse

    enum Access: Sendable {
        /// Anyone, signed in or not (sign-in, setup, health, static files).
        case open
        /// A signed-in member.
        case member
        /// A signed-in admin; others get 403.
        case admin
        /// Test-only routes (`DAWN_TEST_HOOKS=1`): open, and exempt from CSRF.
        case testHook
        /// The kitchen screen (`FamilyScreenPage`): no session needed; `page.screen` is the
        /// enrolled screen its cookie names, if any, and a POST carries that screen's CSRF
        /// token (before enrolment, the pre-session cookie's).
        case screen
    }

    /// Where the handler runs. Every POST writes, and a write waits for its fsync, so a
    /// POST runs at least on the worker pool (see `Dawn.reply`).
    enum Runs: Sendable {
        case onEventLoop
        /// Handlers that may take milliseconds (exports, imports) run on the worker pool.
        case onWorkerPool
        /// Handlers that hash or check a password (tens of milliseconds each) run on the
        /// password pool, whose own bounded queue a flood of sign-ins fills instead of the
        /// worker pool's: saves never wait behind sign-ins.
        case onPasswordPool
    }

    /// What a guardian may do with this route on a child's data under `/members/{child}/…`
    /// (`GuardianView`): nothing, unless a page says so with `forGuardians`.
    enum Guardians: Sendable {
        /// Not under `/members/…`: the address is a 404 there.
        case none
        /// A page a guardian may see (a GET).
        case read
        /// A form a guardian may send (the child's habits and logs, never their journal).
        case write
    }

    let access: Access
    let runs: Runs
    private(set) var guardians: Guardians = .none
    /// The POST body is JSON, left in `page.http.body` for the handler (its CSRF token in
    /// the `X-CSRF-Token` header); other routes answer a JSON body 415.
    let takesJSON: Bool
    /// Set on the API's routes (`/api/v1/…`, `APIv1`): what the request's API token must
    /// allow. Nil on every other route.
    private(set) var api: APIScope? = nil
    let handle: Handler

    /// What an API route asks of a token (a browser's cookie allows everything its member may).
    struct APIScope: Sendable, Equatable {
        /// A `write` token (never a child's).
        var writes = false
        /// A token made with the journal.
        var journal = false
    }

    private init(access: Access, slow: Bool, hashesPasswords: Bool, takesJSON: Bool = false, handle: @escaping Handler) {
        self.access = access
        runs = hashesPasswords ? .onPasswordPool : slow ? .onWorkerPool : .onEventLoop
        self.takesJSON = takesJSON
        self.handle = handle
    }

    /// An API route (`APIv1`): a member's, signed in by an API token (`Authorization: Bearer`)
    /// or a browser's cookie, its body JSON read by the handler (a browser's POST carries the
    /// CSRF token in `X-CSRF-Token`), every refusal a JSON error (`APIProblem`). On the worker
    /// pool: a token's last use may be written there (`APITokens.noteUse`).
    static func api(writes: Bool = false, journal: Bool = false, _ handle: @escaping MemberHandler) -> Route {
        var route = Route(access: .member, slow: true, hashesPasswords: false, takesJSON: true) { app, page in
            try handle(app, page, try MemberContext(app, page))
        }
        route.api = APIScope(writes: writes, journal: journal)
        return route
    }

    /// This route, open to a child's guardians too (`GuardianView`): the allowlist is
    /// the routes that say so.
    func forGuardians(_ guardians: Guardians) -> Route {
        precondition(access == .member, "only member routes can be opened to guardians")
        var route = self
        route.guardians = guardians
        return route
    }

    /// A signed-in member's POST of a JSON body (a script's, not a form's).
    static func memberJSON(_ handle: @escaping Handler) -> Route {
        Route(access: .member, slow: true, hashesPasswords: false, takesJSON: true, handle: handle)
    }

    static func open(slow: Bool = false, hashesPasswords: Bool = false, _ handle: @escaping Handler) -> Route {
        Route(access: .open, slow: slow, hashesPasswords: hashesPasswords, handle: handle)
    }

    static func member(slow: Bool = false, hashesPasswords: Bool = false, _ handle: @escaping Handler) -> Route {
        Route(access: .member, slow: slow, hashesPasswords: hashesPasswords, handle: handle)
    }

    static func admin(slow: Bool = false, hashesPasswords: Bool = false, _ handle: @escaping Handler) -> Route {
        Route(access: .admin, slow: slow, hashesPasswords: hashesPasswords, handle: handle)
    }

    /// A signed-in member's page, given its `MemberContext` (an unreadable setting is the
    /// error page `MemberContext` throws, before the handler runs).
    static func member(slow: Bool = false, hashesPasswords: Bool = false, _ handle: @escaping MemberHandler) -> Route {
        member(slow: slow, hashesPasswords: hashesPasswords) { app, page in try handle(app, page, try MemberContext(app, page)) }
    }

    /// `/settings`' page and form, given `MemberContext(settingsOf:)`: they open even when the
    /// member's stored zone cannot be loaded, so that the member can choose another.
    static func settings(_ handle: @escaping MemberHandler) -> Route {
        member { app, page in try handle(app, page, try MemberContext(settingsOf: app, page)) }
    }

    /// An admin's page, given its `MemberContext`.
    static func admin(slow: Bool = false, hashesPasswords: Bool = false, _ handle: @escaping MemberHandler) -> Route {
        admin(slow: slow, hashesPasswords: hashesPasswords) { app, page in try handle(app, page, try MemberContext(app, page)) }
    }

    static func screen(hashesPasswords: Bool = false, _ handle: @escaping Handler) -> Route {
        Route(access: .screen, slow: false, hashesPasswords: hashesPasswords, handle: handle)
    }

    static func testHook(slow: Bool = false, hashesPasswords: Bool = false, _ handle: @escaping Handler) -> Route {
        Route(access: .testHook, slow: slow, hashesPasswords: hashesPasswords, handle: handle)
    }
}
