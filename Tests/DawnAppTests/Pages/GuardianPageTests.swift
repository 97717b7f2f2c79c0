import Accounts
import HTTP
import MemberData
import Store
import XCTest
@testable import DawnApp

/// Guardians in process: the grants on `/family`, who reaches
/// `/members/{child}/…` (only the child's guardian; everyone else the very 404 of an
/// unknown address), the child's data under the child's links, "logged by", the journal
/// kept private unless shared, and the page cache keeping the two views apart.
final class GuardianPageTests: XCTestCase {
    static let day = "2026-03-11"
    static let secretEntry = "SECRET-ENTRY-7f3a"
    static let secretNote = "SECRET-NOTE-91c2"
    static let secretLogNote = "SECRET-LOGNOTE-5d0e"

    /// Mum (admin), Dad, and the child accounts Mia and Leo; Dad looks after Mia. Mia has a habit ("Piano", one
    /// log with a note), an entry, a note and a mood on `day`. Signed in as Dad.
    private func family() throws -> (dawn: PageHarness, piano: Int) {
        let dawn = try PageHarness(now: PageHarness.instant("2026-03-11T10:00:00Z"))
        dawn.signedUp(timeZone: "UTC")
        dawn.addMember("dad", displayName: "Dad")
        dawn.addMember("mia", displayName: "Mia", child: true)
        dawn.addMember("leo", displayName: "Leo", child: true)
        _ = dawn.get("/family")
        XCTAssertEqual(dawn.post("/family/guardians", [("guardian", "dad"), ("child", "mia")]).location,
                       "/family?done=guardian-granted#guardians")
        dawn.signIn("mia")
        let piano = dawn.addHabit("Piano", emoji: "🎹")
        dawn.log(piano, on: Self.day, start: "08:00", duration: 30, note: Self.secretLogNote)
        _ = dawn.get("/day/\(Self.day)")
        XCTAssertEqual(dawn.post("/day/\(Self.day)/entry", [("entry", Self.secretEntry), ("version", "0")]).status, .seeOther)
        XCTAssertEqual(dawn.post("/day/\(Self.day)/notes", [("note", Self.secretNote)]).status, .seeOther)
        XCTAssertEqual(dawn.post("/day/\(Self.day)/mood", [("mood", "4")]).status, .seeOther)
        dawn.signIn("dad")
        return (dawn, piano)
    }

    private func grants(_ dawn: PageHarness) throws -> Int {
        try dawn.app.data.instance.read { try $0.queryOne("SELECT count(*) FROM guardians")?.int(0) ?? -1 }
    }

    private func miaDatabase(_ dawn: PageHarness) throws -> Database {
        let mia = try XCTUnwrap(try dawn.app.family.member(username: Username("mia")))
        return try dawn.app.data.member(mia.id)
    }

    func testTheGuardianSeesTheChildsDayUnderTheChildsLinks() throws {
        let (dawn, piano) = try family()
        let page = dawn.get("/members/mia/day/\(Self.day)")
        XCTAssertEqual(page.status, .ok, page.text)
        XCTAssertTrue(page.text.contains("Mia’s day"), "the banner says whose day it is")
        XCTAssertTrue(page.text.contains("Piano"))
        XCTAssertTrue(page.text.contains("href=\"/members/mia/day/\(Self.day)/log/\(piano)\""))
        // Every form and link to the child's data stays under her prefix; the navigation is Dad's own.
        for own in ["action=\"/day/", "href=\"/day/", "action=\"/habits", "href=\"/habits/", "/calendar/2026"] {
            XCTAssertFalse(page.text.contains(own == "/calendar/2026" ? "\"/calendar/2026" : own), own)
        }
        XCTAssertTrue(page.text.contains("href=\"/members/mia/calendar/2026-03?day=\(Self.day)\""))
        XCTAssertTrue(page.text.contains("href=\"/members/mia/habits.css?v="))
        XCTAssertTrue(page.text.contains(">Dad</a>"), "the navigation names the guardian, signed in")
        // `/members/mia` is her today.
        XCTAssertEqual(dawn.get("/members/mia").status, .ok)
        for path in ["/members/mia/habits", "/members/mia/habits/\(piano)", "/members/mia/habits/archived",
                     "/members/mia/stats", "/members/mia/calendar/2026-03", "/members/mia/habits/\(piano)/edit",
                     "/members/mia/habits/new", "/members/mia/day/\(Self.day)/log/\(piano)"] {
            let shown = dawn.get(path)
            XCTAssertEqual(shown.status, .ok, path)
            XCTAssertTrue(shown.text.contains("Mia’s day"), path)
        }
    }

    /// One 404 for all who may not: same status, same bytes as an unknown address.
    func testEveryoneButTheGuardianGetsTheUnknownAddress404() throws {
        let (dawn, piano) = try family()
        let unknown = dawn.get("/no-such-page")
        XCTAssertEqual(unknown.status, .notFound)
        let target = "/members/mia/day/\(Self.day)"
        func assertHidden(_ page: PageHarness.Page, _ why: String) {
            XCTAssertEqual(page.status, .notFound, why)
            XCTAssertEqual(page.body, unknown.body, why)
            XCTAssertFalse(page.text.contains("Mia"), why)
        }
        // Routes off the allowlist, even for Dad: the journal's writes, settings, exports, delete.
        assertHidden(dawn.post(target + "/entry", [("entry", "x"), ("version", "0")]), "entry")
        assertHidden(dawn.post(target + "/notes", [("note", "x")]), "notes")
        assertHidden(dawn.post(target + "/mood", [("mood", "2")]), "mood")
        assertHidden(dawn.get("/members/mia/settings"), "settings")
        assertHidden(dawn.get("/members/mia/account"), "account")
        assertHidden(dawn.get("/members/mia/export/dawn.json"), "export")
        assertHidden(dawn.get("/members/mia/search?q=SECRET"), "search")
        assertHidden(dawn.get("/members/mia/vacations"), "vacations")
        assertHidden(dawn.get("/members/mia/api/stats?from=2026-03-01&to=2026-03-11"), "api")
        assertHidden(dawn.get("/members/mia/habits/\(piano)/delete"), "delete form")
        assertHidden(dawn.post("/members/mia/habits/\(piano)/delete", []), "delete")
        assertHidden(dawn.post(target + "/instances/1/delete", []), "instance delete")
        assertHidden(dawn.post(target, []), "a POST to a page")
        assertHidden(dawn.get("/members/nobody/day/\(Self.day)"), "unknown member")
        assertHidden(dawn.get("/members/MIA/day/\(Self.day)"), "not the username as stored")
        assertHidden(dawn.get("/members/leo/day/\(Self.day)"), "a member Dad does not look after")
        // The admin without a grant, the child herself, another member, nobody signed in.
        for (who, username) in [("admin", "mum"), ("child", "mia"), ("other", "leo")] {
            dawn.signIn(username)
            assertHidden(dawn.get(target), who)
            assertHidden(dawn.get("/members/mia"), who)
            assertHidden(dawn.post(target + "/check/\(piano)", [("action", "done")]), who)
        }
        dawn.forgetCookies()
        assertHidden(dawn.get(target), "signed out")
        assertHidden(dawn.post(target + "/check/\(piano)", [("action", "done")]), "signed out")
        XCTAssertEqual(try miaDatabase(dawn).read { try $0.queryOne("SELECT count(*) FROM habit_instances")?.int(0) }, 1)
    }

    func testARevokedGuardianIsRefusedOnTheVeryNextRequest() throws {
        let (dawn, _) = try family()
        XCTAssertEqual(dawn.get("/members/mia/day/\(Self.day)").status, .ok)
        let dadsCookies = dawn.cookies
        dawn.signIn("mum")
        _ = dawn.get("/family")
        XCTAssertTrue(dawn.get("/family").text.contains("action=\"/family/guardians/dad/mia/revoke\""))
        XCTAssertEqual(dawn.post("/family/guardians/dad/mia/revoke", []).location, "/family?done=guardian-revoked#guardians")
        XCTAssertEqual(try grants(dawn), 0)
        XCTAssertEqual(dawn.post("/family/guardians/dad/mia/revoke", []).status, .notFound)
        dawn.cookies = dadsCookies
        XCTAssertEqual(dawn.get("/members/mia/day/\(Self.day)").status, .notFound)
        XCTAssertFalse(dawn.get("/account").text.contains("Mia"), "Dad's account no longer names her")
    }

    func testRefusedGrantsAre400sOnTheFamilyPageAndWriteNothing() throws {
        let (dawn, _) = try family()
        dawn.signIn("mum")
        _ = dawn.get("/family")
        for (fields, message) in [([("guardian", "nobody"), ("child", "mia")], "There is no member called “nobody”"),
                                  ([("guardian", "dad"), ("child", "")], "There is no member called “”"),
                                  ([("guardian", "leo"), ("child", "leo")], "cannot be their own guardian"),
                                  ([("guardian", "dad"), ("child", "mia")], "Dad already looks after Mia"),
                                  // Only a child account is looked after, and only by an adult.
                                  ([("guardian", "dad"), ("child", "mum")], "Mum is not a child account"),
                                  ([("guardian", "mum"), ("child", "dad")], "Dad is not a child account"),
                                  ([("guardian", "leo"), ("child", "mia")], "Leo is a child account")] {
            let page = dawn.post("/family/guardians", fields)
            XCTAssertEqual(page.status, .badRequest, page.text)
            XCTAssertTrue(page.text.contains(PageHarness.html(message)), message)
            XCTAssertTrue(page.text.contains("id=\"guardians\""))
        }
        XCTAssertEqual(try grants(dawn), 1)
        // CSRF: a form without the token is refused before anything is read.
        XCTAssertEqual(dawn.post("/family/guardians", [("guardian", "leo"), ("child", "mia"), ("csrf", "wrong")]).status,
                       .forbidden)
        XCTAssertEqual(dawn.post("/family/guardians/dad/mia/revoke", [("csrf", "wrong")]).status, .forbidden)
        XCTAssertEqual(try grants(dawn), 1)
        // Admins only.
        dawn.signIn("dad")
        XCTAssertEqual(dawn.post("/family/guardians", [("guardian", "dad"), ("child", "leo")]).status, .forbidden)
        XCTAssertEqual(dawn.post("/family/guardians/dad/mia/revoke", []).status, .forbidden)
        XCTAssertEqual(try grants(dawn), 1)
    }

    /// A child account chosen as an adult's guardian is one mistake, said as one: both names,
    /// what is wrong, what to choose instead; nothing written.
    func testAChildAsAnAdultsGuardianIsRefusedWithOneClearMessage() throws {
        let (dawn, _) = try family()
        dawn.signIn("mum")
        for (guardian, child, name) in [("mia", "dad", "Dad"), ("leo", "mum", "Mum")] {
            _ = dawn.get("/family")
            let page = dawn.post("/family/guardians", [("guardian", guardian), ("child", child)])
            XCTAssertEqual(page.status, .badRequest, page.text)
            let who = guardian == "mia" ? "Mia" : "Leo"
            let message = "\(who) is a child account and \(name) is an adult: a child cannot look after an adult."
            XCTAssertTrue(page.text.contains(PageHarness.html(message)), page.text)
            XCTAssertFalse(page.text.contains(PageHarness.html("\(name) is not a child account")), "one message, not half of it")
            XCTAssertTrue(page.text.contains("id=\"guardians\""))
        }
        XCTAssertEqual(try grants(dawn), 1, "only Dad's grant over Mia")
    }

    func testTheGuardiansLogsRecordWhoMadeThem() throws {
        let (dawn, piano) = try family()
        // Dad adds a habit for Mia (her database, his form), then checks it off.
        _ = dawn.get("/members/mia/habits/new")
        let added = dawn.post("/members/mia/habits", [("name", "Teeth"), ("emoji", "🪥"), ("color", "#48DBAB"), ("duration", "15")])
        XCTAssertEqual(added.location, "/members/mia/day/\(Self.day)?done=habit-added#tray")
        let teeth = try XCTUnwrap(try miaDatabase(dawn).read { try $0.queryOne("SELECT id FROM habits WHERE name = 'Teeth'")?.int64(0) })
        let checked = dawn.post("/members/mia/day/\(Self.day)/check/\(teeth)", [("action", "done")])
        XCTAssertEqual(checked.location, "/members/mia/day/\(Self.day)?done=checked#checklist")
        let logged = dawn.post("/members/mia/day/\(Self.day)/instances",
                               [("habit", String(piano)), ("start", "17:00"), ("duration", "45"), ("note", "by dad")])
        XCTAssertEqual(logged.location, "/members/mia/day/\(Self.day)?done=logged#timeline")
        let rows = try miaDatabase(dawn).read { connection in
            try connection.query("SELECT timed, note, logged_by FROM habit_instances ORDER BY id").map {
                "\($0.int(0)) \($0.string(1)) \($0.optionalString(2) ?? "-")"
            }
        }
        // A guardian never writes a log's note (it is the child's journal).
        XCTAssertEqual(rows, ["1 \(Self.secretLogNote) -", "0  dad", "1  dad"])
        XCTAssertTrue(dawn.get("/members/mia/day/\(Self.day)").text.contains("logged by Dad"))
        dawn.signIn("mia")
        let hers = dawn.get("/day/\(Self.day)").text
        XCTAssertTrue(hers.contains("logged by Dad"), "the child sees who logged it")
        // Leo, who has no grant with Dad, never sees his name: Mia's pages are hers alone anyway.
        dawn.signIn("leo")
        XCTAssertFalse(dawn.get("/").text.contains("Dad"))
    }

    /// The child's journal never reaches a guardian unless she shares it; even then read only.
    func testTheJournalStaysPrivateUnlessShared() throws {
        let (dawn, piano) = try family()
        let instance = try XCTUnwrap(try miaDatabase(dawn).read { try $0.queryOne("SELECT id FROM habit_instances")?.int64(0) })
        let pages = ["/members/mia/day/\(Self.day)", "/members/mia", "/members/mia/stats", "/members/mia/stats?g=year&p=2026",
                     "/members/mia/calendar/2026-03", "/members/mia/habits", "/members/mia/habits/\(piano)",
                     "/members/mia/day/\(Self.day)/instances/\(instance)", "/members/mia/day/2027-03-11"]
        for path in pages {
            let text = dawn.get(path).text
            for secret in [Self.secretEntry, Self.secretNote, Self.secretLogNote] {
                XCTAssertFalse(text.contains(secret), "\(secret) on \(path)")
            }
        }
        let day = dawn.get("/members/mia/day/\(Self.day)").text
        XCTAssertTrue(day.contains(PageHarness.html("Private: the journal shows here only if its owner shares it")))
        XCTAssertFalse(day.contains("<textarea"), "no entry form")
        XCTAssertFalse(day.contains("id=\"notes\""), "no notes")
        XCTAssertFalse(day.contains("id=\"mood\""))
        // An edit by the guardian neither wipes nor reveals the log's note.
        let edit = dawn.get("/members/mia/day/\(Self.day)/instances/\(instance)")
        XCTAssertFalse(edit.text.contains("name=\"note\""))
        let version = try XCTUnwrap(PageHarness.firstMatch(#"name="version" value="(\d+)""#, in: edit.text))
        XCTAssertEqual(dawn.post("/members/mia/day/\(Self.day)/instances/\(instance)",
                                 [("habit", String(piano)), ("start", "09:00"), ("duration", "60"), ("note", "overwritten"),
                                  ("version", version)]).status, .seeOther)
        XCTAssertEqual(try miaDatabase(dawn).read { try $0.queryOne("SELECT note, duration_minutes FROM habit_instances WHERE id = ?",
                                                                    [.integer(instance)]).map { "\($0.string(0)) \($0.int(1))" } },
                       "\(Self.secretLogNote) 60")

        // Mia shares her journal (the setting shows only to a member with a guardian).
        dawn.signIn("leo")
        XCTAssertFalse(dawn.get("/settings").text.contains("journal-sharing"))
        dawn.signIn("mia")
        XCTAssertTrue(dawn.get("/settings").text.contains("id=\"journal-sharing\""))
        XCTAssertEqual(dawn.post("/settings/share-journal", [("share", "1")]).location,
                       "/settings?done=journal_sharing_saved#journal-sharing")
        XCTAssertEqual(dawn.post("/settings/share-journal", [("share", "yes")]).status, .badRequest)
        dawn.signIn("dad")
        let shared = dawn.get("/members/mia/day/\(Self.day)").text
        XCTAssertTrue(shared.contains(Self.secretEntry))
        XCTAssertTrue(shared.contains(Self.secretNote))
        XCTAssertTrue(shared.contains("Mood: Good") || shared.contains("Mood: "), "the mood, read only")
        XCTAssertFalse(shared.contains("<textarea"), "read only: no entry form")
        XCTAssertTrue(shared.contains(#"<div class="entry-text"><p>\#(Self.secretEntry)</p>"#), "rendered")
        XCTAssertFalse(shared.contains("entry-edit"), "never an edit control")
        XCTAssertFalse(shared.contains("/entry\""))
        XCTAssertFalse(shared.contains("/notes\""))
        XCTAssertTrue(dawn.get("/members/mia/day/\(Self.day)/instances/\(instance)").text.contains(Self.secretLogNote))
        // Still never written from here.
        XCTAssertEqual(dawn.post("/members/mia/day/\(Self.day)/entry", [("entry", "x"), ("version", "0")]).status, .notFound)
    }

    /// The page cache keys on the path and the session: the guardian's render never reaches
    /// the child, nor the child's the guardian.
    func testThePageCacheKeepsTheTwoViewsApart() throws {
        let (dawn, _) = try family()
        let dads = dawn.get("/members/mia/day/\(Self.day)")
        let dadsHit = dawn.get("/members/mia/day/\(Self.day)")
        XCTAssertEqual(dadsHit.headers["ETag"], dads.headers["ETag"])
        XCTAssertEqual(dadsHit.headers.values(for: "Cache-Control"), ["no-store"], "a cached view stays off his device too")
        let dadsCookies = dawn.cookies
        dawn.signIn("mia")
        let hers = dawn.get("/day/\(Self.day)")
        XCTAssertNotEqual(dads.headers["ETag"], hers.headers["ETag"])
        XCTAssertFalse(hers.text.contains("Mia’s day"))
        XCTAssertTrue(hers.text.contains(Self.secretEntry))
        // Mia's ETag sent on Dad's request is no match: he gets his own page, without her entry.
        dawn.cookies = dadsCookies
        let again = dawn.get("/members/mia/day/\(Self.day)", headers: [("If-None-Match", hers.headers["ETag"] ?? "")])
        XCTAssertEqual(again.status, .ok)
        XCTAssertFalse(again.text.contains(Self.secretEntry))
        XCTAssertTrue(again.text.contains("Mia’s day"))
        XCTAssertEqual(dawn.get("/members/mia/day/\(Self.day)", headers: [("If-None-Match", dads.headers["ETag"] ?? "")]).status,
                       .notModified)
    }

    /// Each side sees the other on /account; nobody else is named.
    func testAccountPagesNameOnlyTheirOwnGrants() throws {
        let (dawn, _) = try family()
        let dads = dawn.get("/account").text
        XCTAssertTrue(dads.contains("href=\"/members/mia\""))
        dawn.signIn("mia")
        let hers = dawn.get("/account").text
        XCTAssertTrue(hers.contains("<li>Dad</li>"))
        dawn.signIn("leo")
        let leos = dawn.get("/account").text
        XCTAssertFalse(leos.contains("Dad"))
        XCTAssertFalse(leos.contains("Mia"))
        XCTAssertFalse(leos.contains("id=\"guardians\""))
    }

    func testRemovingAMemberRemovesTheirGrants() throws {
        let (dawn, _) = try family()
        dawn.signIn("mum")
        _ = dawn.get("/family/members/mia/remove")
        XCTAssertEqual(dawn.post("/family/members/mia/remove", []).status, .seeOther)
        XCTAssertEqual(try grants(dawn), 0)
        XCTAssertFalse(dawn.get("/family").text.contains("looks after"))
    }
}
