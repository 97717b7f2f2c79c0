import Domain
import TimeZones
import XCTest
@testable import DawnApp

/// The day page's model on fixed dates, without HTML: the header's figures, the circles'
/// states, the timeline's blocks, the tray's order and the arrows' reach.
final class DayPageModelTests: XCTestCase {
    private func date(_ iso: String) -> LocalDate { LocalDate(iso: iso)! }

    func testFiguresCirclesBlocksAndArrows() throws {
        let dawn = try PageHarness(now: PageHarness.instant("2028-02-29T10:00:00Z"))  // a leap day
        dawn.setUp(timeZone: "UTC")
        dawn.choosingRow(timeZone: "UTC")  // the row's header and circles (the grid is the default)
        _ = dawn.get("/habits/new")
        for name in ["Run", "Read"] {
            XCTAssertEqual(dawn.post("/habits", [("name", name), ("emoji", "🏃"), ("color", "#48DBAB"),
                                                 ("custom_color", "#888888"), ("duration", "30")]).status, .seeOther)
        }
        _ = dawn.get("/")
        XCTAssertEqual(dawn.post("/day/2028-02-28/notes", [("note", "tea")]).status, .seeOther)
        XCTAssertEqual(dawn.post("/day/2028-02-29/instances", [("habit", "2"), ("start", "07:40"), ("duration", "20"),
                                                                ("note", "")]).status, .seeOther)
        XCTAssertEqual(dawn.post("/day/2028-02-29/entry", [("entry", "Leap!")]).status, .seeOther)

        let model = try DayPage.Model(try dawn.member(), day: date("2028-02-29"))
        XCTAssertEqual(model.today, date("2028-02-29"))
        XCTAssertEqual(model.streak, Streak(activeDates: [date("2028-02-28"), date("2028-02-29")], today: date("2028-02-29")))
        XCTAssertEqual(model.streak.current, 2)
        XCTAssertEqual(model.activeInWindow, 2)
        XCTAssertEqual(model.entriesInWindow, 1)
        XCTAssertFalse(model.showsGrid)
        XCTAssertEqual(model.circles.count, 33)
        let today = try XCTUnwrap(model.circles.first { $0.date == date("2028-02-29") })
        XCTAssertEqual(today.stateClass, ["today", "selected", "entry"])
        XCTAssertEqual(model.circles.first { $0.date == date("2028-02-28") }?.stateClass, ["past", "active"])
        XCTAssertEqual(model.circles.last?.date, date("2028-03-02"))
        XCTAssertEqual(model.entry?.body, "Leap!")
        XCTAssertEqual(model.blocks.count, 1)
        XCTAssertEqual(model.blocks.first?.habit.name, "Read")
        XCTAssertEqual(model.blocks.first?.slots.classes, "at-30 len-3 col-0-of-1")
        XCTAssertEqual(model.tray.map(\.habit.name), ["Read", "Run"], "the logged habit leads the tray")
        XCTAssertEqual(model.library.map(\.habit.name), ["Read", "Run"], "most logged first")
        XCTAssertEqual(model.tray.first?.streak, 1)
        XCTAssertEqual(model.previous, date("2028-02-28"))
        XCTAssertEqual(model.next, date("2028-03-01"))

        // The day before: no entry, its note, the grid when the member chose it.
        let before = try DayPage.Model(try dawn.member(), day: date("2028-02-28"))
        XCTAssertNil(before.entry)
        XCTAssertEqual(before.notes.map(\.body), ["tea"])
        XCTAssertEqual(before.notes.first?.written.date, date("2028-02-29"), "written today, on the member's clock")
        XCTAssertTrue(before.blocks.isEmpty)
    }

    /// Streaks come from the summaries' runs; whatever the member writes and however they
    /// change their time zone or the hour their day starts, the day page's streaks equal the
    /// reference count over every raw row, with the days their zone skipped (Samoa skipped
    /// 2011-12-30).
    func testStreaksFollowWritesTimeZonesAndDayStarts() throws {
        let dawn = try PageHarness(now: PageHarness.instant("2012-01-03T12:00:00Z"))
        dawn.setUp(timeZone: "Pacific/Apia")
        _ = dawn.get("/habits/new")
        for name in ["Run", "Read"] {
            XCTAssertEqual(dawn.post("/habits", [("name", name), ("emoji", "🏃"), ("color", "#48DBAB"),
                                                 ("custom_color", "#888888"), ("duration", "30")]).status, .seeOther)
        }
        var random = SeededRandom(seed: 12)
        let first = date("2011-12-10")
        var sawSkipped = false, longest = 0
        for round in 0..<40 {
            let day = first.adding(days: Int.random(in: 0...26, using: &random))
            _ = dawn.get("/day/\(day)")
            if Bool.random(using: &random) {
                XCTAssertEqual(dawn.post("/day/\(day)/notes", [("note", "n\(round)")]).status, .seeOther)
            } else {
                let habit = String(Int.random(in: 1...2, using: &random))
                XCTAssertEqual(dawn.post("/day/\(day)/instances", [("habit", habit), ("start", "07:00"), ("duration", "30"),
                                                                     ("note", "")]).status, .seeOther)
            }
            if round % 5 == 4 {
                let zone = ["Pacific/Apia", "UTC", "America/New_York", "Pacific/Kiritimati"].randomElement(using: &random)!
                _ = dawn.get("/settings")
                XCTAssertEqual(dawn.post("/settings", [("language", "en"), ("first_weekday", "monday"),
                                                       ("day_start_hour", String(Int.random(in: 0...6, using: &random))),
                                                       ("view", "row"), ("theme", "system"), ("time_zone", zone)]).status,
                               .seeOther)
            }
            let member = try dawn.member()
            let model = try DayPage.Model(member, day: member.today)
            let rows = try member.database.read { connection in
                try connection.query("SELECT day, NULL FROM notes UNION ALL SELECT day, habit_id FROM habit_instances")
                    .map { (day: LocalDate(iso: $0.string(0))!, habit: $0.optionalInt64(1)) }
            }
            XCTAssertEqual(model.streak, Streak(activeDates: rows.map(\.day), today: member.today, skipping: member.skippedDates),
                           "round \(round)")
            sawSkipped = sawSkipped || member.skippedDates.contains(date("2011-12-30"))
            longest = max(longest, model.streak.best)
            for pill in model.tray {
                XCTAssertEqual(pill.streak, Streak.current(activeDates: Set(rows.filter { $0.habit == pill.habit.id }.map(\.day)),
                                                           today: member.today, skipping: member.skippedDates),
                               "round \(round): \(pill.habit.name)")
            }
        }
        XCTAssertTrue(sawSkipped, "some rounds ran in Samoa's zone")
        XCTAssertGreaterThan(longest, 3, "runs long enough to cross the skipped day")
    }

    /// The grid shows 84 cells ending four days after today; the row 33 ending two after.
    func testTheGridWhenChosen() throws {
        let dawn = try PageHarness(now: PageHarness.instant("2026-12-31T23:30:00Z"))
        dawn.setUp(timeZone: "Europe/Rome")  // already 2027-01-01 there
        _ = dawn.get("/settings")
        XCTAssertEqual(dawn.post("/settings", [("language", "en"), ("first_weekday", "monday"), ("day_start_hour", "0"),
                                               ("view", "grid"), ("grid_dates", "1"), ("theme", "system"),
                                               ("time_zone", "Europe/Rome")]).status, .seeOther)
        let model = try DayPage.Model(try dawn.member(), day: date("2027-01-01"))
        XCTAssertTrue(model.showsGrid)
        XCTAssertEqual(model.circles.count, 84)
        XCTAssertEqual(model.circles.last?.date, date("2027-01-05"))
        XCTAssertTrue(model.circles.allSatisfy(\.showsNumber), "grid dates on")
        XCTAssertEqual(model.streak.current, 0)
    }
}
