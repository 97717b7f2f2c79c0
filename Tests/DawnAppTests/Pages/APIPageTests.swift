import Foundation
import HTTP
import Store
import XCTest
@testable import DawnApp

/// The API and `/account/tokens` in process, on a fixed clock (Wednesday 2026-03-11, Rome):
/// a token made on the page and used as a Bearer, the API's routes and JSON errors, the
/// checklist's write path shared with the day page (its ETag changes), scopes, a Bearer on a
/// page ignored, the rate limit's minute and last use on the app's clock.
final class APIPageTests: XCTestCase {
    private static let now = PageHarness.instant("2026-03-11T10:00:00Z")

    private func harness() throws -> PageHarness {
        let dawn = try PageHarness(now: Self.now).signedUp()
        dawn.addHabit("Read")
        dawn.addHabit("Run")
        return dawn
    }

    private func token(_ dawn: PageHarness, scope: String = "write", journal: Bool = false) throws -> String {
        _ = dawn.get("/account/tokens")
        let page = dawn.post("/account/tokens", [("name", "Test"), ("scope", scope)] + (journal ? [("journal", "1")] : []))
        XCTAssertEqual(page.status, .ok, page.text)
        return try XCTUnwrap(PageHarness.firstMatch(#"<code class="api-token">(dawn_[^<]+)</code>"#, in: page.text))
    }

    private func call(_ dawn: PageHarness, _ method: HTTPMethod, _ target: String, _ token: String?,
                      json: String? = nil) -> (PageHarness.Page, [String: Any]) {
        let saved = dawn.cookies
        dawn.cookies = [:]
        defer { dawn.cookies = saved }
        var headers: [(String, String)] = token.map { [("Authorization", "Bearer " + $0)] } ?? []
        if json != nil { headers.append(("Content-Type", "application/json")) }
        let page = dawn.request(method, target, headers: headers, body: Array((json ?? "").utf8))
        let object = (try? JSONSerialization.jsonObject(with: Data(page.body))) as? [String: Any] ?? [:]
        return (page, object)
    }

    private func code(_ object: [String: Any]) -> String? {
        (object["error"] as? [String: Any])?["code"] as? String
    }

    func testTheMemberTheirHabitsAndADay() throws {
        let dawn = try harness()
        let token = try token(dawn, scope: "read")
        let (me, body) = call(dawn, .GET, "/api/v1/me", token)
        XCTAssertEqual(me.status, .ok)
        XCTAssertEqual(me.headers["Content-Type"], "application/json; charset=utf-8")
        XCTAssertEqual(body["today"] as? String, "2026-03-11")
        XCTAssertEqual(body["timeZone"] as? String, "Europe/Rome")
        XCTAssertEqual(dawn.lastRan, .workerPool, "a token's request may write its last use: never on a loop")
        let habits = call(dawn, .GET, "/api/v1/habits", token).1["habits"] as? [[String: Any]]
        XCTAssertEqual(habits?.map { $0["name"] as? String }, ["Read", "Run"])
        XCTAssertEqual(habits?.first?["schedule"] as? [String: String], ["every": "day"])
        XCTAssertTrue(habits?.first?["target"] is NSNull)
        let day = call(dawn, .GET, "/api/v1/days/2026-03-11", token).1
        XCTAssertEqual(Set(day.keys), ["date", "habits", "chores", "mood"], "no journal without it")
        XCTAssertEqual(call(dawn, .GET, "/api/v1/days/today", token).1["date"] as? String, "2026-03-11")
    }

    func testACheckGoesThroughTheChecklistsWritePathAndTheDayPageChanges() throws {
        let dawn = try harness()
        let token = try token(dawn)
        let before = dawn.get("/day/2026-03-11")
        let etag = try XCTUnwrap(before.headers["ETag"])
        XCTAssertTrue(before.text.contains(#"<li class="check open" id="check-1">"#))
        let (page, state) = call(dawn, .POST, "/api/v1/days/2026-03-11/check/1", token, json: #"{"action": "done"}"#)
        XCTAssertEqual(page.status, .ok, page.text)
        XCTAssertEqual(state["done"] as? Bool, true)
        let after = dawn.get("/day/2026-03-11", headers: [("If-None-Match", etag)])
        XCTAssertEqual(after.status, .ok)
        XCTAssertNotEqual(after.headers["ETag"], etag)
        XCTAssertTrue(after.text.contains(#"<li class="check done" id="check-1">"#))
        XCTAssertEqual(call(dawn, .POST, "/api/v1/days/2026-03-11/check/1", token, json: #"{"action": "undo"}"#).1["done"] as? Bool,
                       false)
        XCTAssertTrue(dawn.get("/day/2026-03-11").text.contains(#"<li class="check open" id="check-1">"#))
    }

    func testErrorsAreJSONWithTheirStatusAndNothingIsWritten() throws {
        let dawn = try harness()
        let read = try token(dawn, scope: "read")
        let write = try token(dawn)
        let (missing, missingBody) = call(dawn, .GET, "/api/v1/me", nil)
        XCTAssertEqual(missing.status, .unauthorized)
        XCTAssertEqual(missing.headers["WWW-Authenticate"], #"Bearer realm="dawn""#)
        XCTAssertEqual(code(missingBody), "token_missing")
        XCTAssertEqual(code(call(dawn, .GET, "/api/v1/me", "dawn_" + String(repeating: "Q", count: 43)).1), "token_invalid")
        let refused: [(String?, String, HTTPStatus, String)] = [
            (read, #"{"action": "done"}"#, .forbidden, "read_only_token"),
            (write, #"{"action": "nap"}"#, .unprocessableContent, "invalid"),
            (write, #"{"action": "done", "amount": -2}"#, .unprocessableContent, "invalid"),
            (write, #"{"action": "done""#, .badRequest, "malformed_json"),
            (write, "[]", .unprocessableContent, "invalid"),
        ]
        for (token, json, status, expected) in refused {
            let (page, body) = call(dawn, .POST, "/api/v1/days/2026-03-11/check/1", token, json: json)
            XCTAssertEqual(page.status, status, json)
            XCTAssertEqual(code(body), expected, json)
        }
        XCTAssertEqual(code(call(dawn, .POST, "/api/v1/days/2026-03-11/check/9", write, json: #"{"action": "done"}"#).1), "not_found")
        XCTAssertEqual(code(call(dawn, .POST, "/api/v1/days/2026-03-11/notes", write, json: #"{"text": "hi"}"#).1),
                       "journal_not_granted")
        XCTAssertEqual(code(call(dawn, .GET, "/api/v1/elsewhere", write).1), "not_found")
        XCTAssertTrue(dawn.get("/day/2026-03-11").text.contains(#"<li class="check open" id="check-1">"#), "nothing written")
    }

    func testABearerOnAPageSignsNobodyIn() throws {
        let dawn = try harness()
        let token = try token(dawn, journal: true)
        let (page, _) = call(dawn, .GET, "/", token)
        XCTAssertEqual(page.status, .seeOther)
        XCTAssertTrue(page.location?.hasPrefix("/login") ?? false, page.location ?? "")
        XCTAssertEqual(call(dawn, .GET, "/account/tokens", token).0.status, .seeOther)
    }

    func testTheMinutesLimitAndLastUseOnTheAppsClock() throws {
        let dawn = try harness()
        let token = try token(dawn, scope: "read")
        for _ in 0..<600 { XCTAssertEqual(call(dawn, .GET, "/api/v1/me", token).0.status, .ok) }
        let (limited, body) = call(dawn, .GET, "/api/v1/me", token)
        XCTAssertEqual(limited.status, .tooManyRequests)
        XCTAssertEqual(limited.headers["Retry-After"], "60")
        XCTAssertEqual(code(body), "rate_limited")
        let stored = { () throws -> Int64? in
            try dawn.app.data.instance.read { try $0.queryOne("SELECT last_used_at FROM api_tokens")?.optionalInt64(0) }
        }
        XCTAssertEqual(try stored(), Self.now, "the first use is written at once, the rest of the minute kept in memory")
        dawn.setNow(Self.now + 60)
        XCTAssertEqual(call(dawn, .GET, "/api/v1/me", token).0.status, .ok, "a new minute")
        XCTAssertEqual(try stored(), Self.now + 60)
        XCTAssertTrue(dawn.get("/account/tokens").text.contains("from 127.0.0.1"))
    }

    func testTheTokensPageRefusesBesideTheFieldAndTheDocumentIsJSON() throws {
        let dawn = try harness()
        _ = dawn.get("/account/tokens")
        let long = dawn.post("/account/tokens", [("name", String(repeating: "x", count: 41)), ("scope", "read")])
        XCTAssertEqual(long.status, .badRequest)
        XCTAssertTrue(long.text.contains(#"id="token-name-error">Give the token a name of 1 to 40 characters on one line."#))
        XCTAssertFalse(long.text.contains("api-token"))
        XCTAssertEqual(try dawn.app.data.instance.read { try $0.queryOne("SELECT count(*) FROM api_tokens")?.int(0) }, 0)
        XCTAssertTrue(dawn.get("/account").text.contains(#"href="/account/tokens""#))
        let document = dawn.get("/api/openapi.json")
        XCTAssertEqual(document.status, .ok)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(document.body)) as? [String: Any])
        XCTAssertEqual(object["openapi"] as? String, "3.1.0")
    }
}
