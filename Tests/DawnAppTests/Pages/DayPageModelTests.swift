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
        XCTAssertEqual(model.blocks.first?.slots.classes, "at-30 len-2 col-0-of-1")
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
