import Domain
import HTTP
import MemberData
import TimeZones
import XCTest
@testable import DawnApp

/// The journal across the years, in process on fixed clocks: every day from 1900 has its
/// page, the statistics and the calendar reach back to a member's earliest data, and the
/// day page recalls the same day of earlier years ("on this day").
final class JournalReachPageTests: XCTestCase {
    private func date(_ iso: String) -> LocalDate { LocalDate(iso: iso)! }

    private func query(_ text: String) throws -> FormFields {
        try URLEncodedForm.parse(Array(text.utf8), maxFields: 8)
    }

    private func recalled(_ dawn: PageHarness, _ day: String) throws -> [String] {
        try DayPage.Model(try dawn.member(), day: date(day)).onThisDay.map { "\($0.date) \($0.text)" }
    }

    private func settings(_ dawn: PageHarness, language: String = "en", view: String = "row", zone: String = "UTC") {
        _ = dawn.get("/settings")
        XCTAssertEqual(dawn.post("/settings", [("language", language), ("first_weekday", "monday"), ("day_start_hour", "0"),
                                               ("view", view), ("theme", "system"), ("time_zone", zone)]).status, .seeOther)
    }

    /// 29 February is recalled on 28 February of common years and on 29 February of leap
    /// years, never on a leap year's 28 February; 28 February never on a 29th.
    func testOnThisDayAcrossLeapYears() throws {
        let dawn = try PageHarness(now: PageHarness.instant("2028-02-29T12:00:00Z"))
        dawn.signedUp(timeZone: "UTC")
        _ = dawn.get("/")
        XCTAssertEqual(dawn.post("/day/2024-02-29/entry", [("entry", "\n  \nA leap-day walk.\nThen tea.")]).status, .seeOther)
        XCTAssertEqual(dawn.post("/day/2024-02-29/notes", [("note", "not this: the entry wins")]).status, .seeOther)
        XCTAssertEqual(dawn.post("/day/2023-02-28/entry", [("entry", "The last day of February 2023.")]).status, .seeOther)
        XCTAssertEqual(dawn.post("/day/2021-02-28/notes", [("note", "Only a note that year.")]).status, .seeOther)
        XCTAssertEqual(dawn.post("/day/2021-02-28/notes", [("note", "A second note.")]).status, .seeOther)
        // A logged habit alone is not recalled: nothing was written that day.
        let tea = dawn.addHabit("Tea")
        dawn.log(tea, on: "2022-02-28", start: "08:00", duration: 15)

        XCTAssertEqual(try recalled(dawn, "2025-02-28"), ["2024-02-29 A leap-day walk.", "2023-02-28 The last day of February 2023.",
                                                          "2021-02-28 Only a note that year."])
        XCTAssertEqual(try recalled(dawn, "2028-02-29"), ["2024-02-29 A leap-day walk."])
        XCTAssertEqual(try recalled(dawn, "2028-02-28"), ["2023-02-28 The last day of February 2023.", "2021-02-28 Only a note that year."],
                       "a leap year's 28 February does not recall the 29th")
        XCTAssertEqual(try recalled(dawn, "2024-02-28"), ["2023-02-28 The last day of February 2023.", "2021-02-28 Only a note that year."])
        XCTAssertEqual(try recalled(dawn, "2024-02-29"), [], "28 February is not recalled on the 29th")
        XCTAssertEqual(try recalled(dawn, "2023-02-28"), ["2021-02-28 Only a note that year."], "only earlier years")
        XCTAssertEqual(try recalled(dawn, "2028-03-01"), [])

        // The view: a link to each day with its line, newest first, under its heading.
        let page = dawn.get("/day/2025-02-28")
        XCTAssertEqual(page.status, .ok)
        XCTAssertTrue(page.text.contains(#"<h2 id="on-this-day-heading">On this day in earlier years</h2>"#), page.text)
        XCTAssertEqual(PageHarness.allMatches(#"<li><a href="(/day/[0-9-]+)"><time"#, in: page.text),
                       ["/day/2024-02-29", "/day/2023-02-28", "/day/2021-02-28"])
        XCTAssertTrue(page.text.contains(#"<li><a href="/day/2024-02-29"><time datetime="2024-02-29">29 February 2024</time></a> <bdi class="recalled-text">A leap-day walk.</bdi></li>"#))
        XCTAssertFalse(dawn.get("/day/2024-02-29").text.contains("on-this-day"), "nothing to recall: no section")
        for (language, heading) in [("it", "Questo giorno negli anni passati"), ("fr", "Ce jour-là, les années précédentes")] {
            settings(dawn, language: language)
            XCTAssertTrue(dawn.get("/day/2028-02-29").text.contains(heading), language)
        }
    }

    /// What a member typed reaches the page escaped, its Markdown removed, and cut to one line.
    func testTheRecalledLineIsEscapedAndShort() throws {
        let dawn = try PageHarness(now: PageHarness.instant("2026-11-24T12:00:00Z"))
        dawn.signedUp(timeZone: "UTC")
        _ = dawn.get("/")
        let long = "1 < 2 & " + String(repeating: "word ", count: 60)
        XCTAssertEqual(dawn.post("/day/2019-11-24/entry", [("entry", long + "\nsecond line")]).status, .seeOther)
        let text = try XCTUnwrap(try DayPage.Model(try dawn.member(), day: date("2026-11-24")).onThisDay.first?.text)
        XCTAssertLessThanOrEqual(text.count, OnThisDayConstants.excerptCharacters)
        XCTAssertTrue(text.hasSuffix("word…"), text)
        let page = dawn.get("/").text
        XCTAssertTrue(page.contains(#"<bdi class="recalled-text">1 &lt; 2 &amp; word word"#))
        XCTAssertFalse(page.contains("second line"))

        // The entry is Markdown: its first line of text, without the markup or raw HTML.
        let markdown = "<script>alert(1)</script>\n\n# **Rain** all day, [a walk](https://example.com)\n\nmore"
        XCTAssertEqual(dawn.post("/day/2018-11-24/entry", [("entry", markdown)]).status, .seeOther)
        XCTAssertTrue(dawn.get("/").text.contains(#"<bdi class="recalled-text">Rain all day, a walk</bdi>"#))
    }

    /// With data from 2016 the statistics and the calendar reach May 2016, every arrow and
    /// year chip stays within reach, and a new member keeps the two-year limit.
    func testStatisticsAndTheCalendarReachTheEarliestData() throws {
        let dawn = try PageHarness(now: PageHarness.instant("2026-11-24T12:00:00Z"))
        dawn.signedUp(timeZone: "UTC")
        _ = dawn.get("/")
        // Before any data: two years back, and the year 2024 links to the calendar's first month.
        let fresh = try StatsPage.Model(try dawn.member(), query: try query("g=year&p=2024"))
        XCTAssertEqual(fresh.calendarMonth, date("2024-11-01"))
        XCTAssertTrue(dawn.get("/stats?g=year&p=2024").text.contains(#"href="/calendar/2024-11""#))
        XCTAssertEqual(dawn.get("/calendar/2024-11").status, .ok)
        XCTAssertEqual(dawn.get("/calendar/2024-10").status, .notFound)
        XCTAssertEqual(dawn.get("/stats?g=year&p=2023").status, .notFound)

        XCTAssertEqual(dawn.post("/day/2016-05-05/entry", [("entry", "Ten years ago.")]).status, .seeOther)
        let member = try dawn.member()
        let year = try StatsPage.Model(member, query: try query("g=year&p=2016"))
        XCTAssertNil(year.previous)
        XCTAssertEqual(year.next?.id, "2017")
        XCTAssertEqual(year.years.map(\.id), (2016...2026).map(String.init))
        XCTAssertEqual(year.calendarMonth, date("2016-05-01"))
        XCTAssertEqual(year.segments.map(\.target.id), ["2016-12-31", "2016-W52", "2016-12", "2016-Q4", "2016"])
        let month = try StatsPage.Model(member, query: try query("g=month&p=2016-05"))
        XCTAssertNil(month.previous)
        XCTAssertEqual(month.figures.entries, 1)
        for (text, status) in [("g=month&p=2016-04", HTTPStatus.notFound), ("g=day&p=2016-04-30", .notFound),
                               ("g=year&p=2015", .notFound)] {
            XCTAssertThrowsError(try StatsPage.Model(member, query: try query(text)), text) { error in
                XCTAssertEqual((error as? PageError)?.status, status, text)
            }
        }
        let may = try CalendarPage.Model(member, month: "2016-05", selected: [])
        XCTAssertNil(may.previous)
        XCTAssertEqual(may.next, date("2016-06-01"))
        XCTAssertTrue(may.calendar.weeks.joined().contains { $0.date == date("2016-05-05") && $0.hasEntry && !$0.isDisabled })
        let april = dawn.get("/calendar/2016-04")
        XCTAssertEqual(april.status, .notFound)
        XCTAssertEqual(PageHarness.errorMessage(april),
                       "The calendar shows months from two years back (or from the month of your earliest entry, note or logged habit) to two years ahead.")
        XCTAssertEqual(dawn.get("/day/2016-05-05").status, .ok)
        XCTAssertTrue(dawn.get("/day/2016-05-05").text.contains("Ten years ago."))
    }

    /// 1 January 1900 in a zone still on local mean time then (Kathmandu, +05:41:16 until
    /// 1920), with the grid: the page answers, the grid stays around today, and a log on it
    /// shows. A summer-time day long ago (Rome's first, 1916-06-04) keeps 24 wall-clock hours.
    func testDaysLongAgoInOldTimeZones() throws {
        let dawn = try PageHarness(now: PageHarness.instant("2026-11-24T12:00:00Z"))
        dawn.signedUp(timeZone: "Asia/Kathmandu")
        settings(dawn, view: "grid", zone: "Asia/Kathmandu")
        let run = dawn.addHabit("Run")
        let first = dawn.get("/day/1900-01-01")
        XCTAssertEqual(first.status, .ok)
        XCTAssertTrue(first.text.contains(#"<time datetime="1900-01-01">Monday, 1 January 1900</time>"#))
        dawn.log(run, on: "1900-01-01", start: "06:00", duration: 30)
        XCTAssertEqual(dawn.post("/day/1900-01-01/notes", [("note", "The first day")]).status, .seeOther)
        let model = try DayPage.Model(try dawn.member(), day: date("1900-01-01"))
        XCTAssertEqual(model.blocks.count, 1)
        XCTAssertTrue(model.showsGrid)
        XCTAssertFalse(model.circles.contains { $0.isSelected }, "the grid is today's, not 1900's")
        XCTAssertNil(model.previous)
        XCTAssertEqual(dawn.post("/day/1900-01-01/notes", [("note", "x")]).status, .seeOther)
        XCTAssertEqual(dawn.get("/stats?g=year&p=1900").status, .ok, "the earliest data is now in 1900")
        XCTAssertEqual(dawn.get("/calendar/1900-01").status, .ok)
        XCTAssertTrue(dawn.get("/day/1901-01-01").text.contains("The first day"), "recalled a year later")

        settings(dawn, zone: "Europe/Rome")
        dawn.log(run, on: "1916-06-04", start: "00:30", duration: 45)
        let summer = try DayPage.Model(try dawn.member(), day: date("1916-06-04"))
        XCTAssertEqual(summer.blocks.map { summer.slots.label(forMinute: $0.startMinute) }, ["00:30"])
        XCTAssertEqual(dawn.get("/stats?g=day&p=1916-06-04").status, .ok)
    }
}

/// "On this day" and the statistics' reach read by key, never by a scan of the history.
final class JournalReachQueryTests: XCTestCase {
    func testTheReadsUseTheirKeys() throws {
        let dawn = try PageHarness(now: PageHarness.instant("2026-11-24T12:00:00Z"))
        dawn.signedUp(timeZone: "UTC")
        _ = dawn.get("/")
        XCTAssertEqual(dawn.post("/day/2016-11-24/entry", [("entry", "Then.")]).status, .seeOther)
        let database = try dawn.member().database
        let plans = try database.read { connection in
            (try connection.query("EXPLAIN QUERY PLAN " + Journal.recalledQuery, [.integer(10), .text(#"["2016-11-24"]"#)]),
             try connection.query("EXPLAIN QUERY PLAN SELECT min(day) FROM day_summaries"))
        }
        let recalled = plans.0.map { $0.string(3) }
        XCTAssertTrue(recalled.contains { $0.hasPrefix("SEARCH s USING PRIMARY KEY (day=?)") }, "\(recalled)")
        XCTAssertTrue(recalled.contains { $0.hasPrefix("SEARCH entries USING INDEX") }, "\(recalled)")
        XCTAssertTrue(recalled.contains { $0.hasPrefix("SEARCH notes USING INDEX notes_by_day") }, "\(recalled)")
        XCTAssertFalse(recalled.contains { $0.hasPrefix("SCAN s") || $0.hasPrefix("SCAN entries") || $0.hasPrefix("SCAN notes") },
                       "\(recalled)")
        XCTAssertEqual(plans.1.map { $0.string(3) }, ["SEARCH day_summaries USING PRIMARY KEY"])
    }
}
