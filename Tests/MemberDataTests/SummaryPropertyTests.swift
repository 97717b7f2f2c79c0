import Domain
import Store
import TimeZones
import XCTest
@testable import MemberData

/// The summaries pages read (`SummarySchema`) must always say what the raw rows say: after
/// every write, delete, import, move and habit deletion in a random sequence, `dawn check`'s
/// comparison finds nothing, and streaks counted from the runs equal the reference count over
/// every raw row, for random todays and skipped days (what a time-zone or day-start change
/// alters: stored days never move, so those changes reach streaks only through them).
final class SummaryPropertyTests: XCTestCase {
    private var folder = ""

    override func tearDown() {
        if !folder.isEmpty { _ = try? FileManager.default.removeItem(atPath: folder) }
    }

    private func database(_ name: String = "member", migrations: [Migration] = MemberSchema.migrations) throws -> Database {
        if folder.isEmpty {
            folder = NSTemporaryDirectory() + "dawn-summaries-\(UInt64.random(in: 0...UInt64.max))"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        return try Database.open(path: folder + "/\(name).sqlite", migrations: migrations)
    }

    private let base = LocalDate(iso: "2026-01-01")!

    /// Every raw row's days, the reference streaks are counted from: active days, and each
    /// habit's done days (logged, with the day's total amount meeting its target if any).
    private func rawDays(_ database: Database) throws -> (active: Set<LocalDate>, byHabit: [Int64: Set<LocalDate>]) {
        try database.read { connection in
            var active: Set<LocalDate> = []
            var totals: [Int64: [LocalDate: Int64]] = [:]
            for row in try connection.query("SELECT day FROM notes") { active.insert(LocalDate(iso: row.string(0))!) }
            for row in try connection.query("SELECT habit_id, day, coalesce(amount_milli, 0) FROM habit_instances") {
                let day = LocalDate(iso: row.string(1))!
                active.insert(day)
                totals[row.int64(0), default: [:]][day, default: 0] += row.int64(2)
            }
            var targets: [Int64: (milli: Int64, atLeast: Bool)] = [:]
            for row in try connection.query("SELECT id, target_milli, target_kind FROM habits WHERE target_milli IS NOT NULL") {
                targets[row.int64(0)] = (row.int64(1), row.string(2) == "at_least")
            }
            var byHabit: [Int64: Set<LocalDate>] = [:]
            for (habit, days) in totals {
                byHabit[habit] = Set(days.filter { _, total in
                    guard let target = targets[habit] else { return true }
                    return target.atLeast ? total >= target.milli : total <= target.milli
                }.keys)
            }
            return (active, byHabit)
        }
    }

    private func assertAgrees(_ database: Database, _ random: inout SeededRandom, _ step: String,
                              file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(try MemberSummaries.problems(database), [], step, file: file, line: line)
        let raw = try rawDays(database)
        let today = base.adding(days: Int.random(in: -2...45, using: &random))
        let skipped = Set((0..<Int.random(in: 0...2, using: &random)).map { _ in
            base.adding(days: Int.random(in: 0...40, using: &random))
        }.filter { $0 != today })
        try database.read { connection in
            XCTAssertEqual(try MemberActivity.streak(connection, today: today, bridging: BridgedRanges(days: skipped)),
                           Streak(activeDates: raw.active, today: today, skipping: skipped), step, file: file, line: line)
            // Counting logs only (a guardian the journal is not shared with): the days with a log.
            let logged = Set(try connection.query("SELECT DISTINCT day FROM habit_instances").map { LocalDate(iso: $0.string(0))! })
            let loggedStreak = Streak(activeDates: logged, today: today, skipping: skipped)
            XCTAssertEqual(try MemberActivity.streak(connection, today: today, bridging: BridgedRanges(days: skipped),
                                                     counting: .logsOnly), loggedStreak, step, file: file, line: line)
            XCTAssertEqual(try MemberActivity.currentStreak(connection, today: today, bridging: BridgedRanges(days: skipped),
                                                            counting: .logsOnly), loggedStreak.current, step, file: file, line: line)
            let habits = try connection.query("SELECT id FROM habits").map { $0.int64(0) }
            for id in habits {
                XCTAssertEqual(try MemberActivity.habitStreak(connection, habit: id, today: today, bridging: BridgedRanges(days: skipped)),
                               Streak(activeDates: raw.byHabit[id] ?? [], today: today, skipping: skipped),
                               "\(step): habit \(id)", file: file, line: line)
                // The day page's pills ask for the current run alone (no look at the longest runs).
                XCTAssertEqual(try MemberActivity.habitCurrentStreak(connection, habit: id, today: today,
                                                                    bridging: BridgedRanges(days: skipped)),
                               Streak(activeDates: raw.byHabit[id] ?? [], today: today, skipping: skipped).current,
                               "\(step): habit \(id), current alone", file: file, line: line)
            }
            // Non-daily streaks are kept in memory under the habit's revision: on a fixed
            // today (so a kept one is used whenever the revision stayed), each equals the
            // reference over the raw rows, so every change to a habit's days changed it.
            let fixedToday = base.adding(days: 30)
            for id in habits {
                guard let habit = try Habits(database: database).habit(id) else { continue }
                for schedule in [HabitSchedule.weekdays([.monday, .wednesday, .friday]), .perWeek(2), .perMonth(3)] {
                    let reference = HabitStreak(schedule: schedule, doneDays: raw.byHabit[id] ?? [], bridged: BridgedRanges(days: []),
                                                firstWeekday: .monday, today: fixedToday)
                    let kept = try HabitProgress.currentStreak(connection, habit: habit, schedule: schedule,
                                                               bridged: BridgedRanges(days: []), firstWeekday: .monday,
                                                               today: fixedToday)
                    XCTAssertEqual(kept.current, reference.current, "\(step): habit \(id) \(schedule)", file: file, line: line)
                    XCTAssertEqual(kept.unit, reference.unit, "\(step): habit \(id) \(schedule)", file: file, line: line)
                }
            }
            // Every habit's strength is kept the same way: each equals the score worked out
            // afresh over the raw rows (done days from the instances, its first logged day).
            for id in habits {
                guard let habit = try Habits(database: database).habit(id) else { continue }
                let kept = try HabitProgress(connection, habit: habit, memberBridged: BridgedRanges(days: []),
                                             firstWeekday: .monday, today: fixedToday)
                let bridged = try HabitProgress.bridged(connection, habit: habit, memberBridged: BridgedRanges(days: []),
                                                        today: fixedToday)
                let first = try connection.queryOne("SELECT min(day) FROM habit_instances WHERE habit_id = ?", [.integer(id)])?
                    .optionalString(0).flatMap { LocalDate(iso: $0) }
                let reference = first.map {
                    HabitScore(schedule: habit.schedule, doneDays: raw.byHabit[id] ?? [],
                               bridged: bridged, firstWeekday: .monday, firstDay: $0, today: fixedToday).value
                } ?? 0
                XCTAssertEqual(kept.score, reference, accuracy: 1e-12, "\(step): habit \(id) strength", file: file, line: line)
                // A daily habit's streak and best run are kept the same way too.
                if habit.schedule == .daily {
                    let streak = Streak(activeDates: raw.byHabit[id] ?? [], today: fixedToday, skipping: [])
                    XCTAssertEqual([kept.current, kept.best], [streak.current, streak.best], "\(step): habit \(id) kept streak",
                                   file: file, line: line)
                }
            }
            // Each habit's totals over a range are kept under its revision: they equal the
            // instances' own counts (logs, minutes, days logged) after every write.
            for (from, to) in [(base, base.adding(days: 20)), (base.adding(days: 10), base.adding(days: 45))] {
                let kept = try MemberActivity.habitTotals(connection, from: from, to: to)
                var reference: [Int64: MemberActivity.HabitTotals] = [:]
                for row in try connection.query("""
                    SELECT habit_id, count(*), sum(CASE WHEN timed THEN duration_minutes ELSE 0 END), count(DISTINCT day) FROM habit_instances
                    WHERE day BETWEEN ? AND ? GROUP BY habit_id
                    """, [.text(from.description), .text(to.description)]) {
                    reference[row.int64(0)] = MemberActivity.HabitTotals(logs: row.int(1), minutes: row.int(2), days: row.int(3))
                }
                XCTAssertEqual(kept, reference, "\(step): totals \(from)…\(to)", file: file, line: line)
            }
            let window = try MemberActivity.load(connection, from: base, to: base.adding(days: 45))
            XCTAssertEqual(window.activeDays, raw.active.filter { $0 <= base.adding(days: 45) }, step, file: file, line: line)
        }
    }

    func testRandomWritesKeepTheSummariesTrue() throws {
        let database = try database()
        let journal = Journal(database: database)
        let habits = Habits(database: database)
        var random = SeededRandom(seed: 2026)
        var clock: Int64 = 1_000
        func day() -> LocalDate { base.adding(days: Int.random(in: 0...40, using: &random)) }
        for step in 0..<600 {
            clock += 1
            let habitIDs = try database.read { try $0.query("SELECT id FROM habits").map { $0.int64(0) } }
            let noteIDs = try database.read { try $0.query("SELECT id, day FROM notes").map { ($0.int64(0), $0.string(1)) } }
            let logs = try database.read {
                try $0.query("SELECT id, day, duration_minutes FROM habit_instances").map { ($0.int64(0), $0.string(1), $0.int(2)) }
            }
            let action = Int.random(in: 0..<15, using: &random)
            var name = "step \(step) action \(action)"
            switch action {
            case 0, 1:
                try journal.addNote("n\(step)", on: day(), now: clock)
            case 2:
                if let (id, day) = noteIDs.randomElement(using: &random) {
                    XCTAssertTrue(try journal.deleteNote(id: id, on: LocalDate(iso: day)!, Journal.UndoClock(now: clock, today: LocalDate(iso: day)!)))
                }
            case 3:
                _ = try journal.saveEntry(Bool.random(using: &random) ? "e\(step)" : " ", on: day(), basedOn: nil, now: clock, today: day())
            case 4:
                if habitIDs.count < 4 { _ = try habits.add(name: "h\(step)", emoji: "🏃", color: "#48DBAB", defaultDuration: 30, now: clock) }
            case 5, 6, 7:
                if let id = habitIDs.randomElement(using: &random) {
                    _ = try habits.log(habit: id, on: day(), startMinute: Int.random(in: 0...1380, using: &random),
                                       durationMinutes: [15, 30, 60].randomElement(using: &random)!, note: "", now: clock)
                }
            case 8:
                if let (id, day, _) = logs.randomElement(using: &random) {
                    XCTAssertTrue(try habits.deleteInstance(id, on: LocalDate(iso: day)!))
                }
            case 9:
                if let (id, day, duration) = logs.randomElement(using: &random) {
                    _ = try habits.updateInstance(id, on: LocalDate(iso: day)!, startMinute: 60,
                                                  durationMinutes: duration == 30 ? 45 : 30, note: "x", basedOn: nil)
                }
            case 10:
                // Moves no page makes (a day, a habit): the triggers follow any write.
                if let (id, _, _) = logs.randomElement(using: &random), let habit = habitIDs.randomElement(using: &random) {
                    name += " move log \(id)"
                    try database.write { try $0.run("UPDATE habit_instances SET day = ?, habit_id = ?, created_at = ? WHERE id = ?",
                                                    [.text(day().description), .integer(habit), .integer(clock), .integer(id)]) }
                }
                if let (id, _) = noteIDs.randomElement(using: &random) {
                    try database.write { try $0.run("UPDATE notes SET day = ? WHERE id = ?", [.text(day().description), .integer(id)]) }
                }
            case 13:
                // An amount, some untimed (a check-off): done follows the habit's target.
                if let id = habitIDs.randomElement(using: &random) {
                    try database.write {
                        try $0.run("""
                            INSERT INTO habit_instances (habit_id, day, start_minute, duration_minutes, note, created_at, amount_milli, timed)
                            VALUES (?, ?, 0, 30, '', ?, ?, ?)
                            """, [.integer(id), .text(day().description), .integer(clock),
                                  .integer(Int64(Int.random(in: 0...3, using: &random) * 5_000)), .integer(Int64(Int.random(in: 0...1, using: &random)))])
                    }
                }
            case 14:
                // A target set, changed or dropped: every day of the habit is decided again.
                if let id = habitIDs.randomElement(using: &random) {
                    let kind = ["at_least", "at_most", nil].randomElement(using: &random)!
                    try database.write {
                        try $0.run("UPDATE habits SET target_milli = ?, target_kind = ? WHERE id = ?",
                                   [kind == nil ? .null : .integer(Int64(Int.random(in: 1...3, using: &random) * 5_000)),
                                    kind.map { .text($0) } ?? .null, .integer(id)])
                    }
                }
            case 11:
                if Int.random(in: 0..<4, using: &random) == 0, let id = habitIDs.randomElement(using: &random) {
                    XCTAssertTrue(try habits.delete(id))
                }
            default:
                var plan = Importer.Plan()
                let habit = try plan.add(.init(name: "imported", emoji: "📚", color: "#5856D6", defaultDuration: 30,
                                               createdAt: clock, archivedAt: nil), at: .file("t"))
                for _ in 0..<Int.random(in: 1...20, using: &random) {
                    try plan.add(.init(habit: habit, day: day(), startMinute: Int.random(in: 0...1439, using: &random),
                                       durationMinutes: nil, note: ""), at: .file("t"))
                }
                plan.notes.append(.init(day: day(), text: "imported \(step)", createdAt: clock))
                plan.entries.append(.init(day: day(), text: "imported entry"))
                _ = try Importer.write(plan, mode: .merge, to: database, now: clock)
            }
            try assertAgrees(database, &random, name)
        }
    }

    /// An existing database gets its summaries built by the migration, equal to what the
    /// triggers would have kept.
    func testTheMigrationBuildsTheSummariesOfAnExistingHistory() throws {
        // Schema 4 only: history written before summaries existed.
        let raw = try database("v4", migrations: Array(MemberSchema.migrations.prefix(4)))
        try raw.write { connection in
            try connection.run("INSERT INTO habits (name, emoji, color, default_duration, created_at) VALUES ('Run', '🏃', '#48DBAB', 30, 1)")
            for offset in [0, 1, 2, 4, 5, 9] {
                let day = base.adding(days: offset).description
                try connection.run("INSERT INTO habit_instances (habit_id, day, start_minute, duration_minutes, created_at) VALUES (1, ?, 60, 30, ?)",
                                   [.text(day), .integer(Int64(offset))])
                try connection.run("INSERT INTO notes (day, body, created_at) VALUES (?, 'tea', 1)", [.text(base.adding(days: offset + 20).description)])
            }
            try connection.run("INSERT INTO entries (day, body, created_at, updated_at) VALUES (?, 'hi', 1, 1)", [.text(base.description)])
        }
        raw.close()
        let migrated = try database("v4")
        XCTAssertEqual(migrated.schemaVersion, MemberSchema.migrations.count, "every migration from 5 on ran")
        XCTAssertEqual(try MemberSummaries.problems(migrated), [])
        let runs = try migrated.read { try $0.query("SELECT first, last FROM habit_runs ORDER BY first").map { [$0.int(0), $0.int(1)] } }
        let d = base.daysSince1970
        XCTAssertEqual(runs, [[d, d + 2], [d + 4, d + 5], [d + 9, d + 9]])
        let habit = try XCTUnwrap(Habits(database: migrated).habit(1))
        XCTAssertEqual(habit.count, 6)
        XCTAssertEqual(habit.lastLoggedAt, 9)
        var random = SeededRandom(seed: 5)
        try assertAgrees(migrated, &random, "after the migration")
    }

    /// `dawn check`'s comparison finds a summary that no longer says what the rows say.
    func testAWrongSummaryIsFound() throws {
        let database = try database()
        try Journal(database: database).addNote("tea", on: base, now: 1)
        XCTAssertEqual(try MemberSummaries.problems(database), [])
        try database.write { try $0.run("UPDATE active_runs SET last = last + 1") }
        XCTAssertEqual(try MemberSummaries.problems(database),
                       ["summary active_runs differs from the rows it summarises (1 missing or wrong, 1 extra)"])
        try database.write { try $0.run("UPDATE active_runs SET last = last - 1") }
        try database.write { try $0.run("UPDATE day_summaries SET notes = 2") }
        XCTAssertEqual(try MemberSummaries.problems(database).count, 1)
    }
}
