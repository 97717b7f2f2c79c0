/// Every limit and timeout of the HTTP layer, in one place. All settable;
/// the defaults are the production values.
public struct HTTPLimits: Sendable, Equatable {
    /// Request line longer than this → 414.
    public var maxRequestLineBytes = 8 * 1024
    /// Header block (request line included) longer than this → 431.
    public var maxHeaderBytes = 16 * 1024
    /// More header fields than this → 431.
    public var maxHeaderFields = 100
    /// A body declared or grown larger than this → 413, before reading it.
    public var maxBodyBytes = 1024 * 1024
    /// A POST whose path ends with one of these suffixes is an upload (photos): its body may
    /// reach `maxUploadBodyBytes` instead. Every other request keeps `maxBodyBytes`, so large
    /// bodies are only ever held for the few routes that take files.
    public var uploadPathSuffixes: [String] = []
    /// An upload's body at most (a file's own limit is its page's, below this).
    public var maxUploadBodyBytes = 64 * 1024 * 1024
    /// Upload bytes the whole server holds at once, over all connections, from the head
    /// that announces them until their response is sent: one more upload is a 503. Only
    /// clients the application admits (signed in) reserve any; the rest keep `maxBodyBytes`.
    public var maxUploadBytesInFlight = 256 * 1024 * 1024
    /// A POST whose path ends with one of these (an import) is an upload whose body the server
    /// writes to a file in `spoolDirectory` as it arrives, never holding it whole: up to
    /// `maxSpooledBodyBytes`, with a Content-Length (no chunked body), admitted like any upload.
    public var spoolPathSuffixes: [String] = []
    public var maxSpooledBodyBytes = 200_000_000
    /// Spooled bytes on disk at once, over all connections; one more spooled upload is a 503.
    public var maxSpooledBytesInFlight = 1_000_000_000
    /// Time to receive a whole spooled body: 200 MB in 30 minutes is 0.9 Mbit/s.
    public var spooledBodyTotalTimeout: Duration = .seconds(1800)
    /// Fields in one form body or query string; more → 400.
    public var maxFormFields = 256
    /// A chunk-size line (hex size plus extensions) longer than this → 400.
    public var maxChunkLineBytes = 1024

    /// Time to receive a whole request head, from its first byte (or from accept).
    public var headerTimeout: Duration = .seconds(10)
    /// Silence allowed while a body is arriving.
    public var bodyTimeout: Duration = .seconds(30)
    /// Time to receive a whole body, however steadily it comes: a client trickling
    /// a byte every few seconds is never silent for `bodyTimeout`. 1 MiB in 120 s is
    /// 70 kbit/s, slower than any phone on a bad connection.
    public var bodyTotalTimeout: Duration = .seconds(120)
    /// Time a keep-alive connection may sit idle between requests.
    public var idleTimeout: Duration = .seconds(60)
    /// Time a response may wait for the client to read it without progress.
    public var writeTimeout: Duration = .seconds(30)
    /// While a response waits for the client, the socket must take at least this many
    /// bytes a second on average over `sendRateWindow`, or the connection is closed:
    /// a client reading a byte now and then is never silent for `writeTimeout`.
    /// 0 turns the minimum off.
    public var minSendRate = 1024
    public var sendRateWindow: Duration = .seconds(30)

    /// Open connections at most; more are closed at once.
    public var maxConnections = 4096
    /// Open connections from one client address at most (behind a trusted proxy, the
    /// address it forwards); more are answered 503 and closed.
    public var maxConnectionsPerClient = 64

    public init() {}

    /// The body limit of a request, from its method and target (read from the request line).
    public func maxBodyBytes(method: HTTPMethod, target: String) -> Int {
        guard method == .POST, !uploadPathSuffixes.isEmpty || !spoolPathSuffixes.isEmpty else { return maxBodyBytes }
        let path = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        if spoolPathSuffixes.contains(where: { path.hasSuffix($0) }) { return max(maxBodyBytes, maxSpooledBodyBytes) }
        return uploadPathSuffixes.contains { path.hasSuffix($0) } ? max(maxBodyBytes, maxUploadBodyBytes) : maxBodyBytes
    }

    /// Whether a POST to `target` has its body spooled to a file.
    public func spools(method: HTTPMethod, target: String) -> Bool {
        guard method == .POST, !spoolPathSuffixes.isEmpty else { return false }
        let path = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return spoolPathSuffixes.contains { path.hasSuffix($0) }
    }

    public static let production = HTTPLimits()
}

extension Duration {
    /// Whole nanoseconds, saturating, for the monotonic-clock arithmetic of the event loop.
    public var nanoseconds: UInt64 {
        let (s, a) = components
        guard s >= 0 else { return 0 }
        let (ns, overflow) = UInt64(s).multipliedReportingOverflow(by: 1_000_000_000)
        if overflow { return .max }
        return ns &+ UInt64(a / 1_000_000_000)
    }
}
