import Domain
import Locks
import MemberData
import Store
import TimeZones
import XCTest
@testable import DawnApp

/// `/vacations` in process: adding and deleting; every refusal coming back in the form with
/// its message beside the field and nothing written; and vacation days bridging the streaks
/// (the day page's, the grid's badge, the habits', the statistics' and the board's) and
/// showing as their own state on the row, the grid and the calendar.
final class VacationsPageTests: XCTestCase {
    /// Europe/Rome, so "today" is 2026-08-20 for the member.
    private let now = PageHarness.instant("2026-08-20T10:00:00Z")

    private func date(_ iso: String) -> LocalDate { LocalDate(iso: iso)! }

    private func stored(_ dawn: PageHarness) throws -> [String] {
        try Vacations(database: try dawn.member().database).all().map { "\($0.first)…\($0.last)" }
    }

    /// The message shown beside `field` (its `<p class="field-error">`), and whether the
    /// input is marked invalid and described by it.
    private func fieldError(_ page: PageHarness.Page, _ field: String,
                            file: StaticString = #filePath, line: UInt = #line) -> String? {
        let message = PageHarness.firstMatch(#"<p class="field-error" id="\#(field)-error">(.*?)</p>"#, in: page.text)
        if message != nil {
            XCTAssertTrue(page.text.contains(#"id="\#(field)" name="\#(field)""#) &&
                          page.text.contains(#"aria-invalid="true" aria-describedby="\#(field)-error""#),
                          "the \(field) input is marked", file: file, line: line)
        }
        return message
    }

    private func add(_ dawn: PageHarness, _ first: String, _ last: String) -> PageHarness.Page {
        dawn.post("/vacations", [("first", first), ("last", last)])
    }

    private func note(_ dawn: PageHarness, _ day: String) {
        XCTAssertEqual(dawn.post("/day/\(day)/notes", [("note", "out and about")]).status, .seeOther)
    }

    // MARK: The page

    func testAddListAndDelete() throws {
        let dawn = try PageHarness(now: now).signedUp()
        let settings = dawn.get("/settings")
        XCTAssertTrue(settings.text.contains(#"<a href="/vacations">Manage vacations</a>"#), "linked from settings")
        let empty = dawn.get(Paths.vacations)
        XCTAssertEqual(empty.status, .ok)
        XCTAssertTrue(empty.text.contains("No vacations yet."))
        XCTAssertTrue(empty.text.contains(#"<form method="post" action="/vacations" class="stack vacation-form">"#))
        XCTAssertTrue(empty.text.contains(#"<input type="hidden" name="csrf" value=""#), "the form carries its token")
        XCTAssertTrue(empty.text.contains(#"type="date" min="2024-08-20" max="2028-08-20""#), "the day pages' reach")

        let added = add(dawn, "2026-09-01", "2026-09-07")
        XCTAssertEqual(added.status, .seeOther)
        XCTAssertEqual(added.location, "/vacations?done=added")
        XCTAssertEqual(add(dawn, "2026-07-01", "2026-07-01").status, .seeOther)
        let page = dawn.get("/vacations?done=added")
        XCTAssertEqual(page.notice, "The vacation was added.")
        XCTAssertEqual(PageHarness.allMatches(#"<time datetime="([^"]+)">"#, in: page.text), ["2026-07-01", "2026-09-01"],
                       "earliest first")
        XCTAssertTrue(page.text.contains("1 September 2026 – 7 September 2026</time> <span class=\"muted\">7 days</span>"))
        XCTAssertTrue(page.text.contains("1 July 2026 – 1 July 2026</time> <span class=\"muted\">1 day</span>"))
        XCTAssertEqual(try stored(dawn), ["2026-07-01…2026-07-01", "2026-09-01…2026-09-07"])

        let ids = PageHarness.allMatches(#"action="/vacations/(\d+)/delete""#, in: page.text)
        XCTAssertEqual(ids.count, 2)
        let deleted = dawn.post(Paths.deleteVacation(try XCTUnwrap(Int64(ids[1]))), [])
        XCTAssertEqual(deleted.location, "/vacations?done=deleted")
        XCTAssertEqual(dawn.get("/vacations?done=deleted").notice, "The vacation was deleted.")
        XCTAssertEqual(try stored(dawn), ["2026-07-01…2026-07-01"], "the one named, the other kept")

        // Signed out: to the sign-in page, nothing written.
        dawn.forgetCookies()
        XCTAssertEqual(dawn.get("/vacations").location, "/login?next=/vacations")
    }

    func testEveryPostCarriesItsToken() throws {
        let dawn = try PageHarness(now: now).signedUp()
        _ = dawn.get("/vacations")
        XCTAssertEqual(dawn.post("/vacations", [("first", "2026-09-01"), ("last", "2026-09-02"), ("csrf", "forged")]).status,
                       .forbidden)
        XCTAssertEqual(try stored(dawn), [])
        XCTAssertEqual(add(dawn, "2026-09-01", "2026-09-02").status, .seeOther)
        let id = try XCTUnwrap(PageHarness.firstMatch(#"action="/vacations/(\d+)/delete""#, in: dawn.get("/vacations").text))
        XCTAssertEqual(dawn.post("/vacations/\(id)/delete", [("csrf", "forged")]).status, .forbidden)
        XCTAssertEqual(try stored(dawn), ["2026-09-01…2026-09-02"])
    }

    func testAVacationEndingBeforeItStarts() throws {
        let dawn = try PageHarness(now: now).signedUp()
        _ = dawn.get("/vacations")
        let page = add(dawn, "2026-09-07", "2026-09-01")
        XCTAssertEqual(page.status, .badRequest)
        XCTAssertEqual(fieldError(page, "last"),
                       "The last day is before the first: a vacation ends on or after the day it starts.")
        XCTAssertNil(fieldError(page, "first"))
        XCTAssertTrue(page.text.contains(#"value="2026-09-07" required"#) && page.text.contains(#"value="2026-09-01" required"#),
                      "what was typed comes back")
        XCTAssertEqual(try stored(dawn), [])
    }

    /// Sharing a day in any way is refused: touching either end, inside, around, the same.
    /// The day after (or before) is fine.
    func testOverlapsAreRefused() throws {
        let dawn = try PageHarness(now: now).signedUp()
        _ = dawn.get("/vacations")
        XCTAssertEqual(add(dawn, "2026-09-10", "2026-09-15").status, .seeOther)
        for (first, last) in [("2026-09-15", "2026-09-20"), ("2026-09-05", "2026-09-10"), ("2026-09-11", "2026-09-12"),
                              ("2026-09-01", "2026-09-30"), ("2026-09-10", "2026-09-15"), ("2026-09-12", "2026-09-12")] {
            let page = add(dawn, first, last)
            XCTAssertEqual(page.status, .badRequest, "\(first)…\(last)")
            XCTAssertEqual(fieldError(page, "first"), "This overlaps your vacation from 10 September 2026 to 15 September 2026. "
                           + "Vacations cannot share a day.", "\(first)…\(last)")
            XCTAssertEqual(try stored(dawn), ["2026-09-10…2026-09-15"], "\(first)…\(last)")
        }
        XCTAssertEqual(add(dawn, "2026-09-16", "2026-09-20").status, .seeOther, "the day after")
        XCTAssertEqual(add(dawn, "2026-09-01", "2026-09-09").status, .seeOther, "the day before")
        XCTAssertEqual(try stored(dawn), ["2026-09-01…2026-09-09", "2026-09-10…2026-09-15", "2026-09-16…2026-09-20"])
    }

    /// Both ends must have a day page: two years each way from today.
    func testOutOfReach() throws {
        let dawn = try PageHarness(now: now).signedUp()
        _ = dawn.get("/vacations")
        let message = "Vacations can cover days from 20 August 2024 to 20 August 2028."
        let early = add(dawn, "2024-08-19", "2024-08-25")
        XCTAssertEqual(early.status, .badRequest)
        XCTAssertEqual(fieldError(early, "first"), message)
        XCTAssertNil(fieldError(early, "last"))
        let late = add(dawn, "2028-08-01", "2028-08-21")
        XCTAssertEqual(fieldError(late, "last"), message)
        XCTAssertNil(fieldError(late, "first"))
        XCTAssertEqual(fieldError(add(dawn, "1900-01-01", "9999-12-31"), "first"), message)
        XCTAssertEqual(try stored(dawn), [])
        XCTAssertEqual(add(dawn, "2024-08-20", "2024-08-20").status, .seeOther, "the first reachable day")
        XCTAssertEqual(add(dawn, "2028-08-20", "2028-08-20").status, .seeOther, "the last reachable day")
    }

    func testMalformedAndMissingDates() throws {
        let dawn = try PageHarness(now: now).signedUp()
        _ = dawn.get("/vacations")
        let bad = "That is not a date. Dates look like 2026-08-14."
        for text in ["2026-02-30", "14/08/2026", "2026-8-14", " 2026-08-14", "tomorrow", "2026-08-14T00:00", "０２０２６-08-14"] {
            let page = add(dawn, text, "2026-09-01")
            XCTAssertEqual(page.status, .badRequest, text)
            XCTAssertEqual(fieldError(page, "first"), bad, text)
            XCTAssertEqual(fieldError(add(dawn, "2026-09-01", text), "last"), bad, text)
        }
        let none = dawn.post("/vacations", [])
        XCTAssertEqual(none.status, .badRequest)
        XCTAssertEqual(fieldError(none, "first"), "Enter the vacation&#39;s first day.")
        XCTAssertEqual(fieldError(none, "last"), "Enter the vacation&#39;s last day.")
        XCTAssertEqual(fieldError(add(dawn, "", "2026-09-01"), "first"), "Enter the vacation&#39;s first day.")
        XCTAssertEqual(try stored(dawn), [])
    }

    /// The 501st vacation is refused in the form; deleting one makes room again.
    func testTheLimit() throws {
        let dawn = try PageHarness(now: now).signedUp()
        let database = try dawn.member().database
        // 500 one-day vacations every other day from 2025-01-01, written at once.
        try database.write { connection in
            for n in 0..<Vacations.maxVacations {
                let day = date("2025-01-01").adding(days: 2 * n)
                try connection.run("INSERT INTO vacations (first, last) VALUES (?, ?)", [.text(day.description), .text(day.description)])
            }
        }
        let listed = dawn.get("/vacations")
        XCTAssertTrue(listed.text.contains("You keep 500 vacations, the most Dawn holds."), "the form says so before")
        let page = add(dawn, "2028-01-10", "2028-01-12")
        XCTAssertEqual(page.status, .badRequest)
        XCTAssertEqual(PageHarness.firstMatch(#"<p class="form-error" role="alert">(.*?)</p>"#, in: page.text),
                       "You keep 500 vacations, the most Dawn holds. Delete one to add another.")
        XCTAssertTrue(page.text.contains(#"value="2028-01-10""#), "what was typed comes back")
        XCTAssertEqual(try stored(dawn).count, 500)
        XCTAssertFalse(try stored(dawn).contains("2028-01-10…2028-01-12"))
        let id = try XCTUnwrap(PageHarness.firstMatch(#"action="/vacations/(\d+)/delete""#, in: listed.text))
        XCTAssertEqual(dawn.post("/vacations/\(id)/delete", []).status, .seeOther)
        XCTAssertEqual(add(dawn, "2028-01-10", "2028-01-12").status, .seeOther)
        XCTAssertEqual(try stored(dawn).count, 500)
    }

    /// Two additions that each pass alone cannot both land: the check runs in the write.
    func testTheOverlapCheckIsInsideTheWrite() throws {
        let dawn = try PageHarness(now: now).signedUp()
        let vacations = Vacations(database: try dawn.member().database)
        let today = date("2026-08-20")
        let landed = Lock(0)
        let start = LocalDate(iso: "2026-10-01")!
        DispatchQueue.concurrentPerform(iterations: 8) { n in
            let first = start.adding(days: n)
            if (try? vacations.add(first: first, last: first.adding(days: 10), today: today)) != nil {
                landed.withLock { $0 += 1 }
            }
        }
        XCTAssertEqual(landed.withLock { $0 }, 1, "they all overlap one another: one lands")
        XCTAssertEqual(try vacations.all().count, 1)
        XCTAssertThrowsError(try vacations.add(first: date("2026-10-05"), last: date("2026-10-06"), today: today)) {
            guard case Vacations.Refusal.overlaps = $0 else { return XCTFail("\($0)") }
        }
    }

    func testAForgedIdOnDelete() throws {
        let dawn = try PageHarness(now: now).signedUp()
        _ = dawn.get("/vacations")
        XCTAssertEqual(add(dawn, "2026-09-01", "2026-09-02").status, .seeOther)
        let id = try XCTUnwrap(PageHarness.firstMatch(#"action="/vacations/(\d+)/delete""#, in: dawn.get("/vacations").text))
        for forged in ["999", "0", "-1", "abc", String(Int(id)! + 1), "99999999999999999999"] {
            let page = dawn.post("/vacations/\(forged)/delete", [])
            XCTAssertEqual(page.status, .notFound, forged)
            XCTAssertEqual(PageHarness.firstMatch(#"<p class="form-error" role="alert">(.*?)</p>"#, in: page.text),
                           "That vacation is not there: it may have been deleted already.", forged)
        }
        XCTAssertEqual(try stored(dawn), ["2026-09-01…2026-09-02"])
        // Another member's vacation of the same id is in their own database: untouched.
        dawn.addMember("kid", displayName: "Kid")
        dawn.signIn("kid")
        _ = dawn.get("/vacations")
        XCTAssertEqual(dawn.post("/vacations/\(id)/delete", []).status, .notFound)
        dawn.signIn("mum")
        XCTAssertEqual(try stored(dawn), ["2026-09-01…2026-09-02"])
    }

    func testMessagesInTheMembersLanguage() throws {
        let dawn = try PageHarness(now: now).signedUp()
        _ = dawn.get("/settings")
        XCTAssertEqual(dawn.post("/settings", [("language", "it"), ("first_weekday", "monday"), ("day_start_hour", "0"),
                                               ("view", "row"), ("theme", "system"), ("time_zone", "Europe/Rome")]).status,
                       .seeOther)
        _ = dawn.get("/vacations")
        XCTAssertEqual(add(dawn, "2026-09-10", "2026-09-15").status, .seeOther)
        XCTAssertEqual(fieldError(add(dawn, "2026-09-12", "2026-09-20"), "first"),
                       "Si sovrappone alla tua vacanza dal 10 Settembre 2026 al 15 Settembre 2026. "
                       + "Due vacanze non possono avere giorni in comune.")
        XCTAssertEqual(fieldError(add(dawn, "2026-09-30", "2026-09-20"), "last"),
                       "L&#39;ultimo giorno viene prima del primo: una vacanza finisce il giorno in cui inizia o dopo.")
        XCTAssertTrue(dawn.get("/vacations").text.contains("6 giorni"))
    }

    // MARK: Streaks and the circles

    /// Five days active, three on vacation, two active (today the last): a streak of 7 on
    /// the day page's header, the grid's badge and the model; habits' own streaks bridge
    /// the vacation too (the day page's pills, /api/stats).
    func testAVacationBridgesTheDayPagesStreaks() throws {
        let dawn = try PageHarness(now: now).signedUp().choosingRow()  // the row's header and circles
        let habit = dawn.addHabit("Swim")
        for day in ["2026-08-11", "2026-08-12", "2026-08-13", "2026-08-14", "2026-08-15", "2026-08-19", "2026-08-20"] {
            _ = dawn.get("/day/\(day)")
            dawn.log(habit, on: day, start: "07:00", duration: 30)
        }
        XCTAssertEqual(try DayPage.Model(try dawn.member(), day: date("2026-08-20")).streak.current, 2, "before")
        _ = dawn.get("/vacations")
        XCTAssertEqual(add(dawn, "2026-08-16", "2026-08-18").status, .seeOther)

        let model = try DayPage.Model(try dawn.member(), day: date("2026-08-20"))
        XCTAssertEqual(model.streak.current, 7)
        XCTAssertEqual(model.streak.best, 7)
        XCTAssertEqual(model.tray.first?.streak, 7, "the habit's own streak bridges it too")
        XCTAssertEqual(model.activeInWindow, 7, "the header's counts are unchanged")
        XCTAssertEqual(model.circles.filter(\.isOnVacation).map(\.date), [date("2026-08-16"), date("2026-08-17"), date("2026-08-18")])
        XCTAssertEqual(model.circles.first { $0.date == date("2026-08-17") }?.stateClass, ["past", "vacation"])
        XCTAssertEqual(model.circles.first { $0.date == date("2026-08-15") }?.stateClass, ["past", "active"])

        let page = dawn.get("/day/2026-08-20")
        XCTAssertTrue(page.text.contains(#"<p class="timeline-stats">7 Days Streak • 7 Active days"#), "the header")
        XCTAssertTrue(page.text.contains(#"<a class="c past vacation" href="/day/2026-08-17" aria-label="Monday, 17 August 2026, on vacation">"#),
                      "the row's circle")
        XCTAssertTrue(page.text.contains(#"<span class="library-meta">logged 7 times · 7 days streak"#), "the library's pill")

        // The grid: the badge and the circles.
        _ = dawn.get("/settings")
        XCTAssertEqual(dawn.post("/settings", [("language", "en"), ("first_weekday", "monday"), ("day_start_hour", "0"),
                                               ("view", "grid"), ("theme", "system"), ("time_zone", "Europe/Rome")]).status,
                       .seeOther)
        let grid = dawn.get("/day/2026-08-20")
        XCTAssertTrue(grid.text.contains(#"<span class="pill streak">7 Days Streak</span>"#), "the grid's badge")
        XCTAssertEqual(PageHarness.allMatches(#"class="c past vacation" href="/day/([0-9-]+)""#, in: grid.text),
                       ["2026-08-16", "2026-08-17", "2026-08-18"])

        // The statistics: the habit's streak.
        let api = dawn.get("/api/stats?from=2026-08-01&to=2026-08-20")
        XCTAssertTrue(api.text.contains(#""currentStreak":7"#), api.text)
        XCTAssertTrue(api.text.contains(#""bestStreak":7"#), api.text)

        // Deleting the vacation breaks the run again.
        let id = try XCTUnwrap(PageHarness.firstMatch(#"action="/vacations/(\d+)/delete""#, in: dawn.get("/vacations").text))
        XCTAssertEqual(dawn.post("/vacations/\(id)/delete", []).status, .seeOther)
        XCTAssertEqual(try DayPage.Model(try dawn.member(), day: date("2026-08-20")).streak.current, 2)
        XCTAssertTrue(dawn.get("/day/2026-08-20").text.contains(#"<span class="pill streak">2 Days Streak</span>"#))
    }

    /// A vacation that runs on past today (and into the future) keeps the run before it.
    func testAVacationUnderWayKeepsTheRun() throws {
        let dawn = try PageHarness(now: now).signedUp()
        for day in ["2026-08-15", "2026-08-16", "2026-08-17", "2026-08-18"] {
            _ = dawn.get("/day/\(day)")
            note(dawn, day)
        }
        _ = dawn.get("/vacations")
        XCTAssertEqual(add(dawn, "2026-08-19", "2026-08-25").status, .seeOther)
        let model = try DayPage.Model(try dawn.member(), day: date("2026-08-20"))
        XCTAssertEqual(model.streak.current, 4)
        XCTAssertEqual(model.circles.first { $0.date == date("2026-08-20") }?.stateClass, ["today", "vacation", "selected"])
        XCTAssertEqual(model.circles.first { $0.date == date("2026-08-22") }?.stateClass, ["future", "vacation"])
        // Activity on a vacation day neither counts nor breaks.
        note(dawn, "2026-08-20")
        XCTAssertEqual(try DayPage.Model(try dawn.member(), day: date("2026-08-20")).streak.current, 4)
    }

    func testTheCalendarShowsVacationDays() throws {
        let dawn = try PageHarness(now: now).signedUp()
        _ = dawn.get("/vacations")
        XCTAssertEqual(add(dawn, "2026-08-30", "2026-09-02").status, .seeOther)
        let august = dawn.get("/calendar/2026-08")
        XCTAssertEqual(august.status, .ok)
        XCTAssertEqual(PageHarness.allMatches(#"<a class="cal-day vacation" href="/day/([0-9-]+)""#, in: august.text),
                       ["2026-08-30", "2026-08-31"])
        XCTAssertTrue(august.text.contains(#"aria-label="Sunday, 30 August 2026, on vacation""#))
        XCTAssertTrue(august.text.contains("A dashed ring marks a vacation day."))
        let september = dawn.get("/calendar/2026-09")
        XCTAssertEqual(PageHarness.allMatches(#"<a class="cal-day vacation" href="/day/([0-9-]+)""#, in: september.text),
                       ["2026-09-01", "2026-09-02"])
        XCTAssertTrue(september.text.contains(#"<span class="cal-day outside vacation" data-day="31" aria-hidden="true">"#),
                      "the neighbouring month's day shows it too")
        XCTAssertFalse(dawn.get("/calendar/2026-10").text.contains("vacation"), "no vacation, no legend")
    }

    /// The board bridges vacations: the run shown before the vacation stays while the member
    /// is away and writes nothing, and ends when the first day after it passes unlived.
    func testTheBoardBridgesVacations() throws {
        let dawn = try PageHarness(now: now).signedUp()
        for day in ["2026-08-16", "2026-08-17", "2026-08-18", "2026-08-19", "2026-08-20"] {
            _ = dawn.get("/day/\(day)")
            note(dawn, day)
        }
        _ = dawn.get("/vacations")
        XCTAssertEqual(add(dawn, "2026-08-21", "2026-08-27").status, .seeOther)
        _ = dawn.get("/settings")
        XCTAssertEqual(dawn.post("/settings", [("language", "en"), ("first_weekday", "monday"), ("day_start_hour", "0"),
                                               ("view", "row"), ("theme", "system"), ("time_zone", "Europe/Rome"),
                                               ("board", "1")]).status, .seeOther)
        func board() -> String? {
            PageHarness.firstMatch(#"<strong>Mum</strong> <span class="badge">you</span> <span class="board-streak">(\d+) days? streak</span>"#,
                                   in: dawn.get("/board").text)
        }
        XCTAssertEqual(board(), "5")
        dawn.setNow(PageHarness.instant("2026-08-25T10:00:00Z"))
        XCTAssertEqual(board(), "5", "away, writing nothing: the run holds")
        dawn.setNow(PageHarness.instant("2026-08-28T10:00:00Z"))
        XCTAssertEqual(board(), "5", "the first day back: yesterday was the vacation's last")
        XCTAssertEqual(try DayPage.Model(try dawn.member(), day: date("2026-08-28")).streak.current, 5, "as the day page says")
        dawn.setNow(PageHarness.instant("2026-08-29T10:00:00Z"))
        XCTAssertEqual(board(), "0", "a day back without activity ends it")
        XCTAssertEqual(try DayPage.Model(try dawn.member(), day: date("2026-08-29")).streak.current, 0)

        // A note on a vacation day does not count there either: the board keeps the run before it.
        dawn.setNow(now)
        note(dawn, "2026-08-23")
        dawn.setNow(PageHarness.instant("2026-08-26T10:00:00Z"))
        XCTAssertEqual(board(), "5")
    }
}
