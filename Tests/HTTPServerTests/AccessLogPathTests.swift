import HTTPServer
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

}
