import Domain
import HTTP
import TimeZones
import XCTest
@testable import DawnApp

/// Every URL `Paths` builds reaches the page it names (not a 404 or 405), so the links
/// and the routes cannot drift apart.
final class PathsTests: XCTestCase {
    func testEveryPathReachesItsPage() throws {
        let dawn = try PageHarness(now: PageHarness.instant("2026-12-31T12:00:00Z"))
        dawn.setUp(timeZone: "UTC")
        let day = LocalDate(iso: "2026-12-30")!
        _ = dawn.get(Paths.day(day))
        XCTAssertEqual(dawn.post(Paths.entry(day), [("entry", "Year's end."), ("version", "0")]).location,
                       Paths.done(Paths.day(day), "entry-saved", anchor: "journal"))
        XCTAssertEqual(dawn.post(Paths.notes(day), [("note", "fireworks")]).status, .seeOther)
        _ = dawn.get("/habits/new")
        XCTAssertEqual(dawn.post(Paths.habits, [("name", "Run"), ("emoji", "🏃"), ("color", "#48DBAB"),
                                                ("custom_color", "#888888"), ("duration", "30")]).status, .seeOther)
        XCTAssertEqual(dawn.get(Paths.newInstance(day, habit: 1)).status, .ok)
        XCTAssertEqual(dawn.post(Paths.instances(day), [("habit", "1"), ("start", "09:00"), ("duration", "30"),
                                                        ("note", "")]).status, .seeOther)
        XCTAssertEqual(dawn.get(Paths.instance(day, 1)).status, .ok)
        XCTAssertEqual(dawn.get(Paths.habit(1) + "/edit").status, .ok)
        let week = Period(containing: day, granularity: .week, firstWeekday: .monday)
        XCTAssertEqual(dawn.get(Paths.stats(week)).status, .ok)
        XCTAssertEqual(dawn.get(Paths.calendar(day)).status, .ok)
        XCTAssertEqual(dawn.get(Paths.habitsStylesheet(version: "x")).status, .ok)
        for page in [Paths.home, Paths.settings, Paths.account, Paths.family] {
            XCTAssertEqual(dawn.get(page).status, .ok, page)
        }
        XCTAssertEqual(dawn.get(Paths.newHabit(returningTo: day)).status, .ok)
        XCTAssertEqual(dawn.get(Paths.editHabit(1, returningTo: day)).status, .ok)
        XCTAssertEqual(dawn.get(Paths.deleteHabit(1, returningTo: day)).status, .ok)
        XCTAssertEqual(dawn.get(Paths.habits).status, .ok)
        XCTAssertEqual(dawn.get(Paths.newHabitFromList).status, .ok)
        XCTAssertEqual(dawn.get(Paths.editHabitFromList(1)).status, .ok)
        XCTAssertEqual(dawn.get(Paths.archivedHabits).status, .ok)
        XCTAssertEqual(dawn.post(Paths.moveHabit(1), [("direction", "down")]).location, Paths.habitInList(1))
        XCTAssertEqual(dawn.post(Paths.pauseHabit(1), [("from", day.description)]).status, .seeOther)
        XCTAssertEqual(dawn.post(Paths.resumeHabit(1), []).status, .seeOther)
        XCTAssertEqual(dawn.post(Paths.archiveHabit(1), [("day", day.description)]).status, .seeOther)
        XCTAssertEqual(dawn.post(Paths.restoreHabit(1), [("day", day.description)]).status, .seeOther)
        XCTAssertEqual(dawn.post(Paths.deleteInstance(day, 1), []).status, .seeOther)
        XCTAssertEqual(dawn.post(Paths.deleteNote(day, 1), []).status, .seeOther)
        XCTAssertEqual(dawn.post(Paths.checkOff(day, habit: 1), [("action", "done")]).location,
                       Paths.done(Paths.day(day), "checked", anchor: "checklist"))
        XCTAssertEqual(dawn.post(Paths.skip(day, habit: 1), [("action", "skip")]).status, .seeOther)
        XCTAssertEqual(dawn.get(Paths.removeMember("mum")).status, .ok)
        XCTAssertNotEqual(dawn.post(Paths.memberPassword("nobody"), []).status, .methodNotAllowed)
        XCTAssertEqual(Paths.calendar(day), "/calendar/2026-12")
        XCTAssertEqual(Paths.stats(week), "/stats?g=week&p=2026-W53")
    }
}
