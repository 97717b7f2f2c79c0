import DawnApp
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

    func testDefaults() throws {
        let c = try serve(["serve"])
        XCTAssertEqual(c.server.host, "127.0.0.1")
        XCTAssertEqual(c.server.port, 8080)
        XCTAssertEqual(c.dataDirectory, "./data")
        XCTAssertFalse(c.development)
        XCTAssertFalse(c.testHooks)
        XCTAssertEqual(c.server.limits, .production)
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
}
