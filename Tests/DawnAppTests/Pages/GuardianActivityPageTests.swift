import Accounts
import HTTP
import XCTest
@testable import DawnApp

/// What makes a child's day active on a guardian's view: without the journal shared, only
/// logs and check-offs (a note is the journal's, so a day on which the child only wrote
/// looks like a day with nothing); with it shared, and on the child's own view, notes too.
/// Circles and their labels, the streak, the calendar's highlights, the heatmap's levels
/// and titles and the statistics' active days all follow the one rule.
final class GuardianActivityPageTests: XCTestCase {
    /// Mum (admin), Dad and Mia; Dad looks after Mia. Mia wrote only an entry on the 8th and
    /// only a note on the 9th and today (the 11th), and checked Piano off on the 10th.
    private func family() throws -> PageHarness {
        let dawn = try PageHarness(now: PageHarness.instant("2026-03-11T10:00:00Z"))
        dawn.signedUp(timeZone: "UTC")
        dawn.addMember("dad", displayName: "Dad")
        dawn.addMember("mia", displayName: "Mia", child: true)
        _ = dawn.get("/family")
        XCTAssertEqual(dawn.post("/family/guardians", [("guardian", "dad"), ("child", "mia")]).status, .seeOther)
        dawn.signIn("mia")
        let piano = dawn.addHabit("Piano", emoji: "🎹")
        _ = dawn.get("/day/2026-03-08")
        XCTAssertEqual(dawn.post("/day/2026-03-08/entry", [("entry", "Only an entry"), ("version", "0")]).status, .seeOther)
        for day in ["2026-03-09", "2026-03-11"] {
            _ = dawn.get("/day/\(day)")
            XCTAssertEqual(dawn.post("/day/\(day)/notes", [("note", "Only a note")]).status, .seeOther)
        }
        _ = dawn.get("/day/2026-03-10")
        XCTAssertEqual(dawn.post("/day/2026-03-10/check/\(piano)", [("action", "done")]).status, .seeOther)
        return dawn
    }

    /// `classes | aria-label` of the circle linking to `day` under `base`.
    private func circle(_ page: PageHarness.Page, _ base: String, _ day: String) -> String? {
        let link = NSRegularExpression.escapedPattern(for: base + "/day/" + day)
        guard let classes = PageHarness.firstMatch(#"<a class="c ([^"]*)" href="\#(link)""#, in: page.text),
              let label = PageHarness.firstMatch(#"<a class="c [^"]*" href="\#(link)" aria-label="([^"]*)""#, in: page.text) else {
            return nil
        }
        return classes + " | " + label
    }

    /// The classes of the calendar's cell for `number` (a day of the month).
    private func calendarCell(_ page: PageHarness.Page, _ number: Int) -> String? {
        PageHarness.allMatches(#"<td>(.*?)</td>"#, in: page.text).first { $0.contains(">\(number)</a>") }
            .flatMap { PageHarness.firstMatch(#"class="([^"]*)""#, in: $0) }
    }

    /// The heatmap square of `day` under `base`: its title and level.
    private func square(_ page: PageHarness.Page, _ base: String, _ day: String) -> String? {
        let link = NSRegularExpression.escapedPattern(for: base + "/day/" + day)
        guard let title = PageHarness.firstMatch(#"<a href="\#(link)"><title>([^<]*)</title>"#, in: page.text),
              let level = PageHarness.firstMatch(##"<a href="\##(link)"><title>[^<]*</title><use href="#hm" class="(hm-l\d)""##,
                                                  in: page.text) else { return nil }
        return title + " " + level
    }

    /// What `base`'s pages show of the 8th–11th: circles, header, calendar, heatmap, statistics.
    private func shown(_ dawn: PageHarness, _ base: String) -> [String] {
        let day = dawn.get(base + "/day/2026-03-11")
        XCTAssertEqual(day.status, .ok, day.text)
        var shown = ["2026-03-08", "2026-03-09", "2026-03-10", "2026-03-11"].map { circle(day, base, $0) ?? "no circle for \($0)" }
        shown.append(PageHarness.firstMatch(#"(\d+ Days? Streak)"#, in: day.text) ?? "no streak")
        let calendar = dawn.get(base + "/calendar/2026-03")
        XCTAssertEqual(calendar.status, .ok)
        shown += (8...11).map { "\($0): " + (calendarCell(calendar, $0) ?? "none") }
        let year = dawn.get(base + "/stats?g=year")
        XCTAssertEqual(year.status, .ok)
        shown += ["2026-03-09", "2026-03-10", "2026-03-11"].map { square(year, base, $0) ?? "no square for \($0)" }
        shown.append(PageHarness.firstMatch(#"<p class="muted heatmap-hint">Each square is a day: the darker, the more ([a-z ]+) it had"#,
                                            in: year.text) ?? "no hint")
        let week = dawn.get(base + "/stats?g=week")
        shown.append(PageHarness.firstMatch(#"(\d+ of \d+ days active)"#, in: week.text) ?? "no active days")
        return shown
    }

    func testNoteOnlyDaysAreNotActiveForAGuardianTheJournalIsNotSharedWith() throws {
        let dawn = try family()
        dawn.signIn("dad")
        XCTAssertEqual(shown(dawn, "/members/mia"), [
            "past | Sunday, 8 March 2026",
            "past | Monday, 9 March 2026",
            "past active | Tuesday, 10 March 2026, active",
            "today selected | Wednesday, 11 March 2026, today",
            "1 Day Streak",
            "8: cal-day", "9: cal-day", "10: cal-day highlighted", "11: cal-day current",
            "2026-03-09: nothing logged or written hm-l0", "2026-03-10: 1 log hm-l4", "2026-03-11: nothing logged or written hm-l0",
            "habit logs",
            "1 of 3 days active",  // the week so far: Monday to today, Wednesday
        ])
    }

    func testTheChildAndASharingGuardianCountNotes() throws {
        let dawn = try family()
        let own = [
            "past entry | Sunday, 8 March 2026, has a journal entry",
            "past active | Monday, 9 March 2026, active",
            "past active | Tuesday, 10 March 2026, active",
            "today selected active | Wednesday, 11 March 2026, today, active",
            "3 Days Streak",
            "8: cal-day entry", "9: cal-day highlighted", "10: cal-day highlighted", "11: cal-day current highlighted",
            "2026-03-09: 1 note hm-l4", "2026-03-10: 1 log hm-l4", "2026-03-11: 1 note hm-l4",
            "notes and habit logs",
            "3 of 3 days active",
        ]
        XCTAssertEqual(shown(dawn, ""), own, "Mia's own pages")
        _ = dawn.get("/settings")
        XCTAssertEqual(dawn.post("/settings/share-journal", [("share", "1")]).status, .seeOther)
        dawn.signIn("dad")
        XCTAssertEqual(shown(dawn, "/members/mia"), own, "shared: the same days as hers")
    }
}
