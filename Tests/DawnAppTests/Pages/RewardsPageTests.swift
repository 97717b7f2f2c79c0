import Accounts
import FamilyData
import HTTP
import Store
import XCTest
@testable import DawnApp

/// Points and rewards through the pages: points on a chore and on a child's habit (forms,
/// the 0–1,000 rule, a child's 403), the balance on the child's day page (a new ETag when
/// it changes), `/rewards` (adding, asking, approving, declining; an overdraft refused
/// with the message; a child's 403s; a guardian seeing only their own children's
/// requests) and the guardians' reminder when a child asks.
final class RewardsPageTests: XCTestCase {
    static let day = "2026-03-11"

    /// Mum (admin), Dad; the children Mia and Leo. Dad looks after Mia, Mum after Leo.
    /// A daily chore worth `points`. Signed in as Mum.
    private func family(points: String = "15") throws -> (dawn: PageHarness, chore: Int) {
        let dawn = try PageHarness(now: PageHarness.instant("2026-03-11T10:00:00Z"))
        dawn.signedUp(timeZone: "UTC")
        dawn.addMember("dad", displayName: "Dad")
        dawn.addMember("mia", displayName: "Mia", child: true)
        dawn.addMember("leo", displayName: "Leo", child: true)
        _ = dawn.get("/family")
        XCTAssertEqual(dawn.post("/family/guardians", [("guardian", "dad"), ("child", "mia")]).status, .seeOther)
        XCTAssertEqual(dawn.post("/family/guardians", [("guardian", "mum"), ("child", "leo")]).status, .seeOther)
        let added = dawn.post("/family/chores", [("name", "Walk the dog"), ("mark", "🐕"), ("schedule", "day"),
                                                 ("points", points)])
        XCTAssertEqual(added.status, .seeOther, added.text)
        let chore = try XCTUnwrap(FamilyChores(instance: dawn.app.data.instance).all().first)
        return (dawn, Int(chore.id))
    }

    private func balance(_ dawn: PageHarness, _ username: String) throws -> Int64 {
        let member = try XCTUnwrap(dawn.app.family.member(username: Username(username)))
        return try Points(instance: dawn.app.data.instance).balance(of: member.id)
    }

    private func shownBalance(_ page: PageHarness.Page) -> String? {
        PageHarness.firstMatch(#"<span class="points-balance">(-?\d+)</span>"#, in: page.text)
    }

    private func checkChore(_ dawn: PageHarness, _ chore: Int, _ action: String = "done") -> PageHarness.Page {
        _ = dawn.get("/")
        return dawn.post("/family/chores/\(chore)/check", [("day", Self.day), ("action", action)])
    }

    func testAChoresPointsAreZeroToOneThousandWithAClearError() throws {
        let (dawn, chore) = try family()
        for typed in ["1001", "-1", "abc", "1.5", "99999999"] {
            _ = dawn.get("/family")
            let refused = dawn.post("/family/chores", [("name", "Dishes"), ("mark", "🍽️"), ("schedule", "day"),
                                                       ("points", typed)])
            XCTAssertEqual(refused.status, .badRequest, typed)
            XCTAssertTrue(refused.text.contains("Points are a whole number from 0 to 1000."), typed)
            XCTAssertTrue(refused.text.contains("value=\"\(PageHarness.html(typed))\""), "what was typed comes back")
        }
        XCTAssertEqual(try FamilyChores(instance: dawn.app.data.instance).all().count, 1, "nothing added")
        _ = dawn.get("/family")
        XCTAssertEqual(dawn.post("/family/chores/\(chore)", [("name", "Walk the dog"), ("mark", "🐕"), ("schedule", "day"),
                                                            ("points", "1000")]).status, .seeOther)
        XCTAssertEqual(try FamilyChores(instance: dawn.app.data.instance).chore(Int64(chore))?.points, 1000)
    }

    func testAChildsChoreCreditsOnceShowsOnTheirDayPageAndAnUndoTakesItBack() throws {
        let (dawn, chore) = try family()
        dawn.signIn("mia")
        let before = dawn.get("/")
        XCTAssertEqual(shownBalance(before), "0")
        for _ in 0..<3 { XCTAssertEqual(checkChore(dawn, chore).status, .seeOther) }
        XCTAssertEqual(try balance(dawn, "mia"), 15, "credited once")
        let after = dawn.get("/")
        XCTAssertEqual(shownBalance(after), "15")
        XCTAssertNotEqual(before.headers["ETag"], after.headers["ETag"])
        XCTAssertEqual(checkChore(dawn, chore, "undo").status, .seeOther)
        XCTAssertEqual(try balance(dawn, "mia"), 0)
        XCTAssertEqual(shownBalance(dawn.get("/")), "0")
        // An adult doing it earns nothing, and their day page shows no balance.
        dawn.signIn("dad")
        XCTAssertEqual(checkChore(dawn, chore).status, .seeOther)
        XCTAssertEqual(try balance(dawn, "dad"), 0)
        XCTAssertNil(PageHarness.firstMatch(#"class="points-row""#, in: dawn.get("/").text))
    }

    func testAGuardianGivesAChildsHabitPointsAndTheChildCannot() throws {
        let (dawn, _) = try family()
        dawn.signIn("mia")
        let habit = dawn.addHabit("Teeth", emoji: "🪥")
        // The child's own form: no points field, and sending one is a 403 with nothing changed.
        XCTAssertFalse(dawn.get("/habits/\(habit)/edit").text.contains("name=\"points\""))
        let refused = dawn.post("/habits/\(habit)", [("name", "Teeth"), ("emoji", "🪥"), ("color", "#FF6B6B"),
                                                     ("duration", "30"), ("points", "500")])
        XCTAssertEqual(refused.status, .forbidden)
        XCTAssertTrue(try Points(instance: dawn.app.data.instance).habitPoints(of: try dawn.member().account.id).isEmpty)
        dawn.signIn("dad")
        let form = dawn.get("/members/mia/habits/\(habit)/edit")
        XCTAssertTrue(form.text.contains("name=\"points\""), "the guardian's view offers the points")
        let tooMany = dawn.post("/members/mia/habits/\(habit)", [("name", "Teeth"), ("emoji", "🪥"), ("color", "#FF6B6B"),
                                                                  ("duration", "30"), ("schedule", "day"), ("points", "1001")])
        XCTAssertEqual(tooMany.status, .badRequest)
        XCTAssertTrue(tooMany.text.contains("Points are a whole number from 0 to 1000."))
        let saved = dawn.post("/members/mia/habits/\(habit)", [("name", "Teeth"), ("emoji", "🪥"), ("color", "#FF6B6B"),
                                                                ("duration", "30"), ("schedule", "day"), ("points", "5")])
        XCTAssertEqual(saved.status, .seeOther, saved.text)
        // The child checks it off (twice: once counts), then undoes it.
        dawn.signIn("mia")
        for _ in 0..<2 {
            _ = dawn.get("/")
            XCTAssertEqual(dawn.post("/day/\(Self.day)/check/\(habit)", [("action", "done")]).status, .seeOther)
        }
        XCTAssertEqual(try balance(dawn, "mia"), 5)
        _ = dawn.get("/")
        XCTAssertEqual(dawn.post("/day/\(Self.day)/check/\(habit)", [("action", "undo")]).status, .seeOther)
        XCTAssertEqual(try balance(dawn, "mia"), 0)
        // Checked off by the guardian on the child's day: the child earns it.
        dawn.signIn("dad")
        _ = dawn.get("/members/mia")
        XCTAssertEqual(dawn.post("/members/mia/day/\(Self.day)/check/\(habit)", [("action", "done")]).status, .seeOther)
        XCTAssertEqual(try balance(dawn, "mia"), 5)
    }

    func testRewardsAskApproveDeclineAndNoOverdraft() throws {
        let (dawn, chore) = try family()
        _ = dawn.get("/rewards")
        let refused = dawn.post("/rewards", [("name", ""), ("price", "0"), ("emoji", "abc")])
        XCTAssertEqual(refused.status, .badRequest)
        XCTAssertTrue(refused.text.contains("A reward&#39;s name is 1 to 60 characters on one line.")
                      || refused.text.contains("A reward’s name") || refused.text.contains("name is 1 to 60"), refused.text)
        XCTAssertTrue(refused.text.contains("A price is a whole number from 1 to 100000."))
        XCTAssertTrue(try Points(instance: dawn.app.data.instance).rewards().isEmpty, "nothing added")
        XCTAssertEqual(dawn.post("/rewards", [("name", "Ice cream"), ("price", "10"), ("emoji", "🍦")]).status, .seeOther)
        XCTAssertEqual(dawn.post("/rewards", [("name", "Cinema"), ("price", "40")]).status, .seeOther)
        let rewards = try Points(instance: dawn.app.data.instance).rewards()
        let ice = try XCTUnwrap(rewards.first { $0.name == "Ice cream" }).id
        let cinema = try XCTUnwrap(rewards.first { $0.name == "Cinema" }).id

        dawn.signIn("mia")
        XCTAssertEqual(checkChore(dawn, chore).status, .seeOther)
        let page = dawn.get("/rewards")
        XCTAssertEqual(shownBalance(page), "15")
        XCTAssertEqual(dawn.post("/rewards/\(ice)/request", []).status, .seeOther)
        _ = dawn.get("/rewards")
        XCTAssertEqual(dawn.post("/rewards/\(cinema)/request", []).status, .seeOther)
        let sent = try XCTUnwrap(dawn.app.reminders.outbox as? RecordingReminderOutbox).received
        XCTAssertEqual(sent.map(\.title), ["Mia asks for a reward", "Mia asks for a reward"])
        let dad = try XCTUnwrap(dawn.app.family.member(username: Username("dad"))).id
        XCTAssertEqual(Set(sent.map(\.member)), [dad], "only Mia's guardian hears of it")
        XCTAssertEqual(sent.first?.body, "🍦 Ice cream: 10 points")

        // Dad sees Mia's requests and approves within the balance; beyond it, the message.
        dawn.signIn("dad")
        let dads = dawn.get("/rewards")
        XCTAssertTrue(dads.text.contains("Mia: 🍦 Ice cream, 10 points"), dads.text)
        let requests = try Points(instance: dawn.app.data.instance).requests(of: [try dawn.app.family.member(username: Username("mia"))!.id])
        let iceRequest = try XCTUnwrap(requests.first { $0.name == "Ice cream" }).id
        let cinemaRequest = try XCTUnwrap(requests.first { $0.name == "Cinema" }).id
        let over = dawn.post("/rewards/requests/\(cinemaRequest)/approve", [])
        XCTAssertEqual(over.status, .badRequest)
        XCTAssertTrue(over.text.contains("Not enough points: Mia has 15, Cinema costs 40. Nothing was spent."), over.text)
        XCTAssertEqual(try balance(dawn, "mia"), 15, "nothing spent")
        _ = dawn.get("/rewards")
        XCTAssertEqual(dawn.post("/rewards/requests/\(iceRequest)/approve", []).status, .seeOther)
        XCTAssertEqual(try balance(dawn, "mia"), 5)
        _ = dawn.get("/rewards")
        XCTAssertEqual(dawn.post("/rewards/requests/\(iceRequest)/approve", []).status, .conflict, "decided once")
        XCTAssertEqual(try balance(dawn, "mia"), 5)
        _ = dawn.get("/rewards")
        XCTAssertEqual(dawn.post("/rewards/requests/\(cinemaRequest)/decline", []).status, .seeOther)
        XCTAssertEqual(try Points(instance: dawn.app.data.instance).requestByID(cinemaRequest)?.status, .declined)
        XCTAssertEqual(try balance(dawn, "mia"), 5)
    }

    func testAChildGetsA403OnEveryGuardianActionAndNothingChanges() throws {
        let (dawn, chore) = try family()
        _ = dawn.get("/rewards")
        XCTAssertEqual(dawn.post("/rewards", [("name", "Toy"), ("price", "5")]).status, .seeOther)
        let toy = try XCTUnwrap(Points(instance: dawn.app.data.instance).rewards().first).id
        dawn.signIn("mia")
        XCTAssertEqual(checkChore(dawn, chore).status, .seeOther)
        _ = dawn.get("/rewards")
        XCTAssertEqual(dawn.post("/rewards/\(toy)/request", []).status, .seeOther)
        let request = try XCTUnwrap(Points(instance: dawn.app.data.instance).requests(of: [try dawn.member().account.id]).first)
        _ = dawn.get("/rewards")
        XCTAssertEqual(dawn.post("/rewards", [("name", "Pony"), ("price", "1")]).status, .forbidden)
        XCTAssertEqual(dawn.post("/rewards/requests/\(request.id)/approve", []).status, .forbidden)
        XCTAssertEqual(dawn.post("/rewards/requests/\(request.id)/decline", []).status, .forbidden)
        XCTAssertEqual(dawn.post("/rewards/\(toy)/remove", []).status, .forbidden)
        _ = dawn.get("/family")
        XCTAssertEqual(dawn.post("/family/chores/\(chore)", [("name", "Walk the dog"), ("mark", "🐕"), ("schedule", "day"),
                                                            ("points", "1000")]).status, .forbidden)
        let points = Points(instance: dawn.app.data.instance)
        XCTAssertEqual(try points.rewards().map(\.name), ["Toy"])
        XCTAssertEqual(try points.requestByID(request.id)?.status, .pending)
        XCTAssertEqual(try balance(dawn, "mia"), 15)
        XCTAssertEqual(try FamilyChores(instance: dawn.app.data.instance).chore(Int64(chore))?.points, 15)
        // And an adult cannot ask for a reward.
        dawn.signIn("dad")
        _ = dawn.get("/rewards")
        XCTAssertEqual(dawn.post("/rewards/\(toy)/request", []).status, .forbidden)
    }

    func testAGuardianSeesAndDecidesOnlyTheirOwnChildrensRequests() throws {
        let (dawn, _) = try family()
        _ = dawn.get("/rewards")
        XCTAssertEqual(dawn.post("/rewards", [("name", "Toy"), ("price", "5")]).status, .seeOther)
        let toy = try XCTUnwrap(Points(instance: dawn.app.data.instance).rewards().first).id
        for child in ["mia", "leo"] {
            dawn.signIn(child)
            _ = dawn.get("/rewards")
            XCTAssertEqual(dawn.post("/rewards/\(toy)/request", []).status, .seeOther)
        }
        let leo = try XCTUnwrap(dawn.app.family.member(username: Username("leo"))).id
        let leosRequest = try XCTUnwrap(Points(instance: dawn.app.data.instance).requests(of: [leo]).first).id
        dawn.signIn("dad")
        let page = dawn.get("/rewards")
        XCTAssertTrue(page.text.contains("Mia: Toy, 5 points"))
        XCTAssertFalse(page.text.contains("Leo"), "Leo is not Dad's child")
        XCTAssertEqual(dawn.post("/rewards/requests/\(leosRequest)/decline", []).status, .forbidden)
        XCTAssertEqual(try Points(instance: dawn.app.data.instance).requestByID(leosRequest)?.status, .pending)
        // A guardian's day page: each child's balance and what is waiting.
        let day = dawn.get("/")
        XCTAssertTrue(day.text.contains("<span class=\"points-balance\">0</span>"), day.text)
        XCTAssertTrue(day.text.contains("1 request waiting"))
    }

    /// The kitchen screen after the child's PIN: the balance, and what each open chore is
    /// worth inside its button (read out with its label); a tap there earns it.
    func testTheKitchenScreenShowsTheBalanceAndEachChoresPoints() throws {
        let (dawn, chore) = try family()
        let mum = dawn.cookies
        dawn.signIn("mia")
        _ = dawn.get("/settings")
        XCTAssertEqual(dawn.post("/settings/pin", [("pin", "2468"), ("pin_again", "2468")]).status, .seeOther)
        _ = dawn.get("/settings")
        XCTAssertEqual(dawn.post("/settings/family-screen", [("on_screen", "1")]).status, .seeOther)
        dawn.cookies = mum
        _ = dawn.get("/family")
        let code = PageHarness.firstMatch(#"<p class="enrolment-code">([^<]+)</p>"#,
                                          in: dawn.post("/family/screens/code", [("label", "Kitchen")]).text) ?? ""
        dawn.forgetCookies()
        _ = dawn.get("/family-screen")
        XCTAssertEqual(dawn.post("/family-screen/enrol", [("code", code)]).status, .seeOther)
        let mia = try XCTUnwrap(dawn.app.family.member(username: Username("mia"))).id
        _ = dawn.get("/family-screen/members/\(mia.rawValue)")
        XCTAssertEqual(dawn.post("/family-screen/members/\(mia.rawValue)/pin", [("pin", "2468")]).location, "/family-screen/today")
        let today = dawn.get("/family-screen/today")
        XCTAssertEqual(shownBalance(today), "0")
        XCTAssertTrue(today.text.contains(#"<span class="screen-points-worth">+15 points</span>"#), today.text)
        XCTAssertTrue(today.text.contains(#"aria-label="Mark Walk the dog as done, +15 points""#)
                      || today.text.contains(", +15 points\""), today.text)
        XCTAssertEqual(dawn.post("/family-screen/chores/\(chore)", []).status, .seeOther)
        XCTAssertEqual(try balance(dawn, "mia"), 15)
        XCTAssertEqual(shownBalance(dawn.get("/family-screen/today")), "15")
    }

    /// The board: a child's own points; a guardian's children's; nobody else's.
    func testTheBoardShowsAChildsPointsToThemAndTheirGuardians() throws {
        let (dawn, chore) = try family()
        dawn.signIn("mia")
        XCTAssertEqual(checkChore(dawn, chore).status, .seeOther)
        XCTAssertEqual(shownBalance(dawn.get("/board")), "15")
        dawn.signIn("dad")
        let dads = dawn.get("/board")
        XCTAssertTrue(dads.text.contains("<strong>Mia</strong> Points <span class=\"points-balance\">15</span>"), dads.text)
        XCTAssertFalse(dads.text.contains("<strong>Leo</strong> Points"))
        dawn.signIn("leo")
        XCTAssertNil(shownBalance(dawn.get("/board")).flatMap { $0 == "15" ? $0 : nil }, "not Mia's to Leo")
    }

    /// A numeric target met by a log from the log form earns the habit's points; the log
    /// changed back under the target takes them back.
    func testATargetMetByALogEarnsThePoints() throws {
        let (dawn, _) = try family()
        dawn.signIn("mia")
        _ = dawn.get("/habits/new")
        XCTAssertEqual(dawn.post("/habits", [("name", "Read"), ("emoji", "📚"), ("color", "#FF6B6B"), ("duration", "30"),
                                             ("schedule", "day"), ("target_amount", "20"), ("target_unit", "pages"),
                                             ("target_kind", "at_least")]).status, .seeOther)
        let member = try dawn.member()
        let read = try XCTUnwrap(member.habits.all().first { $0.name == "Read" }).id
        try Points(instance: dawn.app.data.instance).setHabitPoints(5, habit: read, of: member.account.id)
        _ = dawn.get("/day/\(Self.day)/log/\(read)")
        XCTAssertEqual(dawn.post("/day/\(Self.day)/instances", [("habit", String(read)), ("start", "07:00"), ("duration", "30"),
                                                                ("note", ""), ("amount", "12")]).status, .seeOther)
        XCTAssertEqual(try balance(dawn, "mia"), 0, "12 of 20 pages: not done")
        let id = try XCTUnwrap(dawn.instanceIDs(on: Self.day).first)
        func edit(_ amount: String) -> HTTPStatus {
            let form = dawn.get("/day/\(Self.day)/instances/\(id)").text
            let version = PageHarness.allMatches(#"name="version" value="(\d+)""#, in: form).first ?? ""
            return dawn.post("/day/\(Self.day)/instances/\(id)", [("start", "07:00"), ("duration", "30"), ("note", ""),
                                                                   ("amount", amount), ("version", version)]).status
        }
        XCTAssertEqual(edit("20"), .seeOther)
        XCTAssertEqual(try balance(dawn, "mia"), 5, "20 of 20 pages: done")
        XCTAssertEqual(edit("3"), .seeOther)
        XCTAssertEqual(try balance(dawn, "mia"), 0, "under the target again")
    }

    /// A weekly allowance: set by the child's guardian only (0–1,000), credited once for the
    /// child's week by the reminder thread's pass, and again the next week.
    func testAWeeklyAllowanceIsCreditedOncePerWeek() throws {
        let (dawn, _) = try family()
        let now = PageHarness.instant("2026-03-11T10:00:00Z")
        dawn.signIn("mia")
        _ = dawn.get("/rewards")
        XCTAssertEqual(dawn.post("/rewards/allowance", [("child", "mia"), ("points", "20")]).status, .forbidden)
        dawn.signIn("mum")
        _ = dawn.get("/rewards")
        XCTAssertEqual(dawn.post("/rewards/allowance", [("child", "mia"), ("points", "20")]).status, .forbidden,
                       "Mum is not Mia's guardian")
        dawn.signIn("dad")
        _ = dawn.get("/rewards")
        let refused = dawn.post("/rewards/allowance", [("child", "mia"), ("points", "1001")])
        XCTAssertEqual(refused.status, .badRequest)
        XCTAssertTrue(refused.text.contains("Points are a whole number from 0 to 1000."))
        let points = Points(instance: dawn.app.data.instance)
        XCTAssertTrue(try points.allowances().isEmpty, "nothing stored")
        _ = dawn.get("/rewards")
        XCTAssertEqual(dawn.post("/rewards/allowance", [("child", "mia"), ("points", "20")]).status, .seeOther)
        XCTAssertTrue(dawn.get("/rewards").text.contains(#"name="points" value="20""#))
        dawn.app.reminders.pass(at: now)
        dawn.app.reminders.pass(at: now + 60)
        XCTAssertEqual(try balance(dawn, "mia"), 20, "this week's, once")
        dawn.app.reminders.pass(at: now + 7 * 86_400)
        XCTAssertEqual(try balance(dawn, "mia"), 40, "next week's")
        let mia = try XCTUnwrap(dawn.app.family.member(username: Username("mia"))).id
        XCTAssertEqual(try points.ledger(of: mia).map(\.day.description), ["2026-03-16", "2026-03-09"],
                       "each on the week's first day (Monday)")
        XCTAssertTrue(try points.mismatches().isEmpty)
    }
}
