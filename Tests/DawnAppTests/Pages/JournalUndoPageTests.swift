import HTTP
import XCTest
@testable import DawnApp

/// Deleting an entry or a note is undone with one tap (`Journal+Undo`): the page the
/// delete redirects to offers the restore, the text comes back with search and the day
/// summaries in step, the offer runs out after ten minutes or at the member's next day,
/// and a restore is refused, changing nothing, for what is unknown, another member's, a
/// guardian's, or an entry saved since (then both texts are shown).
final class JournalUndoPageTests: XCTestCase {
    private static let day = "2026-05-14"
    /// 12:00 in Rome.
    private let noon = PageHarness.instant("2026-05-14T10:00:00Z")

    private func textarea(_ page: PageHarness.Page) -> String? {
        PageHarness.firstMatch(#"(?s)<textarea id="entry"[^>]*>(.*?)</textarea>"#, in: page.text)
    }

    private func notes(_ dawn: PageHarness) -> [String] {
        PageHarness.allMatches(#"<li class="note"><p>(.*?)</p><div class="note-meta"><time datetime="([^"]*)">"#,
                               in: dawn.get("/day/\(Self.day)").text)
    }

    /// The days search finds `word` on.
    private func found(_ dawn: PageHarness, _ word: String) -> [String] {
        PageHarness.allMatches(#"<p class="result-head"><a href="/day/([0-9-]{10})">"#, in: dawn.get(Paths.search(word, page: 1)).text)
    }

    /// The row's header count of entries (the day summaries).
    private func entriesCount(_ dawn: PageHarness) -> String? {
        PageHarness.firstMatch(#"(\d+ Entr(?:y|ies))"#, in: dawn.get("/day/\(Self.day)").text)
    }

    /// The restore forms a page offers.
    private func undoForms(_ page: PageHarness.Page) -> [String] {
        PageHarness.allMatches(#"<form method="post" action="([^"]*)" class="undo""#, in: page.text)
    }

    private func deletedRows(_ dawn: PageHarness) throws -> Int {
        try dawn.member().database.read { try $0.queryOne("SELECT count(*) FROM deleted_journal")?.int(0) ?? -1 }
    }

    private func member(_ dawn: PageHarness) -> PageHarness {
        dawn.signedUp(timeZone: "Europe/Rome")
        dawn.choosingRow(timeZone: "Europe/Rome")
        _ = dawn.get("/day/\(Self.day)")
        return dawn
    }

    private func saveEntry(_ dawn: PageHarness, _ text: String) {
        let version = PageHarness.firstMatch(#"name="version" value="(\d+)""#, in: dawn.get("/day/\(Self.day)").text) ?? "0"
        XCTAssertEqual(dawn.post("/day/\(Self.day)/entry", [("entry", text), ("version", version)]).status, .seeOther)
    }

    private func deleteEntry(_ dawn: PageHarness) {
        let version = PageHarness.firstMatch(#"name="version" value="(\d+)""#, in: dawn.get("/day/\(Self.day)").text) ?? "0"
        let deleted = dawn.post("/day/\(Self.day)/entry", [("action", "delete"), ("entry", "x"), ("version", version)])
        XCTAssertEqual(deleted.location, "/day/\(Self.day)?done=entry-deleted#journal")
    }

    func testADeletedEntryComesBackWithOneTap() throws {
        let dawn = try member(PageHarness(now: noon))
        saveEntry(dawn, "Walked to the lighthouse <b>& back</b>")
        XCTAssertEqual(entriesCount(dawn), "1 Entry")
        XCTAssertEqual(found(dawn, "lighthouse"), [Self.day])
        deleteEntry(dawn)
        XCTAssertEqual(entriesCount(dawn), "0 Entries")
        XCTAssertEqual(found(dawn, "lighthouse"), [], "search forgets it")

        // The page the delete lands on: the journal card says so and offers the restore; no other undo.
        let landed = dawn.get("/day/\(Self.day)?done=entry-deleted")
        XCTAssertEqual(undoForms(landed), ["/day/\(Self.day)/entry/restore"])
        XCTAssertTrue(landed.text.contains("<p>Your entry was deleted. You can bring it back until 12:10.</p>"))
        let card = try XCTUnwrap(PageHarness.firstMatch(#"(?s)<section class="card" id="journal">(.*?)</section>"#, in: landed.text))
        XCTAssertTrue(card.contains(#"class="undo""#), "inside the journal card, where the redirect's anchor lands")
        XCTAssertNil(landed.notice, "said once, in the card")
        XCTAssertEqual(undoForms(dawn.get("/day/\(Self.day)")), [], "only right after the delete")

        dawn.setNow(noon + 300)
        let restored = dawn.post("/day/\(Self.day)/entry/restore", [])
        XCTAssertEqual(restored.status, .seeOther)
        XCTAssertEqual(restored.location, "/day/\(Self.day)?done=entry-restored#journal")
        let back = dawn.get("/day/\(Self.day)?done=entry-restored")
        XCTAssertEqual(back.notice, "Your entry was restored.")
        XCTAssertEqual(textarea(back), "Walked to the lighthouse &lt;b&gt;&amp; back&lt;/b&gt;")
        XCTAssertEqual(entriesCount(dawn), "1 Entry")
        XCTAssertEqual(found(dawn, "lighthouse"), [Self.day], "search finds it again")
        XCTAssertEqual(try deletedRows(dawn), 0, "the kept copy is gone once restored")
        XCTAssertEqual(dawn.post("/day/\(Self.day)/entry/restore", []).status, .notFound, "restored once")

        // Emptying the box deletes too, and is undone alike.
        saveEntry(dawn, "   ")
        XCTAssertEqual(textarea(dawn.get("/day/\(Self.day)")), "")
        XCTAssertEqual(dawn.post("/day/\(Self.day)/entry/restore", []).status, .seeOther)
        XCTAssertEqual(textarea(dawn.get("/day/\(Self.day)")), "Walked to the lighthouse &lt;b&gt;&amp; back&lt;/b&gt;")
    }

    func testADeletedNoteComesBackInItsPlace() throws {
        let dawn = try member(PageHarness(now: noon))
        XCTAssertEqual(dawn.post("/day/\(Self.day)/notes", [("note", "first swim of the year")]).status, .seeOther)
        dawn.setNow(noon + 60)
        XCTAssertEqual(dawn.post("/day/\(Self.day)/notes", [("note", "cold!")]).status, .seeOther)
        let first = try XCTUnwrap(PageHarness.firstMatch(#"/notes/(\d+)/delete"#, in: dawn.get("/day/\(Self.day)").text))
        XCTAssertEqual(dawn.post("/day/\(Self.day)/notes/\(first)/delete", []).location, "/day/\(Self.day)?done=note-deleted#notes")
        XCTAssertEqual(notes(dawn), ["cold!"])
        XCTAssertEqual(found(dawn, "swim"), [])

        let landed = dawn.get("/day/\(Self.day)?done=note-deleted")
        XCTAssertEqual(undoForms(landed), ["/day/\(Self.day)/notes/\(first)/restore"])
        XCTAssertTrue(landed.text.contains("The note from 12:00 was deleted. You can bring it back until 12:11: <q>first swim of the year</q>"))
        XCTAssertTrue(landed.text.contains(#"aria-label="Restore the note from 12:00""#))

        // Refused, changing nothing: an unknown id, a note never deleted, another day, not a number.
        let second = try XCTUnwrap(PageHarness.firstMatch(#"/notes/(\d+)/delete"#, in: dawn.get("/day/\(Self.day)").text))
        for target in ["/day/\(Self.day)/notes/999/restore", "/day/\(Self.day)/notes/\(second)/restore",
                       "/day/2026-05-13/notes/\(first)/restore", "/day/\(Self.day)/notes/one/restore"] {
            let page = dawn.post(target, [])
            XCTAssertEqual(page.status, .notFound, target)
            XCTAssertTrue(PageHarness.errorMessage(page)?.contains("That note cannot be restored") == true, target)
        }
        XCTAssertEqual(dawn.post("/day/\(Self.day)/notes/\(first)/restore", [("csrf", "forged")]).status, .forbidden)
        XCTAssertEqual(notes(dawn), ["cold!"])
        XCTAssertEqual(try deletedRows(dawn), 1)

        let restored = dawn.post("/day/\(Self.day)/notes/\(first)/restore", [])
        XCTAssertEqual(restored.location, "/day/\(Self.day)?done=note-restored#notes")
        XCTAssertEqual(dawn.get("/day/\(Self.day)?done=note-restored").notice, "The note was restored.")
        XCTAssertEqual(notes(dawn), ["first swim of the year", "cold!"], "back before the later note, at its own time")
        XCTAssertTrue(dawn.get("/day/\(Self.day)").text.contains(#"/notes/\#(first)/delete"#), "with its own id")
        XCTAssertEqual(found(dawn, "swim"), [Self.day])
        XCTAssertEqual(dawn.post("/day/\(Self.day)/notes/\(first)/restore", []).status, .notFound, "restored once")
    }

    func testTheUndoRunsOutAfterTenMinutesAndAtTheNextDay() throws {
        let dawn = try member(PageHarness(now: noon))
        saveEntry(dawn, "Kept ten minutes")
        XCTAssertEqual(dawn.post("/day/\(Self.day)/notes", [("note", "a note")]).status, .seeOther)
        deleteEntry(dawn)
        let note = try XCTUnwrap(PageHarness.firstMatch(#"/notes/(\d+)/delete"#, in: dawn.get("/day/\(Self.day)").text))
        XCTAssertEqual(dawn.post("/day/\(Self.day)/notes/\(note)/delete", []).status, .seeOther)

        dawn.setNow(noon + 599)
        XCTAssertEqual(undoForms(dawn.get("/day/\(Self.day)?done=entry-deleted")).count, 2, "entry and note, still")
        dawn.setNow(noon + 600)
        let late = dawn.get("/day/\(Self.day)?done=entry-deleted")
        XCTAssertEqual(undoForms(late), [], "the same address, a minute on, offers nothing")
        XCTAssertEqual(late.notice, "Your entry was deleted.")
        let refused = dawn.post("/day/\(Self.day)/entry/restore", [])
        XCTAssertEqual(refused.status, .notFound)
        XCTAssertTrue(PageHarness.errorMessage(refused)?.contains("a deleted entry can be restored for 10 minutes") == true)
        XCTAssertEqual(dawn.post("/day/\(Self.day)/notes/\(note)/restore", []).status, .notFound)
        XCTAssertEqual(textarea(dawn.get("/day/\(Self.day)")), "")
        XCTAssertEqual(notes(dawn), [])
        XCTAssertEqual(try deletedRows(dawn), 0, "the refused restore purged what ran out")

        // Deleted at 23:55, gone at the member's next day though only six minutes passed.
        dawn.setNow(PageHarness.instant("2026-05-14T21:55:00Z"))
        saveEntry(dawn, "Late thoughts")
        deleteEntry(dawn)
        XCTAssertTrue(dawn.get("/day/\(Self.day)?done=entry-deleted").text.contains("You can bring it back until 00:00."),
                      "the member's day ends first")
        dawn.setNow(PageHarness.instant("2026-05-14T22:01:00Z"))
        XCTAssertEqual(dawn.post("/day/\(Self.day)/entry/restore", []).status, .notFound)
        XCTAssertEqual(textarea(dawn.get("/day/\(Self.day)")), "")
    }

    func testARestoreNeverOverwritesAnEntrySavedSince() throws {
        let dawn = try member(PageHarness(now: noon))
        saveEntry(dawn, "The deleted one")
        deleteEntry(dawn)
        saveEntry(dawn, "Written since")
        let since = try XCTUnwrap(PageHarness.firstMatch(#"name="version" value="(\d+)""#, in: dawn.get("/day/\(Self.day)").text))

        let conflict = dawn.post("/day/\(Self.day)/entry/restore", [])
        XCTAssertEqual(conflict.status, .conflict)
        XCTAssertEqual(textarea(conflict), "The deleted one", "the deleted text in the box")
        XCTAssertTrue(conflict.text.contains(#"<div class="stored-text">Written since</div>"#), "the saved one beside it")
        XCTAssertTrue(conflict.text.contains("An entry was saved on this day after yours was deleted, so nothing was overwritten."))
        XCTAssertTrue(conflict.text.contains(#"<input type="hidden" name="version" value="\#(since)">"#))
        XCTAssertEqual(textarea(dawn.get("/day/\(Self.day)")), "Written since", "nothing overwritten")
        XCTAssertEqual(try deletedRows(dawn), 1, "the deleted text is still kept")

        // Merged and saved from that page: based on the version it showed, so it goes through.
        let merged = dawn.post("/day/\(Self.day)/entry", [("entry", "Written since\nThe deleted one"), ("version", since)])
        XCTAssertEqual(merged.status, .seeOther)
        XCTAssertEqual(textarea(dawn.get("/day/\(Self.day)")), "Written since\nThe deleted one")
    }

    func testAnotherMemberCannotRestoreAndTheKeptTextsAreBounded() throws {
        let dawn = try member(PageHarness(now: noon))
        dawn.addMember("dad", displayName: "Dad")
        XCTAssertEqual(dawn.post("/day/\(Self.day)/notes", [("note", "mum's note")]).status, .seeOther)
        saveEntry(dawn, "Mum's entry")
        deleteEntry(dawn)
        let note = try XCTUnwrap(PageHarness.firstMatch(#"/notes/(\d+)/delete"#, in: dawn.get("/day/\(Self.day)").text))
        XCTAssertEqual(dawn.post("/day/\(Self.day)/notes/\(note)/delete", []).status, .seeOther)

        // Dad posts Mum's addresses: nothing of his to restore, and Mum's kept texts stay hers.
        dawn.signIn("dad")
        _ = dawn.get("/day/\(Self.day)")
        XCTAssertEqual(dawn.post("/day/\(Self.day)/entry/restore", []).status, .notFound)
        XCTAssertEqual(dawn.post("/day/\(Self.day)/notes/\(note)/restore", []).status, .notFound)
        XCTAssertEqual(textarea(dawn.get("/day/\(Self.day)")), "")
        XCTAssertEqual(notes(dawn), [])
        XCTAssertFalse(dawn.get("/day/\(Self.day)?done=entry-deleted").text.contains("Mum&#39;s"))

        dawn.signIn("mum")
        XCTAssertEqual(dawn.post("/day/\(Self.day)/entry/restore", []).status, .seeOther)
        XCTAssertEqual(dawn.post("/day/\(Self.day)/notes/\(note)/restore", []).status, .seeOther)
        XCTAssertEqual(textarea(dawn.get("/day/\(Self.day)")), "Mum&#39;s entry")
        XCTAssertEqual(notes(dawn), ["mum&#39;s note"])

        // At most `Journal.maxDeleted` kept: the oldest go first.
        for index in 0..<25 {
            XCTAssertEqual(dawn.post("/day/\(Self.day)/notes", [("note", "n\(index)")]).status, .seeOther)
        }
        for id in PageHarness.allMatches(#"/notes/(\d+)/delete"#, in: dawn.get("/day/\(Self.day)").text) {
            XCTAssertEqual(dawn.post("/day/\(Self.day)/notes/\(id)/delete", []).status, .seeOther)
        }
        XCTAssertEqual(try deletedRows(dawn), 20)
        XCTAssertEqual(undoForms(dawn.get("/day/\(Self.day)?done=note-deleted")).count, 20)
    }

    func testAGuardianNeverSeesNorRestoresTheChildsDeletedText() throws {
        let dawn = try PageHarness(now: noon)
        dawn.signedUp(timeZone: "Europe/Rome")
        dawn.addMember("dad", displayName: "Dad")
        dawn.addMember("mia", displayName: "Mia", child: true)
        _ = dawn.get("/family")
        XCTAssertEqual(dawn.post("/family/guardians", [("guardian", "dad"), ("child", "mia")]).status, .seeOther)
        dawn.signIn("mia")
        XCTAssertEqual(dawn.post("/settings/share-journal", [("share", "1")]).status, .seeOther)
        _ = dawn.get("/day/\(Self.day)")
        saveEntry(dawn, "SECRET-DELETED-ENTRY")
        XCTAssertEqual(dawn.post("/day/\(Self.day)/notes", [("note", "SECRET-DELETED-NOTE")]).status, .seeOther)
        deleteEntry(dawn)
        let note = try XCTUnwrap(PageHarness.firstMatch(#"/notes/(\d+)/delete"#, in: dawn.get("/day/\(Self.day)").text))
        XCTAssertEqual(dawn.post("/day/\(Self.day)/notes/\(note)/delete", []).status, .seeOther)

        dawn.signIn("dad")
        for done in ["entry-deleted", "note-deleted"] {
            let view = dawn.get("/members/mia/day/\(Self.day)?done=\(done)")
            XCTAssertEqual(view.status, .ok)
            XCTAssertFalse(view.text.contains("SECRET-DELETED"), done)
            XCTAssertEqual(undoForms(view), [], done)
        }
        for target in ["/members/mia/day/\(Self.day)/entry/restore", "/members/mia/day/\(Self.day)/notes/\(note)/restore"] {
            XCTAssertEqual(dawn.post(target, []).status, .notFound, target)
        }
        XCTAssertFalse(dawn.get("/members/mia/day/\(Self.day)").text.contains("SECRET-DELETED"), "nothing came back")

        dawn.signIn("mia")
        XCTAssertEqual(dawn.post("/day/\(Self.day)/entry/restore", []).status, .seeOther, "still hers to restore")
    }
}
