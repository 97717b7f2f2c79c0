@testable import HTTPServer
import XCTest

/// The access log never writes what follows a secret prefix (a calendar feed's link).
final class AccessLogPathTests: XCTestCase {
    func testASecretPathIsCutAfterItsPrefix() {
        var configuration = ServerConfiguration()
        XCTAssertEqual(configuration.loggedPath("/ical/abc.ics"), "/ical/abc.ics", "nothing is secret by default")
        configuration.secretPathPrefixes = ["/ical/"]
        XCTAssertEqual(configuration.loggedPath("/ical/UN1j-jvrQ7MfIJQwGCi4I58SrsD11OjQhcTMdPp4Ud8.ics"), "/ical/…")
        XCTAssertEqual(configuration.loggedPath("/ical/"), "/ical/…")
        XCTAssertEqual(configuration.loggedPath("/ical"), "/ical")
        XCTAssertEqual(configuration.loggedPath("/day/2026-03-11"), "/day/2026-03-11")
    }

    /// A line's numbers are written digit by digit, with no string made for them.
    func testNumbersAreWrittenInDecimal() {
        for (value, text) in [(UInt64(0), "0"), (7, "7"), (200, "200"), (1_234_567, "1234567"),
                              (UInt64.max, "18446744073709551615")] {
            var buffer = Array("GET / ".utf8)
            EventLoop.appendDecimal(value, to: &buffer)
            XCTAssertEqual(String(decoding: buffer, as: UTF8.self), "GET / " + text)
        }
    }
}
