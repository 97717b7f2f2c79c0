import HTTP
import XCTest
@testable import DawnApp

/// Family chores through the pages, in process on a fixed clock: an admin keeps them on
/// `/family`, any member checks one off from the day page (and sees who did each), the
/// board shows today's, `/stats` counts who did each how often; another member's check-off
/// changes everyone's day page at once (its ETag).
final class FamilyChoresPageTests: XCTestCase {
    /// Wednesday 11 March 2026, 11:00 in Rome.
    private static let now = PageHarness.instant("2026-03-11T10:00:00Z")

    /// mum (admin) and Anna, both in Rome; signed in as mum.
    private func family() throws -> PageHarness {
        let dawn = try PageHarness(now: Self.now).signedUp()
        dawn.addMember("anna", displayName: "Anna")
        _ = dawn.get("/family")
        return dawn
    }

    private func addChore(_ dawn: PageHarness, _ name: String, mark: String = "🐕", color: String = "",
                          schedule: [(String, String)] = [("schedule", "day")]) -> Int {
        _ = dawn.get("/family")
        let page = dawn.post("/family/chores", [("name", name), ("mark", mark), ("color", color)] + schedule)
        XCTAssertEqual(page.status, .seeOther, page.text)
        XCTAssertEqual(page.location, "/family?done=chore-added#chores")
        let family = dawn.get("/family")
        let pattern = #"<li class="chore-row" id="chore-(\d+)">\s*<div class="chore-head">[^\n]*<strong>"#
            + NSRegularExpression.escapedPattern(for: PageHarness.html(name)) + "</strong>"
        return PageHarness.firstMatch(pattern, in: family.text).flatMap { Int($0) } ?? 0
    }

    private func check(_ dawn: PageHarness, _ id: Int, _ day: String, _ action: String = "done") -> PageHarness.Page {
        _ = dawn.get("/day/\(day)")
        return dawn.post("/family/chores/\(id)/check", [("day", day), ("action", action)])
    }

    /// The chores section of a day page, as text.
    private func choresSection(_ page: PageHarness.Page) -> String {
        guard let start = page.text.range(of: #"<section class="card family-chores" id="chores""#),
              let end = page.text.range(of: "</section>", range: start.upperBound..<page.text.endIndex) else { return "" }
        return String(page.text[start.lowerBound..<end.upperBound])
    }

    /// The chore's button is an action, in every language: a verb, never a word that reads
    /// as the chore's state ("Hecha", "Faite", "Fatta" looked done before anyone did it).
    func testTheDoneButtonSaysWhatItDoes() throws {
        let dawn = try family()
        _ = addChore(dawn, "Walk the dog")
        for (language, label) in [("en", "Done"), ("es", "Completar"), ("fr", "Terminer"), ("it", "Completa"), ("de", "Erledigt")] {
            _ = dawn.get("/settings")
            let saved = dawn.post("/settings", [("language", language), ("first_weekday", "monday"), ("day_start_hour", "0"),
                                                ("view", "row"), ("theme", "system"), ("time_zone", "Europe/Rome")])
            XCTAssertEqual(saved.status, .seeOther, language)
            let section = choresSection(dawn.get("/day/2026-03-11"))
            XCTAssertTrue(section.contains(#"class="chore-button""#), language)
            XCTAssertTrue(section.contains(">\(label)</button>"), "\(language): \(section)")
        }
    }

    func testAnAdminAddsEditsArchivesAndRestoresChores() throws {
        let dawn = try family()
        let dog = addChore(dawn, "Walk the dog", color: "#48DBAB")
        XCTAssertGreaterThan(dog, 0)
        var family = dawn.get("/family?done=chore-added")
        XCTAssertTrue(family.text.contains("The chore was added."))
        XCTAssertTrue(family.text.contains(#"<span class="chore-dot swatch-mint" aria-hidden="true">"#))
        XCTAssertTrue(family.text.contains("Every day"))

        // A refused form comes back with what was typed, and nothing is stored.
        let refused = dawn.post("/family/chores", [("name", String(repeating: "x", count: 61)), ("mark", "abc"),
                                                   ("color", "#123456"), ("schedule", "weekdays")])
        XCTAssertEqual(refused.status, .badRequest)
        XCTAssertTrue(refused.text.contains("Names are 1 to 60 characters on one line."))
        XCTAssertTrue(refused.text.contains("Choose exactly one emoji."))
        XCTAssertTrue(refused.text.contains("Choose one of the colours, or none."))
        XCTAssertTrue(refused.text.contains("Choose at least one weekday"))
        XCTAssertTrue(refused.text.contains(#"value="abc""#), "the typed mark is shown again")
        XCTAssertEqual(try FamilyChoresCount.chores(dawn), 1)

        // Edit: name, mark, weekdays.
        let edited = dawn.post("/family/chores/\(dog)", [("name", "Walk Rex"), ("mark", "🦮"), ("color", ""),
                                                          ("schedule", "weekdays"), ("weekdays", "mon"), ("weekdays", "wed")])
        XCTAssertEqual(edited.status, .seeOther, edited.text)
        family = dawn.get("/family")
        XCTAssertTrue(family.text.contains("<strong>Walk Rex</strong>"))
        XCTAssertTrue(family.text.contains("On Mon, Wed"), family.text)
        XCTAssertTrue(choresSection(dawn.get("/day/2026-03-11")).contains("Walk Rex"), "due on Wednesdays")
        XCTAssertEqual(choresSection(dawn.get("/day/2026-03-10")), "", "not on a Tuesday")

        // Archive hides it from every day; restore brings it back.
        XCTAssertEqual(dawn.post("/family/chores/\(dog)/archive", []).status, .seeOther)
        XCTAssertEqual(choresSection(dawn.get("/day/2026-03-11")), "")
        XCTAssertTrue(dawn.get("/family").text.contains("Archived chores"))
        XCTAssertEqual(dawn.post("/family/chores/\(dog)/restore", []).status, .seeOther)
        XCTAssertTrue(choresSection(dawn.get("/day/2026-03-11")).contains("Walk Rex"))

        // Unknown ids are 404.
        XCTAssertEqual(dawn.post("/family/chores/999/archive", []).status, .notFound)
        XCTAssertEqual(dawn.post("/family/chores/abc", [("name", "x"), ("mark", "🦮"), ("schedule", "day")]).status, .notFound)
    }

    func testMembersOtherThanAdminsCannotKeepChores() throws {
        let dawn = try family()
        let dog = addChore(dawn, "Walk the dog")
        dawn.signIn("anna")
        _ = dawn.get("/day/2026-03-11")
        XCTAssertEqual(dawn.post("/family/chores", [("name", "Mine"), ("mark", "🐕"), ("schedule", "day")]).status, .forbidden)
        XCTAssertEqual(dawn.post("/family/chores/\(dog)", [("name", "Mine"), ("mark", "🐕"), ("schedule", "day")]).status, .forbidden)
        XCTAssertEqual(dawn.post("/family/chores/\(dog)/archive", []).status, .forbidden)
        XCTAssertEqual(try FamilyChoresCount.chores(dawn), 1)
        XCTAssertTrue(choresSection(dawn.get("/day/2026-03-11")).contains("Walk the dog"), "unchanged")
    }

    func testTheDayPageShowsWhoDidEachChoreAndChecksOff() throws {
        let dawn = try family()
        let dog = addChore(dawn, "Walk the dog")
        let cat = addChore(dawn, "Feed the cat", mark: "🐈")
        dawn.signIn("anna")
        let done = check(dawn, dog, "2026-03-11")
        XCTAssertEqual(done.status, .seeOther)
        XCTAssertEqual(done.location, "/day/2026-03-11?done=chore-checked#chores")
        var section = choresSection(dawn.get("/day/2026-03-11?done=chore-checked"))
        XCTAssertTrue(section.contains("Chore checked off."))
        XCTAssertTrue(section.contains("Done by you"))
        XCTAssertTrue(section.contains(#"aria-label="Undo Walk the dog""#))
        XCTAssertTrue(section.contains(#"aria-label="Mark Feed the cat as done""#))

        // mum sees who did it, and (an admin) may undo it; she checks the cat.
        dawn.signIn("mum")
        section = choresSection(dawn.get("/day/2026-03-11"))
        XCTAssertTrue(section.contains("Done by Anna"))
        XCTAssertTrue(section.contains(#"aria-label="Undo Walk the dog""#))
        XCTAssertEqual(check(dawn, cat, "2026-03-11").status, .seeOther)
        // A second check-off of a done chore leaves the first one.
        XCTAssertEqual(check(dawn, dog, "2026-03-11").location, "/day/2026-03-11?done=chore-taken#chores")

        // Anna may not undo mum's; her own undo works.
        dawn.signIn("anna")
        section = choresSection(dawn.get("/day/2026-03-11"))
        XCTAssertTrue(section.contains("Done by Mum"))
        XCTAssertFalse(section.contains(#"aria-label="Undo Feed the cat""#))
        XCTAssertEqual(check(dawn, cat, "2026-03-11", "undo").status, .forbidden)
        XCTAssertEqual(check(dawn, dog, "2026-03-11", "undo").location, "/day/2026-03-11?done=chore-unchecked#chores")
        XCTAssertTrue(choresSection(dawn.get("/day/2026-03-11")).contains(#"aria-label="Mark Walk the dog as done""#))

        // Tomorrow shows the chores, with no button; a check-off for it is a 400.
        section = choresSection(dawn.get("/day/2026-03-12"))
        XCTAssertTrue(section.contains("Walk the dog"))
        XCTAssertFalse(section.contains("<button"))
        let future = check(dawn, dog, "2026-03-12")
        XCTAssertEqual(future.status, .badRequest)
        XCTAssertTrue(future.text.contains("not for a day to come"))
        // Before the chore existed it is not on the day, and cannot be checked off.
        XCTAssertEqual(choresSection(dawn.get("/day/2026-03-10")), "")
        XCTAssertEqual(check(dawn, dog, "2026-03-10").status, .badRequest)
        XCTAssertEqual(check(dawn, dog, "2026-3-11").status, .badRequest)
        XCTAssertEqual(check(dawn, 999, "2026-03-11").status, .notFound)
        XCTAssertEqual(check(dawn, dog, "2026-03-11", "maybe").status, .badRequest)
    }

    /// Anna's check-off shows on mum's day page at once: its ETag hashes the chores' revision.
    func testAnotherMembersCheckOffChangesEveryonesDayPage() throws {
        let dawn = try family()
        let dog = addChore(dawn, "Walk the dog")
        let mum = dawn.cookies
        let before = dawn.get("/day/2026-03-11")
        let etag = try XCTUnwrap(before.headers["ETag"])
        XCTAssertEqual(dawn.get("/day/2026-03-11", headers: [("If-None-Match", etag)]).status, .notModified)
        dawn.signIn("anna")
        XCTAssertEqual(check(dawn, dog, "2026-03-11").status, .seeOther)
        dawn.cookies = mum
        let after = dawn.get("/day/2026-03-11", headers: [("If-None-Match", etag)])
        XCTAssertEqual(after.status, .ok)
        XCTAssertTrue(choresSection(after).contains("Done by Anna"))
    }

    func testTheBoardShowsTodaysChoresAndWhoDidEach() throws {
        let dawn = try family()
        let dog = addChore(dawn, "Walk the dog")
        _ = addChore(dawn, "Bins", mark: "🗑️", schedule: [("schedule", "weekdays"), ("weekdays", "mon")])
        _ = addChore(dawn, "Feed the cat", mark: "🐈")
        XCTAssertEqual(check(dawn, dog, "2026-03-11").status, .seeOther)
        dawn.signIn("anna")
        let board = dawn.get("/board")
        XCTAssertEqual(board.status, .ok)
        XCTAssertTrue(board.text.contains("Today&#39;s family chores") || board.text.contains("Today's family chores"), board.text)
        XCTAssertTrue(board.text.contains("Walk the dog</strong> <span class=\"chore-who\">Done by Mum</span>"))
        XCTAssertTrue(board.text.contains("Feed the cat</strong> <span class=\"chore-who\">Not done yet</span>"))
        XCTAssertFalse(board.text.contains("Bins"), "not due on a Wednesday")
        XCTAssertTrue(board.text.contains(#"href="/day/2026-03-11#chores""#))
    }

    /// Hand-counted: chores made on Sunday 1 March; the week of 2–8 March (2026-W10).
    func testStatisticsCountWhoDidEachChoreHowOften() throws {
        let dawn = try PageHarness(now: PageHarness.instant("2026-03-01T10:00:00Z")).signedUp()
        dawn.addMember("anna", displayName: "Anna")
        let dog = addChore(dawn, "Walk the dog")
        let bins = addChore(dawn, "Bins", mark: "🗑️", schedule: [("schedule", "weekdays"), ("weekdays", "mon"), ("weekdays", "thu")])
        dawn.setNow(Self.now)
        for day in ["2026-03-02", "2026-03-04"] { XCTAssertEqual(check(dawn, dog, day).status, .seeOther) }
        XCTAssertEqual(check(dawn, bins, "2026-03-05").status, .seeOther)
        dawn.signIn("anna")
        for day in ["2026-03-03", "2026-03-06", "2026-03-07", "2026-03-09"] {
            XCTAssertEqual(check(dawn, dog, day).status, .seeOther)
        }
        let stats = dawn.get("/stats?g=week&p=2026-W10")
        XCTAssertEqual(stats.status, .ok)
        let rows = PageHarness.allMatches(#"(<tr><th scope="row"><span class="chore-dot[\s\S]*?</tr>)"#, in: stats.text)
        XCTAssertEqual(rows.count, 2)
        func cells(_ row: String) -> [String] {
            PageHarness.allMatches(#"<(?:li|td)>([^<]*)</(?:li|td)>"#, in: row)
        }
        // Walk the dog: Anna 3 (3, 6, 7; the 9th is the next week), Mum 2; 7 days due, 2 not done (5, 8).
        XCTAssertTrue(rows[0].contains("Walk the dog"))
        XCTAssertEqual(cells(rows[0]), ["Anna: 3", "Mum: 2", "7", "2"])
        // Bins: Monday 2 and Thursday 5 due, the 5th done by Mum.
        XCTAssertEqual(cells(rows[1]), ["Mum: 1", "2", "1"])
        // This week (9–15 March) stops at today, Wednesday: 3 days due, Anna did Monday.
        let now = dawn.get("/stats?g=week&p=2026-W11")
        let current = PageHarness.allMatches(#"(<tr><th scope="row"><span class="chore-dot[\s\S]*?</tr>)"#, in: now.text)
        XCTAssertEqual(cells(current[0]), ["Anna: 1", "3", "2"])
        XCTAssertTrue(current[1].contains("nobody yet"))
    }
}

/// Rows read straight from instance.sqlite, to show a refusal wrote nothing.
enum FamilyChoresCount {
    static func chores(_ dawn: PageHarness) throws -> Int {
        try dawn.app.data.instance.read { try $0.queryOne("SELECT count(*) FROM chores")?.int(0) ?? -1 }
    }
}
