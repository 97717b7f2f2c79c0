import HTTP
import HTTPServer

/// A page handler and who may reach it. Routes are for signed-in members
/// unless they say otherwise; every POST is checked for its CSRF token before
/// the handler runs (see `Dawn.reply`).
struct Route: Sendable {
    /// Throws `PageError` for what the person should be told; anything else is a 500.
    typealias Handler = @Sendable (Dawn, PageRequest) throws -> HTTPResponse

    enum Access: Sendable {
        /// Anyone, signed in or not (sign-in, setup, health, static files).
        case open
        /// A signed-in member.
        case member
        /// A signed-in admin; others get 403.
        case admin
        /// Test-only routes (`DAWN_TEST_HOOKS=1`): open, and exempt from CSRF.
        case testHook
    }

    let access: Access
    /// Handlers that may take milliseconds (password hashing, exports) run on the
    /// worker pool, never on an event loop.
    let runsOnWorkerPool: Bool
    let handle: Handler

    static func open(slow: Bool = false, _ handle: @escaping Handler) -> Route {
        Route(access: .open, runsOnWorkerPool: slow, handle: handle)
    }

    static func member(slow: Bool = false, _ handle: @escaping Handler) -> Route {
        Route(access: .member, runsOnWorkerPool: slow, handle: handle)
    }

    static func admin(slow: Bool = false, _ handle: @escaping Handler) -> Route {
        Route(access: .admin, runsOnWorkerPool: slow, handle: handle)
    }

    static func testHook(slow: Bool = false, _ handle: @escaping Handler) -> Route {
        Route(access: .testHook, runsOnWorkerPool: slow, handle: handle)
    }
}
