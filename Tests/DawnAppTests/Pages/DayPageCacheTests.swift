import HTTP
import Store
import XCTest
@testable import DawnApp

/// A cached day page is a memory lookup: once a member's page is rendered, asking for it
/// again (as a 304 or as the cached bytes) runs no SQL statement, for the family the day
/// page costs most for (an admin who is a child's guardian, with habits, logs and two
/// family chores); and each thing the page shows from `instance.sqlite` still changes it.
final class DayPageCacheTests: XCTestCase {
    /// Wednesday 11 March 2026, 11:00 in Rome.
    private static let now = PageHarness.instant("2026-03-11T10:00:00Z")

    /// Mum (admin, Mia's guardian) with two habits logged and two family chores; signed in as Mum.
    private func family() throws -> PageHarness {
        let dawn = try PageHarness(now: Self.now).signedUp()
        _ = dawn.get("/family")
        XCTAssertEqual(dawn.post("/family/members", [("username", "mia"), ("display_name", "Mia"), ("child", "1"),
                                                     ("password", PageHarness.password),
                                                     ("password_again", PageHarness.password)]).status, .seeOther)
        _ = dawn.get("/family")
        XCTAssertEqual(dawn.post("/family/guardians", [("guardian", "mum"), ("child", "mia")]).status, .seeOther)
        for chore in ["Walk the dog", "Bins out"] {
            _ = dawn.get("/family")
            XCTAssertEqual(dawn.post("/family/chores", [("name", chore), ("mark", "🐕"), ("color", ""),
                                                        ("schedule", "day")]).status, .seeOther)
        }
        let run = dawn.addHabit("Run")
        let piano = dawn.addHabit("Piano", emoji: "🎹")
        dawn.log(run, on: "2026-03-10", start: "07:00", duration: 30)
        dawn.log(piano, on: "2026-03-11", start: "08:00", duration: 15)
        return dawn
    }

    func testAThousandCachedHitsRunNoStatement() throws {
        let dawn = try family()
        let first = dawn.get("/", headers: [("Accept-Encoding", "gzip")])
        XCTAssertEqual(first.status, .ok)
        let etag = try XCTUnwrap(first.headers["ETag"])
        _ = dawn.get("/day/2026-03-10", headers: [("Accept-Encoding", "gzip")])
        let before = StatementCounter.total
        for round in 0..<1_000 {
            switch round % 3 {
            case 0:
                XCTAssertEqual(dawn.get("/", headers: [("If-None-Match", etag)]).status, .notModified)
            case 1:
                let hit = dawn.get("/", headers: [("Accept-Encoding", "gzip")])
                XCTAssertEqual(hit.status, .ok)
                XCTAssertEqual(hit.headers["ETag"], etag)
            default:
                XCTAssertEqual(dawn.get("/day/2026-03-10").status, .ok)
            }
        }
        XCTAssertEqual(StatementCounter.total - before, 0, "statements run by 1,000 cached day pages")
    }

    /// The chores come from memory too, and another member's check-off (a write to
    /// instance.sqlite) makes a new page.
    func testAnotherMembersChoreCheckOffStillChangesTheCachedPage() throws {
        let dawn = try family()
        let mum = dawn.cookies
        let etag = try XCTUnwrap(dawn.get("/").headers["ETag"])
        XCTAssertEqual(dawn.get("/", headers: [("If-None-Match", etag)]).status, .notModified)
        dawn.signIn("mia")
        let choreID = try XCTUnwrap(PageHarness.firstMatch(#"action="/family/chores/(\d+)/check""#,
                                                           in: dawn.get("/").text))
        XCTAssertEqual(dawn.post("/family/chores/\(choreID)/check", [("day", "2026-03-11"), ("action", "done")]).status,
                       .seeOther)
        dawn.cookies = mum
        let afterChore = dawn.get("/", headers: [("If-None-Match", etag)])
        XCTAssertEqual(afterChore.status, .ok, "another member's check-off must change the page")
        XCTAssertTrue(afterChore.text.contains("Mia"))
    }

    /// A guardian's log on the child's day says who made it; renaming the guardian, then
    /// revoking the grant, changes the child's cached page each time (the names are part of
    /// its ETag, read from memory).
    func testAGuardiansNewNameReachesTheChildsCachedPage() throws {
        let dawn = try family()
        let mum = dawn.cookies
        dawn.signIn("mia")
        let habit = dawn.addHabit("Reading", emoji: "📚")
        dawn.cookies = mum
        _ = dawn.get("/members/mia/day/2026-03-11")
        let logged = dawn.post("/members/mia/day/2026-03-11/instances",
                               [("habit", String(habit)), ("start", "09:00"), ("duration", "30")])
        XCTAssertEqual(logged.status, .seeOther, logged.text)
        dawn.signIn("mia")
        let before = dawn.get("/day/2026-03-11")
        XCTAssertTrue(before.text.contains("logged by Mum"), before.text)
        let etag = try XCTUnwrap(before.headers["ETag"])
        XCTAssertEqual(dawn.get("/day/2026-03-11", headers: [("If-None-Match", etag)]).status, .notModified)
        dawn.cookies = mum
        _ = dawn.get("/account")
        XCTAssertEqual(dawn.post("/account/name", [("display_name", "Mamma")]).status, .seeOther)
        dawn.signIn("mia")
        let after = dawn.get("/day/2026-03-11", headers: [("If-None-Match", etag)])
        XCTAssertEqual(after.status, .ok)
        XCTAssertTrue(after.text.contains("logged by Mamma"), after.text)
        let renamed = try XCTUnwrap(after.headers["ETag"])
        dawn.cookies = mum
        _ = dawn.get("/family")
        XCTAssertEqual(dawn.post("/family/guardians/mum/mia/revoke", []).status, .seeOther)
        dawn.signIn("mia")
        let revoked = dawn.get("/day/2026-03-11", headers: [("If-None-Match", renamed)])
        XCTAssertEqual(revoked.status, .ok, "a revoked grant must change the child's page")
        XCTAssertFalse(revoked.text.contains("logged by Mamma"))
    }
}
