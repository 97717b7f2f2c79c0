import HTTP
import XCTest
@testable import DawnApp

/// The calendar feed in process, on a fixed clock (Wednesday 2026-03-11, 10:00 UTC, Rome;
/// weeks from Monday): the link made and replaced on `/account/tokens`, the ICS text itself
/// (header, events of every kind of schedule, states, escaping, CRLF, folding), no journal
/// text whatever the member wrote, plain 404s for anything unknown, one member's link never
/// showing another's habits, its ETag and 304, its rate limit, and the worker pool.
final class CalendarFeedPageTests: XCTestCase {
    private static let now = PageHarness.instant("2026-03-11T10:00:00Z")
    private static let look: [(String, String)] = [("color", "#48DBAB"), ("duration", "30")]

    /// Mum with four habits: Read (📚, every day), "Run, swim; stretch" (🏊, twice a week),
    /// Piano (🎹, Mondays and Thursdays), Call grandma (☎️, twice a month); Read done on the
    /// 10th and skipped on the 9th, the swim once this week; an entry, a note and a mood.
    private func family() throws -> PageHarness {
        let dawn = try PageHarness(now: Self.now).signedUp()
        _ = dawn.get("/habits/new")
        for (name, emoji, plan) in [("Read", "📚", [("schedule", "day")]),
                                    ("Run, swim; stretch", "🏊", [("schedule", "week"), ("week_times", "2")]),
                                    ("Piano", "🎹", [("schedule", "weekdays"), ("weekdays", "mon"), ("weekdays", "thu")]),
                                    ("Call grandma", "☎️", [("schedule", "month"), ("month_times", "2")])] {
            XCTAssertEqual(dawn.post("/habits", [("name", name), ("emoji", emoji)] + Self.look + plan).status, .seeOther, name)
        }
        _ = dawn.get("/day/2026-03-10")
        XCTAssertEqual(dawn.post("/day/2026-03-10/check/1", [("action", "done")]).status, .seeOther)
        XCTAssertEqual(dawn.post("/day/2026-03-09/skip/1", [("action", "skip")]).status, .seeOther)
        XCTAssertEqual(dawn.post("/day/2026-03-10/check/2", [("action", "done")]).status, .seeOther)
        XCTAssertEqual(dawn.post("/day/2026-03-10/entry", [("entry", "SECRET-ENTRY dear diary"), ("version", "0")]).status,
                       .seeOther)
        XCTAssertEqual(dawn.post("/day/2026-03-10/notes", [("note", "SECRET-NOTE at the lake")]).status, .seeOther)
        XCTAssertEqual(dawn.post("/day/2026-03-10/mood", [("mood", "2")]).status, .seeOther)
        return dawn
    }

    /// "Make a link" on `/account/tokens`: the page shows the address once.
    private func makeLink(_ dawn: PageHarness) throws -> String {
        _ = dawn.get("/account/tokens")
        let page = dawn.post("/account/tokens/feed", [])
        XCTAssertEqual(page.status, .ok, page.text)
        XCTAssertEqual(page.headers["Cache-Control"], "no-store")
        let url = try XCTUnwrap(PageHarness.firstMatch(#"<code class="api-token">(http://localhost/ical/[A-Za-z0-9_-]{43}\.ics)</code>"#,
                                                       in: page.text))
        return String(url.dropFirst("http://localhost".count))
    }

    /// A calendar app's request: no cookie.
    private func fetch(_ dawn: PageHarness, _ path: String, headers: [(String, String)] = []) -> PageHarness.Page {
        let saved = dawn.cookies
        dawn.cookies = [:]
        defer { dawn.cookies = saved }
        return dawn.get(path, headers: headers)
    }

    private func events(_ text: String) -> [String] {
        text.components(separatedBy: "BEGIN:VEVENT\r\n").dropFirst().map { $0.components(separatedBy: "END:VEVENT\r\n")[0] }
    }

    func testTheFeedsTextOnAFixedClock() throws {
        let dawn = try family()
        let path = try makeLink(dawn)
        let page = fetch(dawn, path)
        XCTAssertEqual(page.status, .ok)
        XCTAssertEqual(dawn.lastRan, .workerPool, "computed on the worker pool, never on a loop")
        XCTAssertEqual(page.headers["Content-Type"], "text/calendar; charset=utf-8")
        XCTAssertEqual(page.headers["Cache-Control"], "private, max-age=300")
        let text = page.text
        XCTAssertTrue(text.hasPrefix("""
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            PRODID:-//Dawn//Habits \(DawnVersion.current)//EN\r
            CALSCALE:GREGORIAN\r
            METHOD:PUBLISH\r
            NAME:Dawn: Mum's habits\r
            X-WR-CALNAME:Dawn: Mum's habits\r
            REFRESH-INTERVAL;VALUE=DURATION:PT1H\r
            X-PUBLISHED-TTL:PT1H\r
            BEGIN:VEVENT\r

            """), String(text.prefix(400)))
        XCTAssertTrue(text.hasSuffix("END:VEVENT\r\nEND:VCALENDAR\r\n"))
        // Every line ends in CRLF and none is longer than 75 octets.
        XCTAssertFalse(text.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
        XCTAssertFalse(text.replacingOccurrences(of: "\r\n", with: "").contains("\r"))
        for line in text.components(separatedBy: "\r\n") { XCTAssertLessThanOrEqual(line.utf8.count, 75, line) }

        let all = events(text)
        // Read every day from 4 March to 10 May (68 days); Piano on its 19 Mondays and
        // Thursdays; the swim on each of the 9 Mondays; grandma on 1 April and 1 May.
        XCTAssertEqual(all.filter { $0.contains("SUMMARY:📚 Read") }.count, 68)
        XCTAssertEqual(all.filter { $0.contains("SUMMARY:🎹 Piano") }.count, 19)
        XCTAssertEqual(all.filter { $0.contains("UID:habit-2-") }.count, 9)
        XCTAssertEqual(all.filter { $0.contains("UID:habit-4-") }.map { String($0.prefix(27)) },
                       ["UID:habit-4-2026-04-01@dawn", "UID:habit-4-2026-05-01@dawn"])
        XCTAssertEqual(all.count, 68 + 19 + 9 + 2)
        XCTAssertEqual(all.first.map { String($0.prefix(27)) }, "UID:habit-1-2026-03-04@dawn")
        XCTAssertTrue(all.last?.hasPrefix("UID:habit-1-2026-05-10@dawn\r\n") == true)

        XCTAssertTrue(all.contains("""
            UID:habit-1-2026-03-10@dawn\r
            DTSTAMP:20260311T100000Z\r
            DTSTART;VALUE=DATE:20260310\r
            DTEND;VALUE=DATE:20260311\r
            SUMMARY:📚 Read\r
            DESCRIPTION:Done\r
            TRANSP:TRANSPARENT\r
            X-DAWN-STATE:DONE\r

            """), "Read, done")
        XCTAssertTrue(all.contains("""
            UID:habit-1-2026-03-09@dawn\r
            DTSTAMP:20260311T100000Z\r
            DTSTART;VALUE=DATE:20260309\r
            DTEND;VALUE=DATE:20260310\r
            SUMMARY:📚 Read\r
            DESCRIPTION:Skipped\r
            TRANSP:TRANSPARENT\r
            X-DAWN-STATE:SKIPPED\r

            """), "Read, skipped")
        XCTAssertTrue(all.contains("""
            UID:habit-1-2026-03-11@dawn\r
            DTSTAMP:20260311T100000Z\r
            DTSTART;VALUE=DATE:20260311\r
            DTEND;VALUE=DATE:20260312\r
            SUMMARY:📚 Read\r
            TRANSP:TRANSPARENT\r
            X-DAWN-STATE:OPEN\r

            """), "Read today, not done: no description")
        XCTAssertTrue(all.contains("""
            UID:habit-2-2026-03-09@dawn\r
            DTSTAMP:20260311T100000Z\r
            DTSTART;VALUE=DATE:20260309\r
            DTEND;VALUE=DATE:20260310\r
            SUMMARY:🏊 Run\\, swim\\; stretch\r
            DESCRIPTION:1 of 2 this week\r
            TRANSP:TRANSPARENT\r
            X-DAWN-STATE:OPEN\r

            """), "a week habit on its Monday, the name escaped")
        XCTAssertTrue(all.contains { $0.hasPrefix("UID:habit-4-2026-04-01@dawn\r\n") && $0.contains("DESCRIPTION:0 of 2 this month\r\n") })
        XCTAssertTrue(all.contains { $0.hasPrefix("UID:habit-3-2026-03-12@dawn\r\n") }, "Piano on a Thursday")
        XCTAssertFalse(all.contains { $0.hasPrefix("UID:habit-3-2026-03-11@dawn\r\n") }, "never on a Wednesday")
    }

    func testNoJournalTextEverReachesTheFeed() throws {
        let dawn = try family()
        let text = fetch(dawn, try makeLink(dawn)).text
        for secret in ["SECRET", "diary", "lake", "mood", "MOOD", "😟"] { XCTAssertFalse(text.contains(secret), secret) }
    }

    func testAWeekDoneTwiceIsDone() throws {
        let dawn = try family()
        XCTAssertEqual(dawn.post("/day/2026-03-11/check/2", [("action", "done")]).status, .seeOther)
        let week = try XCTUnwrap(events(fetch(dawn, try makeLink(dawn)).text).first { $0.hasPrefix("UID:habit-2-2026-03-09@dawn") })
        XCTAssertTrue(week.contains("DESCRIPTION:Done · 2 of 2 this week\r\n"), week)
        XCTAssertTrue(week.contains("X-DAWN-STATE:DONE\r\n"), week)
    }

    func testTheFeedSpeaksTheMembersLanguage() throws {
        let dawn = try family()
        _ = dawn.get("/settings")
        XCTAssertEqual(dawn.post("/settings", [("language", "fr"), ("time_zone", "Europe/Rome"), ("first_weekday", "monday"),
                                               ("day_start_hour", "0"), ("view", "grid"), ("theme", "system")]).status, .seeOther)
        let text = fetch(dawn, try makeLink(dawn)).text
        XCTAssertTrue(text.contains("X-WR-CALNAME:Dawn\u{00A0}: les habitudes de Mum\r\n"))
        XCTAssertTrue(text.contains("DESCRIPTION:Fait\r\n"))
        XCTAssertTrue(text.contains("DESCRIPTION:1 sur 2 cette semaine\r\n"))
    }

    func testUnknownMalformedAndReplacedLinksAreAPlain404() throws {
        let dawn = try family()
        let old = try makeLink(dawn)
        XCTAssertEqual(fetch(dawn, old).status, .ok)
        let new = try makeLink(dawn)
        XCTAssertNotEqual(old, new)
        for path in [old, "/ical/" + String(repeating: "A", count: 43) + ".ics", String(new.dropLast(4)),
                     new.replacingOccurrences(of: ".ics", with: ".ICS"), "/ical/x.ics", "/ical/.ics", new + ".ics"] {
            let page = fetch(dawn, path)
            XCTAssertEqual(page.status, .notFound, path)
            XCTAssertEqual(page.text, "Not found\n", path)
            XCTAssertEqual(page.headers["Content-Type"], "text/plain; charset=utf-8", path)
        }
        XCTAssertEqual(fetch(dawn, new).status, .ok)
        // The card says a link exists, never shows it again, and can turn it off.
        let card = dawn.get("/account/tokens")
        XCTAssertFalse(card.text.contains(String(new.dropFirst("/ical/".count).dropLast(4))))
        XCTAssertTrue(card.text.contains("Your calendar link was made on"))
        XCTAssertEqual(dawn.post("/account/tokens/feed/remove", []).location, "/account/tokens?done=feed_removed")
        XCTAssertEqual(fetch(dawn, new).status, .notFound)
        XCTAssertTrue(dawn.get("/account/tokens?done=feed_removed").text.contains("The calendar feed is off"))
    }

    func testOneMembersLinkNeverShowsAnothersHabitsAndGoesWithTheMember() throws {
        let dawn = try family()
        let mums = try makeLink(dawn)
        dawn.addMember("dad", displayName: "Dad")
        dawn.signIn("dad")
        _ = dawn.get("/habits/new")
        XCTAssertEqual(dawn.post("/habits", [("name", "Dad's own habit"), ("emoji", "🪵")] + Self.look + [("schedule", "day")]).status,
                       .seeOther)
        let dads = try makeLink(dawn)
        let dadsText = fetch(dawn, dads).text
        XCTAssertTrue(dadsText.contains("SUMMARY:🪵 Dad's own habit"))
        XCTAssertTrue(dadsText.contains("X-WR-CALNAME:Dawn: Dad's habits"))
        XCTAssertFalse(dadsText.contains("Read") || dadsText.contains("Piano"))
        let mumsText = fetch(dawn, mums).text
        XCTAssertFalse(mumsText.contains("Dad's own habit"))
        XCTAssertEqual(fetch(dawn, mums).status, .ok, "Dad's new link left Mum's alone")
        // Removing Dad removes his link at once.
        dawn.signIn("mum")
        _ = dawn.get("/family/members/dad/remove")
        XCTAssertEqual(dawn.post("/family/members/dad/remove", []).status, .seeOther)
        XCTAssertEqual(fetch(dawn, dads).status, .notFound)
    }

    func testAnUnchangedFeedIsA304AndAWriteChangesIt() throws {
        let dawn = try family()
        let path = try makeLink(dawn)
        let first = fetch(dawn, path)
        let etag = try XCTUnwrap(first.headers["ETag"])
        XCTAssertTrue(etag.hasPrefix("W/\""), "weak: only DTSTAMP differs between two answers")
        let again = fetch(dawn, path, headers: [("If-None-Match", etag)])
        XCTAssertEqual(again.status, .notModified)
        XCTAssertTrue(again.body.isEmpty)
        XCTAssertEqual(dawn.post("/day/2026-03-11/check/1", [("action", "done")]).status, .seeOther)
        let changed = fetch(dawn, path, headers: [("If-None-Match", etag)])
        XCTAssertEqual(changed.status, .ok)
        XCTAssertNotEqual(changed.headers["ETag"], etag)
        XCTAssertTrue(changed.text.contains("UID:habit-1-2026-03-11@dawn"))
        // The next day is another feed.
        dawn.setNow(Self.now + 86_400)
        XCTAssertEqual(fetch(dawn, path, headers: [("If-None-Match", try XCTUnwrap(changed.headers["ETag"]))]).status, .ok)
    }

    func testThirtyFetchesAMinutePerLink() throws {
        let dawn = try family()
        let path = try makeLink(dawn)
        for n in 0..<30 { XCTAssertEqual(fetch(dawn, path, headers: [("If-None-Match", "*")]).status, .notModified, "fetch \(n + 1)") }
        let refused = fetch(dawn, path)
        XCTAssertEqual(refused.status, .tooManyRequests)
        XCTAssertEqual(refused.headers["Retry-After"], "60")
        dawn.setNow(Self.now + 60)
        XCTAssertEqual(fetch(dawn, path).status, .ok)
    }

    func testAPauseEndsTheEventsAndAnArchivedHabitHasNone() throws {
        let dawn = try family()
        _ = dawn.get("/habits")
        XCTAssertEqual(dawn.post("/habits/1/pause", [("from", "2026-03-20")]).status, .seeOther)
        let text = fetch(dawn, try makeLink(dawn)).text
        XCTAssertTrue(text.contains("UID:habit-1-2026-03-19@dawn"))
        XCTAssertFalse(text.contains("UID:habit-1-2026-03-20@dawn"))
        _ = dawn.get("/habits/3/edit")
        XCTAssertEqual(dawn.post("/habits/3/archive", []).status, .seeOther)
        XCTAssertFalse(fetch(dawn, try makeLink(dawn)).text.contains("Piano"))
    }
}
