import Domain
import Store
import TimeZones
import XCTest
@testable import MemberData

/// A habit's plan as stored: target (and the done days it decides), order, pause, skips,
/// check-offs and amounts.
final class HabitPlanTests: XCTestCase {
    private var folder = ""
    private let day = LocalDate(iso: "2026-03-10")!

    override func tearDown() {
        if !folder.isEmpty { _ = try? FileManager.default.removeItem(atPath: folder) }
    }

    private func habits() throws -> Habits {
        folder = NSTemporaryDirectory() + "dawn-plans-\(UInt64.random(in: 0...UInt64.max))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return Habits(database: try Database.open(path: folder + "/member.sqlite", migrations: MemberSchema.migrations))
    }

    private func log(_ habits: Habits, _ id: Int64, _ day: LocalDate, amount: Int64?, timed: Bool = true) throws {
        try habits.database.write {
            try $0.run("""
                INSERT INTO habit_instances (habit_id, day, start_minute, duration_minutes, note, created_at, amount_milli, timed)
                VALUES (?, ?, 420, 30, '', 1, ?, ?)
                """, [.integer(id), .text(day.description), amount.map(SQLValue.integer) ?? .null, .integer(timed ? 1 : 0)])
        }
    }

    private func streak(_ habits: Habits, _ id: Int64) throws -> Int {
        try habits.database.read { try MemberActivity.habitStreak($0, habit: id, today: day, bridging: .none).current }
    }

    func testATargetDecidesWhichDaysAreDone() throws {
        let habits = try habits()
        let read = try habits.add(name: "Read", emoji: "📚", color: "#5856D6", defaultDuration: 30, now: 1)
        // 20, 10 + 15, 5 pages on three days running up to today.
        try log(habits, read, day.adding(days: -2), amount: 20_000)
        try log(habits, read, day.adding(days: -1), amount: 10_000)
        try log(habits, read, day.adding(days: -1), amount: 15_000, timed: false)
        try log(habits, read, day, amount: 5_000)
        XCTAssertEqual(try streak(habits, read), 3, "no target: any log is done")

        XCTAssertTrue(try habits.setPlan(read, .init(targetMilli: 20_000, targetUnit: "pages")))
        XCTAssertEqual(try streak(habits, read), 2, "today's 5 pages do not meet 20; yesterday's 25 and the day before's 20 do")
        let stored = try XCTUnwrap(habits.habit(read))
        XCTAssertEqual(stored.targetMilli, 20_000)
        XCTAssertEqual(stored.targetUnit, "pages")
        XCTAssertEqual(stored.targetKind, .atLeast)

        XCTAssertTrue(try habits.setPlan(read, .init(targetMilli: 10_000, targetKind: .atMost, targetUnit: "pages")))
        XCTAssertEqual(try streak(habits, read), 1, "at most 10: only today's 5")
        XCTAssertTrue(try habits.setPlan(read, .init()))
        XCTAssertEqual(try streak(habits, read), 3)
        XCTAssertEqual(try habits.habit(read)?.targetUnit, "", "no target, no unit")
        XCTAssertEqual(try MemberSummaries.problems(habits.database), [])

        // An untimed check-off counts no minutes; amounts come back as logged.
        let minutes = try habits.database.read { try $0.queryOne("SELECT minutes FROM day_summaries WHERE day = ?", [.text(day.adding(days: -1).description)])?.int(0) }
        XCTAssertEqual(minutes, 30)
        let logs = try habits.instances(on: day.adding(days: -1))
        XCTAssertEqual(logs.map(\.amountMilli), [10_000, 15_000])
        XCTAssertEqual(logs.map(\.timed), [true, false])
        XCTAssertFalse(try habits.setPlan(999, .init()), "no such habit")
    }

    func testTheMembersOrderPauseAndSkips() throws {
        let habits = try habits()
        let ids = try ["Run", "Read", "Tea"].map { try habits.add(name: $0, emoji: "🏃", color: "#48DBAB", defaultDuration: 30, now: 1) }
        XCTAssertEqual(try habits.ordered().map(\.name), ["Run", "Read", "Tea"])
        XCTAssertTrue(try habits.move(ids[2], by: -1))
        XCTAssertEqual(try habits.ordered().map(\.name), ["Run", "Tea", "Read"])
        XCTAssertTrue(try habits.move(ids[0], by: -1), "the first stays first")
        XCTAssertEqual(try habits.ordered().map(\.name), ["Run", "Tea", "Read"])
        XCTAssertTrue(try habits.move(ids[0], by: 1))
        XCTAssertEqual(try habits.ordered().map(\.name), ["Tea", "Run", "Read"])
        XCTAssertTrue(try habits.delete(ids[2]))
        let added = try habits.add(name: "Walk", emoji: "🚶", color: "#48DBAB", defaultDuration: 30, now: 2)
        XCTAssertEqual(try habits.ordered().map(\.name), ["Run", "Read", "Walk"], "a new habit comes last")
        XCTAssertFalse(try habits.move(999, by: 1))

        XCTAssertTrue(try habits.setPaused(added, from: day))
        XCTAssertEqual(try habits.habit(added)?.pausedFrom, day)
        XCTAssertTrue(try habits.setPaused(added, from: nil))
        XCTAssertNil(try habits.habit(added)?.pausedFrom)

        XCTAssertTrue(try habits.setSkipped(ids[0], on: day, true))
        XCTAssertTrue(try habits.setSkipped(ids[0], on: day, true), "twice is once")
        XCTAssertEqual(try habits.skips(from: day, to: day), [ids[0]: [day]])
        XCTAssertTrue(try habits.setSkipped(ids[0], on: day, false))
        XCTAssertEqual(try habits.skips(from: day, to: day), [:])
        XCTAssertFalse(try habits.setSkipped(999, on: day, true))
        XCTAssertTrue(try habits.setSkipped(ids[1], on: day, true))
        XCTAssertTrue(try habits.delete(ids[1]))
        XCTAssertEqual(try habits.skips(from: day, to: day), [:], "a deleted habit's skips go with it")
    }
}
