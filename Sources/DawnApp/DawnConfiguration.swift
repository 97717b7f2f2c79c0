import Accounts
import HTTP
import HTTPServer

/// Everything `dawn serve` is told: where data and resources live, and how the
/// server runs. Built from flags and `DAWN_*` environment variables by the CLI.
public struct DawnConfiguration: Sendable, Equatable {
    /// The data folder: `instance.sqlite` and `users/<id>.sqlite`.
    public var dataDirectory = "./data"
    /// The folder holding `Views/` and `Public/`.
    public var resourcesDirectory = "."
    /// Reload templates and static files when they change.
    public var development = false
    /// Routes that exist only for the end-to-end tests (`/_test/…`). Never on in production.
    public var testHooks = false
    /// Addresses of reverse proxies whose `X-Forwarded-For`/`X-Forwarded-Proto` are believed
    /// (kept in the server's configuration: it counts connections by the forwarded address).
    public var trustedProxies: [String] {
        get { server.trustedProxies }
        set { server.trustedProxies = newValue }
    }
    /// How long a checked session is believed without asking the database again.
    public var sessionCacheSeconds = 5
    /// Serve `/metrics` (Prometheus text); off unless asked for.
    public var metrics = false
    /// With it, `/metrics` is served to any address that presents it as a bearer token;
    /// without it, to loopback only.
    public var metricsToken: String?
    /// Threads that hash and check passwords (sign-in, setup, password changes), apart
    /// from the worker pool that saves entries, so a flood of sign-ins cannot stall saves.
    public var passwordWorkers = max(1, ServerConfiguration.cores / 2)
    /// Password jobs that may wait for those threads; beyond this, the form answers 503.
    public var passwordQueueCapacity = 16
    /// Failed sign-ins per minute across the whole server; past it, browsers that never
    /// signed in here wait (known browsers still get in). See `SignInThrottle`.
    public var signInFailureBudget = SignInThrottle.defaultFailureBudget
    /// Where the IANA time zone files live.
    public var timeZoneDirectory = "/usr/share/zoneinfo"
    public var server = ServerConfiguration()

    public init() {}

    public var viewsDirectory: String { resourcesDirectory + "/Views" }
    public var publicDirectory: String { resourcesDirectory + "/Public" }
}
