import Foundation
import DawnApp
import DawnCLI
import Outbound
import XCTest

final class CommandLineOptionsTests: XCTestCase {
    private func serve(_ args: [String], _ env: [String: String] = [:]) throws -> DawnConfiguration {
        guard case let .serve(configuration) = try CommandLineOptions.parse(args, environment: env) else {
            throw CommandLineError("not serve")
        }
        return configuration
    }

    private func error(_ args: [String], _ env: [String: String] = [:]) -> String? {
        do {
            _ = try CommandLineOptions.parse(args, environment: env)
            return nil
        } catch {
            return error.message
        }
    }

    /// Reminders reach public addresses only unless the operator opens the LAN or everything;
    /// an SMTP relay literal those rules refuse stops `dawn serve` with the switch to set.
    func testWhereRemindersMayGo() throws {
        XCTAssertEqual(try serve(["serve"]).notifyAddressPolicy, .publicOnly)
        XCTAssertEqual(try serve(["serve"], ["DAWN_NOTIFY_ALLOW_PRIVATE": "1"]).notifyAddressPolicy, .publicAndPrivate)
        XCTAssertEqual(try serve(["serve", "--notify-allow-private"]).notifyAddressPolicy, .publicAndPrivate)
        XCTAssertEqual(try serve(["serve"], ["DAWN_NOTIFY_ALLOW_LOOPBACK": "1", "DAWN_NOTIFY_ALLOW_PRIVATE": "1"]).notifyAddressPolicy, .any)
        let relay = ["DAWN_SMTP_URL": "smtp://dawn:pw@192.168.1.2:587", "DAWN_SMTP_FROM": "dawn@example.org"]
        XCTAssertEqual(error(["serve"], relay), "DAWN_SMTP_URL names 192.168.1.2, an address reminders may not reach: set "
                       + "DAWN_NOTIFY_ALLOW_PRIVATE=1 for a relay on a private network, DAWN_NOTIFY_ALLOW_LOOPBACK=1 for one on this host")
        XCTAssertEqual(try serve(["serve"], relay.merging(["DAWN_NOTIFY_ALLOW_PRIVATE": "1"]) { $1 }).smtpURL, relay["DAWN_SMTP_URL"])
        XCTAssertNotNil(error(["serve"], ["DAWN_SMTP_URL": "smtp://127.1:25", "DAWN_NOTIFY_ALLOW_PRIVATE": "1"]))
        XCTAssertNoThrow(try serve(["serve"], ["DAWN_SMTP_URL": "smtp://127.0.0.1:25", "DAWN_NOTIFY_ALLOW_LOOPBACK": "1"]))
        XCTAssertNoThrow(try serve(["serve"], ["DAWN_SMTP_URL": "smtps://mail.example.org:465"]))
    }

    func testDefaults() throws {
        let c = try serve(["serve"])
        XCTAssertEqual(c.server.host, "127.0.0.1")
        XCTAssertEqual(c.server.port, 8080)
        XCTAssertEqual(c.dataDirectory, "./data")
        XCTAssertFalse(c.development)
        XCTAssertFalse(c.testHooks)
        // The production limits, and photo uploads and imports (a zip with photos, spooled to a
        // file) may carry their files.
        XCTAssertEqual(c.server.limits.uploadPathSuffixes, ["/photos"])
        XCTAssertEqual(c.server.limits.spoolPathSuffixes, ["/import"])
        var limits = c.server.limits
        limits.uploadPathSuffixes = []
        limits.spoolPathSuffixes = []
        XCTAssertEqual(limits, .production)
    }

    func testFlagsWinOverEnvironment() throws {
        let c = try serve(["serve", "--port", "9090", "--data", "/srv/dawn", "--dev"],
                          ["DAWN_PORT": "7070", "DAWN_HOST": "::1", "DAWN_DATA": "/tmp/x"])
        XCTAssertEqual(c.server.port, 9090)
        XCTAssertEqual(c.server.host, "::1")
        XCTAssertEqual(c.dataDirectory, "/srv/dawn")
        XCTAssertTrue(c.development)
    }

    func testLimitsFromEnvironment() throws {
        let c = try serve(["serve"], ["DAWN_HEADER_TIMEOUT": "0.5", "DAWN_MAX_CONNECTIONS": "10",
                                      "DAWN_MAX_BODY_BYTES": "2048", "DAWN_IDLE_TIMEOUT": "2"])
        XCTAssertEqual(c.server.limits.headerTimeout, .milliseconds(500))
        XCTAssertEqual(c.server.limits.idleTimeout, .seconds(2))
        XCTAssertEqual(c.server.limits.maxConnections, 10)
        XCTAssertEqual(c.server.limits.maxBodyBytes, 2048)
    }

    func testConnectionSlotsAndTheMinimumSendRate() throws {
        let defaults = try serve(["serve"])
        XCTAssertEqual(defaults.server.limits.maxConnectionsPerClient, 64)
        XCTAssertEqual(defaults.server.limits.minSendRate, 1024)
        XCTAssertEqual(defaults.server.limits.sendRateWindow, .seconds(30))
        let c = try serve(["serve", "--max-connections-per-client", "8", "--send-rate-window=3"],
                          ["DAWN_MIN_SEND_RATE": "0", "DAWN_MAX_CONNECTIONS_PER_CLIENT": "1000"])
        XCTAssertEqual(c.server.limits.maxConnectionsPerClient, 8, "the flag wins")
        XCTAssertEqual(c.server.limits.minSendRate, 0)
        XCTAssertEqual(c.server.limits.sendRateWindow, .seconds(3))
        XCTAssertEqual(error(["serve"], ["DAWN_MAX_CONNECTIONS_PER_CLIENT": "0"]),
                       "DAWN_MAX_CONNECTIONS_PER_CLIENT must be a whole number from 1 to 1000000, not \"0\"")
        XCTAssertEqual(error(["serve", "--min-send-rate", "1KiB"]),
                       "--min-send-rate must be a whole number from 0 to 1073741824, not \"1KiB\"")
        XCTAssertEqual(error(["serve"], ["DAWN_SEND_RATE_WINDOW": "-3"]),
                       "DAWN_SEND_RATE_WINDOW must be a number of seconds above 0 and at most 86400, not \"-3\"")
        // The server gets the trusted proxies too: it counts connections by the forwarded address.
        XCTAssertEqual(try serve(["serve", "--trusted-proxy", "10.0.0.2"]).server.trustedProxies, ["10.0.0.2"])
    }

    func testHelpAndVersion() throws {
        XCTAssertEqual(try CommandLineOptions.parse([], environment: [:]), .help)
        XCTAssertEqual(try CommandLineOptions.parse(["--help"], environment: [:]), .help)
        XCTAssertEqual(try CommandLineOptions.parse(["--version"], environment: [:]), .version)
    }

    func testBadInputIsAClearOneLineError() {
        XCTAssertEqual(error(["frobnicate"]), "unknown command \"frobnicate\" (try: dawn --help)")
        XCTAssertEqual(error(["serve", "--port"]), "--port needs a value")
        XCTAssertEqual(error(["serve", "--port", "http"]), "--port must be a port number from 0 to 65535, not \"http\"")
        XCTAssertEqual(error(["serve", "--port", "65536"]), "--port must be a port number from 0 to 65535, not \"65536\"")
        XCTAssertEqual(error(["serve", "--verbose"]), "unknown option \"--verbose\" (try: dawn --help)")
        XCTAssertEqual(error(["serve"], ["DAWN_PORT": "-1"]), "DAWN_PORT must be a port number from 0 to 65535, not \"-1\"")
        XCTAssertEqual(error(["serve"], ["DAWN_HEADER_TIMEOUT": "0"]),
                       "DAWN_HEADER_TIMEOUT must be a number of seconds above 0 and at most 86400, not \"0\"")
        XCTAssertEqual(error(["serve"], ["DAWN_MAX_CONNECTIONS": "lots"]),
                       "DAWN_MAX_CONNECTIONS must be a whole number from 1 to 1000000, not \"lots\"")
        XCTAssertEqual(error(["serve"], ["DAWN_DEV": "maybe"]), "DAWN_DEV must be 1 or 0, not \"maybe\"")
        XCTAssertEqual(error(["serve", "--data", ""]), "--data must not be empty")
    }

    func testEverySettingIsAFlagAndAVariable() throws {
        let fromFlags = try serve(["serve", "--header-timeout", "0.5", "--max-connections=10", "--workers", "3",
                                   "--session-cache", "0", "--access-log=0", "--metrics"])
        let fromVariables = try serve(["serve"], ["DAWN_HEADER_TIMEOUT": "0.5", "DAWN_MAX_CONNECTIONS": "10",
                                                  "DAWN_WORKERS": "3", "DAWN_SESSION_CACHE": "0",
                                                  "DAWN_ACCESS_LOG": "0", "DAWN_METRICS": "1"])
        XCTAssertEqual(fromFlags, fromVariables)
        XCTAssertEqual(fromFlags.server.limits.headerTimeout, .milliseconds(500))
        XCTAssertEqual(fromFlags.server.workerThreads, 3)
        XCTAssertEqual(fromFlags.sessionCacheSeconds, 0)
        XCTAssertFalse(fromFlags.server.accessLog)
        XCTAssertTrue(fromFlags.metrics)
    }

    func testIdleDatabaseSetting() throws {
        XCTAssertEqual(try serve(["serve"]).apiRequestsPerMinute, 600)
        XCTAssertEqual(try serve(["serve", "--api-rate-limit", "20"]).apiRequestsPerMinute, 20)
        XCTAssertEqual(try serve(["serve"], ["DAWN_API_RATE_LIMIT": "100000"]).apiRequestsPerMinute, 100_000)
        XCTAssertEqual(error(["serve"], ["DAWN_API_RATE_LIMIT": "0"]),
                       "DAWN_API_RATE_LIMIT must be a whole number from 1 to 1000000, not \"0\"")
        XCTAssertEqual(try serve(["serve"]).idleDatabaseSeconds, 60)
        XCTAssertEqual(try serve(["serve", "--idle-database", "5"]).idleDatabaseSeconds, 5)
        XCTAssertEqual(try serve(["serve"], ["DAWN_IDLE_DATABASE": "120"]).idleDatabaseSeconds, 120)
        XCTAssertEqual(error(["serve"], ["DAWN_IDLE_DATABASE": "0"]),
                       "DAWN_IDLE_DATABASE must be a whole number from 1 to 86400, not \"0\"")
    }

    func testPhotoQuotaSetting() throws {
        XCTAssertEqual(try serve(["serve"]).photoQuotaMegabytes, 5_000)
        XCTAssertEqual(try serve(["serve", "--photo-quota-mb", "200"]).photoQuotaMegabytes, 200)
        XCTAssertEqual(try serve(["serve"], ["DAWN_PHOTO_QUOTA_MB": "0"]).photoQuotaMegabytes, 0)
        XCTAssertEqual(error(["serve"], ["DAWN_PHOTO_QUOTA_MB": "-1"]),
                       "DAWN_PHOTO_QUOTA_MB must be a whole number from 0 to 100000000, not \"-1\"")
        XCTAssertEqual(error(["serve"], ["DAWN_PHOTO_QUOTA_MB": "lots"]),
                       "DAWN_PHOTO_QUOTA_MB must be a whole number from 0 to 100000000, not \"lots\"")
    }

    func testPasswordPoolAndSignInBudgetSettings() throws {
        let defaults = try serve(["serve"])
        XCTAssertGreaterThanOrEqual(defaults.passwordWorkers, 1)
        XCTAssertLessThan(defaults.passwordWorkers, max(2, defaults.server.workerThreads), "fewer than the workers")
        XCTAssertEqual(defaults.passwordQueueCapacity, 16)
        XCTAssertEqual(defaults.signInFailureBudget, 60)
        let fromFlags = try serve(["serve", "--password-workers", "2", "--password-queue=3", "--signin-failure-budget", "7"])
        let fromVariables = try serve(["serve"], ["DAWN_PASSWORD_WORKERS": "2", "DAWN_PASSWORD_QUEUE": "3",
                                                  "DAWN_SIGNIN_FAILURE_BUDGET": "7"])
        XCTAssertEqual(fromFlags, fromVariables)
        XCTAssertEqual([fromFlags.passwordWorkers, fromFlags.passwordQueueCapacity, fromFlags.signInFailureBudget], [2, 3, 7])
        XCTAssertEqual(error(["serve", "--password-queue", "0"]),
                       "--password-queue must be a whole number from 1 to 10000, not \"0\"")
        XCTAssertEqual(error(["serve"], ["DAWN_SIGNIN_FAILURE_BUDGET": "none"]),
                       "DAWN_SIGNIN_FAILURE_BUDGET must be a whole number from 1 to 1000000, not \"none\"")
    }

    func testTrustedProxyFlagsReplaceTheVariablesList() throws {
        XCTAssertEqual(try serve(["serve"], ["DAWN_TRUSTED_PROXIES": "10.0.0.1, ::1 ,"]).trustedProxies, ["10.0.0.1", "::1"])
        let c = try serve(["serve", "--trusted-proxy", "127.0.0.1", "--trusted-proxy", "10.0.0.9"],
                          ["DAWN_TRUSTED_PROXIES": "10.0.0.1"])
        XCTAssertEqual(c.trustedProxies, ["127.0.0.1", "10.0.0.9"])
        XCTAssertEqual(try serve(["serve", "--trusted-proxies", "10.0.0.1,10.0.0.2"]).trustedProxies, ["10.0.0.1", "10.0.0.2"])
        XCTAssertTrue(CommandLineOptions.usage.contains("--trusted-proxy V "))
    }

    func testMetricsToken() throws {
        XCTAssertNil(try serve(["serve"]).metricsToken)
        XCTAssertEqual(try serve(["serve"], ["DAWN_METRICS_TOKEN": "0123456789abcdef"]).metricsToken, "0123456789abcdef")
        XCTAssertEqual(error(["serve"], ["DAWN_METRICS_TOKEN": "0123456789abcde"]),
                       "DAWN_METRICS_TOKEN must be at least 16 visible ASCII characters")
        XCTAssertEqual(error(["serve", "--metrics-token", "0123456789 abcdef"]),
                       "--metrics-token must be at least 16 visible ASCII characters")
    }

    /// The proxy's sign-in header: a header name, believed only from a trusted proxy, so
    /// it needs one; its sign-out address an http(s) URL or a path.
    func testProxySignInHeader() throws {
        let proxy = ["DAWN_TRUSTED_PROXIES": "127.0.0.1"]
        XCTAssertNil(try serve(["serve"]).authHeader)
        let c = try serve(["serve"], proxy.merging(["DAWN_AUTH_HEADER": "Remote-User",
                                                   "DAWN_AUTH_HEADER_LOGOUT_URL": "https://auth.example.org/logout"]) { $1 })
        XCTAssertEqual(c.authHeader, "Remote-User")
        XCTAssertEqual(c.authHeaderLogoutURL, "https://auth.example.org/logout")
        XCTAssertEqual(try serve(["serve", "--auth-header", "X-Authentik-Username", "--trusted-proxy", "10.0.0.2"]).authHeader,
                       "X-Authentik-Username")
        XCTAssertEqual(error(["serve"], ["DAWN_AUTH_HEADER": "Remote-User"]),
                       "DAWN_AUTH_HEADER is read only from a trusted proxy: set DAWN_TRUSTED_PROXIES to its address too")
        for bad in ["Remote User", "Remote-User:", "Rémote"] {
            XCTAssertEqual(error(["serve"], proxy.merging(["DAWN_AUTH_HEADER": bad]) { $1 }),
                           "DAWN_AUTH_HEADER must be a header name, such as Remote-User")
        }
        XCTAssertEqual(error(["serve"], proxy.merging(["DAWN_AUTH_HEADER": "cookie"]) { $1 }), "DAWN_AUTH_HEADER cannot be Cookie")
        for bad in ["javascript:alert(1)", "//evil.example", "auth.example.org/logout", "https://a b"] {
            XCTAssertEqual(error(["serve"], ["DAWN_AUTH_HEADER_LOGOUT_URL": bad]),
                           "DAWN_AUTH_HEADER_LOGOUT_URL must be an http(s):// URL or a path")
        }
    }

    /// Sign-in with an OpenID provider: the three settings together, the secret from its file
    /// (one line), an issuer over https or on loopback, and password sign-in off only beside it.
    func testOpenIDSettings() throws {
        let folder = NSTemporaryDirectory() + "dawn-cli-\(UInt64.random(in: 0...UInt64.max))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let secretFile = folder + "/secret"
        try "from-the-file-42\r\n".write(toFile: secretFile, atomically: true, encoding: .utf8)
        let base = ["DAWN_OIDC_ISSUER": "https://auth.example.org/application/o/dawn/", "DAWN_OIDC_CLIENT_ID": "dawn"]
        var c = try serve(["serve", "--oidc-name", " Authentik "], base.merging(["DAWN_OIDC_CLIENT_SECRET_FILE": secretFile]) { $1 })
        XCTAssertEqual(c.openID.clientSecret, "from-the-file-42")
        XCTAssertEqual(c.openID.displayName, "Authentik")
        XCTAssertTrue(c.openID.isConfigured)
        XCTAssertTrue(c.passwordSignIn)
        c = try serve(["serve", "--password-signin=0"], base.merging(["DAWN_OIDC_CLIENT_SECRET": "s"]) { $1 })
        XCTAssertFalse(c.passwordSignIn)
        XCTAssertEqual(c.openID.displayName, "OpenID Connect")
        XCTAssertEqual(try serve(["serve", "--oidc-issuer", "http://127.0.0.1:9000"], base.merging(["DAWN_OIDC_CLIENT_SECRET": "s"]) { $1 })
            .openID.issuer, "http://127.0.0.1:9000")
        XCTAssertFalse(try serve(["serve"]).openID.isConfigured)
        XCTAssertEqual(error(["serve"], base), "sign-in with an OpenID provider needs DAWN_OIDC_ISSUER, DAWN_OIDC_CLIENT_ID and "
                       + "DAWN_OIDC_CLIENT_SECRET together; missing: DAWN_OIDC_CLIENT_SECRET (or DAWN_OIDC_CLIENT_SECRET_FILE)")
        XCTAssertEqual(error(["serve"], ["DAWN_OIDC_NAME": "Authentik"]), "sign-in with an OpenID provider needs DAWN_OIDC_ISSUER, "
                       + "DAWN_OIDC_CLIENT_ID and DAWN_OIDC_CLIENT_SECRET together; missing: DAWN_OIDC_ISSUER, DAWN_OIDC_CLIENT_ID, "
                       + "DAWN_OIDC_CLIENT_SECRET (or DAWN_OIDC_CLIENT_SECRET_FILE)")
        XCTAssertEqual(error(["serve"], base.merging(["DAWN_OIDC_CLIENT_SECRET": "s", "DAWN_OIDC_CLIENT_SECRET_FILE": secretFile]) { $1 }),
                       "set DAWN_OIDC_CLIENT_SECRET or DAWN_OIDC_CLIENT_SECRET_FILE, not both")
        XCTAssertTrue(error(["serve"], base.merging(["DAWN_OIDC_CLIENT_SECRET_FILE": folder + "/none"]) { $1 })?
            .hasPrefix("DAWN_OIDC_CLIENT_SECRET_FILE: cannot read the client secret from \(folder)/none: ") == true)
        XCTAssertEqual(error(["serve"], base.merging(["DAWN_OIDC_CLIENT_SECRET": "two words"]) { $1 }),
                       "DAWN_OIDC_CLIENT_SECRET must be at most 1024 visible ASCII characters (not repeated here: it is a secret)")
        XCTAssertEqual(error(["serve"], ["DAWN_OIDC_ISSUER": "http://auth.example.org"]),
                       "DAWN_OIDC_ISSUER must be https:// (http:// only for a provider on this machine: 127.0.0.1, [::1], localhost), "
                       + "not \"http://auth.example.org\"")
        XCTAssertEqual(error(["serve", "--oidc-issuer", "https://a.example.org/?x=1"]),
                       "--oidc-issuer is not a URL Dawn can use: an issuer has no query, not \"https://a.example.org/?x=1\"")
        XCTAssertEqual(error(["serve"], ["DAWN_OIDC_NAME": String(repeating: "x", count: 41)]),
                       "DAWN_OIDC_NAME must be one line of at most 40 characters")
        XCTAssertEqual(error(["serve"], base.merging(["DAWN_OIDC_CLIENT_SECRET": "s", "DAWN_OIDC_CA_FILE": folder]) { $1 }),
                       "DAWN_OIDC_CA_FILE: \(folder) is not a file of certificates")
        XCTAssertEqual(error(["serve"], ["DAWN_PASSWORD_SIGNIN": "0"]), "DAWN_PASSWORD_SIGNIN=0 needs sign-in with an OpenID provider: "
                       + "set DAWN_OIDC_ISSUER, DAWN_OIDC_CLIENT_ID and DAWN_OIDC_CLIENT_SECRET too")
        guard case let .printConfig(shown) = try CommandLineOptions.parse(["serve", "--print-config"],
                                                                          environment: base.merging(["DAWN_OIDC_CLIENT_SECRET_FILE": secretFile]) { $1 }) else {
            return XCTFail("not printConfig")
        }
        let lines = CommandLineOptions.describe(shown).split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.contains("DAWN_OIDC_CLIENT_SECRET=********"))
        XCTAssertTrue(lines.contains("DAWN_OIDC_CLIENT_SECRET_FILE=" + secretFile))
        XCTAssertFalse(CommandLineOptions.describe(shown).contains("from-the-file"))
    }

    func testPrintConfigListsEverySettingOnceAndMasksSecrets() throws {
        guard case let .printConfig(c) = try CommandLineOptions.parse(["serve", "--print-config", "--port", "9"],
                                                                       environment: ["DAWN_METRICS_TOKEN": "0123456789abcdefXYZ"]) else {
            return XCTFail("not printConfig")
        }
        XCTAssertEqual(c.server.port, 9)
        let lines = CommandLineOptions.describe(c).split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, Set(lines.map { $0.prefix { $0 != "=" } }).count)
        XCTAssertTrue(lines.contains("DAWN_PORT=9"))
        XCTAssertTrue(lines.contains("DAWN_METRICS_TOKEN=********"))
        XCTAssertTrue(lines.contains("DAWN_SHUTDOWN_GRACE=10"))
        XCTAssertFalse(CommandLineOptions.describe(c).contains("0123456789abcdef"))
        XCTAssertTrue(CommandLineOptions.describe(try serve(["serve"])).contains("DAWN_METRICS_TOKEN=\n"))
    }

    func testCheckArguments() throws {
        XCTAssertEqual(try CommandLineOptions.parse(["check"], environment: ["DAWN_DATA": "/srv/dawn"]),
                       .check(CheckCommand(data: "/srv/dawn", repair: false)))
        XCTAssertEqual(try CommandLineOptions.parse(["check", "--repair", "--data", "d"], environment: [:]),
                       .check(CheckCommand(data: "d", repair: true)))
        XCTAssertEqual(error(["check", "--fix"]), "unknown argument \"--fix\" for dawn check (try: dawn --help)")
    }

    func testHealthcheckArguments() throws {
        XCTAssertEqual(try CommandLineOptions.parse(["healthcheck"], environment: ["DAWN_HOST": "::", "DAWN_PORT": "81"]),
                       .healthcheck(HealthcheckCommand(host: "::", port: 81)))
        XCTAssertEqual(try CommandLineOptions.parse(["healthcheck", "--port", "82"], environment: ["DAWN_PORT": "81"]),
                       .healthcheck(HealthcheckCommand(host: "127.0.0.1", port: 82)))
        XCTAssertEqual(error(["healthcheck", "--port", "x"]), "--port must be a port number from 0 to 65535, not \"x\"")
        XCTAssertEqual(error(["healthcheck"], ["DAWN_PORT": "0"]), "healthcheck needs the server's port, not 0")
        XCTAssertEqual(error(["healthcheck", "--host"]), "--host needs a value")
    }

    func testHelpListsEveryDocumentedSetting() {
        for variable in ["DAWN_HOST", "DAWN_METRICS_TOKEN", "DAWN_WRITE_TIMEOUT", "DAWN_WORKER_QUEUE", "DAWN_PASSWORD_WORKERS",
                         "DAWN_PASSWORD_QUEUE", "DAWN_SIGNIN_FAILURE_BUDGET", "TZDIR",
                         "DAWN_MAX_CONNECTIONS_PER_CLIENT", "DAWN_MIN_SEND_RATE", "DAWN_SEND_RATE_WINDOW",
                         "DAWN_OIDC_ISSUER", "DAWN_OIDC_CLIENT_SECRET_FILE", "DAWN_OIDC_NAME", "DAWN_PASSWORD_SIGNIN",
                         "dawn user email"] {
            XCTAssertTrue(CommandLineOptions.usage.contains(variable), variable)
        }
        XCTAssertFalse(CommandLineOptions.usage.contains("DAWN_TEST_HOOKS"))
    }

    func testUserEmailTakesAnAddressOrRemove() throws {
        XCTAssertEqual(try CommandLineOptions.parse(["user", "email", "kid", "kid@example.org", "--data", "/d"], environment: [:]),
                       .user(.email(username: "kid", address: "kid@example.org", data: "/d")))
        XCTAssertEqual(try CommandLineOptions.parse(["user", "email", "kid", "--remove"], environment: ["DAWN_DATA": "/e"]),
                       .user(.email(username: "kid", address: nil, data: "/e")))
        XCTAssertEqual(error(["user", "email", "kid"]), "dawn user email needs USERNAME and ADDRESS (or --remove)")
        XCTAssertEqual(error(["user", "email", "kid", "a@example.org", "--remove"]), "dawn user email USERNAME --remove takes no ADDRESS")
        XCTAssertEqual(error(["user", "remove", "kid", "--remove"]), "unknown option \"--remove\" for dawn user remove")
    }


}
