import Domain
import HTTP
import MemberData
import Store
import TimeZones
import XCTest
@testable import DawnApp

/// The day page's checklist in process: which habits it lists (schedule kinds across
/// weekdays, pauses, archived habits, the member's order), each item's state (done through
/// a timed log, a check-off or an amount meeting the target; skipped), and every form —
/// check off, undo, an amount, skip, unskip — with each refusal writing nothing.
final class ChecklistPageTests: XCTestCase {
    private func date(_ iso: String) -> LocalDate { LocalDate(iso: iso)! }

    /// Wednesday 2026-03-11, 10:00 in UTC, signed up.
    private func harness() throws -> PageHarness {
        let dawn = try PageHarness(now: PageHarness.instant("2026-03-11T10:00:00Z"))
        dawn.signedUp(timeZone: "UTC")
        return dawn
    }

    private func habits(_ dawn: PageHarness) throws -> Habits { try dawn.member().habits }

    private func plan(_ dawn: PageHarness, _ id: Int, _ plan: Habits.Plan) throws {
        XCTAssertTrue(try habits(dawn).setPlan(Int64(id), plan))
    }

    /// (habit id, state class) of each checklist item, in page order.
    private func items(_ dawn: PageHarness, _ day: String) -> [String] {
        PageHarness.allMatches(#"<li class="check ([a-z]+" id="check-\d+)""#, in: dawn.get("/day/\(day)").text)
            .map { $0.replacingOccurrences(of: "\" id=\"check-", with: " ") }
    }

    /// Counts of what a form could write: logs, check-offs, skips.
    private func written(_ dawn: PageHarness) throws -> [Int] {
        try dawn.member().database.read { connection in
            try ["SELECT count(*) FROM habit_instances", "SELECT count(*) FROM habit_instances WHERE timed = 0",
                 "SELECT count(*) FROM habit_skips"].map { try connection.queryOne($0)?.int(0) ?? -1 }
        }
    }

    // MARK: The model

    func testDueHabitsPerScheduleKindPauseArchiveAndOrder() throws {
        let dawn = try harness()
        let daily = dawn.addHabit("Daily"), weekdays = dawn.addHabit("Mon Wed"), weekend = dawn.addHabit("Weekend")
        let week = dawn.addHabit("Gym"), month = dawn.addHabit("Call gran"), paused = dawn.addHabit("Paused")
        let later = dawn.addHabit("Paused later"), archived = dawn.addHabit("Archived")
        try plan(dawn, weekdays, .init(schedule: HabitSchedule(storage: "weekdays:mon,wed")!))
        try plan(dawn, weekend, .init(schedule: HabitSchedule(storage: "weekdays:sat,sun")!))
        try plan(dawn, week, .init(schedule: HabitSchedule(storage: "week:3")!))
        try plan(dawn, month, .init(schedule: HabitSchedule(storage: "month:10")!))
        let store = try habits(dawn)
        XCTAssertTrue(try store.setPaused(Int64(paused), from: date("2026-03-11")))
        XCTAssertTrue(try store.setPaused(Int64(later), from: date("2026-03-12")))
        XCTAssertTrue(try store.setArchived(Int64(archived), true, now: 1))
        XCTAssertTrue(try store.move(Int64(later), by: -1))  // the member's order: "Paused later" before "Paused"

        func names(_ day: String) throws -> [String] {
            try DayPage.Model(try dawn.member(), day: date(day)).checklist.map(\.habit.name)
        }
        XCTAssertEqual(try names("2026-03-11"), ["Daily", "Mon Wed", "Gym", "Call gran", "Paused later"], "Wednesday")
        XCTAssertEqual(try names("2026-03-10"), ["Daily", "Gym", "Call gran", "Paused later", "Paused"], "Tuesday, before the pause")
        XCTAssertEqual(try names("2026-03-14"), ["Daily", "Weekend", "Gym", "Call gran"], "Saturday: both pauses have begun")
        XCTAssertEqual(try names("2026-03-09"), ["Daily", "Mon Wed", "Gym", "Call gran", "Paused later", "Paused"], "Monday")

        // Week and month habits carry their unit's done days: Monday and today this week.
        _ = dawn.get("/")
        dawn.log(week, on: "2026-03-09", start: "07:00", duration: 45)
        dawn.log(week, on: "2026-03-08", start: "07:00", duration: 45)  // Sunday: last week
        XCTAssertEqual(dawn.post("/day/2026-03-11/check/\(week)", [("action", "done")]).status, .seeOther)
        let model = try DayPage.Model(try dawn.member(), day: date("2026-03-11"))
        XCTAssertEqual(model.checklist.first { $0.habit.id == Int64(week) }?.unitDone, 2)
        XCTAssertEqual(model.checklist.first { $0.habit.id == Int64(month) }?.unitDone, 0)
        XCTAssertNil(model.checklist.first { $0.habit.id == Int64(daily) }?.unitDone)
        let page = dawn.get("/day/2026-03-11").text
        XCTAssertTrue(page.contains(#"<span class="check-meta">2/3 this week</span>"#))
        XCTAssertTrue(page.contains(#"<span class="check-meta">0/10 this month</span>"#))

        // A member with no active habit sees no checklist; with none due, a line says so.
        let empty = try harness()
        XCTAssertFalse(empty.get("/").text.contains(#"id="checklist""#))
        let mondays = empty.addHabit("Mondays")
        try plan(empty, mondays, .init(schedule: HabitSchedule(storage: "weekdays:mon")!))
        XCTAssertTrue(empty.get("/").text.contains("<li class=\"muted\">No habit is due on this day.</li>"))
    }

    func testDoneFromATimedLogACheckOffOrAnAmountAndSkipped() throws {
        let dawn = try harness()
        let run = dawn.addHabit("Run"), tea = dawn.addHabit("Tea"), read = dawn.addHabit("Read")
        let coffee = dawn.addHabit("Coffee"), swim = dawn.addHabit("Swim")
        try plan(dawn, read, .init(targetMilli: 20_000, targetUnit: "pages"))
        try plan(dawn, coffee, .init(targetMilli: 2_000, targetKind: .atMost, targetUnit: "cups"))
        _ = dawn.get("/")
        dawn.log(run, on: "2026-03-11", start: "07:00", duration: 30)
        for (habit, fields) in [(tea, [("action", "done")]), (read, [("action", "done"), ("amount", "5,5")]),
                                (coffee, [("action", "done"), ("amount", "3")])] {
            XCTAssertEqual(dawn.post("/day/2026-03-11/check/\(habit)", fields).status, .seeOther)
        }
        XCTAssertEqual(dawn.post("/day/2026-03-11/skip/\(swim)", [("action", "skip")]).status, .seeOther)

        let model = try DayPage.Model(try dawn.member(), day: date("2026-03-11"))
        let byName = Dictionary(uniqueKeysWithValues: model.checklist.map { ($0.habit.name, $0) })
        XCTAssertEqual(model.checklist.map(\.habit.name), ["Run", "Tea", "Read", "Coffee", "Swim"])
        let runItem = try XCTUnwrap(byName["Run"]), teaItem = try XCTUnwrap(byName["Tea"])
        XCTAssertTrue(runItem.done && runItem.checkOffs == 0 && runItem.tap == .none, "done on the timeline")
        XCTAssertTrue(teaItem.done && teaItem.checkOffs == 1 && teaItem.tap == .undo, "done by a check-off")
        let readItem = try XCTUnwrap(byName["Read"])
        XCTAssertFalse(readItem.done)
        XCTAssertEqual(readItem.totalMilli, 5_500)
        XCTAssertEqual(readItem.target, HabitCheckOff.Target(milli: 20_000, kind: .atLeast))
        XCTAssertEqual(readItem.tap, .markDone(amountMilli: 14_500))
        let coffeeItem = try XCTUnwrap(byName["Coffee"])
        XCTAssertFalse(coffeeItem.done, "3 cups, at most 2")
        XCTAssertEqual(coffeeItem.tap, .undo)
        XCTAssertTrue(byName["Swim"]?.skipped == true && byName["Swim"]?.done == false)
        // Only the timed log is on the timeline.
        XCTAssertEqual(model.blocks.map(\.habit.name), ["Run"])

        // An amount meeting the target makes Read done.
        XCTAssertEqual(dawn.post("/day/2026-03-11/check/\(read)", [("action", "done"), ("amount", "14.5")]).status, .seeOther)
        let met = try DayPage.Model(try dawn.member(), day: date("2026-03-11")).checklist.first { $0.habit.name == "Read" }
        XCTAssertEqual(met?.done, true)
        XCTAssertEqual(met?.totalMilli, 20_000)

        // How the page shows each state.
        let page = dawn.get("/day/2026-03-11").text
        XCTAssertEqual(items(dawn, "2026-03-11"), ["done \(run)", "done \(tea)", "done \(read)", "open \(coffee)", "skipped \(swim)"])
        XCTAssertTrue(page.contains(##"<a class="check-pill habit-\##(run)" href="#timeline" aria-label="Run: done on the timeline""##))
        XCTAssertTrue(page.contains(#"value="undo" class="check-pill habit-\#(tea)" aria-label="Undo Tea""#))
        XCTAssertTrue(page.contains(#"<span class="check-progress" id="check-progress-\#(read)">20 of 20 pages</span>"#))
        XCTAssertTrue(page.contains(#"<span class="check-progress" id="check-progress-\#(coffee)">3 of at most 2 cups</span>"#))
        XCTAssertTrue(page.contains(#"aria-label="Skip Swim today" title="Skip Swim today" aria-pressed="true""#))
        XCTAssertTrue(page.contains(#"<span class="check-meta">skipped</span>"#))
        XCTAssertFalse(page.contains(#"aria-label="Skip Run today""#), "a day done offers no skip")
        XCTAssertEqual(PageHarness.allMatches(#"href="/day/2026-03-11/instances/(\d+)""#, in: page).count, 1, "one block")
        // Another day's labels say "on this day"; Italian amounts use a comma.
        let yesterday = dawn.get("/day/2026-03-10").text
        XCTAssertTrue(yesterday.contains(#"aria-label="Mark Tea done""#) && yesterday.contains(#"aria-label="Skip Tea on this day""#))
        XCTAssertTrue(yesterday.contains("<h2 id=\"checklist-heading\">Habits due this day</h2>"))
        XCTAssertTrue(page.contains("<h2 id=\"checklist-heading\">Today&#39;s habits</h2>"))
    }

    // MARK: The forms

    func testCheckOffUndoAndTheNotices() throws {
        let dawn = try harness()
        dawn.choosingRow(timeZone: "UTC")  // the row's header counts the active day
        let tea = dawn.addHabit("Tea")
        _ = dawn.get("/")
        let checked = dawn.post("/day/2026-03-11/check/\(tea)", [("action", "done")])
        XCTAssertEqual(checked.status, .seeOther)
        XCTAssertEqual(checked.location, "/day/2026-03-11?done=checked#checklist")
        XCTAssertEqual(try written(dawn), [1, 1, 0])
        let page = dawn.get("/day/2026-03-11?done=checked").text
        XCTAssertTrue(page.contains(#"<h2 id="checklist-heading">Today&#39;s habits</h2>"# + "\n" + #"<p class="notice toast check-toast" role="status">Checked off.</p>"#))
        XCTAssertTrue(page.contains("Nothing logged yet."), "a check-off is no block on the timeline")
        XCTAssertTrue(page.contains(#"1 Active day"#), "but the day is active")

        // A second "done" (a page shown before the first answer) writes nothing.
        XCTAssertEqual(dawn.post("/day/2026-03-11/check/\(tea)", [("action", "done")]).status, .seeOther)
        XCTAssertEqual(try written(dawn), [1, 1, 0])

        let undone = dawn.post("/day/2026-03-11/check/\(tea)", [("action", "undo")])
        XCTAssertEqual(undone.location, "/day/2026-03-11?done=unchecked#checklist")
        XCTAssertEqual(try written(dawn), [0, 0, 0])
        XCTAssertTrue(dawn.get("/day/2026-03-11?done=unchecked").text.contains(#"<p class="notice toast check-toast" role="status">Check-off undone.</p>"#))
        XCTAssertEqual(items(dawn, "2026-03-11"), ["open \(tea)"])

        // Undo leaves a timed log where it is.
        dawn.log(tea, on: "2026-03-11", start: "16:00", duration: 15)
        XCTAssertEqual(dawn.post("/day/2026-03-11/check/\(tea)", [("action", "undo")]).status, .seeOther)
        XCTAssertEqual(try written(dawn), [1, 0, 0])
        XCTAssertEqual(items(dawn, "2026-03-11"), ["done \(tea)"])
    }

    func testAmountsAndTheirRefusals() throws {
        let dawn = try harness()
        let read = dawn.addHabit("Read")
        try plan(dawn, read, .init(targetMilli: 20_000, targetUnit: "pages"))
        _ = dawn.get("/")
        let added = dawn.post("/day/2026-03-11/check/\(read)", [("action", "done"), ("amount", " 2,5 ")])
        XCTAssertEqual(added.location, "/day/2026-03-11?done=amount-added#checklist")
        XCTAssertEqual(try habits(dawn).instances(on: date("2026-03-11")).map(\.amountMilli), [2_500])
        XCTAssertTrue(dawn.get("/day/2026-03-11?done=amount-added").text.contains(#"<p class="notice toast check-toast" role="status">Amount added.</p>"#))

        for bad in ["abc", "-1", "1e3", "1,000.5", "2,5,0", "1000000001", String(repeating: "9", count: 21)] {
            let page = dawn.post("/day/2026-03-11/check/\(read)", [("action", "done"), ("amount", bad)])
            XCTAssertEqual(page.status, .badRequest, bad)
            XCTAssertTrue(page.text.contains(#"<p class="field-error check-error" id="check-error-\#(read)">An amount is a number from 0 to a billion"#), bad)
            XCTAssertTrue(page.text.contains(#"value="\#(PageHarness.html(bad))" aria-invalid="true" aria-describedby="check-error-\#(read)">"#),
                          "what was typed stays, tied to its message: \(bad)")
            XCTAssertEqual(try written(dawn), [1, 1, 0], bad)
        }
        // In Italian, the message in Italian; the amount shown with a comma.
        let italian = try dawn.member()
        try italian.database.write { try $0.run("INSERT OR REPLACE INTO member_settings (key, value) VALUES ('language', 'it')") }
        let refused = dawn.post("/day/2026-03-11/check/\(read)", [("action", "done"), ("amount", "due")])
        XCTAssertEqual(refused.status, .badRequest)
        XCTAssertTrue(refused.text.contains("2,5 di 20 pages"), refused.text)
        XCTAssertTrue(refused.text.contains(#"id="check-error-\#(read)">Una quantità"#))
    }

    /// A timed log of a numeric habit carries an amount too: the log form has the field
    /// (a habit without a target has none), the amount counts towards the day's target,
    /// the edit form shows and changes it, and a bad amount is refused beside the field
    /// with nothing written.
    func testTimedLogsCarryAnAmount() throws {
        let dawn = try harness()
        let read = dawn.addHabit("Read"), walk = dawn.addHabit("Walk")
        try plan(dawn, read, .init(targetMilli: 20_000, targetUnit: "pages"))
        _ = dawn.get("/")
        let form = dawn.get("/day/2026-03-11/log/\(read)").text
        XCTAssertTrue(form.contains(#"<label for="amount">Amount (pages)</label>"#), form)
        XCTAssertFalse(dawn.get("/day/2026-03-11/log/\(walk)").text.contains(#"name="amount""#), "no target, no amount")

        let logged = dawn.post("/day/2026-03-11/instances", [("habit", String(read)), ("start", "07:00"),
                                                              ("duration", "30"), ("note", ""), ("amount", "12,5")])
        XCTAssertEqual(logged.status, .seeOther)
        XCTAssertEqual(try habits(dawn).instances(on: date("2026-03-11")).map(\.amountMilli), [12_500])
        XCTAssertEqual(try habits(dawn).days(on: date("2026-03-11"))[Int64(read)]?.done, false, "12.5 of 20 pages")

        let id = try XCTUnwrap(dawn.instanceIDs(on: "2026-03-11").first)
        let edit = dawn.get("/day/2026-03-11/instances/\(id)").text
        XCTAssertTrue(edit.contains(#"name="amount" inputmode="decimal" maxlength="20" value="12.5""#), edit)
        let version = try XCTUnwrap(PageHarness.allMatches(#"name="version" value="(\d+)""#, in: edit).first)
        XCTAssertEqual(dawn.post("/day/2026-03-11/instances/\(id)", [("start", "07:00"), ("duration", "30"), ("note", ""),
                                                                      ("amount", "20"), ("version", version)]).status, .seeOther)
        XCTAssertEqual(try habits(dawn).instances(on: date("2026-03-11")).map(\.amountMilli), [20_000])
        XCTAssertEqual(try habits(dawn).days(on: date("2026-03-11"))[Int64(read)]?.done, true, "20 of 20 pages")

        for bad in ["abc", "-1", "1e3"] {
            let page = dawn.post("/day/2026-03-11/instances", [("habit", String(read)), ("start", "09:00"),
                                                               ("duration", "30"), ("note", ""), ("amount", bad)])
            XCTAssertEqual(page.status, .badRequest, bad)
            XCTAssertTrue(page.text.contains(#"<p class="field-error" id="amount-hint">An amount is a number from 0 to a billion"#), bad)
            XCTAssertTrue(page.text.contains(#"value="\#(PageHarness.html(bad))" aria-describedby="amount-hint" aria-invalid="true">"#), bad)
            XCTAssertEqual(try written(dawn), [1, 0, 0], bad)
        }
    }

    func testSkipAndUnskip() throws {
        let dawn = try harness()
        let swim = dawn.addHabit("Swim")
        _ = dawn.get("/")
        let skipped = dawn.post("/day/2026-03-10/skip/\(swim)", [("action", "skip")])
        XCTAssertEqual(skipped.location, "/day/2026-03-10?done=skipped#checklist")
        XCTAssertEqual(try habits(dawn).skips(from: date("2026-03-10"), to: date("2026-03-10")), [Int64(swim): [date("2026-03-10")]])
        XCTAssertEqual(items(dawn, "2026-03-10"), ["skipped \(swim)"])
        XCTAssertEqual(items(dawn, "2026-03-11"), ["open \(swim)"], "one day only")
        XCTAssertTrue(dawn.get("/day/2026-03-10?done=skipped").text.contains(#"role="status">Skipped for this day.</p>"#))
        let unskipped = dawn.post("/day/2026-03-10/skip/\(swim)", [("action", "unskip")])
        XCTAssertEqual(unskipped.location, "/day/2026-03-10?done=unskipped#checklist")
        XCTAssertEqual(try written(dawn), [0, 0, 0])
        XCTAssertEqual(items(dawn, "2026-03-10"), ["open \(swim)"])
    }

    func testRefusalsWriteNothing() throws {
        let dawn = try harness()
        let tea = dawn.addHabit("Tea"), old = dawn.addHabit("Old")
        XCTAssertTrue(try habits(dawn).setArchived(Int64(old), true, now: 1))
        _ = dawn.get("/")
        let refusals: [(String, [(String, String)], HTTPStatus, String?)] = [
            ("/day/2026-03-11/check/999", [("action", "done")], .notFound, "That habit does not exist any more."),
            ("/day/2026-03-11/skip/999", [("action", "skip")], .notFound, "That habit does not exist any more."),
            ("/day/2026-03-11/check/tea", [("action", "done")], .notFound, "That habit does not exist any more."),
            ("/day/2026-03-11/check/0", [("action", "done")], .notFound, "That habit does not exist any more."),
            ("/day/2026-03-11/check/\(old)", [("action", "done")], .badRequest, "That habit is archived. Restore it to log it."),
            ("/day/2026-03-11/check/\(old)", [("action", "undo")], .badRequest, "That habit is archived. Restore it to log it."),
            ("/day/2026-03-11/skip/\(old)", [("action", "skip")], .badRequest, "That habit is archived. Restore it to log it."),
            ("/day/2028-03-12/check/\(tea)", [("action", "done")], .notFound, "Dawn shows days from 1 January 1900 to two years ahead."),
            ("/day/1899-12-31/skip/\(tea)", [("action", "skip")], .notFound, "Dawn shows days from 1 January 1900 to two years ahead."),
            ("/day/2026-02-30/check/\(tea)", [("action", "done")], .badRequest, "That is not a date. Dates look like 2026-11-22."),
            ("/day/2026-03-11/check/\(tea)", [("action", "toggle")], .badRequest, nil),
            ("/day/2026-03-11/check/\(tea)", [], .badRequest, nil),
            ("/day/2026-03-11/skip/\(tea)", [("action", "done")], .badRequest, nil),
            ("/day/2026-03-11/check/\(tea)", [("action", "done"), ("csrf", "forged")], .forbidden, nil),
            ("/day/2026-03-11/skip/\(tea)", [("action", "skip"), ("csrf", "forged")], .forbidden, nil),
        ]
        for (target, fields, status, message) in refusals {
            let page = dawn.post(target, fields)
            XCTAssertEqual(page.status, status, "\(target) \(fields)")
            if let message { XCTAssertEqual(PageHarness.errorMessage(page), message, target) }
            if status == .badRequest, message == nil, !fields.contains(where: { $0.0 == "csrf" }) {
                XCTAssertEqual(PageHarness.errorMessage(page),
                               "That checklist button is not known. Reload the day and try again; nothing was changed.")
            }
        }
        XCTAssertEqual(try written(dawn), [0, 0, 0])
        // The 2 years' edge itself is fine.
        XCTAssertEqual(dawn.post("/day/2028-03-11/check/\(tea)", [("action", "done")]).status, .seeOther)

        // At the log limit: the message beside the item, nothing written.
        try dawn.member().database.write { try $0.run("UPDATE habit_summaries SET logs = ?", [.integer(Int64(Habits.maxLogs))]) }
        let full = dawn.post("/day/2026-03-11/check/\(tea)", [("action", "done")])
        XCTAssertEqual(full.status, .badRequest)
        XCTAssertTrue(full.text.contains(#"id="check-error-\#(tea)">Your account holds 200,000 logs, the most it can."#), full.text)
        XCTAssertEqual(try written(dawn), [1, 1, 0])
    }
}
