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
        _ = dawn.get(Paths.own.day(day))
        XCTAssertEqual(dawn.post(Paths.own.entry(day), [("entry", "Year's end."), ("version", "0")]).location,
                       Paths.done(Paths.own.day(day), "entry-saved", anchor: "journal"))
        XCTAssertEqual(dawn.post(Paths.own.notes(day), [("note", "fireworks")]).status, .seeOther)
        _ = dawn.get("/habits/new")
        XCTAssertEqual(dawn.post(Paths.own.habits, [("name", "Run"), ("emoji", "🏃"), ("color", "#48DBAB"),
                                                ("custom_color", "#888888"), ("duration", "30")]).status, .seeOther)
        XCTAssertEqual(dawn.get(Paths.own.newInstance(day, habit: 1)).status, .ok)
        XCTAssertEqual(dawn.post(Paths.own.instances(day), [("habit", "1"), ("start", "09:00"), ("duration", "30"),
                                                        ("note", "")]).status, .seeOther)
        XCTAssertEqual(dawn.get(Paths.own.instance(day, 1)).status, .ok)
        XCTAssertEqual(dawn.get(Paths.own.habit(1) + "/edit").status, .ok)
        let week = Period(containing: day, granularity: .week, firstWeekday: .monday)
        XCTAssertEqual(dawn.get(Paths.own.stats(week)).status, .ok)
        XCTAssertEqual(dawn.get(Paths.own.calendar(day)).status, .ok)
        XCTAssertEqual(dawn.get(Paths.own.habitsStylesheet(version: "x")).status, .ok)
        for page in [Paths.own.home, Paths.settings, Paths.account, Paths.family] {
            XCTAssertEqual(dawn.get(page).status, .ok, page)
        }
        XCTAssertEqual(dawn.get(Paths.own.newHabit(returningTo: day)).status, .ok)
        XCTAssertEqual(dawn.get(Paths.own.editHabit(1, returningTo: day)).status, .ok)
        XCTAssertEqual(dawn.get(Paths.own.deleteHabit(1, returningTo: day)).status, .ok)
        XCTAssertEqual(dawn.get(Paths.own.habits).status, .ok)
        XCTAssertEqual(dawn.get(Paths.own.newHabitFromList).status, .ok)
        XCTAssertEqual(dawn.get(Paths.own.editHabitFromList(1)).status, .ok)
        XCTAssertEqual(dawn.get(Paths.own.archivedHabits).status, .ok)
        XCTAssertEqual(dawn.post(Paths.own.moveHabit(1), [("direction", "down")]).location, Paths.own.habitInList(1))
        XCTAssertEqual(dawn.post(Paths.own.pauseHabit(1), [("from", day.description)]).status, .seeOther)
        XCTAssertEqual(dawn.post(Paths.own.resumeHabit(1), []).status, .seeOther)
        XCTAssertEqual(dawn.post(Paths.own.archiveHabit(1), [("day", day.description)]).status, .seeOther)
        XCTAssertEqual(dawn.post(Paths.own.restoreHabit(1), [("day", day.description)]).status, .seeOther)
        XCTAssertEqual(dawn.post(Paths.own.deleteInstance(day, 1), []).status, .seeOther)
        XCTAssertEqual(dawn.post(Paths.own.deleteNote(day, 1), []).status, .seeOther)
        XCTAssertEqual(dawn.post(Paths.own.restoreNote(day, 1), []).location, Paths.done(Paths.own.day(day), "note-restored", anchor: "notes"))
        XCTAssertEqual(dawn.post(Paths.own.restoreEntry(day), []).status, .notFound, "reached, with nothing to restore")
        XCTAssertEqual(dawn.post(Paths.own.checkOff(day, habit: 1), [("action", "done")]).location,
                       Paths.done(Paths.own.day(day), "checked", anchor: "checklist"))
        XCTAssertEqual(dawn.post(Paths.own.skip(day, habit: 1), [("action", "skip")]).status, .seeOther)
        XCTAssertEqual(dawn.get(Paths.removeMember("mum")).status, .ok)
        XCTAssertNotEqual(dawn.post(Paths.memberPassword("nobody"), []).status, .methodNotAllowed)
        XCTAssertEqual(Paths.own.calendar(day), "/calendar/2026-12")
        XCTAssertEqual(Paths.own.stats(week), "/stats?g=week&p=2026-W53")
    }
}
