@testable import DawnApp
import HTTP
import XCTest

/// Deutsch and Español in process: chosen before sign-in from
/// `Accept-Language`, chosen in settings, and then the day page and /stats speak them.
final class LanguagesPageTests: XCTestCase {
    /// Sunday 22 November 2026, noon in Rome.
    private let now = PageHarness.instant("2026-11-22T11:00:00Z")

    private func choose(_ language: String, _ dawn: PageHarness) {
        _ = dawn.get("/settings")
        let saved = dawn.post("/settings", [("language", language), ("first_weekday", "monday"), ("day_start_hour", "0"),
                                            ("view", "row"), ("theme", "system"), ("time_zone", "Europe/Rome")])
        XCTAssertEqual(saved.status, .seeOther, language)
    }

    private func segments(_ page: PageHarness.Page) -> [String] {
        PageHarness.allMatches(#"<span class="seg-short" aria-hidden="true">([^<]*)</span>"#, in: page.text)
    }

    func testSignInPageFollowsAcceptLanguage() throws {
        let dawn = try PageHarness(now: now)
        dawn.setUp()
        dawn.forgetCookies()
        let german = dawn.get("/login", headers: [("Accept-Language", "de-CH,de;q=0.9,en;q=0.5")])
        XCTAssertTrue(german.text.contains(#"<html lang="de""#), german.text)
        XCTAssertTrue(german.text.contains("Passwort vergessen?"))
        let spanish = dawn.get("/login", headers: [("Accept-Language", "es-419,es;q=0.9")])
        XCTAssertTrue(spanish.text.contains(#"<html lang="es""#))
        XCTAssertTrue(spanish.text.contains("¿Has olvidado tu contraseña?"))
        let notFound = dawn.get("/nowhere", headers: [("Accept-Language", "es-MX")])
        XCTAssertEqual(notFound.status, .notFound)
        XCTAssertTrue(notFound.text.contains("No hay ninguna página en esta dirección."))
    }

    /// A language's strings are made into the templates' `t` tree on its first page only:
    /// a family reading English never holds the other four.
    func testEachLanguagesStringsAreMadeForTemplatesOnItsFirstPage() throws {
        let dawn = try PageHarness(now: now)
        dawn.setUp()
        dawn.forgetCookies()
        let before = dawn.app.renderer.languagesMade
        XCTAssertLessThanOrEqual(before, 1, "only English (the set-up's pages) so far")
        XCTAssertTrue(dawn.get("/login").text.contains("Forgot your password?"))
        XCTAssertEqual(dawn.app.renderer.languagesMade, 1)
        XCTAssertTrue(dawn.get("/login", headers: [("Accept-Language", "it")]).text.contains(#"<html lang="it""#))
        XCTAssertEqual(dawn.app.renderer.languagesMade, 2)
        XCTAssertTrue(dawn.get("/login", headers: [("Accept-Language", "it")]).text.contains(#"<html lang="it""#))
        XCTAssertTrue(dawn.get("/login").text.contains("Forgot your password?"))
        XCTAssertEqual(dawn.app.renderer.languagesMade, 2, "made once each")
    }

    func testGermanDayAndStats() throws {
        let dawn = try PageHarness(now: now)
        dawn.signedUp()
        choose("de", dawn)
        let day = dawn.get("/")
        XCTAssertTrue(day.text.contains(#"<html lang="de""#))
        XCTAssertTrue(day.text.contains(">Sonntag, 22. November 2026</time>"), day.text)
        XCTAssertTrue(day.text.contains("0 Tage in Folge • 0 aktive Tage • 0 Einträge"), day.text)
        XCTAssertTrue(day.text.contains("Wie war dein Tag?"))
        XCTAssertEqual(segments(dawn.get("/stats")), ["T", "W", "M", "Q", "J"])
        XCTAssertTrue(dawn.get("/stats?g=month").text.contains(#"<h2 class="period-label">November 2026</h2>"#))
        XCTAssertTrue(dawn.get("/stats?g=quarter").text.contains(#"<h2 class="period-label">Q4 2026</h2>"#))
        let week = dawn.get("/stats?g=week").text
        XCTAssertTrue(week.contains(#"<h2 class="period-label">16. Nov. - 22. Nov.</h2>"#), week)
        XCTAssertTrue(week.contains(">Quartal</span>"))
        XCTAssertTrue(dawn.get("/settings").text.contains(#"<option value="de" selected>Deutsch</option>"#))
    }

    func testSpanishDayAndStats() throws {
        let dawn = try PageHarness(now: now)
        dawn.signedUp()
        choose("es", dawn)
        let day = dawn.get("/")
        XCTAssertTrue(day.text.contains(#"<html lang="es""#))
        XCTAssertTrue(day.text.contains(">Domingo, 22 de noviembre de 2026</time>"), day.text)
        XCTAssertTrue(day.text.contains("Racha de 0 días • 0 días activos • 0 entradas"), day.text)
        XCTAssertEqual(segments(dawn.get("/stats")), ["D", "S", "M", "T", "A"])
        XCTAssertTrue(dawn.get("/stats?g=month").text.contains(#"<h2 class="period-label">Noviembre de 2026</h2>"#))
        XCTAssertTrue(dawn.get("/stats?g=day").text.contains(#"<h2 class="period-label">22 de noviembre de 2026</h2>"#))
        XCTAssertTrue(dawn.get("/settings").text.contains(#"<option value="es" selected>Español</option>"#))
    }
}
