import Domain
import Store
import TimeZones
import XCTest
@testable import MemberData

/// Moods in the member's database (`moods`): one a day, set, replaced and cleared; the
/// schema refuses anything but 1–5; a mood never makes a day active; and the statistics'
/// averages (`Moods.tallies`, SQL over the range) against figures worked out by hand.
final class MoodStorageTests: XCTestCase {
    private var folder = ""

    override func tearDown() {
        if !folder.isEmpty { _ = try? FileManager.default.removeItem(atPath: folder) }
    }

    private func database() throws -> Database {
        folder = NSTemporaryDirectory() + "dawn-moods-\(UInt64.random(in: 0...UInt64.max))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return try Database.open(path: folder + "/member.sqlite", migrations: MemberSchema.migrations)
    }

    private func day(_ iso: String) -> LocalDate { LocalDate(iso: iso)! }

    func testOneMoodADaySetReplacedAndCleared() throws {
        let database = try database()
        let moods = Moods(database: database)
        XCTAssertNil(try moods.mood(on: day("2026-11-24")))
        try moods.set(try Mood(4), on: day("2026-11-24"))
        try moods.set(try Mood(2), on: day("2026-11-24"))
        try moods.set(try Mood(5), on: day("2026-11-23"))
        XCTAssertEqual(try moods.mood(on: day("2026-11-24")), try Mood(2), "the second replaces the first")
        XCTAssertEqual(try database.read { try Moods.all($0) }.map { "\($0.day) \($0.mood.value)" },
                       ["2026-11-23 5", "2026-11-24 2"], "oldest first")
        XCTAssertTrue(try moods.clear(on: day("2026-11-24")))
        XCTAssertFalse(try moods.clear(on: day("2026-11-24")), "already cleared")
        XCTAssertNil(try moods.mood(on: day("2026-11-24")))
    }

    func testTheSchemaRefusesAnythingButOneToFive() throws {
        let database = try database()
        // (STRICT still stores the text "3" as the integer 3, a lossless conversion; "x" it refuses.)
        for value: SQLValue in [.integer(0), .integer(6), .integer(-1), .text("x"), .real(3.5), .null] {
            XCTAssertThrowsError(try database.write { try $0.run("INSERT INTO moods (day, value) VALUES ('2026-11-24', ?)", [value]) },
                                 "\(value)")
        }
        XCTAssertThrowsError(try database.write { try $0.run("INSERT INTO moods (day, value) VALUES ('2026-11', 3)") })
        XCTAssertEqual(try database.read { try $0.queryOne("SELECT count(*) FROM moods")?.int(0) }, 0)
    }

    func testAMoodAloneDoesNotMakeADayActive() throws {
        let database = try database()
        try Moods(database: database).set(try Mood(5), on: day("2026-11-24"))
        let activity = try MemberActivity.load(database, from: day("2026-11-01"), to: day("2026-11-30"))
        XCTAssertTrue(activity.activeDays.isEmpty)
        XCTAssertTrue(activity.entryDays.isEmpty)
        XCTAssertEqual(try database.read { try $0.queryOne("SELECT count(*) FROM day_summaries")?.int(0) }, 0)
        XCTAssertEqual(try database.read { try $0.queryOne("SELECT count(*) FROM active_runs")?.int(0) }, 0)
    }

    /// Week 2026-11-01…07. Moods: 1st 5, 2nd 4, 3rd 2, 4th 1, 6th 3, 7th 4 (19 over 6 days);
    /// outside it, 31 October 5 and 8 November 1. Run (daily) is done on the 1st, 2nd, 5th
    /// (no mood) and 31 October; Read (at least 20 pages) is done on the 1st (25 pages) and
    /// logged but not done on the 3rd (5 pages); Tea is never logged.
    func testAveragesAgainstFiguresWorkedOutByHand() throws {
        let database = try database()
        let habits = Habits(database: database)
        let moods = Moods(database: database)
        let run = try habits.add(name: "Run", emoji: "🏃", color: "#48DBAB", defaultDuration: 30, now: 1)
        let read = try habits.add(name: "Read", emoji: "📚", color: "#5856D6", defaultDuration: 30,
                                  plan: .init(targetMilli: 20_000, targetUnit: "pages"), now: 1)
        let tea = try habits.add(name: "Tea", emoji: "🍵", color: "#FF9F43", defaultDuration: 15, now: 1)
        for (iso, value) in [("2026-11-01", 5), ("2026-11-02", 4), ("2026-11-03", 2), ("2026-11-04", 1), ("2026-11-06", 3),
                             ("2026-11-07", 4), ("2026-10-31", 5), ("2026-11-08", 1)] {
            try moods.set(try Mood(value), on: day(iso))
        }
        for iso in ["2026-11-01", "2026-11-02", "2026-11-05", "2026-10-31"] {
            XCTAssertTrue(try habits.log(habit: run, on: day(iso), startMinute: 480, durationMinutes: 30, note: "", now: 2).isLogged)
        }
        _ = try habits.checkOff(habit: read, on: day("2026-11-01"), amountMilli: 25_000, now: 3)
        _ = try habits.checkOff(habit: read, on: day("2026-11-03"), amountMilli: 5_000, now: 3)

        let (all, done) = try database.read { try Moods.tallies($0, from: self.day("2026-11-01"), to: self.day("2026-11-07")) }
        XCTAssertEqual(all, MoodTally(sum: 19, count: 6))
        XCTAssertEqual(all.average, 3.2, "19 / 6 = 3.17")
        XCTAssertEqual(done[run], MoodTally(sum: 9, count: 2), "the 1st and 2nd; the 5th has no mood, 31 October is outside")
        XCTAssertEqual(done[run]?.average, 4.5)
        XCTAssertEqual((all - done[run]!).average, 2.5, "(2 + 1 + 3 + 4) / 4")
        XCTAssertEqual(done[read], MoodTally(sum: 5, count: 1), "the 3rd was logged, short of its target: not done")
        XCTAssertEqual((all - done[read]!).average, 2.8, "14 / 5")
        XCTAssertNil(done[tea])
        XCTAssertEqual((all - (done[tea] ?? .none)).average, 3.2)

        // A range without moods: nothing to average, and no per-habit query.
        let empty = try database.read { try Moods.tallies($0, from: self.day("2026-12-01"), to: self.day("2026-12-31")) }
        XCTAssertNil(empty.all.average)
        XCTAssertTrue(empty.done.isEmpty)
    }

    /// The averages read ranges of primary keys, never a whole table: their cost follows
    /// the range asked for, not the years of history.
    func testTheAveragesReadRangesOfPrimaryKeys() throws {
        let database = try database()
        let plans = try database.read { connection in
            try [Moods.tallySQL.all, Moods.tallySQL.doneByHabit].map { sql in
                try connection.query("EXPLAIN QUERY PLAN " + sql, [.text("2026-11-01"), .text("2026-11-07")])
                    .map { $0.string(3) }.joined(separator: "\n")
            }
        }
        XCTAssertTrue(plans[0].contains("SEARCH moods USING PRIMARY KEY (day>? AND day<?)"), plans[0])
        XCTAssertTrue(plans[1].contains("SEARCH habit_days USING PRIMARY KEY (habit_id=? AND day>? AND day<?)"), plans[1])
        XCTAssertTrue(plans[1].contains("SEARCH moods USING PRIMARY KEY (day=?)"), plans[1])
        XCTAssertFalse(plans.joined().contains("SCAN moods"), plans.joined(separator: "\n"))
        XCTAssertFalse(plans.joined().contains("SCAN habit_days"), plans.joined(separator: "\n"))
    }
}
