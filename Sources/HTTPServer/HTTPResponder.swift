import HTTP

/// What the server knows about a request beyond its bytes.
public struct RequestContext: Sendable {
    /// The client's address as the socket saw it (a proxy's, behind one).
    public let peer: SocketAddress
    /// Monotonic time at which the request was fully received, in nanoseconds.
    public let receivedAt: UInt64
    /// Whether the client takes gzip (`AcceptEncoding.prefersGzip`), read once per request
    /// by the server, so a handler answering from a cache of both encodings needs not read
    /// the header again.
    public let acceptsGzip: Bool

    public init(peer: SocketAddress, receivedAt: UInt64, acceptsGzip: Bool) {
        self.peer = peer
        self.receivedAt = receivedAt
        self.acceptsGzip = acceptsGzip
    }
}

/// A handler's answer: a response now, or work that may take milliseconds
/// (password hashing, exports) to run on the worker pool, off the event loop.
public enum Reply: Sendable {
    case now(HTTPResponse)
    case onWorkerPool(@Sendable () -> HTTPResponse)
    /// Work for a pool of the application's own. When that pool's queue is full the
    /// client gets `whenFull()` (called on the event loop: keep it cheap) instead.
    case onPool(WorkerPool, whenFull: @Sendable () -> HTTPResponse, work: @Sendable () -> HTTPResponse)
}

/// The application, as the server sees it. Called on an event-loop thread:
/// must not block; return `.onWorkerPool` for anything slow.
public protocol HTTPResponder: Sendable {
    func reply(to request: HTTPRequest, context: RequestContext) -> Reply
    /// Whether this head (an upload route's, announcing more than `maxBodyBytes`) may send
    /// its body up to `maxUploadBodyBytes`. Called on an event-loop thread before the body
    /// is read; must be cheap. False keeps the ordinary limit (a large body is a 413).
    func admitsUpload(_ head: HTTPRequest, context: RequestContext) -> Bool
}

extension HTTPResponder {
    /// No uploads unless the application says which clients may send them.
    public func admitsUpload(_ head: HTTPRequest, context: RequestContext) -> Bool { false }
}
