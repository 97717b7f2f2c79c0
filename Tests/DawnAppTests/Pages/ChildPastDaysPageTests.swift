import Accounts
import HTTP
import Store
import XCTest
@testable import DawnApp

/// A child changes only their today: an earlier day's log is not edited, moved, given
/// another amount or removed, its skips stay as they are, a pause does not start in the
/// past, and a habit's schedule and target are left to a guardian (a new schedule or target
/// would decide every past day again). Each refusal is a 403 that writes nothing; the
/// child's guardian makes the same changes on the guardian's view.
final class ChildPastDaysPageTests: XCTestCase {
    private static let today = "2027-03-10", yesterday = "2027-03-09"

    /// Mum (admin) and Sam (a child), Mum Sam's guardian. Signed in as Sam, with "Read", a
    /// habit of at least 10 pages a day, logged yesterday (15 minutes, 5 pages).
    private func samWithALogYesterday() throws -> (dawn: PageHarness, read: Int, log: Int) {
        let dawn = try PageHarness(now: PageHarness.instant("2027-03-10T09:00:00Z"))
        dawn.signedUp(timeZone: "UTC")
        _ = dawn.get("/family")
        XCTAssertEqual(dawn.post("/family/members", [("username", "sam"), ("display_name", "Sam"), ("child", "1"),
                                                     ("password", PageHarness.password),
                                                     ("password_again", PageHarness.password)]).status, .seeOther)
        _ = dawn.get("/family")
        XCTAssertEqual(dawn.post("/family/guardians", [("guardian", "mum"), ("child", "sam")]).status, .seeOther)
        dawn.signIn("sam")
        _ = dawn.get("/habits/new")
        XCTAssertEqual(dawn.post("/habits", [("name", "Read"), ("emoji", "📚"), ("color", "#FF6B6B"), ("duration", "30"),
                                             ("schedule", "day"), ("target_kind", "at_least"), ("target_amount", "10"),
                                             ("target_unit", "pages")]).status, .seeOther)
        let read = try XCTUnwrap(try samDatabase(dawn).read { try $0.queryOne("SELECT id FROM habits")?.int(0) })
        _ = dawn.get("/day/\(Self.yesterday)")
        XCTAssertEqual(dawn.post("/day/\(Self.yesterday)/instances", [("habit", String(read)), ("start", "08:00"),
                                                                      ("duration", "15"), ("amount", "5")]).status, .seeOther)
        let log = try XCTUnwrap(dawn.instanceIDs(on: Self.yesterday).first)
        return (dawn, read, log)
    }

    private func samDatabase(_ dawn: PageHarness) throws -> Database {
        let sam = try XCTUnwrap(try dawn.app.family.member(username: Username("sam")))
        return try dawn.app.data.member(sam.id)
    }

    /// Every log of Sam's as stored: day, start, duration, amount, version.
    private func logs(_ dawn: PageHarness) throws -> [String] {
        try samDatabase(dawn).read {
            try $0.query("""
                SELECT id || ' ' || day || ' ' || start_minute || ' ' || duration_minutes || ' ' || coalesce(amount_milli, '-')
                       || ' ' || version FROM habit_instances ORDER BY id
                """).map { $0.string(0) }
        }
    }

    private func habitRow(_ dawn: PageHarness) throws -> String {
        try samDatabase(dawn).read {
            try $0.queryOne("""
                SELECT name || ' ' || schedule || ' ' || coalesce(target_milli, '-') || ' ' || coalesce(target_kind, '-') || ' '
                       || coalesce(nullif(target_unit, ''), '-') || ' ' || coalesce(paused_from, '-') FROM habits
                """)?.string(0) ?? ""
        }
    }

    func testAChildCannotEditMoveOrChangeTheAmountOfAnEarlierDaysLog() throws {
        let (dawn, _, log) = try samWithALogYesterday()
        let before = try logs(dawn)
        // The form shows the log without a form to change it.
        let form = dawn.get("/day/\(Self.yesterday)/instances/\(log)")
        XCTAssertEqual(form.status, .ok)
        XCTAssertFalse(form.text.contains(#"action="/day/\#(Self.yesterday)/instances/\#(log)""#), "no edit form")
        XCTAssertTrue(form.text.contains("A child account can change logs and skips only on the same day."))
        let version = try XCTUnwrap(before.first?.split(separator: " ").last.map(String.init))
        for (what, fields) in [("shorter", [("start", "08:00"), ("duration", "1"), ("amount", "5")]),
                               ("amount to 0", [("start", "08:00"), ("duration", "15"), ("amount", "0")]),
                               ("moved", [("start", "18:00"), ("duration", "15"), ("amount", "5")]),
                               ("no version", [("start", "08:00"), ("duration", "15"), ("amount", "50")])] {
            var sent = fields
            if what != "no version" { sent.append(("version", version)) }
            _ = dawn.get("/day/\(Self.yesterday)")
            let refused = dawn.post("/day/\(Self.yesterday)/instances/\(log)", sent)
            XCTAssertEqual(refused.status, .forbidden, what)
            XCTAssertEqual(PageHarness.errorMessage(refused),
                           "A child account can change logs and skips only on the same day. Ask a parent to change an older day.", what)
            XCTAssertEqual(try logs(dawn), before, "\(what): nothing changed")
        }
        XCTAssertEqual(dawn.post("/day/\(Self.yesterday)/instances/\(log)/delete", []).status, .forbidden)
        XCTAssertEqual(try logs(dawn), before, "nothing removed")
        // Today's log is the child's to fix.
        let read = try XCTUnwrap(try samDatabase(dawn).read { try $0.queryOne("SELECT id FROM habits")?.int(0) })
        _ = dawn.get("/day/\(Self.today)")
        let todays = dawn.log(read, on: Self.today, start: "07:00", duration: 15)
        XCTAssertTrue(dawn.get("/day/\(Self.today)/instances/\(todays)").text.contains(#"action="/day/\#(Self.today)/instances/\#(todays)""#))
        XCTAssertEqual(dawn.post("/day/\(Self.today)/instances/\(todays)", [("start", "07:30"), ("duration", "20"),
                                                                            ("amount", "3")]).status, .seeOther)
        let after = try logs(dawn)
        XCTAssertTrue(after.last?.contains("\(Self.today) 450 20 3000") == true, after.joined(separator: "; "))
    }

    func testAChildCannotSkipOrUnskipAnEarlierDay() throws {
        let (dawn, read, _) = try samWithALogYesterday()
        func skips() throws -> [String] {
            try samDatabase(dawn).read { try $0.query("SELECT day FROM habit_skips ORDER BY day").map { $0.string(0) } }
        }
        let page = dawn.get("/day/2027-03-08")
        XCTAssertFalse(page.text.contains("/day/2027-03-08/skip/\(read)"), "no skip toggle on an earlier day")
        for action in ["skip", "unskip"] {
            let refused = dawn.post("/day/2027-03-08/skip/\(read)", [("action", action)])
            XCTAssertEqual(refused.status, .forbidden, action)
            XCTAssertEqual(try skips(), [], action)
        }
        XCTAssertTrue(dawn.get("/day/\(Self.today)").text.contains("/day/\(Self.today)/skip/\(read)"))
        XCTAssertEqual(dawn.post("/day/\(Self.today)/skip/\(read)", [("action", "skip")]).status, .seeOther)
        XCTAssertEqual(try skips(), [Self.today])
    }

    func testAChildCannotChangeAHabitsScheduleOrTargetButAGuardianCan() throws {
        let (dawn, read, _) = try samWithALogYesterday()
        let stored = try habitRow(dawn)
        XCTAssertEqual(stored, "Read day 10000 at_least pages -")
        let edit = dawn.get("/habits/\(read)/edit")
        XCTAssertEqual(edit.status, .ok)
        for field in [#"name="schedule""#, #"name="target_amount""#, #"name="target_unit""#, #"name="target_kind""#,
                      #"name="week_times""#] {
            XCTAssertFalse(edit.text.contains(field), "hidden from the child: \(field)")
        }
        XCTAssertTrue(edit.text.contains(PageHarness.html("Only a parent can change this habit's schedule and target.")))
        let base = [("name", "Read"), ("emoji", "📚"), ("color", "#FF6B6B"), ("duration", "30")]
        for (what, plan) in [("schedule", [("schedule", "week"), ("week_times", "3")]),
                             ("target amount", [("target_amount", "1"), ("target_unit", "pages"), ("target_kind", "at_least")]),
                             ("target kind", [("target_amount", "10"), ("target_unit", "pages"), ("target_kind", "at_most")]),
                             ("no target", [("target_amount", ""), ("target_unit", "")]),
                             ("a schedule that does not read", [("schedule", "fortnight")])] {
            _ = dawn.get("/habits/\(read)/edit")
            let refused = dawn.post("/habits/\(read)", base + plan)
            XCTAssertEqual(refused.status, .forbidden, what)
            XCTAssertEqual(PageHarness.errorMessage(refused),
                           PageHarness.html("A child account cannot change a habit's schedule or target. Ask a parent to change it."), what)
            XCTAssertEqual(try habitRow(dawn), stored, "\(what): nothing changed")
        }
        // The same plan sent back, or none at all, saves the rest.
        _ = dawn.get("/habits/\(read)/edit")
        XCTAssertEqual(dawn.post("/habits/\(read)", [("name", "Reading")] + base.dropFirst()
                                 + [("schedule", "day"), ("target_amount", "10"), ("target_unit", "pages"),
                                    ("target_kind", "at_least")]).status, .seeOther)
        _ = dawn.get("/habits/\(read)/edit")
        XCTAssertEqual(dawn.post("/habits/\(read)", [("name", "Books")] + base.dropFirst()).status, .seeOther)
        XCTAssertEqual(try habitRow(dawn), "Books day 10000 at_least pages -")
        // A new habit has no past days: its plan is the child's to choose.
        XCTAssertTrue(dawn.get("/habits/new").text.contains(#"name="schedule""#))
        // A pause from an earlier day would decide past days too; from today it is fine.
        XCTAssertTrue(dawn.get("/habits").text.contains(#"name="from" type="date" min="\#(Self.today)""#), "the date picker starts today")
        XCTAssertEqual(dawn.post("/habits/\(read)/pause", [("from", Self.yesterday)]).status, .forbidden)
        XCTAssertEqual(try habitRow(dawn), "Books day 10000 at_least pages -")
        XCTAssertEqual(dawn.post("/habits/\(read)/pause", [("from", Self.today)]).status, .seeOther)
        XCTAssertEqual(try habitRow(dawn), "Books day 10000 at_least pages \(Self.today)")

        // Mum, Sam's guardian, changes both on her view of Sam.
        dawn.signIn("mum")
        let hers = dawn.get("/members/sam/habits/\(read)/edit")
        XCTAssertTrue(hers.text.contains(#"name="schedule""#) && hers.text.contains(#"name="target_amount""#))
        XCTAssertEqual(dawn.post("/members/sam/habits/\(read)", [("name", "Books")] + base.dropFirst()
                                 + [("schedule", "week"), ("week_times", "3"), ("target_amount", "20"), ("target_unit", "pages"),
                                    ("target_kind", "at_least")]).status, .seeOther)
        XCTAssertEqual(try habitRow(dawn), "Books week:3 20000 at_least pages \(Self.today)")
    }

    func testTheGuardianChangesTheChildsEarlierDays() throws {
        let (dawn, read, log) = try samWithALogYesterday()
        dawn.signIn("mum")
        let form = dawn.get("/members/sam/day/\(Self.yesterday)/instances/\(log)")
        XCTAssertTrue(form.text.contains(#"action="/members/sam/day/\#(Self.yesterday)/instances/\#(log)""#))
        XCTAssertEqual(dawn.post("/members/sam/day/\(Self.yesterday)/instances/\(log)",
                                 [("start", "08:00"), ("duration", "45"), ("amount", "12")]).status, .seeOther)
        XCTAssertTrue(try logs(dawn).first?.contains("\(Self.yesterday) 480 45 12000") == true)
        XCTAssertEqual(dawn.post("/members/sam/day/2027-03-08/skip/\(read)", [("action", "skip")]).status, .seeOther)
    }
}
