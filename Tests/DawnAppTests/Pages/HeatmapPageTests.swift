import Domain
import FoundationEssentials
import HTTP
import MemberData
import Store
import Templates
import TimeZones
import XCTest
@testable import DawnApp

/// The year heatmaps in process, on Tuesday 2026-11-24 (UTC, weeks from Monday): the
/// statistics page's (`/stats?g=year`: notes + logs per day, levels by the year's quartiles)
/// and each habit page's (the last 53 weeks: logs, or the amount for a habit with a target).
final class HeatmapPageTests: XCTestCase {
    private func date(_ iso: String) -> LocalDate { LocalDate(iso: iso)! }

    /// 2026's active days with figures 1…8 (notes + logs): by hand, quartiles 2.75, 4.5 and 6.25,
    /// levels 1, 1, 2, 2, 3, 3, 4, 4. An entry alone (5 March) is not activity; 2025 has one day.
    private static let year: [(day: String, notes: Int, logs: Int)] = [
        ("2026-01-01", 1, 0), ("2026-02-10", 0, 2), ("2026-03-04", 1, 2), ("2026-04-20", 4, 0),
        ("2026-06-01", 2, 3), ("2026-08-15", 0, 6), ("2026-10-31", 3, 4), ("2026-11-24", 4, 4),
        ("2025-07-07", 1, 0),
    ]
    private static let expectedLevels = [1, 1, 2, 2, 3, 3, 4, 4, 4]

    private func seeded() throws -> PageHarness {
        let dawn = try PageHarness(now: PageHarness.instant("2026-11-24T10:00:00Z"))
        dawn.setUp(timeZone: "UTC")
        let habit = dawn.addHabit("Walk")
        let member = try dawn.member()
        try member.database.write { connection in
            for (day, notes, logs) in Self.year {
                for _ in 0..<notes {
                    try connection.run("INSERT INTO notes (day, body, created_at) VALUES (?, 'n', 1)", [.text(day)])
                }
                for _ in 0..<logs {
                    try connection.run("""
                        INSERT INTO habit_instances (habit_id, day, start_minute, duration_minutes, note, created_at)
                        VALUES (?, ?, 480, 30, '', 1)
                        """, [.integer(Int64(habit)), .text(day)])
                }
            }
            try connection.run("INSERT INTO entries (day, body, created_at, updated_at) VALUES ('2026-03-05', 'e', 1, 1)")
        }
        return dawn
    }

    /// The x of the week group (`<g transform="translate(x)">`) holding the square of `day`,
    /// linked or not: squares give only their row (`y`).
    private func column(_ page: PageHarness.Page, _ day: String) -> String? {
        let groups = PageHarness.allMatches(#"(<g transform="translate\(\d+\)">.*?</g>)"#, in: page.text)
        guard let group = groups.first(where: { $0.contains("/day/\(day)\"") || $0.contains(">\(day)") }) else { return nil }
        return PageHarness.firstMatch(#"translate\((\d+)\)"#, in: group)
    }

    private func cell(_ page: PageHarness.Page, _ day: String) -> String? {
        PageHarness.firstMatch(#"(<a href="/day/\#(day)"><title>[^<]*</title><use [^>]*/></a>)"#, in: page.text)
    }

    func testTheYearsLevelsByItsQuartiles() throws {
        let dawn = try seeded()
        let member = try dawn.member()
        let model = try StatsPage.Model(member, query: FormFields([("g", "year")]))
        let heatmap = try XCTUnwrap(model.heatmap)
        XCTAssertEqual(heatmap.layout.weekCount, 53)
        XCTAssertEqual(heatmap.days.count, 365)
        XCTAssertEqual(heatmap.levels.quartiles, [2.75, 4.5, 6.25])
        let levels = Dictionary(uniqueKeysWithValues: heatmap.days.map { ($0.date, $0.level) })
        XCTAssertEqual(Self.year.prefix(8).map { levels[date($0.day)] }, Self.expectedLevels.prefix(8).map { $0 })
        XCTAssertEqual(levels[date("2026-03-05")], 0, "an entry alone is not activity")
        XCTAssertEqual(heatmap.days.filter { $0.level > 0 }.count, 8)
        XCTAssertEqual(heatmap.days.first { $0.date == date("2026-03-04") }?.figure, 3)

        // 2025 alone: its one active day is level 4.
        let past = try XCTUnwrap(StatsPage.Model(member, query: FormFields([("g", "year"), ("p", "2025")])).heatmap)
        XCTAssertEqual(past.days.filter { $0.level > 0 }.map(\.date), [date("2025-07-07")])
        XCTAssertEqual(past.days.first { $0.date == date("2025-07-07") }?.level, 4)
        // Other granularities draw no heatmap.
        XCTAssertNil(try StatsPage.Model(member, query: FormFields([("g", "month")])).heatmap)
    }

    func testACellsLinkTitleAndPlace() throws {
        let dawn = try seeded()
        let page = dawn.get("/stats?g=year")
        XCTAssertEqual(page.status, .ok)
        // The region names today's column (the week of Monday 23 November), where app.js opens it.
        XCTAssertTrue(page.text.contains(#"<div class="heatmap-scroll" tabindex="0" role="region" aria-label="2026 day by day" data-today-x="543">"#))
        XCTAssertTrue(page.text.contains(#"<svg class="heatmap" width="607" height="91" viewBox="0 0 607 91">"#), "26 + 53 × 11 − 2 by 16 + 7 × 11 − 2")
        // Wednesday 4 March: 3 + 62 = 65 days from the first column's Monday → column 9, row 2.
        XCTAssertEqual(cell(page, "2026-03-04"), ##"<a href="/day/2026-03-04"><title>2026-03-04: 2 logs, 1 note</title><use href="#hm" class="hm-l2" y="38"/></a>"##)
        XCTAssertEqual(column(page, "2026-03-04"), "125")
        XCTAssertEqual(cell(page, "2026-01-01"), ##"<a href="/day/2026-01-01"><title>2026-01-01: 1 note</title><use href="#hm" class="hm-l1" y="49"/></a>"##)
        XCTAssertEqual(column(page, "2026-01-01"), "26")
        XCTAssertTrue(cell(page, "2026-11-24")?.contains(##""><title>2026-11-24: 4 logs, 4 notes</title><use href="#hm" class="hm-l4""##) == true)
        XCTAssertTrue(cell(page, "2026-03-05")?.contains(##""><title>2026-03-05: nothing logged or written</title><use href="#hm" class="hm-l0""##) == true)
        // Every day up to today is a link to its day, none after.
        let links = PageHarness.allMatches(#"<a href="/day/(\d{4}-\d\d-\d\d)"><title>"#, in: page.text)
        XCTAssertEqual(links.count, date("2026-01-01").days(to: date("2026-11-24")) + 1)
        XCTAssertEqual(links.last, "2026-11-24")
        // 25 November on: drawn faintly, no link, no title. Wednesday: column 47, row 2.
        XCTAssertTrue(page.text.contains(##"<g transform="translate(543)"><a href="/day/2026-11-23">"##))
        XCTAssertTrue(page.text.contains(##"<use href="#hm" class="hm-l0 hm-future" y="38"/>"##))
        XCTAssertEqual(PageHarness.allMatches(##"<use href="#hm" (class="hm-l0 hm-future")"##, in: page.text).count, 37)
        // Month labels over their columns, every other weekday beside its row.
        XCTAssertEqual(PageHarness.allMatches(#"<text x="(\d+)" y="11">"#, in: page.text).prefix(3), ["26", "70", "114"])
        XCTAssertTrue(page.text.contains(#"<text x="26" y="11">Jan</text>"#))
        XCTAssertTrue(page.text.contains(#"<text x="0" y="24">Mon</text><text x="0" y="46">Wed</text>"#))
        XCTAssertTrue(page.text.contains(#"<link rel="stylesheet" href="/static/heatmap."#), "its stylesheet")
        XCTAssertFalse(dawn.get("/stats?g=month").text.contains("heatmap"))
    }

    /// Every day page from 1900 on answers, so every past day of an older year is a link:
    /// all 366 of 2024 (a leap year), none drawn without one.
    func testEveryPastDayOfAnOlderYearIsALink() throws {
        let dawn = try seeded()
        let page = dawn.get("/stats?g=year&p=2024")
        XCTAssertEqual(page.status, .ok)
        XCTAssertTrue(DayNavigation.range(today: date("2026-11-24")).contains(date("2024-01-01")))
        XCTAssertNotNil(cell(page, "2024-01-01"))
        XCTAssertNotNil(cell(page, "2024-12-31"))
        XCTAssertEqual(PageHarness.allMatches(#"<a href="(/day/[^"]*)""#, in: page.text).filter { $0.hasPrefix("/day/2024") }.count, 366)
        XCTAssertFalse(page.text.contains(##"<use href="#hm" class="hm-l0" y="71"><title>"##), "no square without its link")
        XCTAssertFalse(page.text.contains("data-today-x"), "a year without today opens on its start")
    }

    /// Weeks from Sunday move every row down one; the words follow the language.
    func testSundayWeeksAndFrench() throws {
        let dawn = try seeded()
        _ = dawn.get("/settings")
        XCTAssertEqual(dawn.post("/settings", [("language", "fr"), ("first_weekday", "sunday"), ("day_start_hour", "0"),
                                               ("view", "row"), ("theme", "system"), ("time_zone", "UTC")]).status, .seeOther)
        let page = dawn.get("/stats?g=year")
        // Thursday 1 January is row 4 from Sunday; Wednesday 4 March: 4 + 62 = 66 → column 9, row 3.
        XCTAssertEqual(cell(page, "2026-03-04"), "<a href=\"/day/2026-03-04\"><title>2026-03-04\u{00A0}: 2 enregistrements, 1 note</title><use href=\"#hm\" class=\"hm-l2\" y=\"49\"/></a>")
        XCTAssertEqual(column(page, "2026-03-04"), "125")
        XCTAssertTrue(cell(page, "2026-01-01")?.contains(#"y="60""#) == true)
        XCTAssertEqual(column(page, "2026-01-01"), "26")
        XCTAssertTrue(page.text.contains(#"<text x="0" y="24">dim.</text>"#), page.text)
    }

    // MARK: - The habit page

    /// Three habits as `HabitProgressPageTests` seeds them: Gym twice a week, Swim on Monday,
    /// Wednesday and Friday, Read at least 20 pages a day.
    private func habits() throws -> PageHarness {
        let dawn = try PageHarness(now: PageHarness.instant("2026-11-24T10:00:00Z"))
        dawn.setUp(timeZone: "UTC")
        for name in ["Gym", "Swim", "Read"] { _ = dawn.addHabit(name) }
        let member = try dawn.member()
        XCTAssertTrue(try member.habits.setPlan(1, .init(schedule: HabitSchedule.perWeek(2))))
        XCTAssertTrue(try member.habits.setPlan(2, .init(schedule: HabitSchedule.weekdays([.monday, .wednesday, .friday]))))
        XCTAssertTrue(try member.habits.setPlan(3, .init(targetMilli: 20_000, targetUnit: "pages")))
        XCTAssertTrue(try member.habits.setSkipped(2, on: date("2026-11-13"), true))
        let logs: [(Int64, String, Int64?)] = [
            (1, "2025-11-23", nil), (1, "2025-11-24", nil), (1, "2026-11-12", nil), (1, "2026-11-12", nil), (1, "2026-11-19", nil),
            (2, "2026-11-16", nil), (2, "2026-11-18", nil),
            (3, "2026-11-22", 25_000), (3, "2026-11-23", 10_000), (3, "2026-11-24", 30_000), (3, "2026-11-26", 50_000),
        ]
        try member.database.write { connection in
            for (habit, day, amount) in logs {
                try connection.run("""
                    INSERT INTO habit_instances (habit_id, day, start_minute, duration_minutes, note, created_at, amount_milli)
                    VALUES (?, ?, 480, 30, '', 1, ?)
                    """, [.integer(habit), .text(day), amount.map(SQLValue.integer) ?? .null])
            }
        }
        return dawn
    }

    func testTheHabitPagesHeatmapModel() throws {
        let dawn = try habits()
        let member = try dawn.member()
        let gym = try HabitPage.Model(member, id: 1)
        XCTAssertEqual(gym.heatmapLayout.first, date("2025-11-24"), "53 weeks from Monday, ending this week")
        XCTAssertEqual(gym.heatmap.count, 371)
        XCTAssertEqual(gym.history.count, 84)
        XCTAssertEqual(gym.history.map(\.date), gym.heatmap.suffix(84).map(\.date))
        let gymLevels = Dictionary(uniqueKeysWithValues: gym.heatmap.map { ($0.date, $0.level) })
        // Logs 1, 2, 1 (23 November 2025 is before the heatmap): quartiles 1, 1, 1.5.
        XCTAssertEqual([gymLevels[date("2025-11-24")], gymLevels[date("2026-11-12")], gymLevels[date("2026-11-19")]], [3, 4, 3])
        XCTAssertNil(gymLevels[date("2025-11-23")])

        let read = try HabitPage.Model(member, id: 3)
        // By amount: 10, 25, 30 pages → quartiles 17.5, 25, 27.5; 26 November is to come.
        let readDays = Dictionary(uniqueKeysWithValues: read.heatmap.map { ($0.date, $0) })
        XCTAssertEqual(["2026-11-23", "2026-11-22", "2026-11-24", "2026-11-26", "2026-11-21"].map { readDays[date($0)]?.level },
                       [1, 3, 4, 0, 0])
        XCTAssertEqual(readDays[date("2026-11-23")]?.state, .partial)
        XCTAssertEqual(readDays[date("2026-11-26")]?.state, .future)

        let swim = try HabitPage.Model(member, id: 2)
        let swimDays = Dictionary(uniqueKeysWithValues: swim.heatmap.map { ($0.date, $0) })
        XCTAssertEqual(swimDays[date("2026-11-13")]?.state, .skipped)
        XCTAssertEqual(swimDays[date("2026-11-17")]?.state, .off)
        XCTAssertEqual(swimDays[date("2026-11-16")]?.level, 4, "every done day the same: all level 4")
        XCTAssertEqual(swimDays[date("2026-11-18")]?.level, 4)
    }

    func testTheHabitPagesHeatmap() throws {
        let dawn = try habits()
        let read = dawn.get("/habits/3")
        XCTAssertEqual(read.status, .ok)
        XCTAssertTrue(read.text.contains(#"<div class="heatmap-scroll heatmap-recent" tabindex="0" role="region" aria-label="The last 53 weeks">"#))
        XCTAssertTrue(read.text.contains(#"<svg class="heatmap" width="607" height="91""#))
        // Sunday 22 November closes the week before this one: column 51, row 6.
        XCTAssertEqual(cell(read, "2026-11-22"), "<a href=\"/day/2026-11-22\"><title>2026-11-22: 25\u{00A0}pages, done</title><use href=\"#hm\" class=\"hm-l3\" y=\"82\"/></a>")
        XCTAssertEqual(column(read, "2026-11-22"), "587")
        XCTAssertTrue(cell(read, "2026-11-23")?.contains("2026-11-23: 10\u{00A0}pages, short of the target</title><use href=\"#hm\" class=\"hm-l1\"") == true)
        XCTAssertTrue(cell(read, "2026-11-21")?.contains("2026-11-21: not done</title><use href=\"#hm\" class=\"hm-l0\"") == true)
        XCTAssertNil(cell(read, "2026-11-26"), "the future is not a link")
        // Thursday 26 November, logged ahead: this week's column (52), row 3, faint and level 0.
        XCTAssertTrue(read.text.contains(##"<g transform="translate(598)"><a href="/day/2026-11-23">"##))
        XCTAssertTrue(read.text.contains(##"<use href="#hm" class="hm-l0 hm-future" y="49"/>"##))

        let swim = dawn.get("/habits/2")
        XCTAssertTrue(cell(swim, "2026-11-13")?.contains(##"2026-11-13: skipped</title><use href="#hm" class="hm-l0 hm-skipped""##) == true)
        XCTAssertTrue(cell(swim, "2026-11-17")?.contains(##"2026-11-17: not scheduled</title><use href="#hm" class="hm-l0 hm-off""##) == true)
        XCTAssertTrue(cell(swim, "2026-11-16")?.contains(##"2026-11-16: 1 log, done</title><use href="#hm" class="hm-l4""##) == true)
        XCTAssertEqual(PageHarness.allMatches(#"<a href="/day/(\d{4}-\d\d-\d\d)"><title>"#, in: swim.text).count, 366,
                       "24 November 2025 to today")
    }

    /// The squares are written in code (`TrustedHTML.Builder`), not by a template: what a member
    /// typed (a target's unit) is escaped in every title all the same.
    func testAUnitIsEscapedInTheTitles() throws {
        let dawn = try habits()
        let member = try dawn.member()
        XCTAssertTrue(try member.habits.setPlan(3, .init(targetMilli: 20_000, targetUnit: #"<b>p&"s'"#)))
        let page = dawn.get("/habits/3").text
        XCTAssertEqual(cell(dawn.get("/habits/3"), "2026-11-22"),
                       "<a href=\"/day/2026-11-22\"><title>2026-11-22: 25\u{00A0}&lt;b&gt;p&amp;&#34;s&#39;, done</title><use href=\"#hm\" class=\"hm-l3\" y=\"82\"/></a>")
        XCTAssertFalse(page.contains("<b>p"), "never as markup")
    }

    /// The squares' dates, written without making strings, read as `LocalDate.description` does.
    func testDatesAreWrittenAsISO() {
        for iso in ["2026-03-04", "2026-12-31", "1900-01-01", "2028-02-29", "9999-10-09"] {
            var builder = TrustedHTML.Builder()
            HeatmapDrawing.write(date(iso), into: &builder)
            XCTAssertEqual(builder.html.html, iso)
        }
        let early = LocalDate(year: 999, month: 5, day: 6)!
        var builder = TrustedHTML.Builder()
        HeatmapDrawing.write(early, into: &builder)
        XCTAssertEqual(builder.html.html, early.description)
    }
}
