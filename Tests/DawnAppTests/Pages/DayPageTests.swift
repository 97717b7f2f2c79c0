import Gzip
import MemberData
import Store
import HTTP
import XCTest
@testable import DawnApp

/// The day page in process, on fixed dates: which day "today" is around a DST change, a
/// year end far east of Greenwich and a leap day; the row; the streak as days pass.
final class DayPageTests: XCTestCase {
    private func today(_ page: PageHarness.Page) -> String? {
        PageHarness.firstMatch(#"<a class="c today[^"]*" href="/day/([\d-]+)""#, in: page.text)
    }

    private func rowDates(_ page: PageHarness.Page) -> [String] {
        PageHarness.allMatches(#"<a class="c [^"]*" href="/day/([\d-]+)""#, in: page.text)
    }

    /// Rome moves its clocks from 02:00 to 03:00 on 2026-03-29: that day has 23 hours.
    func testTodayAroundTheSpringDSTChangeInRome() throws {
        let dawn = try PageHarness(now: PageHarness.instant("2026-03-28T22:59:59Z"))  // 23:59:59 CET
        dawn.setUp(timeZone: "Europe/Rome")
        var page = dawn.get("/")
        XCTAssertEqual(page.status, .ok)
        XCTAssertEqual(today(page), "2026-03-28")
        dawn.setNow(PageHarness.instant("2026-03-28T23:00:00Z"))  // 00:00 CET on the 29th
        page = dawn.get("/")
        XCTAssertEqual(today(page), "2026-03-29")
        XCTAssertTrue(page.text.contains("<time datetime=\"2026-03-29\">Sunday, 29 March 2026</time>"))
        dawn.setNow(PageHarness.instant("2026-03-29T21:59:59Z"))  // 23:59:59 CEST, still the 29th
        XCTAssertEqual(today(dawn.get("/")), "2026-03-29")
        dawn.setNow(PageHarness.instant("2026-03-29T22:00:00Z"))
        XCTAssertEqual(today(dawn.get("/")), "2026-03-30")
    }

    /// Kiritimati (UTC+14) reaches New Year first; the row crosses the year.
    func testYearEndInKiritimati() throws {
        let dawn = try PageHarness(now: PageHarness.instant("2026-12-31T10:00:00Z"))  // 00:00 on 1 January
        dawn.setUp(timeZone: "Pacific/Kiritimati")
        dawn.choosingRow(timeZone: "Pacific/Kiritimati")  // the row's header and circles (the grid is the default)
        let page = dawn.get("/")
        XCTAssertEqual(today(page), "2027-01-01")
        let dates = rowDates(page)
        XCTAssertEqual(dates.count, 33)
        XCTAssertEqual(dates.first, "2026-12-02")
        XCTAssertEqual(dates.last, "2027-01-03")
        XCTAssertTrue(dates.contains("2026-12-31"))
    }

    func testLeapDay() throws {
        let dawn = try PageHarness(now: PageHarness.instant("2028-02-29T12:00:00Z"))
        dawn.setUp(timeZone: "UTC")
        dawn.choosingRow(timeZone: "UTC")  // the row's header and circles (the grid is the default)
        let page = dawn.get("/")
        XCTAssertEqual(today(page), "2028-02-29")
        XCTAssertEqual(rowDates(page).suffix(3), ["2028-02-29", "2028-03-01", "2028-03-02"])
        XCTAssertEqual(dawn.get("/day/2028-02-29").status, .ok)
        XCTAssertEqual(dawn.get("/day/2027-02-29").status, .badRequest, "no such date")
        XCTAssertEqual(dawn.get("/day/2031-01-01").status, .notFound, "more than two years ahead")
    }

    /// The streak counts consecutive active days ending yesterday, plus today once active,
    /// and is gone once a whole day passes without activity.
    func testTheStreakFollowsTheClock() throws {
        let dawn = try PageHarness(now: PageHarness.instant("2026-11-20T09:00:00Z"))
        dawn.setUp(timeZone: "Europe/Rome")
        dawn.choosingRow(timeZone: "Europe/Rome")  // the row's header and circles (the grid is the default)
        for day in ["2026-11-18", "2026-11-19"] {
            _ = dawn.get("/day/\(day)")
            XCTAssertEqual(dawn.post("/day/\(day)/notes", [("note", "walked")]).status, .seeOther)
        }
        XCTAssertTrue(dawn.get("/").text.contains("2 Days Streak • 2 Active days • 0 Entries"))
        _ = dawn.get("/")
        XCTAssertEqual(dawn.post("/day/2026-11-20/entry", [("entry", "A good day."), ("version", "0")]).status, .seeOther)
        XCTAssertEqual(dawn.post("/day/2026-11-20/notes", [("note", "ran")]).status, .seeOther)
        XCTAssertTrue(dawn.get("/").text.contains("3 Days Streak • 3 Active days • 1 Entry"))
        dawn.setNow(PageHarness.instant("2026-11-21T12:00:00Z"))
        XCTAssertTrue(dawn.get("/").text.contains("3 Days Streak"), "today may still come")
        dawn.setNow(PageHarness.instant("2026-11-22T12:00:00Z"))
        let page = dawn.get("/").text
        XCTAssertTrue(page.contains("0 Days Streak • 3 Active days • 1 Entry"), page)
    }

    /// The ETag changes with every write and with the process (a new harness over the same
    /// folder would be a restart; a new epoch stands for it here).
    func testAnUnchangedDayIs304AndAChangedOneIsNot() throws {
        let dawn = try PageHarness(now: PageHarness.instant("2026-06-01T08:00:00Z"))
        dawn.setUp()
        let first = dawn.get("/")
        let etag = try XCTUnwrap(first.headers["ETag"])
        XCTAssertEqual(dawn.get("/", headers: [("If-None-Match", etag)]).status, .notModified)
        XCTAssertEqual(dawn.post("/day/2026-06-01/notes", [("note", "coffee")]).status, .seeOther)
        let changed = dawn.get("/", headers: [("If-None-Match", etag)])
        XCTAssertEqual(changed.status, .ok)
        XCTAssertTrue(changed.text.contains("coffee"))
    }

    /// Seed 001 and seed 003: a new member's day opens on the grid (84
    /// circles, no row), an activity circle keeps its dot under the number (class "active",
    /// a .dot) and an entry is its own class without a dot; the heading leads to the day's
    /// month in the calendar with the day selected, while the calendar shows that month.
    func testTheGridByDefaultAndTheHeadingLinksToTheCalendar() throws {
        let dawn = try PageHarness(now: PageHarness.instant("2026-11-20T09:00:00Z"))
        dawn.signedUp(timeZone: "Europe/Rome")
        XCTAssertEqual(dawn.post("/day/2026-11-20/notes", [("note", "walked")]).status, .seeOther)
        _ = dawn.get("/day/2026-11-19")
        XCTAssertEqual(dawn.post("/day/2026-11-19/entry", [("entry", "Wrote."), ("version", "0")]).status, .seeOther)
        let page = dawn.get("/")
        XCTAssertTrue(page.text.contains(#"<section class="grid-box""#))
        XCTAssertFalse(page.text.contains(#"<nav class="timeline""#))
        XCTAssertEqual(PageHarness.allMatches(#"<a class="c [^"]*" href="/day/([\d-]+)""#, in: page.text).count, 84,
                       "the grid's cells")
        XCTAssertTrue(page.text.contains(#"<a class="c today selected active" href="/day/2026-11-20" aria-label="Friday, 20 November 2026, today, active" aria-current="date"><span class="dot"></span><span class="n">20</span></a>"#),
                      "today's activity: the dot under its number")
        XCTAssertTrue(page.text.contains(#"<a class="c past entry" href="/day/2026-11-19" aria-label="Thursday, 19 November 2026, has a journal entry"></a>"#),
                      "an entry: the disc, no dot")
        XCTAssertTrue(page.text.contains(#"<h1><a class="day-calendar" href="/calendar/2026-11?day=2026-11-20"><time datetime="2026-11-20">Friday, 20 November 2026</time>"#))
        XCTAssertTrue(dawn.get("/day/2026-10-03").text.contains(#"href="/calendar/2026-10?day=2026-10-03""#))
        XCTAssertEqual(dawn.get("/calendar/2026-10?day=2026-10-03").status, .ok, "the link answers")
        // Before the calendar's first month (two years back, no older data): a plain heading.
        let old = dawn.get("/day/1950-06-01")
        XCTAssertEqual(old.status, .ok)
        XCTAssertTrue(old.text.contains(#"<h1><time datetime="1950-06-01">"#))
        XCTAssertFalse(old.text.contains("day-calendar"))
        XCTAssertEqual(dawn.get("/day/2024-11-01").text.contains("day-calendar"), true, "the oldest month shown")
        XCTAssertEqual(dawn.get("/day/2024-10-31").text.contains("day-calendar"), false)
        XCTAssertTrue(dawn.get("/day/2028-11-20").text.contains(#"href="/calendar/2028-11?day=2028-11-20""#), "the last day page")
    }
}

/// A client without gzip is answered from the page cache too, not by a new render.
final class DayPageEncodingTests: XCTestCase {
    /// A cache hit is the finished answer kept whole: the same fields, in the same order, as
    /// the render that stored it, each security header once, the member marked, and a
    /// guardian's view of a child still never kept by the guardian's browser.
    func testACacheHitAnswersWithTheRendersHeaders() throws {
        let dawn = try PageHarness(now: PageHarness.instant("2026-06-01T08:00:00Z"))
        dawn.setUp(timeZone: "UTC")
        func fields(_ page: PageHarness.Page) -> [String] { page.headers.map { "\($0.name): \($0.value)" } }
        for encoding in [[("Accept-Encoding", "gzip")], []] {
            let first = dawn.get("/day/2026-05-30", headers: encoding)
            let hit = dawn.get("/day/2026-05-30", headers: encoding)
            XCTAssertEqual(hit.status, .ok)
            XCTAssertEqual(fields(hit), fields(first))
            for name in ["X-Content-Type-Options", "Content-Security-Policy", "Referrer-Policy", "X-Frame-Options",
                         "Cache-Control", "X-Dawn-Member", "ETag", "Vary", "Content-Type"] {
                XCTAssertEqual(hit.headers.values(for: name).count, 1, name)
            }
            XCTAssertEqual(hit.headers["Cache-Control"], "private, no-cache")
            XCTAssertEqual(hit.headers["X-Dawn-Member"], "1")
            XCTAssertEqual(hit.headers["Content-Encoding"], encoding.isEmpty ? nil : "gzip")
        }
    }

    func testBothEncodingsComeFromOneRender() throws {
        let dawn = try PageHarness(now: PageHarness.instant("2026-06-01T08:00:00Z"))
        dawn.setUp(timeZone: "UTC")
        let gzipped = dawn.get("/", headers: [("Accept-Encoding", "gzip")])
        XCTAssertEqual(gzipped.headers["Content-Encoding"], "gzip")
        let etag = try XCTUnwrap(gzipped.headers["ETag"])
        let cached = try XCTUnwrap(dawn.app.caches.pages.page(etag))
        XCTAssertEqual(gzipped.body, cached.gzipped)
        XCTAssertEqual(try Gzip.decompress(cached.gzipped, maxOutputBytes: 1 << 20), cached.identity)

        // A note written behind the app's back (no revision bump): a new render would show it,
        // the cached page does not, so the identity answer below came from the cache.
        let path = dawn.folder + "/users/1.sqlite"
        let raw = try Database.open(path: path, migrations: MemberSchema.migrations)
        try raw.write { try $0.run("INSERT INTO notes (day, body, created_at) VALUES ('2026-06-01', 'behind the back', 1)") }
        raw.close()
        let identity = dawn.get("/")
        XCTAssertEqual(identity.status, .ok)
        XCTAssertNil(identity.headers["Content-Encoding"])
        XCTAssertEqual(identity.headers["ETag"], etag)
        XCTAssertEqual(identity.headers["Vary"], "Accept-Encoding, Cookie")
        XCTAssertEqual(identity.body, cached.identity)
        XCTAssertFalse(identity.text.contains("behind the back"))
        // Once the data changes through the app, both encodings render anew.
        XCTAssertEqual(dawn.post("/day/2026-06-01/notes", [("note", "through the app")]).status, .seeOther)
        let fresh = dawn.get("/")
        XCTAssertNotEqual(fresh.headers["ETag"], etag)
        XCTAssertTrue(fresh.text.contains("through the app") && fresh.text.contains("behind the back"))
    }
}
