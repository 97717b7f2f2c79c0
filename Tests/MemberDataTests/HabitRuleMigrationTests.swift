import Domain
import Foundation
import MemberData
import Store
import TimeZones
import XCTest

/// Member migration 14 (`habit_rules`): a database from before it keeps every habit's
/// current rule as the rule in force since the beginning, decides its days as before, and
/// from there keeps the rule a change replaces.
final class HabitRuleMigrationTests: XCTestCase {
    private var folder = ""

    override func tearDownWithError() throws {
        if !folder.isEmpty { try? FileManager.default.removeItem(atPath: folder) }
    }

    private func database(migrations: [Migration] = MemberSchema.migrations) throws -> Database {
        if folder.isEmpty {
            folder = NSTemporaryDirectory() + "dawn-rules-\(UInt64.random(in: 0...UInt64.max))"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        return try Database.open(path: folder + "/member.sqlite", migrations: migrations)
    }

    private func doneDays(_ database: Database, habit: Int64) throws -> [String] {
        try database.read { connection in
            try connection.query("SELECT day FROM habit_days WHERE habit_id = ? AND done = 1 ORDER BY day", [.integer(habit)])
                .map { $0.string(0) }
        }
    }

    func testHabitsFromBeforeKeepTheirRuleSinceTheBeginning() throws {
        let before = Array(MemberSchema.migrations.prefix(13))
        XCTAssertEqual(before.last?.version, 13)
        var old: Database? = try database(migrations: before)
        try old!.write { connection in
            // Read: at least 20 pages; Walk: weekdays, no target.
            try connection.run("""
                INSERT INTO habits (name, emoji, color, default_duration, created_at, schedule, target_milli, target_kind, target_unit)
                VALUES ('Read', '📖', '#48DBAB', 30, 1, 'day', 20000, 'at_least', 'pages'),
                       ('Walk', '🚶', '#48DBAB', 30, 1, 'weekdays:mon,tue,wed,thu,fri', NULL, NULL, '')
                """)
            try connection.run("""
                INSERT INTO habit_instances (habit_id, day, start_minute, duration_minutes, note, created_at, amount_milli)
                VALUES (1, '2026-11-20', 60, 30, '', 1, 25000), (1, '2026-11-21', 60, 30, '', 1, 5000),
                       (1, '2026-11-22', 60, 30, '', 1, NULL), (2, '2026-11-20', 60, 30, '', 1, NULL)
                """)
        }
        let doneBefore = try doneDays(old!, habit: 1)
        XCTAssertEqual(doneBefore, ["2026-11-20"])
        old!.close()
        old = nil

        let database = try database()
        XCTAssertEqual(database.schemaVersion, MemberSchema.migrations.last?.version, "migrated to the latest")
        XCTAssertEqual(try doneDays(database, habit: 1), doneBefore, "no day decided again differently")
        XCTAssertEqual(try doneDays(database, habit: 2), ["2026-11-20"])
        let habits = Habits(database: database)
        for habit in try habits.all() {
            XCTAssertEqual(habit.pastRules, [], "\(habit.name): its rule holds since the beginning")
            XCTAssertNil(habit.targetSince)
            XCTAssertNil(habit.scheduleSince)
        }
        XCTAssertEqual(try MemberSummaries.problems(database), [])

        // From here a change keeps the rule it replaces for the days before.
        let today = LocalDate(iso: "2026-11-22")!
        XCTAssertTrue(try habits.setPlan(1, .init(targetMilli: 5_000, targetUnit: "pages"), today: today))
        XCTAssertEqual(try doneDays(database, habit: 1), ["2026-11-20"], "the 21st keeps the 20 pages it fell short of")
        try database.write { connection in
            try connection.run("UPDATE habit_instances SET amount_milli = 6000 WHERE habit_id = 1 AND day = '2026-11-22'")
        }
        XCTAssertEqual(try doneDays(database, habit: 1), ["2026-11-20", "2026-11-22"], "today has the new target")
        let read = try XCTUnwrap(try habits.habit(1))
        XCTAssertEqual(read.targetSince, today)
        XCTAssertEqual(read.pastRules.map(\.targetMilli), [20_000])
        XCTAssertEqual(read.ruled(on: LocalDate(iso: "2026-11-21")!).targetMilli, 20_000)
        XCTAssertEqual(read.ruled(on: today).targetMilli, 5_000)
        XCTAssertEqual(try MemberSummaries.problems(database), [], "dawn check decides days by the same rule")

        // A deleted habit takes its rules with it.
        XCTAssertTrue(try habits.delete(1))
        XCTAssertEqual(try database.read { try $0.queryOne("SELECT count(*) FROM habit_rules")?.int(0) }, 0)
    }

    /// A Dawn JSON file with one habit, "Read", logged on the 20th and 21st without amounts;
    /// `pastRules` as given (nil: absent, as in files from before).
    private func file(pastRules: String?) -> [UInt8] {
        let rules = pastRules.map { #", "pastRules": "# + $0 } ?? ""
        return Array("""
            {"format": "dawn-export", "version": 2,
             "habits": [{"id": 1, "name": "Read", "emoji": "📖", "colour": "#54A0FF", "defaultDurationMinutes": 30,
                         "createdAt": 1, "group": null, "schedule": {"every": "day"},
                         "target": {"amount": 20, "unit": "pages", "kind": "at_least"}\(rules)}],
             "instances": [{"habitId": 1, "date": "2026-11-20", "start": "08:00", "durationMinutes": 30, "note": ""},
                           {"habitId": 1, "date": "2026-11-21", "start": "08:00", "durationMinutes": 30, "note": ""}],
             "entries": [], "notes": []}
            """.utf8)
    }

    private func imported(_ bytes: [UInt8]) throws -> Database {
        var plan = Importer.Plan()
        try Importer.read(bytes, filename: "dawn.json", into: &plan, now: 10)
        let database = try database()
        _ = try Importer.write(plan, mode: .empty, to: database, now: 10)
        return database
    }

    func testImportKeepsThePastRulesAndReadsFilesWithoutThem() throws {
        // The target came on the 21st: the 20th, under no target, stays done.
        let database = try imported(file(pastRules: #"[{"until": "2026-11-21", "schedule": {"every": "day"}}]"#))
        XCTAssertEqual(try doneDays(database, habit: 1), ["2026-11-20"])
        let habit = try XCTUnwrap(try Habits(database: database).habit(1))
        XCTAssertEqual(habit.pastRules.map(\.until), [LocalDate(iso: "2026-11-21")!])
        XCTAssertEqual(habit.targetSince, LocalDate(iso: "2026-11-21"))
        XCTAssertEqual(try MemberSummaries.problems(database), [])
        database.close()
        try FileManager.default.removeItem(atPath: folder)
        folder = ""

        // Without them the target holds since the beginning.
        let older = try imported(file(pastRules: nil))
        XCTAssertEqual(try doneDays(older, habit: 1), [])
        XCTAssertEqual(try Habits(database: older).habit(1)?.pastRules, [])
    }

    func testImportRefusesBadPastRules() {
        let cases: [(String, String, String)] = [
            (#"[{"until": "2026-13-01", "schedule": {"every": "day"}}]"#, "habits[0].pastRules[0].until", "import.problem.date"),
            (#"[{"until": "2026-11-21", "schedule": {"every": "fortnight"}}]"#, "habits[0].pastRules[0].schedule", ""),
            (#"[{"until": "2026-11-21", "schedule": {"every": "day"}, "target": {"amount": -1, "unit": "", "kind": "at_least"}}]"#,
             "habits[0].pastRules[0].target", ""),
            (#"[{"until": "2026-11-21", "schedule": {"every": "day"}}, {"until": "2026-11-21", "schedule": {"every": "day"}}]"#,
             "habits[0].pastRules[1].until", "import.problem.rule_order"),
        ]
        for (rules, place, key) in cases {
            var plan = Importer.Plan()
            do {
                try Importer.read(file(pastRules: rules), filename: "dawn.json", into: &plan, now: 10)
                XCTFail("accepted \(rules)")
            } catch {
                XCTAssertEqual(error.place, .record(place), rules)
                if !key.isEmpty { XCTAssertEqual(error.key, key, rules) }
            }
        }
    }
}
