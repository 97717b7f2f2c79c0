import DawnApp
import HTTPServer

/// `dawn healthcheck`: the container's HEALTHCHECK, with no curl in the image.
/// Reads the address the server listens on from the same `DAWN_HOST`/`DAWN_PORT`.
public struct HealthcheckCommand: Equatable, Sendable {
    public var host = "127.0.0.1"
    public var port = 8080

    public init(host: String = "127.0.0.1", port: Int = 8080) {
        self.host = host
        self.port = port
    }

    static func parse(_ arguments: ArraySlice<String>, environment: [String: String]) throws(CommandLineError) -> HealthcheckCommand {
        var command = HealthcheckCommand()
        if let v = environment["DAWN_HOST"] { command.host = try ServeSetting.nonEmpty(v, name: "DAWN_HOST") }
        if let v = environment["DAWN_PORT"] { command.port = try ServeSetting.port(v, name: "DAWN_PORT") }
        var rest = arguments
        while let flag = rest.popFirst() {
            guard let value = rest.popFirst(), !value.hasPrefix("--") else {
                throw CommandLineError(flag.hasPrefix("--") && ["--host", "--port"].contains(flag)
                    ? "\(flag) needs a value" : "unknown option \"\(flag)\" (try: dawn --help)")
            }
            switch flag {
            case "--host": command.host = try ServeSetting.nonEmpty(value, name: "--host")
            case "--port": command.port = try ServeSetting.port(value, name: "--port")
            default: throw CommandLineError("unknown option \"\(flag)\" (try: dawn --help)")
            }
        }
        guard command.port != 0 else { throw CommandLineError("healthcheck needs the server's port, not 0") }
        return command
    }

    func run(say: (String) -> Void, fail: (String) -> Void) -> Int32 {
        switch HealthProbe.check(host: host, port: port) {
        case .success(200):
            say("healthy: /healthz answered 200")
            return 0
        case let .success(code):
            fail("unhealthy: /healthz answered \(code)")
            return 1
        case let .failure(error):
            fail("unhealthy: \(error)")
            return 1
        }
    }
}
