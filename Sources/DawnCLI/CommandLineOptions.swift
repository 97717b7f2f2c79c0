import DawnApp
import HTTP
import HTTPServer
import Outbound

/// What `dawn` was asked to do, parsed from its arguments and `DAWN_*` variables.
/// Flags win over the environment; every bad value is a one-line error.
public enum CommandLineOptions: Equatable {
    case serve(DawnConfiguration)
    case printConfig(DawnConfiguration)
    case healthcheck(HealthcheckCommand)
    case user(UserCommand)
    case backup(BackupCommand)
    case restore(RestoreCommand)
    case check(CheckCommand)
    case help
    case version

    public static var usage: String {
        let documented = ServeSettings.all.filter(\.isDocumented)
        let flags = documented.map { setting in setting.flag.map { $0 + (setting.isSwitch ? "" : " V") } ?? "" }
        let flagWidth = max(30, (flags.map(\.count).max() ?? 0) + 2)
        let variableWidth = max(28, (documented.map(\.variable.count).max() ?? 0) + 2)
        let settings = zip(documented, flags).map { setting, flag in
            "  " + pad(flag, flagWidth) + pad(setting.variable, variableWidth) + setting.help
        }
        return """
            Dawn \(DawnVersion.current): a family's habits and daily journal.

            Usage:
              dawn serve [OPTIONS] [--print-config]   run the server; --print-config shows the settings in effect and exits
              dawn healthcheck [--host H] [--port N]  GET /healthz from a running server; exit 0 when it answers 200
              dawn user add USERNAME [--name "Display Name"] [--admin] [--time-zone Europe/Rome] [--data DIR]
              dawn user passwd USERNAME [--data DIR]
              dawn user list [--data DIR]
              dawn user remove USERNAME --yes [--data DIR]
              dawn user email USERNAME ADDRESS|--remove [--data DIR]
              dawn backup --to DIR [--data DIR] [--keep N]
                                                      snapshot every database and photo into DIR/dawn-backup-<UTC time>/;
                                                      with --keep, then remove all but the newest N backups in DIR
              dawn restore --from BACKUPDIR [--data DIR]
                                                      verify a backup, then copy it into a missing or empty data folder
              dawn check [--data DIR] [--repair]
                                                      integrity_check on every database, every photo file's hash;
                                                      exit 1 on any problem; --repair removes files no photo names
              dawn --help | --version

            Options of dawn serve: each flag is also the environment variable beside it; flags win.
            --trusted-proxy A may be given once per address. Times are seconds (decimals allowed).
            (--trusted-proxies A,B works too, as every variable's own name does.)
            \(settings.joined(separator: "\n"))
            """
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }

    public static func parse(_ arguments: [String], environment: [String: String]) throws(CommandLineError) -> CommandLineOptions {
        var rest = arguments[...]
        guard let command = rest.popFirst() else { return .help }
        switch command {
        case "--help", "-h", "help": return .help
        case "--version", "version": return .version
        case "serve": break
        case "healthcheck": return .healthcheck(try HealthcheckCommand.parse(rest, environment: environment))
        case "user": return .user(try UserCommand.parse(rest, environment: environment))
        case "backup": return .backup(try BackupCommand.parse(rest, environment: environment))
        case "restore": return .restore(try RestoreCommand.parse(rest, environment: environment))
        case "check": return .check(try CheckCommand.parse(rest, environment: environment))
        default: throw CommandLineError("unknown command \"\(command)\" (try: dawn --help)")
        }

        var configuration = DawnConfiguration()
        for setting in ServeSettings.all {
            if let v = environment[setting.variable] {
                // An empty TZDIR means "unset", as the C library reads it.
                if setting.variable == "TZDIR" && v.isEmpty { continue }
                try setting.apply(v, setting.variable, &configuration)
            }
        }
        var printConfig = false
        var proxiesFromFlags: [String] = []
        while let argument = rest.popFirst() {
            if argument == "--help" || argument == "-h" { return .help }
            if argument == "--print-config" { printConfig = true; continue }
            let (flag, inline) = splitFlag(argument)
            guard let setting = ServeSettings.setting(forFlag: flag) else {
                throw CommandLineError("unknown option \"\(flag)\" (try: dawn --help)")
            }
            let value: String
            if let inline {
                value = inline
            } else if setting.isSwitch {
                value = "1"
            } else {
                guard let next = rest.popFirst(), !next.hasPrefix("--") else { throw CommandLineError("\(flag) needs a value") }
                value = next
            }
            try setting.apply(value, flag, &configuration)
            if setting.variable == "DAWN_TRUSTED_PROXIES" {
                // Each flag adds addresses; together they replace the variable's list.
                proxiesFromFlags += configuration.trustedProxies
                configuration.trustedProxies = proxiesFromFlags
            }
        }
        if let url = configuration.smtpURL, let host = SMTPMail.relayHost(of: url),
           configuration.notifyAddressPolicy.refusesHost(host, localAddresses: InterfaceAddresses.current()) {
            throw CommandLineError("DAWN_SMTP_URL names \(host), an address reminders may not reach: set DAWN_NOTIFY_ALLOW_PRIVATE=1 "
                                   + "for a relay on a private network, DAWN_NOTIFY_ALLOW_LOOPBACK=1 for one on this host")
        }
        if configuration.authHeader != nil, configuration.trustedProxies.isEmpty {
            throw CommandLineError("DAWN_AUTH_HEADER is read only from a trusted proxy: set DAWN_TRUSTED_PROXIES to its address too")
        }
        try OpenIDOptions.complete(&configuration.openID)
        if !configuration.passwordSignIn, !configuration.openID.isConfigured {
            throw CommandLineError("DAWN_PASSWORD_SIGNIN=0 needs sign-in with an OpenID provider: set DAWN_OIDC_ISSUER, "
                                   + "DAWN_OIDC_CLIENT_ID and DAWN_OIDC_CLIENT_SECRET too")
        }
        return printConfig ? .printConfig(configuration) : .serve(configuration)
    }

    /// `--port=8080` → ("--port", "8080"); `--port` → ("--port", nil).
    private static func splitFlag(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    /// What `dawn serve --print-config` prints: one `VARIABLE=value` line per setting, secrets masked.
    public static func describe(_ configuration: DawnConfiguration) -> String {
        ServeSettings.all.map { "\($0.variable)=\($0.show(configuration))" }.joined(separator: "\n")
    }
}

/// A bad argument or variable, as the one line `dawn` prints before exiting 2.
public struct CommandLineError: Error, Equatable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
