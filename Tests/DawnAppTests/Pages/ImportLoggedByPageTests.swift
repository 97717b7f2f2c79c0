import Accounts
import HTTP
import Store
import XCTest
@testable import DawnApp

/// Who an import may credit with a log (`loggedBy`): only the account's own guardian now,
/// and only in a restore into an empty account made by an admin. Every other `loggedBy`
/// naming someone is dropped: the log imports as the member's own, and nobody's view says
/// "logged by" someone who never logged it.
final class ImportLoggedByPageTests: XCTestCase {
    private static let day = "2027-03-09"

    /// Mum (admin), Dad, Sam (a child); Mum is Sam's guardian. Signed in as Mum.
    private func family() throws -> PageHarness {
        let dawn = try PageHarness(now: PageHarness.instant("2027-03-10T09:00:00Z"))
        dawn.signedUp(timeZone: "UTC")
        dawn.addMember("dad", displayName: "Dad")
        _ = dawn.get("/family")
        XCTAssertEqual(dawn.post("/family/members", [("username", "sam"), ("display_name", "Sam"), ("child", "1"),
                                                     ("password", PageHarness.password),
                                                     ("password_again", PageHarness.password)]).status, .seeOther)
        _ = dawn.get("/family")
        XCTAssertEqual(dawn.post("/family/guardians", [("guardian", "mum"), ("child", "sam")]).status, .seeOther)
        return dawn
    }

    /// A Dawn export with one habit and a log at each `(start, loggedBy)`.
    private func file(_ logs: [(start: String, loggedBy: String?)]) -> String {
        let instances = logs.map { log in
            let by = log.loggedBy.map { #", "loggedBy": "\#($0)""# } ?? ""
            return #"{"habitId": 1, "date": "\#(Self.day)", "start": "\#(log.start)", "durationMinutes": 30, "note": ""\#(by)}"#
        }
        return """
            {"format": "dawn-export", "version": 2, "exportedAt": "2027-03-10T08:00:00",
             "member": {"username": "someone", "displayName": "Someone", "timeZone": "UTC"},
             "settings": {"language": "en", "firstWeekday": "monday", "dayStartHour": 0, "showGrid": true,
                          "showGridDates": false, "theme": "system"},
             "habits": [{"id": 1, "name": "Piano", "emoji": "🎹", "colour": "#54A0FF", "defaultDurationMinutes": 30,
                         "createdAt": 1, "group": null}],
             "instances": [\(instances.joined(separator: ", "))],
             "entries": [], "notes": []}
            """
    }

    private func importing(_ dawn: PageHarness, _ mode: String, _ logs: [(start: String, loggedBy: String?)]) -> PageHarness.Page {
        _ = dawn.get("/account")
        return dawn.postMultipart("/import", fields: [("mode", mode)],
                                  files: [("file", "dawn.json", "application/json", file(logs))])
    }

    /// `start_minute logged_by` of each of `username`'s logs, by start.
    private func credits(_ dawn: PageHarness, _ username: String) throws -> [String] {
        let member = try XCTUnwrap(try dawn.app.family.member(username: Username(username)))
        return try dawn.app.data.member(member.id).read {
            try $0.query("SELECT start_minute || ' ' || coalesce(logged_by, '-') FROM habit_instances ORDER BY start_minute")
                .map { $0.string(0) }
        }
    }

    func testAChildsMergeCreditsNobodyAndARestoreOnlyTheirOwnGuardian() throws {
        let dawn = try family()
        dawn.signIn("sam")
        // A restore into Sam's empty account (made by an admin): Mum, his guardian, stays;
        // Dad, who is not, is dropped.
        let restored = importing(dawn, "empty", [("08:00", "mum"), ("09:00", "dad")])
        XCTAssertEqual(restored.status, .seeOther, restored.text)
        XCTAssertEqual(try credits(dawn, "sam"), ["480 mum", "540 -"])
        // A merge credits nobody, not even his guardian.
        let merged = importing(dawn, "merge", [("10:00", "mum"), ("11:00", "sam"), ("12:00", nil)])
        XCTAssertEqual(merged.status, .seeOther, merged.text)
        XCTAssertEqual(try credits(dawn, "sam"), ["480 mum", "540 -", "600 -", "660 -", "720 -"])
        dawn.signIn("mum")
        let hers = dawn.get("/members/sam/day/\(Self.day)")
        XCTAssertEqual(hers.status, .ok)
        XCTAssertTrue(hers.text.contains("logged by Mum"), "the restored log names her")
    }

    func testAnAdultsImportCreditsNobody() throws {
        let dawn = try family()
        // Mum restores into her empty account: nobody guards an adult, so no name stays.
        let restored = importing(dawn, "empty", [("08:00", "dad"), ("09:00", "sam"), ("10:00", "mum")])
        XCTAssertEqual(restored.status, .seeOther, restored.text)
        XCTAssertEqual(try credits(dawn, "mum"), ["480 -", "540 -", "600 -"])
        XCTAssertFalse(dawn.get("/day/\(Self.day)").text.contains("logged by"))
        XCTAssertEqual(importing(dawn, "merge", [("11:00", "dad")]).status, .seeOther)
        XCTAssertEqual(try credits(dawn, "mum"), ["480 -", "540 -", "600 -", "660 -"])
    }
}
