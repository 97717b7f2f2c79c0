import HTTP
import Store
@testable import DawnApp
import XCTest

/// `/settings` in process: the form as stored, every choice saved and taking effect
/// (language, theme, grid, Sunday weeks, the day start hour across New Year, the time
/// zone), and every refused choice leaving all of them as they were.
final class SettingsPageTests: XCTestCase {
    private let defaults = [("language", "en"), ("first_weekday", "monday"), ("day_start_hour", "0"), ("view", "row"),
                            ("theme", "system"), ("time_zone", "Europe/Rome")]

    private func changed(_ name: String, _ value: String?) -> [(String, String)] {
        var fields = defaults.filter { $0.0 != name }
        if let value { fields.append((name, value)) }
        return fields
    }

    private func selected(_ page: PageHarness.Page, _ select: String) -> String? {
        PageHarness.firstMatch(#"(?s)<select id="\#(select)".*?<option value="([^"]*)" selected>"#, in: page.text)
    }

    private func checked(_ page: PageHarness.Page, _ name: String) -> [String] {
        PageHarness.allMatches(#"<input type="(?:radio|checkbox)" name="\#(name)" value="([^"]*)"[^>]*checked"#, in: page.text)
    }

    func testTheFormShowsWhatIsStored() throws {
        let dawn = try PageHarness(now: PageHarness.instant("2026-12-31T12:00:00Z"))
        dawn.signedUp(timeZone: "Europe/Rome")
        let page = dawn.get("/settings")
        XCTAssertEqual(page.status, .ok)
        XCTAssertEqual(page.headers["Content-Type"], "text/html; charset=utf-8")
        XCTAssertEqual(selected(page, "language"), "en")
        XCTAssertEqual(selected(page, "time_zone"), "Europe/Rome")
        XCTAssertEqual(selected(page, "day_start_hour"), "0")
        XCTAssertEqual(checked(page, "first_weekday"), ["monday"])
        XCTAssertEqual(checked(page, "view"), ["grid"], "the grid by default (seed 001)")
        XCTAssertEqual(checked(page, "theme"), ["system"])
        XCTAssertEqual(checked(page, "grid_dates"), [])
        XCTAssertEqual(checked(page, "board"), [])
        XCTAssertNil(page.notice)
        XCTAssertEqual(PageHarness.allMatches(#"<option value="(\d)"[^>]*>\d:00</option>"#, in: page.text),
                       ["0", "1", "2", "3", "4", "5", "6"])
        dawn.forgetCookies()
        XCTAssertEqual(dawn.get("/settings").location, "/login?next=/settings")
    }

    func testAStoredZoneThatCannotBeLoadedIsAnErrorPageNotUTC() throws {
        let dawn = try PageHarness(now: PageHarness.instant("2026-12-31T23:30:00Z"))
        dawn.signedUp(timeZone: "Europe/Rome")
        XCTAssertEqual(dawn.get("/").status, .ok)
        // Stored with a zone's shape, but no such zone in tzdata (or one it no longer has).
        try dawn.app.family.setTimeZone("Mars/Base", for: MemberID(1))
        for path in ["/", "/day/2027-01-01", "/stats", "/calendar"] {
            let page = dawn.get(path)
            XCTAssertEqual(page.status, .internalServerError, path)
            XCTAssertFalse(page.text.contains("2026-12-31"), "no day counted in UTC: \(path)")
        }
        // The settings page, which shows no day, still opens: there the member picks another zone.
        XCTAssertEqual(dawn.get("/settings").status, .ok)
        XCTAssertEqual(dawn.post("/settings", defaults).status, .seeOther)
        XCTAssertTrue(dawn.get("/").text.contains(#"<time datetime="2027-01-01">"#))
    }

    func testSavingEveryChoice() throws {
        let dawn = try PageHarness(now: PageHarness.instant("2026-12-31T12:00:00Z"))
        dawn.signedUp(timeZone: "Europe/Rome")
        let saved = dawn.post("/settings", [("language", "it"), ("first_weekday", "sunday"), ("day_start_hour", "4"),
                                            ("view", "row"), ("grid_dates", "1"), ("theme", "dark"),
                                            ("time_zone", "America/New_York"), ("board", "1")])
        XCTAssertEqual(saved.status, .seeOther)
        XCTAssertEqual(saved.location, "/settings?done=saved")
        XCTAssertEqual(saved.headers["Cache-Control"], "no-store")
        let page = dawn.get("/settings?done=saved")
        XCTAssertEqual(page.notice, "Le impostazioni sono state salvate.")
        XCTAssertTrue(page.text.contains(#"<html lang="it" data-theme="dark">"#))
        XCTAssertEqual(selected(page, "language"), "it")
        XCTAssertEqual(selected(page, "time_zone"), "America/New_York")
        XCTAssertEqual(selected(page, "day_start_hour"), "4")
        XCTAssertEqual(checked(page, "first_weekday"), ["sunday"])
        XCTAssertEqual(checked(page, "view"), ["row"])
        XCTAssertEqual(checked(page, "theme"), ["dark"])
        XCTAssertEqual(checked(page, "grid_dates"), ["1"])
        XCTAssertEqual(checked(page, "board"), ["1"])

        // They take effect: the row (not the default grid), Sunday-first weeks named by their first day, Italian labels.
        let day = dawn.get("/")
        XCTAssertTrue(day.text.contains(#"<nav class="timeline""#))
        XCTAssertFalse(day.text.contains(#"<section class="grid-box""#))
        XCTAssertTrue(day.text.contains(#"<time datetime="2026-12-31">Giovedì 31 dicembre 2026</time>"#), day.text)
        let week = dawn.get("/stats?g=week")
        XCTAssertTrue(week.text.contains(#"<a href="/stats?g=week&amp;p=2026-12-27" aria-current="page">"#))
        XCTAssertEqual(dawn.get("/stats?g=week&p=2026-W53").status, .badRequest, "ISO weeks are for Monday weeks")
        XCTAssertEqual(dawn.get("/stats?g=week&p=2026-12-28").status, .badRequest, "a Monday cannot start a Sunday week")
        XCTAssertEqual(PageHarness.allMatches(#"<th scope="col">([^<]*)</th>"#, in: dawn.get("/calendar/2026-12").text).first, "dom")
        XCTAssertTrue(dawn.get("/board").text.contains("<strong>Mum</strong>"))

        // Untick the board: off it again.
        XCTAssertEqual(dawn.post("/settings", changed("board", nil)).status, .seeOther)
        XCTAssertFalse(dawn.get("/board").text.contains("<strong>Mum</strong>"))
        XCTAssertEqual(checked(dawn.get("/settings"), "board"), [])
    }

    /// With the day starting at 04:00, 02:00 on New Year's Day still counts for 31 December.
    func testTheDayStartHourAcrossNewYear() throws {
        let dawn = try PageHarness(now: PageHarness.instant("2027-01-01T01:00:00Z"))  // 02:00 in Rome
        dawn.signedUp(timeZone: "Europe/Rome")
        XCTAssertTrue(dawn.get("/").text.contains(#"<time datetime="2027-01-01">"#))
        XCTAssertEqual(dawn.post("/settings", changed("day_start_hour", "4")).status, .seeOther)
        XCTAssertTrue(dawn.get("/").text.contains(#"<time datetime="2026-12-31">Thursday, 31 December 2026</time>"#))
        XCTAssertEqual(dawn.get("/calendar").location, "/calendar/2026-12")
        let stats = dawn.get("/stats?g=year")
        XCTAssertTrue(stats.text.contains(#"<h2 class="period-label">2026</h2>"#))
        dawn.setNow(PageHarness.instant("2027-01-01T03:00:00Z"))  // 04:00 in Rome
        XCTAssertTrue(dawn.get("/").text.contains(#"<time datetime="2027-01-01">"#))
    }

    /// Moving to New York moves "today" with the member: at 03:00 UTC on 1 January it is
    /// 2027 in Rome and still 31 December in New York.
    func testTheTimeZoneMovesToday() throws {
        let dawn = try PageHarness(now: PageHarness.instant("2027-01-01T03:00:00Z"))
        dawn.signedUp(timeZone: "Europe/Rome")
        XCTAssertTrue(dawn.get("/").text.contains(#"<time datetime="2027-01-01">"#))
        XCTAssertEqual(dawn.post("/settings", changed("time_zone", "America/New_York")).status, .seeOther)
        XCTAssertTrue(dawn.get("/").text.contains(#"<time datetime="2026-12-31">"#))
        XCTAssertEqual(dawn.post("/day/2026-12-31/notes", [("note", "still 2026 here")]).status, .seeOther)
        XCTAssertTrue(dawn.get("/day/2026-12-31").text.contains(#"<time datetime="2026-12-31T22:00:00">22:00</time>"#))
    }

    func testRefusedChoicesSaveNothing() throws {
        let dawn = try PageHarness(now: PageHarness.instant("2026-12-31T12:00:00Z"))
        dawn.signedUp(timeZone: "Europe/Rome")
        let refusals: [(String, String?)] = [("language", "nl"), ("language", "de-CH"), ("language", nil), ("first_weekday", "friday"),
                                             ("day_start_hour", "7"), ("day_start_hour", "-1"), ("day_start_hour", "four"),
                                             ("view", "list"), ("grid_dates", "yes"), ("theme", "neon"),
                                             ("time_zone", "Europe/Atlantis"), ("time_zone", "../../etc/passwd"), ("board", "2")]
        for (name, value) in refusals {
            // Each refused form also carries valid changes to the others, which must not be saved either.
            var fields = defaults.map { field -> (String, String) in
                switch field.0 {
                case "theme": ("theme", "dark")
                case "view": ("view", "row")
                default: field
                }
            }.filter { $0.0 != name }
            if let value { fields.append((name, value)) }
            let page = dawn.post("/settings", fields)
            XCTAssertEqual(page.status, .badRequest, "\(name)=\(value ?? "nil")")
            XCTAssertTrue(page.text.contains(#"<p class="field-error">Choose one of the options shown.</p>"#),
                          "\(name)=\(value ?? "nil")")
        }
        XCTAssertEqual(dawn.post("/settings", changed("theme", "dark") + [("csrf", "forged")]).status, .forbidden)
        XCTAssertEqual(dawn.request(.POST, "/settings", headers: [("Content-Type", "text/plain")],
                                    body: Array("theme=dark".utf8)).status, .unsupportedMediaType)
        dawn.forgetCookies()
        XCTAssertEqual(dawn.post("/settings", changed("theme", "dark") + [("csrf", "x")]).status, .forbidden)
        dawn.signIn("mum")
        let page = dawn.get("/settings")
        XCTAssertEqual(checked(page, "theme"), ["system"])
        XCTAssertEqual(checked(page, "view"), ["grid"])
        XCTAssertEqual(selected(page, "language"), "en")
        XCTAssertEqual(selected(page, "time_zone"), "Europe/Rome")
        XCTAssertFalse(page.text.contains("data-theme="))
    }
}
