import DawnApp
import HTTP
import OpenIDConnect
import Outbound
/// Every setting of `dawn serve`, in the order `--help` and `--print-config` list them.
enum ServeSettings {
    static let all: [ServeSetting] = [
        .text("DAWN_HOST", "address to listen on", \.server.host),
        .port("DAWN_PORT", "port to listen on (0 picks a free one)", \.server.port),
        .text("DAWN_DATA", "data folder", \.dataDirectory),
        .text("DAWN_RESOURCES", "folder holding Views/ and Public/", \.resourcesDirectory),
        .onOff("DAWN_DEV", "reload templates and static files when they change", \.development),
        ServeSetting(
            variable: "DAWN_TRUSTED_PROXIES",
            help: "proxy addresses whose X-Forwarded-For/-Proto are believed (variable: comma-separated)",
            flagName: "--trusted-proxy",
            apply: { v, _, c throws(CommandLineError) in
                c.trustedProxies = v.split(separator: ",").map { String($0.trimmingSpaces) }.filter { !$0.isEmpty }
            },
            show: { $0.trustedProxies.joined(separator: ",") }),
        ServeSetting(
            variable: "DAWN_AUTH_HEADER",
            help: "header a trusted proxy names the signed-in member in, e.g. Remote-User (off when empty)",
            apply: { v, name, c throws(CommandLineError) in
                guard !v.isEmpty else { c.authHeader = nil; return }
                guard ResponseEncoder.isSafeField(name: v, value: ""), v.utf8.count <= 64 else { throw CommandLineError("\(name) must be a header name, such as Remote-User") }
                for reserved in ["Cookie", "Authorization", "Host", "Content-Length", "Transfer-Encoding", "X-Forwarded-For"]
                where HTTPHeaders.namesEqual(v, reserved) {
                    throw CommandLineError("\(name) cannot be \(reserved)")
                }
                c.authHeader = v
            },
            show: { $0.authHeader ?? "" }),
        ServeSetting(
            variable: "DAWN_AUTH_HEADER_LOGOUT_URL",
            help: "where Sign out sends the browser when the proxy signs members in (the proxy's sign-out)",
            apply: { v, name, c throws(CommandLineError) in
                guard !v.isEmpty else { c.authHeaderLogoutURL = nil; return }
                guard v.hasPrefix("https://") || v.hasPrefix("http://") || (v.hasPrefix("/") && !v.hasPrefix("//")),
                      v.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }), v.utf8.count <= 2048 else {
                    throw CommandLineError("\(name) must be an http(s):// URL or a path")
                }
                c.authHeaderLogoutURL = v
            },
            show: { $0.authHeaderLogoutURL ?? "" }),
        ServeSetting(
            variable: "DAWN_OIDC_ISSUER",
            help: "OpenID provider members sign in with, e.g. https://auth.example.org/application/o/dawn/ (https; http only on loopback)",
            apply: { v, name, c throws(CommandLineError) in
                guard !v.isEmpty else { c.openID.issuer = nil; return }
                do {
                    _ = try ProviderURL.issuer(v)
                } catch {
                    throw CommandLineError("\(name) \(error), not \"\(v.prefix(200))\"")
                }
                c.openID.issuer = v
            },
            show: { $0.openID.issuer ?? "" }),
        ServeSetting(
            variable: "DAWN_OIDC_CLIENT_ID",
            help: "the client id Dawn has at the OpenID provider",
            apply: { v, name, c throws(CommandLineError) in
                guard !v.isEmpty else { c.openID.clientID = nil; return }
                guard v.utf8.count <= 255, v.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else {
                    throw CommandLineError("\(name) must be at most 255 visible ASCII characters (no spaces)")
                }
                c.openID.clientID = v
            },
            show: { $0.openID.clientID ?? "" }),
        ServeSetting(
            variable: "DAWN_OIDC_CLIENT_SECRET",
            help: "the client secret (prefer DAWN_OIDC_CLIENT_SECRET_FILE: flags and the environment show in ps)",
            isSecret: true,
            apply: { v, name, c throws(CommandLineError) in
                guard !v.isEmpty else { c.openID.clientSecret = nil; return }
                c.openID.clientSecret = try ServeSetting.clientSecret(v, name: name)
            },
            show: { $0.openID.clientSecret == nil ? "" : "********" }),
        ServeSetting(
            variable: "DAWN_OIDC_CLIENT_SECRET_FILE",
            help: "a file holding the client secret (one line), instead of DAWN_OIDC_CLIENT_SECRET",
            apply: { v, _, c throws(CommandLineError) in c.openID.clientSecretFile = v.isEmpty ? nil : v },
            show: { $0.openID.clientSecretFile ?? "" }),
        ServeSetting(
            variable: "DAWN_OIDC_NAME",
            help: "the provider's name on the button: \"Sign in with Authentik\" (default: OpenID Connect)",
            apply: { v, name, c throws(CommandLineError) in
                let trimmed = String(Substring(v).trimmingSpaces)
                guard !trimmed.isEmpty else { c.openID.name = nil; return }
                guard trimmed.count <= OpenIDSettings.maximumNameLength,
                      !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
                    throw CommandLineError("\(name) must be one line of at most \(OpenIDSettings.maximumNameLength) characters")
                }
                c.openID.name = trimmed
            },
            show: { $0.openID.name ?? "" }),
        ServeSetting(
            variable: "DAWN_OIDC_CA_FILE",
            help: "certificate authorities (PEM) to trust for the OpenID provider instead of the system's (a LAN provider's own CA)",
            apply: { v, _, c throws(CommandLineError) in c.openID.certificateAuthorities = v.isEmpty ? nil : v },
            show: { $0.openID.certificateAuthorities ?? "" }),
        .onOff("DAWN_PASSWORD_SIGNIN",
               "offer the password form on /login; 0 hides it once every admin has connected their OpenID identity",
               \.passwordSignIn),
        .onOff("DAWN_METRICS", "serve /metrics (Prometheus text) to loopback or the token", \.metrics),
        ServeSetting(
            variable: "DAWN_METRICS_TOKEN",
            help: "bearer token that lets other addresses read /metrics (at least 16 characters)",
            isSecret: true,
            apply: { v, name, c throws(CommandLineError) in
                guard v.utf8.count >= 16, v.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else {
                    throw CommandLineError("\(name) must be at least 16 visible ASCII characters")
                }
                c.metricsToken = v
            },
            show: { $0.metricsToken == nil ? "" : "********" }),
        .onOff("DAWN_ACCESS_LOG", "one line per request on stdout", \.server.accessLog),
        .seconds("DAWN_HEADER_TIMEOUT", "seconds for a request head to arrive", \.server.limits.headerTimeout),
        .seconds("DAWN_BODY_TIMEOUT", "seconds of silence allowed within a request body", \.server.limits.bodyTimeout),
        .seconds("DAWN_BODY_TOTAL_TIMEOUT", "seconds for a whole request body to arrive", \.server.limits.bodyTotalTimeout),
        .seconds("DAWN_IDLE_TIMEOUT", "seconds a keep-alive connection may sit idle", \.server.limits.idleTimeout),
        .seconds("DAWN_WRITE_TIMEOUT", "seconds a client may take to read a response", \.server.limits.writeTimeout),
        .count("DAWN_MIN_SEND_RATE", 0...(1 << 30),
               "bytes a second a client must read a waiting response at, on average (0: no minimum)",
               \.server.limits.minSendRate),
        .seconds("DAWN_SEND_RATE_WINDOW", "seconds DAWN_MIN_SEND_RATE is averaged over", \.server.limits.sendRateWindow),
        .seconds("DAWN_SHUTDOWN_GRACE", "seconds requests in flight get after SIGTERM", \.server.shutdownGrace),
        .count("DAWN_MAX_CONNECTIONS", 1...1_000_000, "open connections at most", \.server.limits.maxConnections),
        .count("DAWN_MAX_CONNECTIONS_PER_CLIENT", 1...1_000_000,
               "open connections from one client address at most (behind a trusted proxy: the forwarded one)",
               \.server.limits.maxConnectionsPerClient),
        .count("DAWN_MAX_BODY_BYTES", 0...(256 << 20), "request body bytes at most", \.server.limits.maxBodyBytes),
        .count("DAWN_MAX_UPLOAD_BYTES_IN_FLIGHT", 1...(1 << 40),
               "photo upload bytes the server holds at once, over all members; beyond, 503",
               \.server.limits.maxUploadBytesInFlight),
        .count("DAWN_PHOTO_QUOTA_MB", 0...100_000_000, "megabytes of photos a member may keep", \.photoQuotaMegabytes),
        .count("DAWN_MAX_HEADER_BYTES", 256...(1 << 20), "request head bytes at most", \.server.limits.maxHeaderBytes),
        .count("DAWN_MAX_REQUEST_LINE_BYTES", 64...(1 << 20), "request line bytes at most",
               \.server.limits.maxRequestLineBytes),
        .count("DAWN_MAX_HEADER_FIELDS", 1...10_000, "header fields at most", \.server.limits.maxHeaderFields),
        .count("DAWN_MAX_FORM_FIELDS", 1...100_000, "form fields at most", \.server.limits.maxFormFields),
        .count("DAWN_EVENT_LOOPS", 1...256, "event-loop threads (default: one per core)", \.server.eventLoops),
        .count("DAWN_WORKERS", 1...256, "worker threads for slow work (default: cores, at least 2)",
               \.server.workerThreads),
        .count("DAWN_WORKER_QUEUE", 1...100_000, "jobs that may wait for a worker; beyond, 503",
               \.server.workerQueueCapacity),
        .count("DAWN_PASSWORD_WORKERS", 1...64, "threads that hash passwords, apart from the workers (default: cores/2, at least 1)",
               \.passwordWorkers),
        .count("DAWN_PASSWORD_QUEUE", 1...10_000, "password checks that may wait for those threads; beyond, 503",
               \.passwordQueueCapacity),
        .count("DAWN_SIGNIN_FAILURE_BUDGET", 1...1_000_000,
               "failed sign-ins per minute, server-wide; past it only known browsers sign in",
               \.signInFailureBudget),
        .count("DAWN_SESSION_CACHE", 0...3600, "seconds a checked session is believed", \.sessionCacheSeconds),
        .count("DAWN_API_RATE_LIMIT", 1...1_000_000, "API requests one token may make a minute; beyond, 429",
               \.apiRequestsPerMinute),
        .count("DAWN_IDLE_DATABASE", 1...86_400, "seconds a database connection may go unused before its memory is given back",
               \.idleDatabaseSeconds),
        .text("TZDIR", "where the IANA time zone files live", \.timeZoneDirectory),
        ServeSetting(
            variable: "DAWN_SMTP_URL",
            help: "SMTP relay for reminders by email: smtp://[user:password@]host:587 (STARTTLS when offered) or smtps://host:465",
            isSecret: true,
            apply: { v, name, c throws(CommandLineError) in
                guard SMTPMail.isRelayURL(v) else { throw CommandLineError("\(name) must be an smtp:// or smtps:// URL (not repeated here: it may hold a password)") }
                c.smtpURL = v
            },
            show: { $0.smtpURL == nil ? "" : "********" }),
        ServeSetting(
            variable: "DAWN_SMTP_FROM",
            help: "sender address of reminder emails (and the Web Push contact)",
            apply: { v, name, c throws(CommandLineError) in
                guard MailMessage.isAddress(v) else { throw CommandLineError("\(name) must be an email address, not \"\(v)\"") }
                c.smtpFrom = v
            },
            show: { $0.smtpFrom ?? "" }),
        .onOff("DAWN_NOTIFY_ALLOW_PRIVATE",
               "let reminders (ntfy, Web Push, the SMTP relay) and webhooks reach private networks: 10/8, 172.16/12, 192.168/16, 100.64/10, fc00::/7 (a LAN ntfy)",
               \.notifyAllowPrivate),
        .onOff("DAWN_NOTIFY_ALLOW_LOOPBACK",
               "let reminders and webhooks reach any address, loopback, link-local and this host included, and Web Push use http:// (tests)",
               \.notifyAllowLoopback),
        ServeSetting(variable: "DAWN_NOTIFY_RETRY_BASE_MS",
                     help: "milliseconds before a failed notification's first retry (then x2 each time, for 60 times it); tests only",
                     isDocumented: false,
                     apply: { v, name, c throws(CommandLineError) in
                         c.notifyRetryBaseMilliseconds = try ServeSetting.count(v, name: name, 1...3_600_000)
                     },
                     show: { String($0.notifyRetryBaseMilliseconds) }),
        ServeSetting(variable: "DAWN_TEST_HOOKS", help: "routes for the end-to-end tests; never in production",
                     isSwitch: true, isDocumented: false,
                     apply: { v, name, c throws(CommandLineError) in c.testHooks = try ServeSetting.onOff(v, name: name) },
                     show: { $0.testHooks ? "1" : "0" }),
    ]

    /// The setting a flag names, by its flag or the one derived from its variable.
    static func setting(forFlag flag: String) -> ServeSetting? {
        all.first { $0.flag == flag || $0.derivedFlag == flag }
    }
}
