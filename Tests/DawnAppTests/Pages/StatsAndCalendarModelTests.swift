import Domain
import HTTP
import TimeZones
import XCTest
@testable import DawnApp

/// The statistics page's and the calendar's models on fixed dates, without HTML.
final class StatsAndCalendarModelTests: XCTestCase {
    private func date(_ iso: String) -> LocalDate { LocalDate(iso: iso)! }

    private func query(_ text: String) throws -> FormFields {
        try URLEncodedForm.parse(Array(text.utf8), maxFields: 8)
    }

    /// New Year's Day 2027 (Europe/Rome): ISO week 53 of 2026 is the current week, and it
    /// spans both years.
    private func harness() throws -> PageHarness {
        let dawn = try PageHarness(now: PageHarness.instant("2027-01-01T11:00:00Z"))
        dawn.setUp(timeZone: "Europe/Rome")
        _ = dawn.get("/habits/new")
        XCTAssertEqual(dawn.post("/habits", [("name", "Run"), ("emoji", "🏃"), ("color", "#48DBAB"),
                                             ("custom_color", "#888888"), ("duration", "30")]).status, .seeOther)
        _ = dawn.get("/")
        for (day, start) in [("2026-12-30", "07:00"), ("2026-12-31", "23:30"), ("2027-01-01", "08:15")] {
            XCTAssertEqual(dawn.post("/day/\(day)/instances", [("habit", "1"), ("start", start), ("duration", "45"),
                                                                ("note", "")]).status, .seeOther)
        }
        XCTAssertEqual(dawn.post("/day/2026-12-31/entry", [("entry", "Last day of the year.")]).status, .seeOther)
        return dawn
    }

    func testWithoutAGranularityTheMonth() throws {
        // Seed 004's view model starts on .month: /stats without g= is the current month.
        let dawn = try harness()
        let model = try StatsPage.Model(try dawn.member(), query: try query(""))
        XCTAssertEqual(model.period.granularity, .month)
        XCTAssertEqual(model.period.id, "2027-01")
        XCTAssertEqual(Granularity.defaultChoice, .month)
    }

    func testTheWeekAcrossTheYearEnd() throws {
        let dawn = try harness()
        let model = try StatsPage.Model(try dawn.member(), query: try query("g=week"))
        XCTAssertEqual(model.period.id, "2026-W53")
        XCTAssertEqual(model.period.first, date("2026-12-28"))
        XCTAssertEqual(model.period.last, date("2027-01-03"))
        XCTAssertEqual(model.figures.activeDays, 3)
        XCTAssertEqual(model.figures.entries, 1)
        XCTAssertEqual(model.figures.habits.map(\.count), [3])
        XCTAssertEqual(model.figures.habits.first?.minutes, 135)
        XCTAssertEqual(model.figures.habits.first?.progress.current, 3)
        XCTAssertEqual(model.figures.habits.first?.progress.unit, .day)
        XCTAssertNil(model.next, "no navigating past the current period")
        XCTAssertEqual(model.previous?.id, "2026-W52")
        XCTAssertEqual(model.buckets.count, 7)
        XCTAssertEqual(model.buckets.map(\.count), [0, 0, 1, 1, 1, 0, 0])
        XCTAssertTrue(model.years.isEmpty, "year chips only in year mode")
        XCTAssertEqual(model.segments.map(\.target.id), ["2027-01-01", "2026-W53", "2027-01", "2027-Q1", "2027"])
    }

    func testYearModeAndItsLimits() throws {
        let dawn = try harness()
        let member = try dawn.member()
        let year = try StatsPage.Model(member, query: try query("g=year&p=2026"))
        XCTAssertEqual(year.figures.activeDays, 2)
        XCTAssertEqual(year.next?.id, "2027")
        XCTAssertEqual(year.years.map(\.id), ["2025", "2026", "2027"])
        XCTAssertEqual(year.buckets.count, 12)
        XCTAssertEqual(year.buckets.last?.count, 2)
        for (text, status) in [("g=decade", HTTPStatus.badRequest), ("g=week&p=2026-W54", .badRequest),
                               ("g=month&p=2024-12", .notFound), ("g=year&p=2028", .notFound)] {
            XCTAssertThrowsError(try StatsPage.Model(member, query: try query(text)), text) { error in
                XCTAssertEqual((error as? PageError)?.status, status, text)
            }
        }
    }

    func testTheCalendarAcrossTheYearEnd() throws {
        let dawn = try harness()
        let member = try dawn.member()
        let december = try CalendarPage.Model(member, month: "2026-12", selected: ["2026-12-31"])
        XCTAssertEqual(december.next, date("2027-01-01"))
        XCTAssertEqual(december.previous, date("2026-11-01"))
        let days = december.calendar.weeks.flatMap { $0 }.filter { !$0.isOutsideMonth }
        XCTAssertEqual(days.count, 31)
        XCTAssertEqual(days.filter(\.isHighlighted).map(\.date), [date("2026-12-30"), date("2026-12-31")])
        XCTAssertEqual(days.filter(\.hasEntry).map(\.date), [date("2026-12-31")])
        XCTAssertEqual(days.filter(\.isSelected).map(\.date), [date("2026-12-31")])
        XCTAssertEqual(december.calendar.weekdayOrder.first, .monday)
        let january = try CalendarPage.Model(member, month: "2027-01", selected: [])
        XCTAssertEqual(january.calendar.weeks.flatMap { $0 }.first { $0.isToday }?.date, date("2027-01-01"))
        XCTAssertTrue(january.calendar.weeks.joined().allSatisfy { !$0.isSelected }, "no ?day=, no day selected (not even today)")
        for (text, status) in [("2027-1", HTTPStatus.badRequest), ("2027-13", .badRequest), ("2024-12", .notFound),
                               ("2029-02", .notFound)] {
            XCTAssertThrowsError(try CalendarPage.Model(member, month: text, selected: []), text) { error in
                XCTAssertEqual((error as? PageError)?.status, status, text)
            }
        }
    }

    func testTheSelectedDayIsOneDayOfTheMonth() throws {
        let dawn = try harness()
        let member = try dawn.member()
        let first = date("2026-12-01")
        XCTAssertNil(try CalendarPage.Model.selectedDay([], month: first))
        XCTAssertEqual(try CalendarPage.Model.selectedDay(["2026-12-05"], month: first), date("2026-12-05"))
        XCTAssertEqual(try CalendarPage.Model.selectedDay(["2026-12-31"], month: first), date("2026-12-31"))
        for values in [[""], ["2026-12-5"], ["2026-12-32"], ["2026-13-01"], ["2026-11-30"], ["2027-01-01"],
                       ["2026-12-05T00:00"], [" 2026-12-05"], ["2026-12-05", "2026-12-06"], ["2026-12-05", "2026-12-05"],
                       ["20261205"], ["2026-02-29"], ["today"]] {
            XCTAssertThrowsError(try CalendarPage.Model.selectedDay(values, month: first), "\(values)") { error in
                XCTAssertEqual((error as? PageError)?.status, .badRequest, "\(values)")
                XCTAssertEqual((error as? PageError)?.key, "calendar.bad_day", "\(values)")
            }
            XCTAssertThrowsError(try CalendarPage.Model(member, month: "2026-12", selected: values), "\(values)")
        }
    }

    func testDaysOfTheLastMonthWithoutADayPageAreDisabled() throws {
        let dawn = try harness()
        let member = try dawn.member()
        // Today is 2027-01-01 in Rome: day pages end on 2029-01-01.
        let last = try CalendarPage.Model(member, month: "2029-01", selected: [])
        let inMonth = last.calendar.weeks.joined().filter { !$0.isOutsideMonth }
        XCTAssertEqual(inMonth.filter { !$0.isDisabled }.map(\.date), [date("2029-01-01")])
        XCTAssertEqual(inMonth.filter(\.isDisabled).count, 30)
    }
}

/// The family board's model: only members who share, each on their own today.
final class BoardModelTests: XCTestCase {
    func testSharedStreaksOnEachMembersOwnToday() throws {
        // 2026-06-01 22:30 UTC: already 2 June in Kiritimati (+14), still 1 June in UTC.
        let dawn = try PageHarness(now: PageHarness.instant("2026-06-01T22:30:00Z"))
        dawn.setUp(timeZone: "UTC")
        _ = dawn.get("/settings")
        XCTAssertEqual(dawn.post("/settings", [("language", "en"), ("first_weekday", "monday"), ("day_start_hour", "0"),
                                               ("view", "row"), ("theme", "system"), ("time_zone", "Pacific/Kiritimati"),
                                               ("board", "1")]).status, .seeOther)
        _ = dawn.get("/")
        for day in ["2026-05-31", "2026-06-01"] {
            XCTAssertEqual(dawn.post("/day/\(day)/notes", [("note", "walk")]).status, .seeOther)
        }
        var model = try BoardPage.Model(dawn.app, try dawn.member())
        XCTAssertTrue(model.optedIn)
        XCTAssertEqual(model.rows, [.init(displayName: "Mum", streak: 2, activeToday: false, isMe: true)],
                       "2 June in Kiritimati: the run ends yesterday")
        dawn.setNow(PageHarness.instant("2026-06-02T12:00:00Z"))  // 3 June there: a day missed
        model = try BoardPage.Model(dawn.app, try dawn.member())
        XCTAssertEqual(model.rows.first?.streak, 0)
        _ = dawn.get("/settings")
        XCTAssertEqual(dawn.post("/settings", [("language", "en"), ("first_weekday", "monday"), ("day_start_hour", "0"),
                                               ("view", "row"), ("theme", "system"), ("time_zone", "Pacific/Kiritimati")]).status,
                       .seeOther)
        model = try BoardPage.Model(dawn.app, try dawn.member())
        XCTAssertFalse(model.optedIn)
        XCTAssertEqual(model.rows, [], "opted out: gone from the board")
    }
}
