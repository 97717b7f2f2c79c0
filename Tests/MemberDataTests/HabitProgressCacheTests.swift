import Domain
import Store
import TimeZones
import XCTest
@testable import MemberData

/// What `HabitProgressCache` keeps is each member's own: two members' habits share ids
/// (every member's file numbers its habits from 1), and even under one revision the
/// second member's figures are worked out from their days, not the first's.
final class HabitProgressCacheTests: XCTestCase {
    private var folder = ""

    override func tearDown() {
        if !folder.isEmpty { _ = try? FileManager.default.removeItem(atPath: folder) }
    }

    private let today = LocalDate(iso: "2026-03-10")!

    /// A member's file with one daily habit (id 1) logged on the `days` before today.
    private func member(_ name: String, loggedDaysBack days: [Int]) throws -> Database {
        if folder.isEmpty {
            folder = NSTemporaryDirectory() + "dawn-progress-\(UInt64.random(in: 0...UInt64.max))"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        let database = try Database.open(path: folder + "/\(name).sqlite", migrations: MemberSchema.migrations)
        let habits = Habits(database: database)
        let id = try habits.add(name: "Run", emoji: "🏃", color: "#48DBAB", defaultDuration: 30, now: 1_000)
        XCTAssertEqual(id, 1)
        for back in days {
            _ = try habits.log(habit: id, on: today.adding(days: -back), startMinute: 420, durationMinutes: 30, note: "",
                               now: 1_000)
        }
        // The same revision in both files: only the member can tell their entries apart.
        try database.write { try $0.execute("UPDATE habit_summaries SET revision = 42") }
        return database
    }

    private func progress(_ database: Database) throws -> HabitProgress {
        let habit = try XCTUnwrap(Habits(database: database).habit(1))
        return try database.read { connection in
            try HabitProgress(connection, habit: habit, memberBridged: BridgedRanges(days: []), firstWeekday: .monday,
                              today: today)
        }
    }

    func testTwoMembersHabitsOfOneIDKeepTheirOwnFigures() throws {
        let ann = try member("ann", loggedDaysBack: [0, 1, 2, 3])
        let ben = try member("ben", loggedDaysBack: [0])
        let annFirst = try progress(ann)
        let benFirst = try progress(ben)
        XCTAssertEqual([annFirst.current, annFirst.best], [4, 4])
        XCTAssertEqual([benFirst.current, benFirst.best], [1, 1])
        XCTAssertNotEqual(annFirst.score, benFirst.score)
        // Asked again, each gets their own kept figures.
        XCTAssertEqual(try progress(ann), annFirst)
        XCTAssertEqual(try progress(ben), benFirst)

        let from = today.adding(days: -7)
        let annTotals = try ann.read { try MemberActivity.habitTotals($0, from: from, to: today) }
        let benTotals = try ben.read { try MemberActivity.habitTotals($0, from: from, to: today) }
        XCTAssertEqual(annTotals[1]?.days, 4)
        XCTAssertEqual(benTotals[1]?.days, 1)
    }
}
