import HTTP
import HTTPServer
import XCTest

final class RouterTests: XCTestCase {
    private func router() -> Router<String> {
        var r = Router<String>()
        r.add(.GET, "/", "home")
        r.add(.GET, "/day/{date}", "day")
        r.add(.POST, "/day/{date}/notes", "add-note")
        r.add(.POST, "/day/{date}/notes/{id}/delete", "delete-note")
        r.add(.GET, "/static/{path*}", "static")
        return r
    }

    private func found(_ match: Router<String>.Match) -> (String, RouteParameters)? {
        if case let .found(handler, parameters) = match { return (handler, parameters) }
        return nil
    }

    func testRootAndNamedCaptures() {
        XCTAssertEqual(found(router().match(.GET, []))?.0, "home")
        let day = found(router().match(.GET, ["day", "2026-11-22"]))
        XCTAssertEqual(day?.0, "day")
        XCTAssertEqual(day?.1["date"], "2026-11-22")
        XCTAssertNil(day?.1["id"])
        let delete = found(router().match(.POST, ["day", "2026-11-22", "notes", "7", "delete"]))
        XCTAssertEqual(delete?.1, RouteParameters(["date": "2026-11-22", "id": "7"]))
    }

    func testHeadFallsBackToGet() {
        XCTAssertEqual(found(router().match(.HEAD, ["day", "x"]))?.0, "day")
    }

    func testRestCapturesTheRemainingSegments() {
        let match = found(router().match(.GET, ["static", "css", "app.1234.css"]))
        XCTAssertEqual(match?.1["path"], "css/app.1234.css")
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

    /// Two patterns overlap when some path matches both: the router refuses that at
    /// start-up, since which one answered would depend on the order they were added.
    func testOverlappingPatterns() throws {
        func overlap(_ a: String, _ b: String) throws -> Bool {
            let (p, q) = (try RoutePattern(a), try RoutePattern(b))
            XCTAssertEqual(p.overlaps(q), q.overlaps(p), "symmetric: \(a) \(b)")
            return p.overlaps(q)
        }
        XCTAssertTrue(try overlap("/habits/{id}", "/habits/new"))
        XCTAssertTrue(try overlap("/day/{date}/entry", "/day/{day}/entry"), "names do not matter")
        XCTAssertTrue(try overlap("/static/{path*}", "/static/app.css"))
        XCTAssertTrue(try overlap("/static/{path*}", "/static"), "a rest may be empty")
        XCTAssertTrue(try overlap("/", "/"))
        XCTAssertFalse(try overlap("/day/{date}/entry", "/day/{date}/notes"))
        XCTAssertFalse(try overlap("/habits/{id}", "/habits/{id}/edit"), "lengths differ")
        XCTAssertFalse(try overlap("/habits/new", "/habits/archived"))
        XCTAssertFalse(try overlap("/", "/day"))
        XCTAssertFalse(try overlap("/static/{path*}", "/stats"))
        // A digits capture meets only literals of digits.
        XCTAssertFalse(try overlap("/habits/{id#}", "/habits/new"))
        XCTAssertFalse(try overlap("/habits/{id#}", "/habits/archived"))
        XCTAssertTrue(try overlap("/habits/{id#}", "/habits/2026"))
        XCTAssertTrue(try overlap("/habits/{id#}", "/habits/{id}"))
        XCTAssertTrue(try overlap("/habits/{id#}", "/habits/{n#}"))
    }

    func testADigitsCaptureMatchesDigitsOnly() throws {
        var router = Router<String>()
        router.add(.GET, "/habits/{id#}", "page")
        router.add(.GET, "/habits/new", "form")
        func answer(_ path: [String]) -> String? {
            if case let .found(handler, parameters) = router.match(.GET, path) { return handler + " " + (parameters["id"] ?? "") }
            return nil
        }
        XCTAssertEqual(answer(["habits", "12"]), "page 12")
        XCTAssertEqual(answer(["habits", "new"]), "form ")
        XCTAssertNil(answer(["habits", "12a"]))
        XCTAssertNil(answer(["habits", ""]))
        XCTAssertNil(answer(["habits", "-1"]))
        XCTAssertNil(answer(["habits", "١٢"]), "ASCII digits only")
    }

    func testMalformedPatternsAreRefused() {
        for bad in ["day/{date}", "/day/:date", "/day/{}", "/day/{date", "/day/{da-te}", "/a/{x}/{x}",
                    "/a/{rest*}/b", "/a//b", "/a/*", "/a/b{c}", "/a/{#}", "/a/{x#*}", "/a/b#{c}"] {
            XCTAssertThrowsError(try RoutePattern(bad), bad)
        }
        XCTAssertNoThrow(try RoutePattern("/"))
        XCTAssertNoThrow(try RoutePattern("/habits/{id}/edit"))
    }
}
