import Accounts
import Domain
import HTTP
import HTTPServer
import Outbound

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
    /// How long a database connection may go unused before `dawn serve` gives back its
    /// memory: idle readers and writers are closed, and opened again when next used (see
    /// `DataDirectory.releaseIdleMemory`).
    public var idleDatabaseSeconds = 60
    /// API requests one token may make a minute before 429s (`APIRateLimit`).
    public var apiRequestsPerMinute = APIRateLimit.requestsPerWindow
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
    /// The SMTP relay reminders by email go through (`smtp://relay:587`, `smtps://relay:465`,
    /// credentials as `smtp://user:password@relay:587`); nil: no email target.
    public var smtpURL: String?
    /// The sender of those emails (and the VAPID contact of Web Push).
    public var smtpFrom: String?
    /// Whether reminders can go by email: a relay and a sender are both set.
    public var emailConfigured: Bool { smtpURL != nil && smtpFrom != nil }
    /// Lets notification targets (and the SMTP relay) be anywhere, loopback and this host
    /// included, and Web Push endpoints on plain http://: tests, an ntfy on this very machine.
    public var notifyAllowLoopback = false
    /// Lets notification targets (and the SMTP relay) be on private networks too (RFC 1918,
    /// CGNAT, ULA): an ntfy on the home LAN. Never link-local, metadata or this host.
    public var notifyAllowPrivate = false
    /// The first wait before a failed notification is tried again (then 2, 4, 8… times it,
    /// for 60 times it in all). A minute; tests make it short.
    public var notifyRetryBaseMilliseconds = 60_000

    /// The header a trusted reverse proxy names the signed-in member in (`DAWN_AUTH_HEADER`,
    /// e.g. `Remote-User`); nil: none is read. See `ProxySignIn`.
    public var authHeader: String?
    /// Where "Sign out" sends the browser after ending the Dawn session, when the proxy signs
    /// members in (`DAWN_AUTH_HEADER_LOGOUT_URL`): the proxy's own sign-out.
    public var authHeaderLogoutURL: String?

    /// Sign-in with the family's OpenID provider (`DAWN_OIDC_*`); not offered until its
    /// issuer, client id and secret are set. See `OpenIDSignInPage`.
    public var openID = OpenIDSettings()
    /// Whether `/login` offers the password form (`DAWN_PASSWORD_SIGNIN`). Off, the form is
    /// hidden once every admin has connected their OpenID identity (start-up refuses it
    /// before), and `dawn user passwd` stays the way in for the operator.
    public var passwordSignIn = true

    /// A member's photos, in megabytes, at most (`DAWN_PHOTO_QUOTA_MB`).
    public var photoQuotaMegabytes = PhotoConstants.defaultQuotaMegabytes

    public init() {
        // Photo uploads (`/day/{date}/photos`) may carry files of up to 25 MB, and an import
        // (`/import`) a zip export with photos, written to a file as it arrives (up to 200 MB);
        // every other request keeps the small body limit.
        server.limits.uploadPathSuffixes = ["/photos"]
        server.limits.spoolPathSuffixes = ["/import"]
        // A calendar feed's address, and an email confirmation link, are their secrets: they
        // stay out of the access log.
        server.secretPathPrefixes = ["/ical/", "/account/email/confirm/"]
    }

    /// Where notifications may go, as the two switches above have it.
    public var notifyAddressPolicy: AddressPolicy {
        AddressPolicy(allowingLoopback: notifyAllowLoopback, allowingPrivate: notifyAllowPrivate)
    }

    public var viewsDirectory: String { resourcesDirectory + "/Views" }
    public var publicDirectory: String { resourcesDirectory + "/Public" }
}
