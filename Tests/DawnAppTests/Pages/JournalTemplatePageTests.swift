import HTTP
@testable import DawnApp
import XCTest

/// The journal template in process: chosen from a starter (in the member's language) or
/// written on `/settings`, it fills the textarea of a day without an entry, never one with
/// an entry; sent back untouched it writes nothing; too long, or a starter that does not
/// exist, is refused with the template as it was; the main settings form leaves it alone.
final class JournalTemplatePageTests: XCTestCase {
    private func textarea(_ page: PageHarness.Page) -> String? {
        PageHarness.firstMatch(#"(?s)<textarea id="entry"[^>]*>(.*?)</textarea>"#, in: page.text)
    }

    private func storedTemplate(_ dawn: PageHarness) -> String? {
        PageHarness.firstMatch(#"(?s)<textarea id="journal-template-text"[^>]*>(.*?)</textarea>"#, in: dawn.get("/settings").text)
    }

    func testAStarterFillsADayWithoutAnEntryInTheMembersLanguage() throws {
        let dawn = try PageHarness(now: PageHarness.instant("2026-11-28T12:00:00Z"))
        dawn.signedUp()
        XCTAssertEqual(textarea(dawn.get("/day/2026-11-27")), "", "no template: a blank page")
        _ = dawn.get("/settings")
        let saved = dawn.post("/settings/journal-template", [("starter", "1")])
        XCTAssertEqual(saved.status, .seeOther)
        XCTAssertEqual(saved.location, "/settings?done=journal_template_saved#journal-template")
        XCTAssertEqual(storedTemplate(dawn), "Three good things:\n1.\n2.\n3.")
        XCTAssertEqual(textarea(dawn.get("/day/2026-11-27")), "Three good things:\n1.\n2.\n3.")

        // A day with an entry shows the entry, not the template.
        _ = dawn.get("/day/2026-11-26")
        XCTAssertEqual(dawn.post("/day/2026-11-26/entry", [("entry", "We went to the lake."), ("version", "0")]).status, .seeOther)
        XCTAssertEqual(textarea(dawn.get("/day/2026-11-26")), "We went to the lake.")

        // In German, the German starter.
        _ = dawn.get("/settings")
        XCTAssertEqual(dawn.post("/settings", [("language", "de"), ("time_zone", "Europe/Rome"), ("first_weekday", "monday"),
                                               ("day_start_hour", "0"), ("view", "row"), ("theme", "system")]).status, .seeOther)
        XCTAssertEqual(storedTemplate(dawn), "Three good things:\n1.\n2.\n3.", "the main form leaves the template alone")
        XCTAssertEqual(dawn.post("/settings/journal-template", [("starter", "1")]).status, .seeOther)
        XCTAssertEqual(storedTemplate(dawn), "Drei gute Dinge:\n1.\n2.\n3.")
    }

    func testTheUntouchedTemplateWritesNothingAndAnEditedOneIsSaved() throws {
        let dawn = try PageHarness(now: PageHarness.instant("2026-11-28T12:00:00Z"))
        dawn.signedUp()
        _ = dawn.get("/settings")
        XCTAssertEqual(dawn.post("/settings/journal-template", [("template", "Best part:\r\nHardest part:")]).status, .seeOther)
        XCTAssertEqual(storedTemplate(dawn), "Best part:\nHardest part:", "lines kept, CRLF as LF")
        _ = dawn.get("/day/2026-11-27")
        XCTAssertEqual(dawn.post("/day/2026-11-27/entry", [("entry", "Best part:\r\nHardest part:"), ("version", "0")]).status,
                       .seeOther)
        XCTAssertTrue(dawn.get("/day/2026-11-27").text.contains(#"<input type="hidden" name="version" value="0">"#),
                      "no entry was written")
        XCTAssertEqual(dawn.post("/day/2026-11-27/entry", [("entry", "Best part:\nthe lake\nHardest part:"), ("version", "0")]).status,
                       .seeOther)
        let written = dawn.get("/day/2026-11-27")
        XCTAssertEqual(textarea(written), "Best part:\nthe lake\nHardest part:")
        XCTAssertFalse(written.text.contains(#"<input type="hidden" name="version" value="0">"#), "an entry was written")

        // Whitespace alone clears it: a blank page again.
        _ = dawn.get("/settings")
        XCTAssertEqual(dawn.post("/settings/journal-template", [("template", "  \r\n ")]).status, .seeOther)
        XCTAssertEqual(storedTemplate(dawn), "")
        XCTAssertEqual(textarea(dawn.get("/day/2026-11-25")), "")
    }

    func testRefusalsKeepTheTemplateAsItWas() throws {
        let dawn = try PageHarness(now: PageHarness.instant("2026-11-28T12:00:00Z"))
        dawn.signedUp()
        _ = dawn.get("/settings")
        XCTAssertEqual(dawn.post("/settings/journal-template", [("template", "Mine:")]).status, .seeOther)
        _ = dawn.get("/settings")
        let long = String(repeating: "é", count: 2_001)
        let refused = dawn.post("/settings/journal-template", [("template", long)])
        XCTAssertEqual(refused.status, .badRequest)
        XCTAssertTrue(refused.text.contains("A template holds at most 2000 characters."), refused.text)
        XCTAssertTrue(refused.text.contains(long), "what was typed comes back")
        for starter in ["0", "6", "01", "x", ""] {
            XCTAssertEqual(dawn.post("/settings/journal-template", [("starter", starter)]).status, .badRequest, starter)
        }
        XCTAssertEqual(dawn.post("/settings/journal-template", [("template", "Forged:"), ("csrf", "forged")]).status, .forbidden)
        XCTAssertEqual(storedTemplate(dawn), "Mine:")
        dawn.forgetCookies()
        XCTAssertEqual(dawn.post("/settings/journal-template", [("template", "x"), ("csrf", "x")]).status, .forbidden)
    }
}
