import HTTP
import HTTPServer
import XCTest

final class RouterTests: XCTestCase {
    private func router() -> Router<String> {
        var r = Router<String>()
        r.add(.GET, "/", "home")
        r.add(.GET, "/day/:date", "day")
        r.add(.POST, "/day/:date/notes", "add-note")
        r.add(.GET, "/static/*", "static")
        return r
    }

    private func found(_ match: Router<String>.Match) -> (String, [String])? {
        if case let .found(handler, parameters) = match { return (handler, parameters) }
        return nil
    }

    func testRootAndCaptures() {
        XCTAssertEqual(found(router().match(.GET, []))?.0, "home")
        let day = found(router().match(.GET, ["day", "2026-11-22"]))
        XCTAssertEqual(day?.0, "day")
        XCTAssertEqual(day?.1, ["2026-11-22"])
    }

    func testHeadFallsBackToGet() {
        XCTAssertEqual(found(router().match(.HEAD, ["day", "x"]))?.0, "day")
    }

    func testRestCapturesTheRemainingSegments() {
        let match = found(router().match(.GET, ["static", "css", "app.1234.css"]))
        XCTAssertEqual(match?.1, ["css/app.1234.css"])
    }

    func testWrongMethodListsAllowedMethods() {
        guard case let .methodNotAllowed(allow) = router().match(.POST, ["day", "2026-01-01"]) else {
            return XCTFail("expected 405")
        }
        XCTAssertEqual(allow, [.GET, .HEAD])
        guard case let .methodNotAllowed(allowPost) = router().match(.DELETE, ["day", "x", "notes"]) else {
            return XCTFail("expected 405")
        }
        XCTAssertEqual(allowPost, [.POST])
    }

    func testUnknownPathsAreNotFound() {
        for path in [["nope"], ["day"], ["day", "x", "y"], ["day", "x", "notes", "extra"]] {
            guard case .notFound = router().match(.GET, path) else { return XCTFail("\(path) should be 404") }
        }
    }
}
