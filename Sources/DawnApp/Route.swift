import HTTP
import HTTPServer

/// A page handler. `runsOnWorkerPool` marks handlers that may take
/// milliseconds (password hashing, exports), which must not run on an event loop.
struct Route: Sendable {
    /// Throws `PageError` for what the person should be told; anything else is a 500.
    typealias Handler = @Sendable (Dawn, PageRequest) throws -> HTTPResponse

    let runsOnWorkerPool: Bool
    let handle: Handler

    static func page(_ handle: @escaping Handler) -> Route {
        Route(runsOnWorkerPool: false, handle: handle)
    }

    static func slow(_ handle: @escaping Handler) -> Route {
        Route(runsOnWorkerPool: true, handle: handle)
    }
}
