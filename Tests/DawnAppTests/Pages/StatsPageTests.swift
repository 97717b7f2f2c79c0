import FoundationEssentials
import HTTP
import XCTest

/// `/stats` at every granularity, its arrows and limits, and `/api/stats`, in process:
/// across a year end in Rome (where 2027 starts while UTC is still in 2026), the
/// spring DST day and a leap day.
final class StatsPageTests: XCTestCase {
    /// 00:30 on 1 January 2027 in Rome; still 31 December in UTC.
    private let newYear = PageHarness.instant("2026-12-31T23:30:00Z")

    private func label(_ page: PageHarness.Page) -> String? {
        PageHarness.firstMatch(#"<h2 class="period-label">([^<]*)</h2>"#, in: page.text)
    }

    private func arrow(_ page: PageHarness.Page, _ rel: String) -> String? {
        PageHarness.firstMatch(#"<a class="arrow" href="([^"]*)" aria-label="[^"]*" rel="\#(rel)">"#, in: page.text)
            .map { $0.replacingOccurrences(of: "&amp;", with: "&") }
    }

    private func summary(_ page: PageHarness.Page) -> String? {
        PageHarness.firstMatch(#"<p class="summary"><a href="[^"]*">([^<]*)</a> · ([^<]*)</p>"#, in: page.text)
    }

    /// The per-habit rows: name, count, minutes, active, streak, best.
    private func rows(_ page: PageHarness.Page) -> [String] {
        PageHarness.allMatches(#"(?s)<table class="habit-stats">.*?<tbody>(.*?)</tbody>"#, in: page.text).flatMap {
            PageHarness.allMatches(#"<tr>(.*?)</tr>"#, in: $0).map {
                $0.replacingOccurrences(of: #"<[^>]*>"#, with: "|", options: .regularExpression)
                    .split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                    .dropFirst().joined(separator: " | ")  // the emoji
            }
        }
    }

    /// A member in Rome with a habit logged on both sides of midnight and an entry on New Year's Eve.
    private func yearEnd() throws -> (PageHarness, Int) {
        let dawn = try PageHarness(now: newYear)
        dawn.signedUp(timeZone: "Europe/Rome")
        let run = dawn.addHabit("Run <5k>", emoji: "🏃")
        dawn.log(run, on: "2026-12-31", start: "23:00", duration: 60)
        dawn.log(run, on: "2027-01-01", start: "00:15", duration: 30)
        XCTAssertEqual(dawn.post("/day/2026-12-31/entry", [("entry", "The year's last day."), ("version", "0")]).status,
                       .seeOther)
        return (dawn, run)
    }

    /// Statistics over long ranges and exports run on the worker pool; the day page, which
    /// costs what the summaries make it cost, answers on the event loop.
    func testLongRangesRunOnTheWorkerPool() throws {
        let dawn = try PageHarness(now: newYear)
        dawn.setUp(timeZone: "Europe/Rome")
        for target in ["/stats?g=year", "/stats", "/api/stats?from=2024-01-01&to=2026-12-31", "/export/dawn.json"] {
            XCTAssertEqual(dawn.get(target).status, .ok, target)
            XCTAssertEqual(dawn.lastRan, .workerPool, target)
        }
        XCTAssertEqual(dawn.get("/").status, .ok)
        XCTAssertEqual(dawn.lastRan, .eventLoop)
    }

    func testStatisticsOpenOnTheMonth() throws {
        let (dawn, _) = try yearEnd()
        let page = dawn.get("/stats")
        XCTAssertEqual(page.status, .ok)
        XCTAssertTrue(page.text.contains(#"<a href="/stats?g=month&amp;p=2027-01" aria-current="page">"#),
                      "without g= the month is chosen (seed 004)")
        XCTAssertEqual(dawn.get("/stats?g=month&p=2027-01").text, page.text)
    }

    func testTheWeekAcrossTheYearEnd() throws {
        let (dawn, _) = try yearEnd()
        let page = dawn.get("/stats?g=week")
        XCTAssertEqual(page.status, .ok)
        XCTAssertEqual(page.headers["Content-Type"], "text/html; charset=utf-8")
        // ISO week 53 of 2026 runs Monday 28 December to Sunday 3 January.
        XCTAssertEqual(label(page), "28 Dec - 3 Jan")
        XCTAssertTrue(page.text.contains("<title>Statistics · 28 Dec - 3 Jan</title>"))
        XCTAssertEqual(arrow(page, "prev"), "/stats?g=week&p=2026-W52")
        XCTAssertNil(arrow(page, "next"), "the current week is the last")
        XCTAssertTrue(page.text.contains(#"<span class="arrow" aria-disabled="true">›</span>"#))
        // Out of the days so far: Monday 28 December to today, Friday 1 January.
        XCTAssertEqual(summary(page), "2 of 5 days active")
        XCTAssertTrue(page.text.contains("2 of 5 days active</a> · 1 journal entry</p>"))
        XCTAssertEqual(rows(page), ["Run &lt;5k&gt; | 2 | 90 | 2 / 5 | 2 days | 2 days | 10.1 %"])
        XCTAssertTrue(page.text.contains("<title>31 December 2026: 1 logged, 60 min</title>"))
        XCTAssertTrue(page.text.contains("<title>1 January 2027: 1 logged, 30 min</title>"))
        XCTAssertTrue(page.text.contains("Habits logged per day"))
        XCTAssertEqual(dawn.get("/stats?g=week&p=2026-W53").text, page.text)
        // Segments keep the period: the month and year of today.
        XCTAssertTrue(page.text.contains(#"href="/stats?g=month&amp;p=2027-01""#))
        XCTAssertTrue(page.text.contains(#"<a href="/stats?g=week&amp;p=2026-W53" aria-current="page">"#))
    }

    func testMonthsQuartersAndYearsOnEitherSideOfNewYear() throws {
        let (dawn, _) = try yearEnd()
        let december = dawn.get("/stats?g=month&p=2026-12")
        XCTAssertEqual(label(december), "December 2026")
        XCTAssertEqual(summary(december), "1 of 31 days active")
        XCTAssertEqual(rows(december), ["Run &lt;5k&gt; | 1 | 60 | 1 / 31 | 2 days | 2 days | 10.1 %"], "streaks are as of today")
        XCTAssertEqual(arrow(december, "next"), "/stats?g=month&p=2027-01")
        XCTAssertEqual(arrow(december, "prev"), "/stats?g=month&p=2026-11")
        XCTAssertTrue(december.text.contains(#"<a href="/calendar/2026-12">1 of 31 days active</a>"#))

        let january = dawn.get("/stats?g=month")
        XCTAssertEqual(label(january), "January 2027")
        XCTAssertTrue(january.text.contains("1 of 1 days active</a> · 0 journal entries"), "the month so far")
        XCTAssertNil(arrow(january, "next"))

        let quarter = dawn.get("/stats?g=quarter&p=2026-Q4")
        XCTAssertEqual(label(quarter), "Q4 2026")
        XCTAssertEqual(summary(quarter), "1 of 92 days active")
        XCTAssertEqual(arrow(quarter, "next"), "/stats?g=quarter&p=2027-Q1")
        XCTAssertTrue(quarter.text.contains("Habits logged per week"))

        let year = dawn.get("/stats?g=year")
        XCTAssertEqual(label(year), "2027")
        XCTAssertEqual(summary(year), "1 of 1 days active", "the year so far: today, 1 January")
        XCTAssertEqual(PageHarness.allMatches(#"<nav class="years"[^>]*>(.*?)</nav>"#, in: year.text).first?
            .replacingOccurrences(of: #"<[^>]*>"#, with: " ", options: .regularExpression)
            .split(separator: " ").joined(separator: ","), "2025,2026,2027")
        XCTAssertTrue(year.text.contains(#"<a href="/stats?g=year&amp;p=2027" aria-current="page">2027</a>"#))
        XCTAssertTrue(year.text.contains("<title>January 2027: 1 logged, 30 min</title>"))
        XCTAssertTrue(year.text.contains("Habits logged per month"))
        let lastYear = dawn.get("/stats?g=year&p=2026")
        XCTAssertEqual(summary(lastYear), "1 of 365 days active")
        XCTAssertTrue(lastYear.text.contains("<title>December 2026: 1 logged, 60 min</title>"))
        XCTAssertEqual(arrow(lastYear, "next"), "/stats?g=year&p=2027")
        XCTAssertEqual(arrow(lastYear, "prev"), "/stats?g=year&p=2025")
        XCTAssertNil(arrow(dawn.get("/stats?g=year&p=2025"), "prev"), "two years back is the oldest")

        let day = dawn.get("/stats?g=day&p=2026-12-31")
        XCTAssertEqual(label(day), "31 December 2026")
        XCTAssertEqual(summary(day), "1 of 1 days active")
        XCTAssertTrue(day.text.contains("<title>23:00: 1 logged, 60 min</title>"))
        XCTAssertTrue(day.text.contains("Habits logged per hour"))
        XCTAssertEqual(arrow(day, "next"), "/stats?g=day&p=2027-01-01")
    }

    func testRefusedPeriods() throws {
        let (dawn, _) = try yearEnd()
        for target in ["/stats?g=decade", "/stats?g=week&p=2026-W54", "/stats?g=week&p=2026-w52", "/stats?g=week&p=2026-12-28",
                       "/stats?g=month&p=2026-13", "/stats?g=quarter&p=2026-Q5", "/stats?g=year&p=26",
                       "/stats?g=day&p=2026-02-29", "/stats?g=month&p=%ZZ"] {
            let page = dawn.get(target)
            XCTAssertEqual(page.status, .badRequest, target)
        }
        XCTAssertEqual(PageHarness.errorMessage(dawn.get("/stats?g=decade")),
                       "That period is not valid here: Dawn shows periods from two years back (or from the month of your earliest entry, note or logged habit) up to now.")
        // Allowed: from today minus two years (2025-01-01) to today.
        for (target, status) in [("/stats?g=year&p=2024", HTTPStatus.notFound), ("/stats?g=year&p=2028", .notFound),
                                 ("/stats?g=month&p=2027-02", .notFound), ("/stats?g=day&p=2027-01-02", .notFound),
                                 ("/stats?g=day&p=2024-12-31", .notFound), ("/stats?g=day&p=2025-01-01", .ok),
                                 ("/stats?g=week&p=2025-W01", .ok), ("/stats?g=quarter&p=2024-Q4", .notFound)] {
            XCTAssertEqual(dawn.get(target).status, status, target)
        }
        dawn.forgetCookies()
        XCTAssertEqual(dawn.get("/stats?g=year").location, "/login?next=/stats%3Fg%3Dyear")
    }

    /// On 29 February 2028 the day and month have their leap figures, and two years back
    /// is 28 February 2026 (there is no 29th).
    func testALeapDay() throws {
        let dawn = try PageHarness(now: PageHarness.instant("2028-02-29T12:00:00Z"))
        dawn.signedUp(timeZone: "UTC")
        let swim = dawn.addHabit("Swim", emoji: "🏊")
        dawn.log(swim, on: "2028-02-29", start: "06:00", duration: 45)
        dawn.log(swim, on: "2028-02-28", start: "06:00", duration: 15)
        let day = dawn.get("/stats?g=day&p=2028-02-29")
        XCTAssertEqual(label(day), "29 February 2028")
        XCTAssertEqual(rows(day), ["Swim | 1 | 45 | 1 / 1 | 2 days | 2 days | 10.1 %"])
        XCTAssertEqual(arrow(day, "prev"), "/stats?g=day&p=2028-02-28")
        XCTAssertNil(arrow(day, "next"))
        let month = dawn.get("/stats?g=month&p=2028-02")
        XCTAssertEqual(summary(month), "2 of 29 days active")
        XCTAssertTrue(month.text.contains("<title>29 February 2028: 1 logged, 45 min</title>"))
        XCTAssertEqual(summary(dawn.get("/stats?g=year&p=2028")), "2 of 60 days active", "31 January and 29 days of February")
        XCTAssertEqual(dawn.get("/stats?g=day&p=2026-02-28").status, .ok)
        XCTAssertNil(arrow(dawn.get("/stats?g=day&p=2026-02-28"), "prev"))
        XCTAssertEqual(dawn.get("/stats?g=day&p=2026-02-27").status, .notFound)
    }

    /// The day's hourly chart on Rome's 23-hour day still has 24 wall-clock hours.
    func testTheDSTDayHasTwentyFourHourlyBars() throws {
        let dawn = try PageHarness(now: PageHarness.instant("2026-03-29T20:00:00Z"))
        dawn.signedUp(timeZone: "Europe/Rome")
        let walk = dawn.addHabit("Walk", emoji: "🚶")
        dawn.log(walk, on: "2026-03-29", start: "02:30", duration: 30)
        let day = dawn.get("/stats?g=day&p=2026-03-29")
        XCTAssertEqual(label(day), "29 March 2026")
        let bars = PageHarness.allMatches(#"<g><title>(\d\d:00): "#, in: day.text)
        XCTAssertEqual(bars.count, 24)
        XCTAssertEqual(bars.first, "00:00")
        XCTAssertTrue(day.text.contains("<title>02:00: 1 logged, 30 min</title>"))
    }

    /// Check-offs are done at no time of day: the Day chart counts them apart, in a line of
    /// their own, and no hour's bar (midnight's least of all) holds them or their minutes.
    func testTheDayChartCountsCheckOffsApartFromTheHours() throws {
        let dawn = try PageHarness(now: PageHarness.instant("2027-03-10T11:00:00Z"))  // 12:00 in Rome
        dawn.signedUp(timeZone: "Europe/Rome")
        let walk = dawn.addHabit("Walk", emoji: "🚶")
        dawn.log(walk, on: "2027-03-10", start: "09:00", duration: 30)
        let before = dawn.get("/stats?g=day&p=2027-03-10")
        XCTAssertFalse(before.text.contains("chart-untimed"), "no line while nothing is checked off")
        for name in ["Tea", "Stretch", "Water"] {
            let habit = dawn.addHabit(name, emoji: "✅", duration: "45")
            _ = dawn.get("/day/2027-03-10")
            XCTAssertEqual(dawn.post("/day/2027-03-10/check/\(habit)", [("action", "done")]).status, .seeOther, name)
        }
        let day = dawn.get("/stats?g=day&p=2027-03-10")
        XCTAssertEqual(day.status, .ok)
        XCTAssertTrue(day.text.contains("<title>00:00: 0 logged, 0 min</title>"), "midnight holds no check-off")
        XCTAssertTrue(day.text.contains("<title>09:00: 1 logged, 30 min</title>"), "the timed log keeps its hour")
        let busy = PageHarness.allMatches(#"<g><title>(\d\d:00: [1-9]\d* logged, \d+ min)</title>"#, in: day.text)
        XCTAssertEqual(busy, ["09:00: 1 logged, 30 min"], "only the timed log is on an hour")
        XCTAssertTrue(day.text.contains(#"<p class="muted chart-untimed">3 habits checked off without a time (not in the chart)</p>"#))
    }

    // MARK: /api/stats

    private struct Figures: Decodable {
        struct Habit: Decodable {
            let id: Int; let name: String; let emoji: String; let count: Int; let minutes: Int
            let activeDays: Int; let currentStreak: Int; let bestStreak: Int
        }
        let from: String; let to: String; let days: Int; let activeDays: Int; let entries: Int; let habits: [Habit]
    }

    func testTheStatsAPIAcrossTheYearEnd() throws {
        let (dawn, run) = try yearEnd()
        let walk = dawn.addHabit("Walk", emoji: "🚶")
        let reply = dawn.get("/api/stats?from=2026-12-28&to=2027-01-03")
        XCTAssertEqual(reply.status, .ok)
        XCTAssertEqual(reply.headers["Content-Type"], "application/json; charset=utf-8")
        XCTAssertEqual(reply.headers["Cache-Control"], "private, no-store")
        XCTAssertEqual(reply.headers["X-Content-Type-Options"], "nosniff")
        let figures = try JSONDecoder().decode(Figures.self, from: Data(reply.body))
        XCTAssertEqual(figures.from, "2026-12-28")
        XCTAssertEqual(figures.to, "2027-01-03")
        XCTAssertEqual(figures.days, 7)
        XCTAssertEqual(figures.activeDays, 2)
        XCTAssertEqual(figures.entries, 1)
        XCTAssertEqual(figures.habits.map(\.id), [run, walk], "by id")
        XCTAssertEqual(figures.habits[0].name, "Run <5k>", "JSON, not HTML: the name as typed")
        XCTAssertEqual(figures.habits[0].count, 2)
        XCTAssertEqual(figures.habits[0].minutes, 90)
        XCTAssertEqual(figures.habits[0].activeDays, 2)
        XCTAssertEqual(figures.habits[0].currentStreak, 2)
        XCTAssertEqual(figures.habits[0].bestStreak, 2)
        XCTAssertEqual(figures.habits[1].count, 0)

        let year2026 = try JSONDecoder().decode(Figures.self, from: Data(dawn.get("/api/stats?from=2026-01-01&to=2026-12-31").body))
        XCTAssertEqual(year2026.days, 365)
        XCTAssertEqual(year2026.activeDays, 1)
        XCTAssertEqual(year2026.habits[0].minutes, 60)
        let leapYear = try JSONDecoder().decode(Figures.self, from: Data(dawn.get("/api/stats?from=2028-01-01&to=2028-12-31").body))
        XCTAssertEqual(leapYear.days, 366)
        XCTAssertEqual(leapYear.activeDays, 0)
    }

    func testTheStatsAPIRefusesBadRanges() throws {
        let (dawn, _) = try yearEnd()
        struct Problem: Decodable { let error: String }
        for query in ["", "from=2026-12-28", "from=2027-01-03&to=2026-12-28", "from=2026-02-29&to=2026-03-01",
                      "from=28-12-2026&to=2027-01-03"] {
            let reply = dawn.get("/api/stats?" + query)
            XCTAssertEqual(reply.status, .badRequest, query)
            XCTAssertEqual(reply.headers["Content-Type"], "application/json; charset=utf-8", query)
            XCTAssertEqual(try JSONDecoder().decode(Problem.self, from: Data(reply.body)).error,
                           "from and to must be dates like 2026-11-22, from not after to", query)
        }
        // At most 3 × 366 = 1098 days, both ends counted: 2024-01-01 + 1097 days is 2027-01-02.
        let longest = dawn.get("/api/stats?from=2024-01-01&to=2027-01-02")
        XCTAssertEqual(longest.status, .ok)
        XCTAssertEqual(try JSONDecoder().decode(Figures.self, from: Data(longest.body)).days, 1098)
        let long = dawn.get("/api/stats?from=2024-01-01&to=2027-01-03")
        XCTAssertEqual(long.status, .badRequest)
        XCTAssertEqual(try JSONDecoder().decode(Problem.self, from: Data(long.body)).error, "a range is at most 1098 days")
        dawn.forgetCookies()
        XCTAssertEqual(dawn.get("/api/stats?from=2026-12-28&to=2027-01-03").status, .seeOther)
    }
}
