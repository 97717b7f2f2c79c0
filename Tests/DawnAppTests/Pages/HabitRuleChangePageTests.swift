import Domain
import Foundation
import MemberData
import Store
import TimeZones
import XCTest
@testable import DawnApp

/// A habit's target or schedule changed on its form applies from the member's today on:
/// the days before keep the rule they had, in the streaks, the strength, the heatmap, the
/// day page and `/api/stats`; the habit page says since when. On a fixed clock, Friday
/// 2026-11-27 (UTC, weeks from Monday).
final class HabitRuleChangePageTests: XCTestCase {
    private func date(_ iso: String) -> LocalDate { LocalDate(iso: iso)! }

    private static let look: [(String, String)] = [("emoji", "📖"), ("color", "#48DBAB"), ("custom_color", "#888888"),
                                                    ("duration", "30")]

    private func harness() -> PageHarness {
        let dawn = try! PageHarness(now: PageHarness.instant("2026-11-27T10:00:00Z"))
        dawn.setUp(timeZone: "UTC")
        _ = dawn.get("/habits/new")
        return dawn
    }

    private func addHabit(_ dawn: PageHarness, _ name: String, _ plan: [(String, String)] = [("schedule", "day")]) {
        XCTAssertEqual(dawn.post("/habits", [("name", name)] + Self.look + plan).status, .seeOther)
    }

    /// The edit form as a browser sends it, with `plan`'s fields.
    private func edit(_ dawn: PageHarness, _ id: Int64, _ name: String, _ plan: [(String, String)]) -> PageHarness.Page {
        _ = dawn.get("/habits/\(id)/edit")
        return dawn.post("/habits/\(id)", [("name", name)] + Self.look + plan)
    }

    /// Timed logs of 30 minutes without an amount.
    private func log(_ dawn: PageHarness, habit: Int64, days: [LocalDate]) throws {
        try dawn.member().database.write { connection in
            for day in days {
                try connection.run("""
                    INSERT INTO habit_instances (habit_id, day, start_minute, duration_minutes, note, created_at)
                    VALUES (?, ?, 480, 30, '', 1)
                    """, [.integer(habit), .text(day.description)])
            }
        }
    }

    private func days(_ first: String, _ last: String, where keep: (LocalDate) -> Bool = { _ in true }) -> [LocalDate] {
        var days: [LocalDate] = []
        var day = date(first)
        while day <= date(last) {
            if keep(day) { days.append(day) }
            day = day.adding(days: 1)
        }
        return days
    }

    private func progress(_ dawn: PageHarness, _ id: Int64) throws -> HabitProgress {
        let member = try dawn.member()
        let habit = try XCTUnwrap(try member.habits.habit(id))
        return try member.database.read { connection in
            try HabitProgress(connection, habit: habit, memberBridged: try member.bridgedDays(connection),
                              firstWeekday: member.settings.firstWeekday, today: member.today)
        }
    }

    private func heatmap(_ dawn: PageHarness, _ id: Int64) throws -> [LocalDate: HabitPage.Model.DayState] {
        let model = try HabitPage.Model(try dawn.member(), id: id)
        return Dictionary(uniqueKeysWithValues: model.heatmap.map { ($0.date, $0.state) })
    }

    private func apiHabit(_ dawn: PageHarness, _ name: String) throws -> [String: Any] {
        let page = dawn.get("/api/stats?from=2026-11-01&to=2026-11-27")
        XCTAssertEqual(page.status, .ok)
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(page.body)) as? [String: Any])
        let habits = try XCTUnwrap(json["habits"] as? [[String: Any]])
        return try XCTUnwrap(habits.first { $0["name"] as? String == name })
    }

    func testATargetAddedTodayKeepsThePastDaysAndDecidesTodayOn() throws {
        let dawn = harness()
        addHabit(dawn, "Read")
        let past = days("2026-10-28", "2026-11-26")
        XCTAssertEqual(past.count, 30)
        try log(dawn, habit: 1, days: past + [date("2026-11-27")])
        XCTAssertEqual(try progress(dawn, 1).current, 31, "every day logged, today too")

        let saved = edit(dawn, 1, "Read", [("schedule", "day"), ("target_amount", "20"), ("target_unit", "pages"),
                                          ("target_kind", "at_least")])
        XCTAssertEqual(saved.status, .seeOther)

        // The past days were done under the rule they had: no target.
        let progress = try progress(dawn, 1)
        XCTAssertEqual(progress.current, 30, "today's log has no pages: not done yet, and today does not break")
        XCTAssertEqual(progress.best, 31 - 1)
        XCTAssertGreaterThan(progress.score, 0.5)
        let heatmap = try heatmap(dawn, 1)
        for day in past { XCTAssertEqual(heatmap[day], .done, "\(day)") }
        XCTAssertEqual(heatmap[date("2026-11-27")], .partial, "today is short of the new target")
        let api = try apiHabit(dawn, "Read")
        XCTAssertEqual(api["currentStreak"] as? Int, 30)
        XCTAssertEqual(api["bestStreak"] as? Int, 30)

        // The day page: yesterday is done with no target to be short of; today has the target.
        let member = try dawn.member()
        let habits = try member.habits.ordered()
        for (day, done, target) in [("2026-11-26", true, nil), ("2026-11-27", false, Int64(20_000))] {
            let items = try DayPage.Model.checklist(habits, day: date(day), instances: try member.habits.instances(on: date(day)),
                                                    habits: member.habits, firstWeekday: .monday)
            XCTAssertEqual(items.map(\.done), [done], day)
            XCTAssertEqual(items.map(\.target?.milli), [target], day)
        }

        // The habit page says since when.
        let page = dawn.get("/habits/1")
        XCTAssertEqual(page.status, .ok)
        XCTAssertTrue(page.text.contains("Target since 27 November 2026"), page.text)

        // Today's 25 pages meet it.
        XCTAssertEqual(dawn.post("/day/2026-11-27/check/1", [("action", "done"), ("amount", "25")]).status, .seeOther)
        XCTAssertEqual(try self.progress(dawn, 1).current, 31)
        XCTAssertEqual(try self.heatmap(dawn, 1)[date("2026-11-27")], .done)

        // The export keeps the rule of the days before.
        let export = dawn.get("/export/dawn.json")
        XCTAssertEqual(export.status, .ok)
        let file = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(export.body)) as? [String: Any])
        let habit = try XCTUnwrap((file["habits"] as? [[String: Any]])?.first)
        let rules = try XCTUnwrap(habit["pastRules"] as? [[String: Any]])
        XCTAssertEqual(rules.count, 1)
        XCTAssertEqual(rules.first?["until"] as? String, "2026-11-27")
        XCTAssertEqual(rules.first?["schedule"] as? [String: String], ["every": "day"])
        XCTAssertNil(rules.first?["target"], "no target before")
    }

    /// The log form of a day asks for an amount only under a target in force that day: a
    /// day before the target was set logs time alone, and an amount sent for it is not kept.
    func testALogFormFollowsTheRuleOfItsDay() throws {
        let dawn = harness()
        addHabit(dawn, "Read")
        try log(dawn, habit: 1, days: [date("2026-11-20")])
        XCTAssertEqual(edit(dawn, 1, "Read", [("schedule", "day"), ("target_amount", "20"), ("target_unit", "pages"),
                                              ("target_kind", "at_least")]).status, .seeOther)
        let before = dawn.get("/day/2026-11-26/log/1")
        XCTAssertEqual(before.status, .ok)
        XCTAssertFalse(before.text.contains("name=\"amount\""), "no target on that day")
        let today = dawn.get("/day/2026-11-27/log/1")
        XCTAssertTrue(today.text.contains("name=\"amount\""), today.text)
        XCTAssertTrue(today.text.contains("pages"))

        _ = dawn.get("/day/2026-11-26/log/1")
        XCTAssertEqual(dawn.post("/day/2026-11-26/instances", [("habit", "1"), ("start", "08:00"), ("duration", "30"),
                                                                ("note", ""), ("amount", "25")]).status, .seeOther)
        _ = dawn.get("/day/2026-11-27/log/1")
        XCTAssertEqual(dawn.post("/day/2026-11-27/instances", [("habit", "1"), ("start", "08:00"), ("duration", "30"),
                                                                ("note", ""), ("amount", "25")]).status, .seeOther)
        let member = try dawn.member()
        XCTAssertEqual(try member.habits.instances(on: date("2026-11-26")).map(\.amountMilli), [nil])
        XCTAssertEqual(try member.habits.instances(on: date("2026-11-27")).map(\.amountMilli), [25_000])
    }

    func testAScheduleChangedTodayKeepsThePastWeekendsOffAndCountsEveryDayFromToday() throws {
        let dawn = harness()
        addHabit(dawn, "Walk", [("schedule", "weekdays")] + ["mon", "tue", "wed", "thu", "fri"].map { ("weekdays", $0) })
        let weekdays = days("2026-11-02", "2026-11-26") { $0.weekday != .saturday && $0.weekday != .sunday }
        XCTAssertEqual(weekdays.count, 19)
        try log(dawn, habit: 1, days: weekdays)

        XCTAssertEqual(edit(dawn, 1, "Walk", [("schedule", "day")]).status, .seeOther)
        let member = try dawn.member()
        XCTAssertEqual(try member.habits.habit(1)?.schedule, .daily)

        // The weekends before today were not scheduled: they neither count nor break.
        let progress = try progress(dawn, 1)
        XCTAssertEqual(progress.current, 19)
        XCTAssertEqual(progress.best, 19)
        XCTAssertGreaterThan(progress.score, 0.5)
        XCTAssertEqual(try apiHabit(dawn, "Walk")["currentStreak"] as? Int, 19)
        var heatmap = try heatmap(dawn, 1)
        XCTAssertEqual(heatmap[date("2026-11-21")], .off, "a Saturday under the weekday schedule")
        XCTAssertEqual(heatmap[date("2026-11-20")], .done)
        let page = dawn.get("/habits/1")
        XCTAssertTrue(page.text.contains("Schedule since 27 November 2026"), page.text)
        XCTAssertFalse(page.text.contains("Target since"), "the target did not change")
        // Saturday is on the checklist of the days from today, not of the days before.
        let saturdayBefore = try DayPage.Model.checklist(try member.habits.ordered(), day: date("2026-11-21"), instances: [],
                                                         habits: member.habits, firstWeekday: .monday)
        XCTAssertEqual(saturdayBefore.count, 0)

        // From today every day counts: a Saturday not walked breaks the streak.
        try log(dawn, habit: 1, days: [date("2026-11-27")])
        XCTAssertEqual(try self.progress(dawn, 1).current, 20)
        dawn.setNow(PageHarness.instant("2026-11-29T10:00:00Z"))
        let later = try self.progress(dawn, 1)
        XCTAssertEqual(later.current, 0, "Saturday the 28th was due and not done")
        XCTAssertEqual(later.best, 20)
        heatmap = try self.heatmap(dawn, 1)
        XCTAssertEqual(heatmap[date("2026-11-28")], .missed)
        let saturdayAfter = try DayPage.Model.checklist(try member.habits.ordered(), day: date("2026-11-28"), instances: [],
                                                        habits: member.habits, firstWeekday: .monday)
        XCTAssertEqual(saturdayAfter.map(\.habit.name), ["Walk"])
    }

    func testTwoChangesTheSameDayKeepOneRuleAndChangingBackKeepsNone() throws {
        let dawn = harness()
        addHabit(dawn, "Read")
        try log(dawn, habit: 1, days: days("2026-11-20", "2026-11-26"))
        let habits = try dawn.member().habits
        for amount in ["20", "30"] {
            XCTAssertEqual(edit(dawn, 1, "Read", [("schedule", "day"), ("target_amount", amount), ("target_unit", "pages"),
                                                 ("target_kind", "at_least")]).status, .seeOther)
        }
        var habit = try XCTUnwrap(try habits.habit(1))
        XCTAssertEqual(habit.targetMilli, 30_000)
        XCTAssertEqual(habit.pastRules.map(\.until), [date("2026-11-27")])
        XCTAssertNil(habit.pastRules.first?.targetMilli, "the days before keep no target")
        XCTAssertEqual(try progress(dawn, 1).current, 7)

        // A change of the name alone keeps the rule as it is.
        XCTAssertEqual(edit(dawn, 1, "Read more", [("schedule", "day"), ("target_amount", "30"), ("target_unit", "pages"),
                                                  ("target_kind", "at_least")]).status, .seeOther)
        XCTAssertEqual(try habits.habit(1)?.pastRules.count, 1)

        XCTAssertEqual(edit(dawn, 1, "Read", [("schedule", "day"), ("target_amount", ""), ("target_unit", "")]).status, .seeOther)
        habit = try XCTUnwrap(try habits.habit(1))
        XCTAssertNil(habit.targetMilli)
        XCTAssertEqual(habit.pastRules, [], "back to the rule of the days before: nothing to keep")
        XCTAssertFalse(dawn.get("/habits/1").text.contains("since 27 November"))
    }

    func testAHabitWithNothingLoggedBeforeTodayTakesTheNewRuleForItsWholeHistory() throws {
        let dawn = harness()
        addHabit(dawn, "Swim")
        try log(dawn, habit: 1, days: [date("2026-11-27")])
        XCTAssertEqual(edit(dawn, 1, "Swim", [("schedule", "weekdays"), ("weekdays", "mon"), ("weekdays", "fri"),
                                             ("target_amount", "20"), ("target_unit", "lengths"),
                                             ("target_kind", "at_least")]).status, .seeOther)
        let habit = try XCTUnwrap(try dawn.member().habits.habit(1))
        XCTAssertEqual(habit.pastRules, [])
        let page = dawn.get("/habits/1").text
        XCTAssertFalse(page.contains("since 27 November"), "no earlier day to set apart")
        XCTAssertTrue(page.contains("20\u{00A0}lengths"), "the plan shows the new target")
    }

    func testARefusedFormKeepsNoRule() throws {
        let dawn = harness()
        addHabit(dawn, "Read")
        try log(dawn, habit: 1, days: days("2026-11-20", "2026-11-26"))
        let refusals: [[(String, String)]] = [
            [("schedule", "day"), ("target_amount", "-3"), ("target_unit", "pages"), ("target_kind", "at_least")],
            [("schedule", "day"), ("target_amount", "20"), ("target_unit", "pages"), ("target_kind", "about")],
            [("schedule", "weekdays")],
        ]
        for fields in refusals {
            XCTAssertEqual(edit(dawn, 1, "Read", fields).status, .badRequest, "\(fields)")
        }
        // A good plan beside a refused name is not saved either.
        XCTAssertEqual(edit(dawn, 1, "", [("schedule", "day"), ("target_amount", "20"), ("target_unit", "pages"),
                                         ("target_kind", "at_least")]).status, .badRequest)
        let member = try dawn.member()
        let habit = try XCTUnwrap(try member.habits.habit(1))
        XCTAssertNil(habit.targetMilli)
        XCTAssertEqual(habit.schedule, .daily)
        XCTAssertEqual(habit.pastRules, [])
        XCTAssertEqual(try member.database.read { try $0.queryOne("SELECT count(*) FROM habit_rules")?.int(0) }, 0)
        XCTAssertEqual(try progress(dawn, 1).current, 7)
    }
}
