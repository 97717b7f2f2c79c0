import HTTP
import HTTPServer

/// What `dawn` was asked to do, parsed from its arguments and `DAWN_*` variables.
/// Flags win over the environment; every bad value is a one-line error.
public enum CommandLineOptions: Equatable {
    case serve(DawnConfiguration)
    case user(UserCommand)
    case maintenance(MaintenanceCommand)
    case help
    case version

    public static let usage = """
        Dawn \(DawnVersion.current): a family's habits and daily journal.

        Usage:
          dawn serve [--host 127.0.0.1] [--port 8080] [--data ./data] [--resources .] [--dev]
                     [--trusted-proxy 127.0.0.1]
          dawn user add USERNAME [--name "Display Name"] [--admin] [--time-zone Europe/Rome] [--data DIR]
          dawn user passwd USERNAME [--data DIR]
          dawn user list [--data DIR]
          dawn user remove USERNAME --yes [--data DIR]
          dawn backup --to DIR [--data DIR] [--keep N]
                                                  snapshot every database into DIR/dawn-backup-<UTC time>/;
                                                  with --keep, then remove all but the newest N backups in DIR
          dawn restore --from BACKUPDIR [--data DIR]
                                                  verify a backup, then copy it into a missing or empty data folder
          dawn check [--data DIR]                 PRAGMA integrity_check on every database; exit 1 on any problem
          dawn --help | --version

        Options (each also an environment variable):
          --host ADDR        DAWN_HOST       address to listen on (default 127.0.0.1)
          --port N           DAWN_PORT       port to listen on (default 8080; 0 picks a free one)
          --data DIR         DAWN_DATA       data folder (default ./data)
          --resources DIR    DAWN_RESOURCES  folder holding Views/ and Public/ (default .)
          --dev              DAWN_DEV=1      reload templates and static files when they change
          --trusted-proxy A  DAWN_TRUSTED_PROXIES=A,B
                                             believe X-Forwarded-For/-Proto only from these addresses

        Limits (environment only; times in seconds, decimals allowed):
          DAWN_HEADER_TIMEOUT=10  DAWN_BODY_TIMEOUT=30  DAWN_IDLE_TIMEOUT=60  DAWN_WRITE_TIMEOUT=30
          DAWN_MAX_CONNECTIONS=4096  DAWN_MAX_BODY_BYTES=1048576  DAWN_MAX_HEADER_BYTES=16384
          DAWN_MAX_REQUEST_LINE_BYTES=8192  DAWN_MAX_HEADER_FIELDS=100  DAWN_MAX_FORM_FIELDS=256
          DAWN_EVENT_LOOPS=<cores>  DAWN_WORKERS=<cores>  DAWN_WORKER_QUEUE=256  DAWN_SHUTDOWN_GRACE=10
          DAWN_ACCESS_LOG=1  DAWN_SESSION_CACHE=5 (seconds a checked session is believed)
        """

    public static func parse(_ arguments: [String], environment: [String: String]) throws(CommandLineError) -> CommandLineOptions {
        var rest = arguments[...]
        guard let command = rest.popFirst() else { return .help }
        switch command {
        case "--help", "-h", "help": return .help
        case "--version", "version": return .version
        case "serve": break
        case "user": return .user(try UserCommand.parse(rest, environment: environment))
        case "backup", "restore", "check":
            return .maintenance(try MaintenanceCommand.parse(command, rest, environment: environment))
        default: throw CommandLineError("unknown command \"\(command)\" (try: dawn --help)")
        }

        var configuration = DawnConfiguration()
        try applyEnvironment(environment, to: &configuration)
        while let flag = rest.popFirst() {
            func value() throws(CommandLineError) -> String {
                guard let v = rest.popFirst(), !v.hasPrefix("--") else { throw CommandLineError("\(flag) needs a value") }
                return v
            }
            switch flag {
            case "--host": configuration.server.host = try value()
            case "--port": configuration.server.port = try port(try value(), name: "--port")
            case "--data": configuration.dataDirectory = try nonEmpty(try value(), name: "--data")
            case "--resources": configuration.resourcesDirectory = try nonEmpty(try value(), name: "--resources")
            case "--dev": configuration.development = true
            case "--trusted-proxy": configuration.trustedProxies.append(try value())
            case "--help", "-h": return .help
            default: throw CommandLineError("unknown option \"\(flag)\" (try: dawn --help)")
            }
        }
        return .serve(configuration)
    }

    private static func applyEnvironment(_ env: [String: String], to c: inout DawnConfiguration) throws(CommandLineError) {
        if let v = env["DAWN_HOST"] { c.server.host = try nonEmpty(v, name: "DAWN_HOST") }
        if let v = env["DAWN_PORT"] { c.server.port = try port(v, name: "DAWN_PORT") }
        if let v = env["DAWN_DATA"] { c.dataDirectory = try nonEmpty(v, name: "DAWN_DATA") }
        if let v = env["DAWN_RESOURCES"] { c.resourcesDirectory = try nonEmpty(v, name: "DAWN_RESOURCES") }
        if let v = env["DAWN_DEV"] { c.development = try flag(v, name: "DAWN_DEV") }
        if let v = env["DAWN_TEST_HOOKS"] { c.testHooks = try flag(v, name: "DAWN_TEST_HOOKS") }
        if let v = env["DAWN_TRUSTED_PROXIES"] {
            c.trustedProxies = v.split(separator: ",").map { String($0.trimmingSpaces) }.filter { !$0.isEmpty }
        }
        if let v = env["TZDIR"], !v.isEmpty { c.timeZoneDirectory = v }
        if let v = env["DAWN_ACCESS_LOG"] { c.server.accessLog = try flag(v, name: "DAWN_ACCESS_LOG") }

        if let v = env["DAWN_HEADER_TIMEOUT"] { c.server.limits.headerTimeout = try seconds(v, name: "DAWN_HEADER_TIMEOUT") }
        if let v = env["DAWN_BODY_TIMEOUT"] { c.server.limits.bodyTimeout = try seconds(v, name: "DAWN_BODY_TIMEOUT") }
        if let v = env["DAWN_IDLE_TIMEOUT"] { c.server.limits.idleTimeout = try seconds(v, name: "DAWN_IDLE_TIMEOUT") }
        if let v = env["DAWN_WRITE_TIMEOUT"] { c.server.limits.writeTimeout = try seconds(v, name: "DAWN_WRITE_TIMEOUT") }
        if let v = env["DAWN_SHUTDOWN_GRACE"] { c.server.shutdownGrace = try seconds(v, name: "DAWN_SHUTDOWN_GRACE") }

        if let v = env["DAWN_MAX_CONNECTIONS"] { c.server.limits.maxConnections = try count(v, name: "DAWN_MAX_CONNECTIONS", 1...1_000_000) }
        if let v = env["DAWN_MAX_BODY_BYTES"] { c.server.limits.maxBodyBytes = try count(v, name: "DAWN_MAX_BODY_BYTES", 0...(256 << 20)) }
        if let v = env["DAWN_MAX_HEADER_BYTES"] { c.server.limits.maxHeaderBytes = try count(v, name: "DAWN_MAX_HEADER_BYTES", 256...(1 << 20)) }
        if let v = env["DAWN_MAX_REQUEST_LINE_BYTES"] { c.server.limits.maxRequestLineBytes = try count(v, name: "DAWN_MAX_REQUEST_LINE_BYTES", 64...(1 << 20)) }
        if let v = env["DAWN_MAX_HEADER_FIELDS"] { c.server.limits.maxHeaderFields = try count(v, name: "DAWN_MAX_HEADER_FIELDS", 1...10_000) }
        if let v = env["DAWN_MAX_FORM_FIELDS"] { c.server.limits.maxFormFields = try count(v, name: "DAWN_MAX_FORM_FIELDS", 1...100_000) }
        if let v = env["DAWN_EVENT_LOOPS"] { c.server.eventLoops = try count(v, name: "DAWN_EVENT_LOOPS", 1...256) }
        if let v = env["DAWN_WORKERS"] { c.server.workerThreads = try count(v, name: "DAWN_WORKERS", 1...256) }
        if let v = env["DAWN_SESSION_CACHE"] { c.sessionCacheSeconds = Int64(try count(v, name: "DAWN_SESSION_CACHE", 0...3600)) }
        if let v = env["DAWN_WORKER_QUEUE"] { c.server.workerQueueCapacity = try count(v, name: "DAWN_WORKER_QUEUE", 1...100_000) }
    }

    private static func nonEmpty(_ v: String, name: String) throws(CommandLineError) -> String {
        guard !v.isEmpty else { throw CommandLineError("\(name) must not be empty") }
        return v
    }

    private static func port(_ v: String, name: String) throws(CommandLineError) -> Int {
        guard let n = Int(v), (0...65535).contains(n) else {
            throw CommandLineError("\(name) must be a port number from 0 to 65535, not \"\(v)\"")
        }
        return n
    }

    private static func count(_ v: String, name: String, _ range: ClosedRange<Int>) throws(CommandLineError) -> Int {
        guard let n = Int(v), range.contains(n) else {
            throw CommandLineError("\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound), not \"\(v)\"")
        }
        return n
    }

    private static func seconds(_ v: String, name: String) throws(CommandLineError) -> Duration {
        guard let s = Double(v), s.isFinite, s > 0, s <= 86_400 else {
            throw CommandLineError("\(name) must be a number of seconds above 0 and at most 86400, not \"\(v)\"")
        }
        return .milliseconds(Int64((s * 1000).rounded()))
    }

    private static func flag(_ v: String, name: String) throws(CommandLineError) -> Bool {
        switch v.lowercased() {
        case "1", "true", "yes", "on": return true
        case "0", "false", "no", "off", "": return false
        default: throw CommandLineError("\(name) must be 1 or 0, not \"\(v)\"")
        }
    }
}

/// A bad argument or variable, as the one line `dawn` prints before exiting 2.
public struct CommandLineError: Error, Equatable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
