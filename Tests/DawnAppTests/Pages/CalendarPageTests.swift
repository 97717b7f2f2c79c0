import HTTP
import XCTest

/// `/calendar` and `/calendar/YYYY-MM` in process: December → January across a year
/// end in Rome, February of a leap year, the two-year limits and malformed months.
final class CalendarPageTests: XCTestCase {
    /// Every cell as "number:classes" (disabled ones "-:classes"), week by week.
    private func cells(_ page: PageHarness.Page) -> [String] {
        PageHarness.allMatches(#"<td>(.*?)</td>"#, in: page.text).map { cell in
            if let number = PageHarness.firstMatch(#">(\d+)</a>"#, in: cell),
               let classes = PageHarness.firstMatch(#"class="([^"]*)""#, in: cell) {
                return "\(number):\(classes)"
            }
            return "-:" + (PageHarness.firstMatch(#"class="([^"]*)""#, in: cell) ?? "")
        }
    }

    private func arrow(_ page: PageHarness.Page, _ rel: String) -> String? {
        PageHarness.firstMatch(#"<a class="arrow" href="([^"]*)" aria-label="[^"]*" rel="\#(rel)">"#, in: page.text)
    }

    func testDecemberAndJanuaryAcrossNewYearInRome() throws {
        // 00:30 on 1 January 2027 in Rome, still 2026 in UTC.
        let dawn = try PageHarness(now: PageHarness.instant("2026-12-31T23:30:00Z"))
        dawn.signedUp(timeZone: "Europe/Rome")
        let run = dawn.addHabit("Run")
        dawn.log(run, on: "2026-12-30", start: "07:00", duration: 30)
        XCTAssertEqual(dawn.post("/day/2026-12-31/entry", [("entry", "Last day."), ("version", "0")]).status, .seeOther)

        let now = dawn.get("/calendar")
        XCTAssertEqual(now.status, .seeOther)
        XCTAssertEqual(now.location, "/calendar/2027-01")
        XCTAssertEqual(now.headers["Cache-Control"], "no-store")

        let december = dawn.get("/calendar/2026-12")
        XCTAssertEqual(december.status, .ok)
        XCTAssertEqual(december.headers["Content-Type"], "text/html; charset=utf-8")
        XCTAssertTrue(december.text.contains("<title>Calendar · December 2026</title>"))
        XCTAssertTrue(december.text.contains("<h1>December 2026</h1>"))
        XCTAssertEqual(PageHarness.allMatches(#"<th scope="col">([^<]*)</th>"#, in: december.text),
                       ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"])
        let days = cells(december)
        XCTAssertEqual(days.count, 35, "five weeks: 30 November to 3 January")
        XCTAssertEqual(days.first, "-:cal-day outside", "Monday 30 November is outside the month")
        XCTAssertEqual(days[1], "1:cal-day")
        XCTAssertEqual(days[30], "30:cal-day highlighted", "a logged habit makes a day active")
        XCTAssertEqual(days[31], "31:cal-day entry", "an entry fills the day (it does not make it active)")
        XCTAssertEqual(Array(days.suffix(3)), ["-:cal-day outside current", "-:cal-day outside", "-:cal-day outside"],
                       "January days close the last week, disabled; today keeps its marks")
        XCTAssertTrue(december.text.contains(#"href="/day/2026-12-31" aria-label="Thursday, 31 December 2026">31</a>"#))
        XCTAssertEqual(arrow(december, "prev"), "/calendar/2026-11")
        XCTAssertEqual(arrow(december, "next"), "/calendar/2027-01")

        let january = dawn.get("/calendar/2027-01")
        XCTAssertTrue(january.text.contains("<h1>January 2027</h1>"))
        let first = cells(january)
        XCTAssertEqual(first.prefix(4), ["-:cal-day outside", "-:cal-day outside", "-:cal-day outside highlighted",
                                         "-:cal-day outside entry"], "1 January 2027 is a Friday")
        XCTAssertEqual(first[4], "1:cal-day current", "today, in Rome (selected only when linked with ?day=)")
        XCTAssertTrue(january.text.contains(#"href="/day/2027-01-01" aria-label="Friday, 1 January 2027" aria-current="date">1</a>"#))
        XCTAssertEqual(arrow(january, "prev"), "/calendar/2026-12")

        // ?day= rings a day: the day page's link (its heading) selects the day it shows.
        let linked = dawn.get("/calendar/2026-12?day=2026-12-24")
        let ringed = cells(linked)
        XCTAssertEqual(ringed[24], "24:cal-day selected")
        XCTAssertEqual(ringed.filter { $0.contains("selected") }.count, 1)
        XCTAssertTrue(linked.text.contains(#"href="/day/2026-12-24" aria-label="Thursday, 24 December 2026, selected">24</a>"#))
        let day = dawn.get("/day/2026-12-24")
        XCTAssertTrue(day.text.contains(#"<h1><a class="day-calendar" href="/calendar/2026-12?day=2026-12-24"><time datetime="2026-12-24">"#),
                      "the day's heading links to its month with the day selected")
        XCTAssertTrue(day.text.contains(#"<span class="visually-hidden">, open the month&#39;s calendar</span>"#))
        XCTAssertTrue(cells(dawn.get("/calendar/2027-01?day=2027-01-01"))[4] == "1:cal-day current selected")
    }

    func testLimitsAndMalformedMonths() throws {
        let dawn = try PageHarness(now: PageHarness.instant("2026-12-31T23:30:00Z"))
        dawn.signedUp(timeZone: "Europe/Rome")
        // Today is 2027-01-01: days from 2025-01-01 to 2029-01-01.
        let oldest = dawn.get("/calendar/2025-01")
        XCTAssertEqual(oldest.status, .ok)
        XCTAssertNil(arrow(oldest, "prev"))
        XCTAssertTrue(oldest.text.contains(#"<span class="arrow" aria-disabled="true">‹</span>"#))
        let newest = dawn.get("/calendar/2029-01")
        XCTAssertEqual(newest.status, .ok)
        XCTAssertNil(arrow(newest, "next"))
        XCTAssertEqual(cells(newest).prefix(3), ["1:cal-day", "-:cal-day disabled", "-:cal-day disabled"],
                       "Monday 1 January 2029 is the last day page: the month's later days are faded (seed 003's disabled)")
        XCTAssertEqual(cells(newest).filter { $0.hasSuffix("disabled") }.count, 30)
        XCTAssertTrue(newest.text.contains(#"<span class="cal-day disabled" data-day="2" aria-hidden="true"></span>"#))
        XCTAssertFalse(newest.text.contains(#"href="/day/2029-01-02""#), "past the range, days are not links")
        XCTAssertTrue(newest.text.contains(#"href="/day/2029-01-01""#))

        for (target, status) in [("/calendar/2024-12", HTTPStatus.notFound), ("/calendar/2029-02", .notFound),
                                 ("/calendar/2026-13", .badRequest), ("/calendar/2026-1", .badRequest),
                                 ("/calendar/202612", .badRequest), ("/calendar/2026-12-01", .badRequest),
                                 ("/calendar/dec-2026", .badRequest), ("/calendar/2026-12?day=%ZZ", .badRequest),
                                 ("/calendar/2026-12?day=2026-12-5", .badRequest), ("/calendar/2026-12?day=", .badRequest),
                                 ("/calendar/2026-12?day=2026-11-30", .badRequest), ("/calendar/2026-12?day=2026-12-32", .badRequest),
                                 ("/calendar/2026-12?day=2026-12-05&day=2026-12-06", .badRequest),
                                 ("/calendar/2024-12?day=2024-12-x", .badRequest), ("/calendar/2026-12?day=2026-12-05", .ok),
                                 ("/calendar/2026-12?other=1", .ok)] {
            XCTAssertEqual(dawn.get(target).status, status, target)
        }
        XCTAssertEqual(PageHarness.errorMessage(dawn.get("/calendar/2026-13")), "That is not a month. Months look like 2026-11.")
        XCTAssertEqual(PageHarness.errorMessage(dawn.get("/calendar/2026-12?day=2027-01-01")),
                       "That is not a day of this month. Days look like 2026-11-05.")
        XCTAssertEqual(PageHarness.errorMessage(dawn.get("/calendar/2029-02")),
                       "The calendar shows months from two years back (or from the month of your earliest entry, note or logged habit) to two years ahead.")
        dawn.forgetCookies()
        XCTAssertEqual(dawn.get("/calendar/2026-12").location, "/login?next=/calendar/2026-12")
        XCTAssertEqual(dawn.get("/calendar").location, "/login?next=/calendar")
    }

    func testFebruaryOfALeapYear() throws {
        let dawn = try PageHarness(now: PageHarness.instant("2028-02-29T12:00:00Z"))
        dawn.signedUp(timeZone: "UTC")
        XCTAssertEqual(dawn.get("/calendar").location, "/calendar/2028-02")
        let february = dawn.get("/calendar/2028-02")
        XCTAssertTrue(february.text.contains("<h1>February 2028</h1>"))
        let days = cells(february).filter { !$0.hasPrefix("-") }
        XCTAssertEqual(days.count, 29)
        XCTAssertEqual(days.last, "29:cal-day current")
        XCTAssertTrue(february.text.contains(#"aria-label="Tuesday, 29 February 2028" aria-current="date">29</a>"#))
        XCTAssertEqual(cells(dawn.get("/calendar/2027-02")).filter { !$0.hasPrefix("-") }.count, 28)
        // Two years back from a leap day is 28 February 2026: that month is the oldest.
        XCTAssertNil(arrow(dawn.get("/calendar/2026-02"), "prev"))
        XCTAssertEqual(dawn.get("/calendar/2026-01").status, .notFound)
    }
}
