import DawnApp
import Files
import HTTPServer
import Store

#if canImport(Glibc)
import Glibc
#endif

/// The `dawn` executable's behaviour, kept here so `main.swift` stays one line.
public enum DawnCommand {
    /// Runs the command and returns the process exit status.
    public static func run(arguments: [String], environment: [String: String]) -> Int32 {
        // Before any file is made: databases (password and session hashes, journals),
        // their logs and backups are readable by the user running Dawn only.
        DataDirectory.restrictNewFilesToOwner()
        let options: CommandLineOptions
        do {
            options = try CommandLineOptions.parse(Array(arguments.dropFirst()), environment: environment)
        } catch {
            fail("\(error)")
            return 2
        }
        switch options {
        case .help:
            say(CommandLineOptions.usage)
            return 0
        case .version:
            say("dawn \(DawnVersion.current)")
            return 0
        case let .serve(configuration):
            return serve(configuration)
        case let .printConfig(configuration):
            say(CommandLineOptions.describe(configuration))
            return 0
        case let .healthcheck(command):
            return command.run(say: say, fail: fail)
        case let .user(command):
            return command.run(say: say, fail: fail)
        case let .backup(command):
            return command.run(say: say, fail: fail)
        case let .restore(command):
            return command.run(say: say, fail: fail)
        case let .check(command):
            return command.run(say: say, fail: fail)
        }
    }

    private static func serve(_ configuration: DawnConfiguration) -> Int32 {
        // Before any thread starts, so every thread inherits the mask and only sigwait sees them.
        HTTPServer.blockTerminationSignals()
        HTTPServer.useOneMallocArena()
        let metrics = ServerMetrics()
        let app: Dawn
        do {
            app = try Dawn(configuration: configuration, metrics: metrics)
        } catch {
            fail("\(error)")
            return 1
        }
        for change in app.data.tightened { fail(change) }
        for note in app.startupNotes { fail(note) }
        app.startReminders()
        var serverConfiguration = configuration.server
        serverConfiguration.spoolDirectory = app.uploadsFolder
        let server = HTTPServer(configuration: serverConfiguration, responder: app, metrics: metrics)
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
        // Between signals, the memory of database connections unused for a while goes back.
        let idle = Duration.seconds(configuration.idleDatabaseSeconds)
        let signal = HTTPServer.waitForTerminationSignal(every: min(idle, .seconds(5))) {
            if app.data.releaseIdleMemory(unusedFor: idle) > 0 { HTTPServer.releaseFreeMemory() }
        }
        say("dawn: \(signal == SIGTERM ? "SIGTERM" : "SIGINT") received, finishing requests in flight")
        server.shutdown()
        app.shutdown()
        say("dawn: stopped")
        return 0
    }

    private static func say(_ line: String) {
        writeAll(1, line + "\n")
    }

    private static func fail(_ line: String) {
        writeAll(2, "dawn: " + line + "\n")
    }

    /// Unbuffered, so lines keep their order with the server's access log on stdout.
    private static func writeAll(_ fd: Int32, _ text: String) {
        FileSystem.writeAll(fd, Array(text.utf8))
    }
}
