import HTTP
import XCTest

/// The day page's forms in process: the journal entry (`/day/:date/entry`: save,
/// delete, conflicts, limits) and notes (`/day/:date/notes`, `…/notes/:id/delete`),
/// with the note times on the member's wall clock across Rome's spring DST change.
final class DayFormsTests: XCTestCase {
    private func entry(_ dawn: PageHarness, _ day: String) -> String? {
        PageHarness.firstMatch(#"(?s)<textarea id="entry"[^>]*>(.*?)</textarea>"#, in: dawn.get("/day/\(day)").text)
    }

    private func version(_ dawn: PageHarness, _ day: String) -> String? {
        PageHarness.firstMatch(#"<input type="hidden" name="version" value="(\d+)">"#, in: dawn.get("/day/\(day)").text)
    }

    private func notes(_ dawn: PageHarness, _ day: String) -> [String] {
        PageHarness.allMatches(#"<li class="note"><p>(.*?)</p><div class="note-meta"><time datetime="[^"]*">([^<]*)</time>"#,
                               in: dawn.get("/day/\(day)").text)
    }

    func testSavingEditingAndDeletingTheEntry() throws {
        let dawn = try PageHarness(now: PageHarness.instant("2026-12-31T22:00:00Z"))  // 23:00 in Rome
        dawn.signedUp(timeZone: "Europe/Rome")
        dawn.choosingRow(timeZone: "Europe/Rome")  // the row's header and circles (the grid is the default)
        XCTAssertEqual(version(dawn, "2026-12-31"), "0")
        XCTAssertEqual(entry(dawn, "2026-12-31"), "")
        let saved = dawn.post("/day/2026-12-31/entry", [("entry", "Line one\r\n<script>alert(1)</script> & done"), ("version", "0")])
        XCTAssertEqual(saved.status, .seeOther)
        XCTAssertEqual(saved.location, "/day/2026-12-31?done=entry-saved#journal")
        XCTAssertEqual(saved.headers["Cache-Control"], "no-store")
        let page = dawn.get("/day/2026-12-31?done=entry-saved")
        XCTAssertEqual(page.notice, "Your entry was saved.")
        XCTAssertFalse(page.text.contains("<script>alert"))
        XCTAssertEqual(entry(dawn, "2026-12-31"), "Line one\n&lt;script&gt;alert(1)&lt;/script&gt; &amp; done", "CRLF stored as LF")
        XCTAssertTrue(page.text.contains("1 Entry"))
        let stored = try XCTUnwrap(version(dawn, "2026-12-31"))
        XCTAssertNotEqual(stored, "0")

        // Another device saved meanwhile: a save based on version 0 is a 409 keeping both texts.
        let conflict = dawn.post("/day/2026-12-31/entry", [("entry", "Mine"), ("version", "0")])
        XCTAssertEqual(conflict.status, .conflict)
        XCTAssertTrue(conflict.text.contains(">Mine</textarea>"))
        XCTAssertTrue(conflict.text.contains(#"<div class="stored-text">Line one"#))
        XCTAssertTrue(conflict.text.contains(#"<input type="hidden" name="version" value="\#(stored)">"#))
        XCTAssertEqual(entry(dawn, "2026-12-31"), "Line one\n&lt;script&gt;alert(1)&lt;/script&gt; &amp; done")

        // Too long: 20,001 characters is a 400 that counts them; bad versions a 400 too.
        let long = dawn.post("/day/2026-12-31/entry", [("entry", String(repeating: "é", count: 20_001)), ("version", stored)])
        XCTAssertEqual(long.status, .badRequest)
        XCTAssertTrue(long.text.contains("An entry can be at most 20,000 characters; this one has 20,001."))
        XCTAssertEqual(dawn.post("/day/2026-12-31/entry", [("entry", "x"), ("version", "-1")]).status, .badRequest)
        XCTAssertEqual(dawn.post("/day/2026-12-31/entry", [("entry", "x"), ("version", "")]).status, .badRequest)
        XCTAssertEqual(dawn.post("/day/2026-12-32/entry", [("entry", "x")]).status, .badRequest)
        XCTAssertEqual(dawn.post("/day/2029-01-01/entry", [("entry", "x")]).status, .notFound)
        XCTAssertEqual(dawn.post("/day/2026-12-31/entry", [("entry", "x"), ("csrf", "forged")]).status, .forbidden)
        XCTAssertEqual(version(dawn, "2026-12-31"), stored, "none of them changed it")

        // The next year's first day is its own page (in Rome it is already 2027 at 23:00 UTC).
        dawn.setNow(PageHarness.instant("2026-12-31T23:00:00Z"))
        XCTAssertTrue(dawn.get("/").text.contains(#"<time datetime="2027-01-01">Friday, 1 January 2027</time>"#))
        XCTAssertEqual(entry(dawn, "2027-01-01"), "")

        let deleted = dawn.post("/day/2026-12-31/entry", [("action", "delete"), ("entry", "ignored"), ("version", stored)])
        XCTAssertEqual(deleted.location, "/day/2026-12-31?done=entry-deleted#journal")
        // The journal card says so and offers the undo (Rome's 00:10 is ten minutes on).
        XCTAssertTrue(dawn.get("/day/2026-12-31?done=entry-deleted").text
            .contains("<p>Your entry was deleted. You can bring it back until 00:10.</p>"))
        XCTAssertEqual(entry(dawn, "2026-12-31"), "")
    }

    /// A saved entry shows as its Markdown rendered (MarkdownRenderer, safe mode), with
    /// the form under "Edit entry" in a closed <details>: no JavaScript needed to reach it.
    func testASavedEntryShowsRenderedWithTheFormUnderEdit() throws {
        let dawn = try PageHarness(now: PageHarness.instant("2026-06-10T10:00:00Z"))
        dawn.signedUp(timeZone: "Europe/Rome")
        let empty = dawn.get("/day/2026-06-10").text
        XCTAssertFalse(empty.contains("entry-edit"), "no entry: the form on its own, as before")
        XCTAssertTrue(empty.contains(#"<textarea id="entry""#))
        XCTAssertTrue(empty.contains(#"<h2><label for="entry">"#), "the heading labels the open textarea")

        let source = "# Rain\n**bold** [x](javascript:alert(1))\n\n<script>alert(1)</script>\n\n- [x] read"
        XCTAssertEqual(dawn.post("/day/2026-06-10/entry", [("entry", source), ("version", "0")]).status, .seeOther)
        let page = dawn.get("/day/2026-06-10").text
        let rendered = try XCTUnwrap(PageHarness.firstMatch(#"(?s)<div class="entry-text">(.*?)</div>\n<details"#, in: page))
        XCTAssertTrue(rendered.contains("<h3>Rain</h3>"))
        XCTAssertTrue(rendered.contains("<strong>bold</strong>"))
        XCTAssertTrue(rendered.contains(#"<a href="">x</a>"#))
        XCTAssertTrue(rendered.contains("<li>☑ read</li>"))
        XCTAssertFalse(page.contains("<script>alert"))
        XCTAssertFalse(rendered.contains("javascript:"), "only the textarea holds it, as text")
        XCTAssertTrue(page.contains(#"<details class="entry-edit"><summary>Edit entry</summary>"#), "closed")
        XCTAssertFalse(page.contains(#"<label for="entry">"#), "no label pointing into a closed <details>")
        XCTAssertEqual(entry(dawn, "2026-06-10"), PageHarness.html(source), "the textarea holds the source")

        // A refused save shows the form open, holding what was typed.
        let stored = try XCTUnwrap(version(dawn, "2026-06-10"))
        let conflict = dawn.post("/day/2026-06-10/entry", [("entry", "Mine"), ("version", "0")])
        XCTAssertEqual(conflict.status, .conflict)
        XCTAssertTrue(conflict.text.contains(#"<details class="entry-edit" open><summary>Edit entry</summary>"#))
        XCTAssertTrue(conflict.text.contains(">Mine</textarea>"))
        let long = dawn.post("/day/2026-06-10/entry", [("entry", String(repeating: "a", count: 20_001)), ("version", stored)])
        XCTAssertEqual(long.status, .badRequest)
        XCTAssertTrue(long.text.contains(#"<details class="entry-edit" open>"#))

        // An entry that renders to nothing (raw HTML alone) leaves the form on its own.
        XCTAssertEqual(dawn.post("/day/2026-06-10/entry", [("entry", "<div>x</div>"), ("version", stored)]).status, .seeOther)
        XCTAssertFalse(dawn.get("/day/2026-06-10").text.contains("entry-edit"))
    }

    func testNotesOnTheWallClockAcrossTheDSTChange() throws {
        let dawn = try PageHarness(now: PageHarness.instant("2026-03-29T00:30:00Z"))  // 01:30 CET
        dawn.signedUp(timeZone: "Europe/Rome")
        let added = dawn.post("/day/2026-03-29/notes", [("note", "  before the change <b>  ")])
        XCTAssertEqual(added.status, .seeOther)
        XCTAssertEqual(added.location, "/day/2026-03-29?done=note-added#notes")
        dawn.setNow(PageHarness.instant("2026-03-29T01:30:00Z"))  // 03:30 CEST: the clocks skipped 02:00–03:00
        XCTAssertEqual(dawn.post("/day/2026-03-29/notes", [("note", "after")]).status, .seeOther)
        XCTAssertEqual(dawn.get("/day/2026-03-29?done=note-added").notice, "Your note was added.")
        let page = dawn.get("/day/2026-03-29").text
        XCTAssertTrue(page.contains(#"<time datetime="2026-03-29T01:30:00">01:30</time>"#), page)
        XCTAssertTrue(page.contains(#"<time datetime="2026-03-29T03:30:00">03:30</time>"#))
        XCTAssertEqual(notes(dawn, "2026-03-29"), ["before the change &lt;b&gt;", "after"], "trimmed, escaped, oldest first")
        XCTAssertTrue(page.contains(#"aria-label="Delete the note from 01:30""#))

        func refused(_ note: String, _ message: String) {
            let page = dawn.post("/day/2026-03-29/notes", [("note", note)])
            XCTAssertEqual(page.status, .badRequest, note)
            XCTAssertTrue(page.text.contains(#"<p class="field-error" id="note-error">\#(message)</p>"#), page.text)
        }
        refused("   ", "Write something first.")
        refused("one\ntwo", "A note is one line, without control characters.")
        refused(String(repeating: "n", count: 501), "A note can be at most 500 characters; this one has 501.")
        XCTAssertEqual(dawn.post("/day/2026-03-29/notes", [("note", "x"), ("csrf", "forged")]).status, .forbidden)
        XCTAssertEqual(dawn.post("/day/2026-02-30/notes", [("note", "x")]).status, .badRequest)
        XCTAssertEqual(dawn.post("/day/1899-12-31/notes", [("note", "x")]).status, .notFound)
        XCTAssertEqual(notes(dawn, "2026-03-29").count, 2)

        let ids = PageHarness.allMatches(#"action="/day/2026-03-29/notes/(\d+)/delete""#, in: dawn.get("/day/2026-03-29").text)
        XCTAssertEqual(ids.count, 2)
        let first = ids[0]
        // Only under its own day, only with a real id.
        for target in ["/day/2026-03-28/notes/\(first)/delete", "/day/2026-03-29/notes/999/delete",
                       "/day/2026-03-29/notes/0/delete", "/day/2026-03-29/notes/one/delete"] {
            let page = dawn.post(target, [])
            XCTAssertEqual(page.status, .notFound, target)
            XCTAssertEqual(PageHarness.errorMessage(page), "That note does not exist any more.", target)
        }
        XCTAssertEqual(dawn.post("/day/2026-03-29/notes/\(first)/delete", [("csrf", "forged")]).status, .forbidden)
        XCTAssertEqual(notes(dawn, "2026-03-29").count, 2)
        let deleted = dawn.post("/day/2026-03-29/notes/\(first)/delete", [])
        XCTAssertEqual(deleted.location, "/day/2026-03-29?done=note-deleted#notes")
        XCTAssertEqual(notes(dawn, "2026-03-29"), ["after"])
        XCTAssertEqual(dawn.post("/day/2026-03-29/notes/\(first)/delete", []).status, .notFound)
    }

    func testADayPageOutsideTheRangeOrMalformed() throws {
        let dawn = try PageHarness(now: PageHarness.instant("2026-11-01T12:00:00Z"))
        dawn.signedUp(timeZone: "America/New_York")
        // 2026-11-01 is New York's autumn change (25 hours); 12:00 UTC is 07:00 EST there.
        XCTAssertTrue(dawn.get("/").text.contains(#"<time datetime="2026-11-01">Sunday, 1 November 2026</time>"#))
        for (target, status) in [("/day/1899-12-31", HTTPStatus.notFound), ("/day/1900-01-01", .ok), ("/day/2024-10-31", .ok),
                                 ("/day/2028-11-01", .ok), ("/day/2028-11-02", .notFound),
                                 ("/day/2026-11-31", .badRequest), ("/day/2026-1-01", .badRequest), ("/day/today", .badRequest)] {
            XCTAssertEqual(dawn.get(target).status, status, target)
        }
        let page = dawn.get("/day/2028-11-01")
        XCTAssertNil(PageHarness.firstMatch(#"(rel="next")"#, in: page.text), "no next day past the range")
        let first = dawn.get("/day/1900-01-01")
        XCTAssertNil(PageHarness.firstMatch(#"(rel="prev")"#, in: first.text), "no day before 1 January 1900")
        XCTAssertEqual(PageHarness.firstMatch(#"href="([^"]+)" aria-label="Next day""#, in: first.text), "/day/1900-01-02")
        XCTAssertEqual(PageHarness.errorMessage(dawn.get("/day/1899-12-31")), "Dawn shows days from 1 January 1900 to two years ahead.")
        XCTAssertEqual(PageHarness.errorMessage(dawn.get("/day/today")), "That is not a date. Dates look like 2026-11-22.")
        XCTAssertEqual(dawn.get("/day/2026-11-02").headers["Cache-Control"], "private, no-cache")
        XCTAssertNotNil(dawn.get("/day/2026-11-02").headers["ETag"])
    }
}
