import Foundation
import HTTPServer

/// The `dawn` executable's behaviour, kept here so `main.swift` stays one line.
public enum DawnCommand {
    /// Runs the command and returns the process exit status.
    public static func run(arguments: [String], environment: [String: String]) -> Int32 {
        let options: CommandLineOptions
        do {
            options = try CommandLineOptions.parse(Array(arguments.dropFirst()), environment: environment)
        } catch {
            fail("\(error)")
            return 2
        }
        switch options {
        case .help:
            print(CommandLineOptions.usage)
            return 0
        case .version:
            print("dawn \(DawnVersion.current)")
            return 0
        case let .serve(configuration):
            return serve(configuration)
        }
    }

    private static func serve(_ configuration: DawnConfiguration) -> Int32 {
        // Before any thread starts, so every thread inherits the mask and only sigwait sees them.
        HTTPServer.blockTerminationSignals()
        let app: Dawn
        do {
            app = try Dawn(configuration: configuration)
        } catch {
            fail("\(error)")
            return 1
        }
        let server = HTTPServer(configuration: configuration.server, responder: app)
        let port: Int
        do {
            port = try server.start()
        } catch {
            app.shutdown()
            fail("\(error)")
            return 1
        }
        let host = configuration.server.host.contains(":") ? "[\(configuration.server.host)]" : configuration.server.host
        say("dawn \(DawnVersion.current) listening on http://\(host):\(port) (data: \(configuration.dataDirectory)\(configuration.development ? ", development mode" : ""))")
        let signal = HTTPServer.waitForTerminationSignal()
        say("dawn: \(signal == SIGTERM ? "SIGTERM" : "SIGINT") received, finishing requests in flight")
        server.shutdown()
        app.shutdown()
        say("dawn: stopped")
        return 0
    }

    private static func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    private static func fail(_ line: String) {
        FileHandle.standardError.write(Data(("dawn: " + line + "\n").utf8))
    }
}
