import HTTP

#if canImport(Glibc)
import Glibc
#endif

/// How the server runs. Every number has a production default.
public struct ServerConfiguration: Sendable, Equatable {
    public var host = "127.0.0.1"
    public var port = 8080
    /// Event-loop threads; one per core by default.
    public var eventLoops = ServerConfiguration.cores
    /// Threads for slow work (password hashing, exports).
    public var workerThreads = max(2, ServerConfiguration.cores)
    /// Jobs that may wait for a worker; beyond this, 503.
    public var workerQueueCapacity = 256
    public var limits = HTTPLimits.production
    /// Reverse proxies whose `X-Forwarded-For` names the client: their own connections
    /// are not counted against `limits.maxConnectionsPerClient`, each request on them
    /// is counted against the address they forward.
    public var trustedProxies: [String] = []
    /// Time in-flight requests get to finish after SIGTERM/SIGINT.
    public var shutdownGrace: Duration = .seconds(10)
    /// Bodies smaller than this are not worth compressing.
    public var minimumCompressedBytes = 1024
    /// Responses made per request: level 1, nginx's default `gzip_comp_level`. On Dawn's
    /// pages it costs a third of level 6's time for about a tenth more bytes (a year's
    /// heatmap, 51 KB: 73 µs and 5.9 KB against 247 µs and 5.3 KB). Files served as they
    /// are stored, and the day page kept in the page cache, are compressed once, harder.
    public var gzipLevel: Int32 = 1
    /// One line per request on stdout.
    public var accessLog = true
    /// Paths under these prefixes carry a secret (the calendar feed's link): the access log
    /// writes the prefix and `…`, never the rest (`loggedPath`).
    public var secretPathPrefixes: [String] = []
    /// A pipelining client that does not read its responses stops being read
    /// once this much output waits for it.
    public var outputHighWater = 512 * 1024
    /// How long a loop stops accepting when accept4 runs out of descriptors (EMFILE…),
    /// unless one of its connections closes sooner. See `ListenerBackoff`.
    public var acceptBackoff: Duration = .milliseconds(100)
    /// Where spooled uploads' bodies are written (`HTTPLimits.spoolPathSuffixes`), one file
    /// each, owner-only, removed once answered. Nil: no upload is spooled (each is refused
    /// its larger limit).
    public var spoolDirectory: String?

    public init() {}

    /// `path` as the access log writes it: cut after a secret prefix.
    public func loggedPath(_ path: String) -> String {
        guard let prefix = secretPathPrefixes.first(where: { path.hasPrefix($0) }) else { return path }
        return prefix + "…"
    }

    public static var cores: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }
}
