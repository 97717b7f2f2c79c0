import Domain
import Store
import TimeZones
import XCTest
@testable import MemberData

/// Check-offs as stored: untimed logs that make a day done without minutes, refused for
/// missing and archived habits and at the log limit, undone without touching timed logs;
/// the day's state per habit read from `habit_days` in one query.
final class CheckOffTests: XCTestCase {
    private var folder = ""
    private let day = LocalDate(iso: "2026-03-11")!

    override func tearDown() {
        if !folder.isEmpty { _ = try? FileManager.default.removeItem(atPath: folder) }
    }

    private func habits() throws -> Habits {
        folder = NSTemporaryDirectory() + "dawn-checkoffs-\(UInt64.random(in: 0...UInt64.max))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return Habits(database: try Database.open(path: folder + "/member.sqlite", migrations: MemberSchema.migrations))
    }

    private func count(_ habits: Habits, _ sql: String) throws -> Int {
        try habits.database.read { try $0.queryOne(sql)?.int(0) ?? -1 }
    }

    func testACheckOffIsAnUntimedLogThatMakesTheDayDone() throws {
        let habits = try habits()
        let read = try habits.add(name: "Read", emoji: "📚", color: "#5856D6", defaultDuration: 45, now: 1)
        XCTAssertEqual(try habits.days(on: day), [:])
        XCTAssertEqual(try habits.checkOff(habit: read, on: day, amountMilli: nil, now: 100), .logged)
        let logged = try XCTUnwrap(habits.instances(on: day).first)
        XCTAssertFalse(logged.timed)
        XCTAssertNil(logged.amountMilli)
        XCTAssertEqual(logged.startMinute, 0, "midnight, as an import stores a check-off")
        XCTAssertEqual(logged.durationMinutes, 45, "the habit's usual duration, kept but counted nowhere")
        XCTAssertEqual(try habits.days(on: day), [read: Habits.Day(logs: 1, amountMilli: 0, done: true)])
        XCTAssertEqual(try count(habits, "SELECT minutes FROM day_summaries"), 0, "no minutes")
        XCTAssertEqual(try count(habits, "SELECT logs FROM day_summaries"), 1, "a log: the day is active")
        XCTAssertEqual(try habits.checkOffToMeetTarget(habit: read, on: day, now: 101), .alreadyDone)
        XCTAssertEqual(try count(habits, "SELECT count(*) FROM habit_instances"), 1, "a second tap writes nothing")

        // Undo removes the check-offs, never a timed log.
        XCTAssertTrue(try habits.log(habit: read, on: day, startMinute: 420, durationMinutes: 30, note: "", now: 102).isLogged)
        XCTAssertEqual(try habits.undoCheckOffs(habit: read, on: day), 1)
        XCTAssertEqual(try habits.instances(on: day).map(\.timed), [true])
        XCTAssertEqual(try habits.days(on: day)[read]?.done, true, "still done through the timeline")
        XCTAssertEqual(try habits.undoCheckOffs(habit: read, on: day), 0)
        XCTAssertEqual(try MemberSummaries.problems(habits.database), [])
    }

    func testOneTapMeetsTheTarget() throws {
        let habits = try habits()
        let pages = try habits.add(name: "Read", emoji: "📚", color: "#5856D6", defaultDuration: 30, now: 1)
        let coffee = try habits.add(name: "Coffee", emoji: "☕", color: "#FF9F43", defaultDuration: 15, now: 1)
        let plain = try habits.add(name: "Walk", emoji: "🚶", color: "#48DBAB", defaultDuration: 30, now: 1)
        XCTAssertTrue(try habits.setPlan(pages, .init(targetMilli: 20_000, targetUnit: "pages")))
        XCTAssertTrue(try habits.setPlan(coffee, .init(targetMilli: 2_000, targetKind: .atMost, targetUnit: "cups")))

        XCTAssertEqual(try habits.checkOff(habit: pages, on: day, amountMilli: 5_500, now: 2), .logged)
        XCTAssertEqual(try habits.days(on: day)[pages], Habits.Day(logs: 1, amountMilli: 5_500, done: false), "5.5 of 20")
        XCTAssertEqual(try habits.checkOffToMeetTarget(habit: pages, on: day, now: 3), .logged)
        XCTAssertEqual(try habits.instances(on: day).filter { $0.habitID == pages }.map(\.amountMilli), [5_500, 14_500])
        XCTAssertEqual(try habits.days(on: day)[pages], Habits.Day(logs: 2, amountMilli: 20_000, done: true))

        XCTAssertEqual(try habits.checkOffToMeetTarget(habit: coffee, on: day, now: 4), .logged)
        XCTAssertEqual(try habits.days(on: day)[coffee], Habits.Day(logs: 1, amountMilli: 0, done: true), "0 cups, at most 2")
        XCTAssertEqual(try habits.checkOff(habit: coffee, on: day, amountMilli: 3_000, now: 5), .logged)
        XCTAssertEqual(try habits.days(on: day)[coffee]?.done, false, "3 cups is over")
        XCTAssertEqual(try habits.checkOffToMeetTarget(habit: coffee, on: day, now: 6), .overTarget)
        XCTAssertEqual(try habits.instances(on: day).filter { $0.habitID == coffee }.count, 2, "nothing written")

        XCTAssertEqual(try habits.checkOffToMeetTarget(habit: plain, on: day, now: 7), .logged)
        XCTAssertEqual(try habits.instances(on: day).first { $0.habitID == plain }?.amountMilli, nil, "no target, no amount")
        XCTAssertEqual(try MemberSummaries.problems(habits.database), [])
    }

    /// A day's `done` in SQL (`habit_days.done`) and the target's test in Swift
    /// (`HabitCheckOff.Target.isMet`) agree for totals under, on and over each kind of target.
    func testDoneInSQLIsTheTargetsTest() throws {
        let habits = try habits()
        for (offset, kind) in [HabitTarget.Kind.atLeast, .atMost].enumerated() {
            for (step, amount) in [Int64(0), 1_999, 2_000, 2_001, 5_000].enumerated() {
                let id = try habits.add(name: "H\(offset)-\(step)", emoji: "☕", color: "#FF9F43", defaultDuration: 15, now: 1)
                XCTAssertTrue(try habits.setPlan(id, .init(targetMilli: 2_000, targetKind: kind, targetUnit: "cups")))
                XCTAssertEqual(try habits.checkOff(habit: id, on: day, amountMilli: amount, now: 2), .logged)
                let target = try XCTUnwrap(habits.habit(id)?.target)
                XCTAssertEqual(target, HabitCheckOff.Target(milli: 2_000, kind: kind))
                XCTAssertEqual(try habits.days(on: day)[id]?.done, target.isMet(byMilli: amount), "\(kind) \(amount)")
            }
        }
    }

    func testMissingArchivedAndTheLogLimitWriteNothing() throws {
        let habits = try habits()
        let read = try habits.add(name: "Read", emoji: "📚", color: "#5856D6", defaultDuration: 30, now: 1)
        XCTAssertEqual(try habits.checkOff(habit: 999, on: day, amountMilli: nil, now: 2), .unavailable)
        XCTAssertEqual(try habits.checkOffToMeetTarget(habit: 999, on: day, now: 2), .unavailable)
        XCTAssertTrue(try habits.setArchived(read, true, now: 3))
        XCTAssertEqual(try habits.checkOff(habit: read, on: day, amountMilli: 1_000, now: 4), .unavailable)
        XCTAssertEqual(try habits.checkOffToMeetTarget(habit: read, on: day, now: 4), .unavailable)
        XCTAssertEqual(try count(habits, "SELECT count(*) FROM habit_instances"), 0)

        XCTAssertTrue(try habits.setArchived(read, false, now: 5))
        XCTAssertEqual(try habits.checkOff(habit: read, on: day.adding(days: -1), amountMilli: nil, now: 6), .logged)
        // The account at its limit (the totals say so): the next check-off is refused whole.
        try habits.database.write { try $0.run("UPDATE habit_summaries SET logs = ?", [.integer(Int64(Habits.maxLogs))]) }
        XCTAssertThrowsError(try habits.checkOff(habit: read, on: day, amountMilli: nil, now: 7)) {
            XCTAssertEqual($0 as? Habits.LimitReached, Habits.LimitReached(kind: .logs, wouldHold: Habits.maxLogs + 1))
        }
        XCTAssertThrowsError(try habits.checkOffToMeetTarget(habit: read, on: day, now: 7))
        XCTAssertEqual(try count(habits, "SELECT count(*) FROM habit_instances"), 1)
    }

    func testDoneDaysWithinAWeek() throws {
        let habits = try habits()
        let gym = try habits.add(name: "Gym", emoji: "🏋️", color: "#5856D6", defaultDuration: 45, now: 1)
        let swim = try habits.add(name: "Swim", emoji: "🏊", color: "#54A0FF", defaultDuration: 45, now: 1)
        let pages = try habits.add(name: "Read", emoji: "📚", color: "#5856D6", defaultDuration: 30, now: 1)
        XCTAssertTrue(try habits.setPlan(pages, .init(targetMilli: 20_000, targetUnit: "pages")))
        for offset in [-3, -2, 0, 4] { _ = try habits.checkOff(habit: gym, on: day.adding(days: offset), amountMilli: nil, now: 2) }
        _ = try habits.checkOff(habit: swim, on: day, amountMilli: nil, now: 2)
        _ = try habits.checkOff(habit: pages, on: day, amountMilli: 5_000, now: 2)  // logged, not done
        let week = day.adding(days: -2)...day.adding(days: 4)
        XCTAssertEqual(try habits.doneDays([gym, swim, pages], within: week), [gym: 3, swim: 1])
        XCTAssertEqual(try habits.doneDays([], within: week), [:])
    }
}
