import Accounts
import HTTP
import XCTest
@testable import DawnApp

/// Child accounts in process: made with the "child" box on /family (never also
/// an admin), shown as such; a child archives but never deletes a habit or logged history,
/// undoes a check-off only on their today, and has no admin page (so cannot end others'
/// sessions). Each refusal is a 403 in the child's language and changes nothing.
final class ChildAccountPageTests: XCTestCase {
    private let now = PageHarness.instant("2027-03-10T09:00:00Z")

    /// Mum (admin) and Sam (a child); signed in as Sam, with one habit.
    private func samSignedIn(_ dawn: PageHarness) -> (habit: Int, mum: [String: String]) {
        dawn.signedUp()
        let mum = dawn.cookies
        _ = dawn.get("/family")
        let added = dawn.post("/family/members", [("username", "sam"), ("display_name", "Sam"), ("child", "1"),
                                                  ("password", PageHarness.password), ("password_again", PageHarness.password)])
        XCTAssertEqual(added.status, .seeOther, added.text)
        dawn.signIn("sam")
        return (dawn.addHabit("Read", emoji: "📚"), mum)
    }

    private func habitCount(_ dawn: PageHarness, _ username: String) throws -> Int {
        let member = try XCTUnwrap(try dawn.app.family.member(username: Username(username)))
        return try dawn.app.data.member(member.id).read { try $0.queryOne("SELECT count(*) FROM habits")?.int(0) ?? -1 }
    }

    func testTheFamilyPageAddsAChildAndShowsIt() throws {
        let dawn = try PageHarness(now: now)
        _ = samSignedIn(dawn)
        let sam = try XCTUnwrap(try dawn.app.family.member(username: Username("sam")))
        XCTAssertTrue(sam.isChild)
        XCTAssertFalse(sam.isAdmin)
        dawn.signIn("mum")
        let family = dawn.get("/family")
        XCTAssertTrue(family.text.contains(#"<strong>Sam</strong> <span class="muted">@sam</span> <span class="badge">child</span>"#))
        XCTAssertFalse(family.text.contains(#"<strong>Mum</strong> <span class="muted">@mum</span> <span class="badge">admin</span> <span class="badge">child</span>"#))
    }

    func testAChildCannotAlsoBeAnAdmin() throws {
        let dawn = try PageHarness(now: now)
        dawn.signedUp()
        _ = dawn.get("/family")
        let page = dawn.post("/family/members", [("username", "sam"), ("display_name", "Sam"), ("child", "1"), ("admin", "1"),
                                                 ("password", PageHarness.password), ("password_again", PageHarness.password)])
        XCTAssertEqual(page.status, .badRequest)
        XCTAssertTrue(page.text.contains("A child account cannot be an admin."))
        XCTAssertNil(try dawn.app.family.member(username: Username("sam")), "nobody added")
        _ = dawn.get("/family")
        XCTAssertEqual(dawn.post("/family/members", [("username", "sam"), ("display_name", "Sam"), ("child", "yes"),
                                                     ("password", PageHarness.password), ("password_again", PageHarness.password)]).status,
                       .badRequest)
        // The rule holds below the form too: in Family and in the database's CHECK.
        XCTAssertThrowsError(try dawn.app.family.addMember(username: Username("sam"), displayName: DisplayName("Sam"),
                                                           passwordHash: PasswordHasher.decoyHash, isAdmin: true, timeZone: "UTC",
                                                           isChild: true)) { error in
            XCTAssertEqual(error as? AccountError, .childCannotBeAdmin)
        }
        XCTAssertThrowsError(try dawn.app.data.instance.write { try $0.run("UPDATE members SET is_child = 1 WHERE username = 'mum'") })
    }

    func testAChildArchivesButNeverDeletesAHabit() throws {
        let dawn = try PageHarness(now: now)
        let (habit, _) = samSignedIn(dawn)
        let edit = dawn.get("/habits/\(habit)/edit")
        XCTAssertFalse(edit.text.contains("/habits/\(habit)/delete"), "no delete link for a child")
        let confirm = dawn.get("/habits/\(habit)/delete")
        XCTAssertEqual(confirm.status, .forbidden)
        XCTAssertEqual(PageHarness.errorMessage(confirm),
                       "A child account cannot delete habits. Archive the habit instead: it leaves your list and keeps its history.")
        _ = dawn.get("/habits/\(habit)/edit")
        XCTAssertEqual(dawn.post("/habits/\(habit)/delete", []).status, .forbidden)
        XCTAssertEqual(try habitCount(dawn, "sam"), 1, "still there")
        XCTAssertEqual(dawn.post("/habits/\(habit)/archive", []).status, .seeOther, "archiving works")
        let archived = dawn.get("/habits/archived")
        XCTAssertTrue(archived.text.contains("Read"))
        XCTAssertFalse(archived.text.contains("/delete"))
        XCTAssertEqual(try habitCount(dawn, "sam"), 1)
    }

    func testAChildCannotDeleteLoggedHistory() throws {
        let dawn = try PageHarness(now: now)
        let (habit, _) = samSignedIn(dawn)
        _ = dawn.get("/day/2027-03-09")
        let log = dawn.log(habit, on: "2027-03-09", start: "08:00", duration: 30)
        let form = dawn.get("/day/2027-03-09/instances/\(log)")
        XCTAssertEqual(form.status, .ok)
        XCTAssertFalse(form.text.contains("/instances/\(log)/delete"), "no remove button for a child")
        let refused = dawn.post("/day/2027-03-09/instances/\(log)/delete", [])
        XCTAssertEqual(refused.status, .forbidden)
        XCTAssertEqual(PageHarness.errorMessage(refused), "A child account cannot delete logged history. Ask a parent if something is wrong.")
        XCTAssertEqual(dawn.instanceIDs(on: "2027-03-09"), [log])
    }

    func testAChildUndoesACheckOffOnlyOnTheirToday() throws {
        let dawn = try PageHarness(now: now)
        let (habit, _) = samSignedIn(dawn)
        func checkOffs(_ day: String) throws -> Int {
            let sam = try XCTUnwrap(try dawn.app.family.member(username: Username("sam")))
            return try dawn.app.data.member(sam.id).read {
                try $0.queryOne("SELECT count(*) FROM habit_instances WHERE timed = 0 AND day = ?", [.text(day)])?.int(0) ?? -1
            }
        }
        for day in ["2027-03-09", "2027-03-10"] {
            _ = dawn.get("/day/\(day)")
            XCTAssertEqual(dawn.post("/day/\(day)/check/\(habit)", [("action", "done")]).status, .seeOther)
        }
        // Yesterday: no undo offered, and refused.
        let yesterday = dawn.get("/day/2027-03-09")
        XCTAssertTrue(yesterday.text.contains("Read: done (a child can undo only today)"))
        XCTAssertFalse(yesterday.text.contains(#"value="undo""#))
        let refused = dawn.post("/day/2027-03-09/check/\(habit)", [("action", "undo")])
        XCTAssertEqual(refused.status, .forbidden)
        XCTAssertEqual(PageHarness.errorMessage(refused),
                       "A child account can undo a check-off only on the same day. Ask a parent to change an older day.")
        XCTAssertEqual(try checkOffs("2027-03-09"), 1)
        // Today: a mistaken tap is undone.
        XCTAssertTrue(dawn.get("/day/2027-03-10").text.contains(#"value="undo""#))
        XCTAssertEqual(dawn.post("/day/2027-03-10/check/\(habit)", [("action", "undo")]).status, .seeOther)
        XCTAssertEqual(try checkOffs("2027-03-10"), 0)
    }

    func testAChildHasNoAdminPageSoCannotEndOthersSessions() throws {
        let dawn = try PageHarness(now: now)
        let (_, mum) = samSignedIn(dawn)
        XCTAssertEqual(dawn.get("/family").status, .forbidden)
        _ = dawn.get("/account")
        for path in ["/family/members/mum/password", "/family/members/mum/remove", "/family/screens/code", "/family/members/sam/pin"] {
            XCTAssertEqual(dawn.post(path, [("password", "kid owns it now"), ("password_again", "kid owns it now"),
                                            ("pin", "1234"), ("pin_again", "1234")]).status, .forbidden, path)
        }
        dawn.cookies = mum
        XCTAssertEqual(dawn.get("/family").status, .ok, "Mum is still signed in")
    }

    func testAnAdultKeepsDeleteAndUndo() throws {
        let dawn = try PageHarness(now: now)
        dawn.signedUp()
        let habit = dawn.addHabit("Run")
        XCTAssertTrue(dawn.get("/habits/\(habit)/edit").text.contains("/habits/\(habit)/delete"))
        _ = dawn.get("/day/2027-03-09")
        XCTAssertEqual(dawn.post("/day/2027-03-09/check/\(habit)", [("action", "done")]).status, .seeOther)
        _ = dawn.get("/day/2027-03-09")
        XCTAssertEqual(dawn.post("/day/2027-03-09/check/\(habit)", [("action", "undo")]).status, .seeOther)
        _ = dawn.get("/habits/\(habit)/delete")
        XCTAssertEqual(dawn.post("/habits/\(habit)/delete", []).status, .seeOther)
    }
}
