import Domain
import Store
import TimeZones
import XCTest
@testable import MemberData

/// A habit's plan written with the habit (one transaction), changed with its look, and
/// the member's order moved one visible step at a time: within a group, past archived
/// habits and other groups.
final class HabitPlanStorageTests: XCTestCase {
    private var folder = ""

    override func tearDown() {
        if !folder.isEmpty { _ = try? FileManager.default.removeItem(atPath: folder) }
    }

    private func habits() throws -> Habits {
        folder = NSTemporaryDirectory() + "dawn-plan-storage-\(UInt64.random(in: 0...UInt64.max))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return Habits(database: try Database.open(path: folder + "/member.sqlite", migrations: MemberSchema.migrations))
    }

    private func add(_ habits: Habits, _ name: String, group: String? = nil) throws -> Int64 {
        try habits.add(name: name, emoji: "🏃", color: "#48DBAB", defaultDuration: 30, plan: .init(group: group), now: 1)
    }

    func testAHabitIsAddedWithItsPlan() throws {
        let habits = try habits()
        let plan = Habits.Plan(schedule: HabitSchedule(storage: "weekdays:mon,wed,fri")!, targetMilli: 2_500, targetKind: .atMost, targetUnit: "km",
                               group: "Morning")
        let id = try habits.add(name: "Run", emoji: "🏃", color: "#48DBAB", defaultDuration: 30, plan: plan, now: 1)
        let stored = try XCTUnwrap(habits.habit(id))
        XCTAssertEqual(Habits.Plan(schedule: stored.schedule, targetMilli: stored.targetMilli, targetKind: stored.targetKind,
                                   targetUnit: stored.targetUnit, group: stored.group), plan)
        XCTAssertEqual(stored.position, 1)

        let plain = try habits.add(name: "Tea", emoji: "🍵", color: "#48DBAB", defaultDuration: 15, now: 2)
        let tea = try XCTUnwrap(habits.habit(plain))
        XCTAssertEqual(tea.schedule.storage, "day")
        XCTAssertNil(tea.targetMilli)
        XCTAssertNil(tea.group)
        XCTAssertEqual(tea.position, 2, "last in the member's order")
    }

    /// The row is decoded once into typed values, and what no write path stores reads as
    /// the defaults every page shows: every day, Sky, "at least".
    func testTheRowIsReadAsTypedValues() throws {
        let habits = try habits()
        let id = try habits.add(name: "Coffee", emoji: "☕", color: "#ff9f43", defaultDuration: 15,
                                plan: .init(schedule: .perWeek(3), targetMilli: 2_000, targetKind: .atMost, targetUnit: "cups"),
                                now: 1)
        let stored = try XCTUnwrap(habits.habit(id))
        XCTAssertEqual(stored.schedule, .perWeek(3))
        XCTAssertEqual(stored.targetKind, .atMost)
        XCTAssertEqual(stored.color.hex, "#FF9F43")
        try habits.database.write {
            try $0.run("UPDATE habits SET schedule = 'fortnight', color = '#TEAL!!' WHERE id = ?", [.integer(id)])
        }
        let odd = try XCTUnwrap(habits.habit(id))
        XCTAssertEqual(odd.schedule, .daily)
        XCTAssertEqual(odd.color, HabitColor.fallback.rgb)
        XCTAssertEqual(odd.targetKind, .atMost)
    }

    func testARefusedAddWritesNeitherHabitNorPlan() throws {
        let habits = try habits()
        try habits.database.write { connection in
            for n in 0..<Habits.maxHabits {
                try connection.run("INSERT INTO habits (name, emoji, color, default_duration, created_at) VALUES (?, '🏃', '#48DBAB', 30, 1)",
                                   [.text("h\(n)")])
            }
        }
        XCTAssertThrowsError(try habits.add(name: "One more", emoji: "🏃", color: "#48DBAB", defaultDuration: 30,
                                            plan: .init(schedule: HabitSchedule(storage: "week:3")!, group: "Extra"), now: 1)) { error in
            XCTAssertEqual(error as? Habits.LimitReached, Habits.LimitReached(kind: .habits, wouldHold: Habits.maxHabits + 1))
        }
        XCTAssertEqual(try habits.all().count, Habits.maxHabits)
        XCTAssertFalse(try habits.all().contains { $0.group == "Extra" })
    }

    func testUpdatingTheLookAndThePlanTogether() throws {
        let habits = try habits()
        let id = try add(habits, "Read", group: "Evening")
        XCTAssertTrue(try habits.update(id, name: "Read more", emoji: "📚", color: "#5856D6", defaultDuration: 60,
                                        plan: .init(schedule: HabitSchedule(storage: "month:10")!, targetMilli: 20_000, targetUnit: "pages")))
        var stored = try XCTUnwrap(habits.habit(id))
        XCTAssertEqual([stored.name, stored.schedule.storage, stored.targetUnit], ["Read more", "month:10", "pages"])
        XCTAssertEqual(stored.targetMilli, 20_000)
        XCTAssertNil(stored.group, "the plan replaces the group too")

        XCTAssertTrue(try habits.update(id, name: "Read", emoji: "📚", color: "#5856D6", defaultDuration: 60))
        stored = try XCTUnwrap(habits.habit(id))
        XCTAssertEqual(stored.schedule.storage, "month:10", "no plan given: the plan stays")
        XCTAssertFalse(try habits.update(999, name: "X", emoji: "📚", color: "#5856D6", defaultDuration: 60, plan: .init()))
    }

    /// Order: Run (Morning), Tea, Yoga (Morning, archived), Read, Walk (Morning), Swim.
    func testAMoveIsOneStepWithinItsList() throws {
        let habits = try habits()
        let run = try add(habits, "Run", group: "Morning")
        let tea = try add(habits, "Tea")
        let yoga = try add(habits, "Yoga", group: "Morning")
        let read = try add(habits, "Read")
        let walk = try add(habits, "Walk", group: "Morning")
        _ = try add(habits, "Swim")
        XCTAssertTrue(try habits.setArchived(yoga, true, now: 2))
        func order() throws -> [String] { try habits.ordered().map(\.name) }

        // Walk up: past Read (no group) and Yoga (archived) to swap with Run.
        XCTAssertTrue(try habits.move(walk, by: -1))
        XCTAssertEqual(try order(), ["Walk", "Tea", "Yoga", "Read", "Run", "Swim"])
        // Walk is first in Morning now: up again changes nothing.
        XCTAssertTrue(try habits.move(walk, by: -1))
        XCTAssertEqual(try order(), ["Walk", "Tea", "Yoga", "Read", "Run", "Swim"])
        // Tea down: swaps with Read, the next habit without a group.
        XCTAssertTrue(try habits.move(tea, by: 1))
        XCTAssertEqual(try order(), ["Walk", "Read", "Yoga", "Tea", "Run", "Swim"])
        // Run is last in Morning: down changes nothing.
        XCTAssertTrue(try habits.move(run, by: 1))
        XCTAssertEqual(try order(), ["Walk", "Read", "Yoga", "Tea", "Run", "Swim"])
        XCTAssertEqual(try habits.ordered().map(\.position), [1, 2, 3, 4, 5, 6], "positions stay 1, 2, 3…")
        XCTAssertTrue(try habits.move(read, by: -1), "first of its list")
        XCTAssertEqual(try order(), ["Walk", "Read", "Yoga", "Tea", "Run", "Swim"])
        XCTAssertFalse(try habits.move(999, by: 1))
    }
}
