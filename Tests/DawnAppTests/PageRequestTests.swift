import HTTP
import HTTPServer
import XCTest
@testable import DawnApp

/// A handler asking for a capture its route does not have gets an internal error page,
/// and the process goes on serving.
final class PageRequestTests: XCTestCase {
    private func request(_ parameters: RouteParameters) -> PageRequest {
        PageRequest(http: HTTPRequest(method: .GET, target: "/habits/7"),
                    context: RequestContext(peer: SocketAddress(host: "127.0.0.1", port: 40_000), receivedAt: 0,
                                            acceptsGzip: false),
                    segments: ["habits", "7"], parameters: parameters, form: FormFields(), files: [], signedIn: nil,
                    cookies: RequestCookies(header: nil), clientAddress: "127.0.0.1", isSecure: false, language: .en,
                    limits: HTTPLimits())
    }

    func testACaptureOfTheRouteIsRead() throws {
        let page = request(RouteParameters(["id": "7"]))
        XCTAssertEqual(try page.parameter("id"), "7")
        XCTAssertEqual(try page.id(), 7)
    }

    func testAMisspeltCaptureIsAnInternalError() {
        let page = request(RouteParameters(["id": "7"]))
        for read in [{ _ = try page.parameter("ib") }, { _ = try page.id("habit") }, { _ = try page.date() }] {
            XCTAssertThrowsError(try read()) { error in
                let error = error as? PageError
                XCTAssertEqual(error?.status, .internalServerError)
                XCTAssertEqual(error?.key, "error.internal")
            }
        }
    }
}
