@testable import FamilyData
@testable import MemberData
import Store
import TimeZones
import XCTest
@testable import DawnApp

/// The one rule for which days count (`MemberActivity`), and the family board counting
/// runs with `Streak` as the day page does.
final class ActivityRuleTests: XCTestCase {
    private let clock = PageHarness.instant("2026-05-20T09:00:00Z")

    /// `ActiveDay`'s SQL and its Swift give the same answer for every kind of day, counted
    /// either way, and in a trigger's `NEW.` form.
    func testActiveDaySQLAndSwiftAgree() throws {
        let dawn = try PageHarness(now: clock)
        dawn.setUp(timeZone: "UTC")
        let database = try dawn.app.data.member(MemberID(1))
        let counts = [(0, 0), (1, 0), (0, 1), (2, 3), (0, 7), (5, 0)]
        let values = counts.map { "(\($0.0), \($0.1))" }.joined(separator: ", ")
        for counting in [ActiveDay.Counting.notesAndLogs, .logsOnly] {
            let rows = try database.read { connection in
                try connection.query("""
                    SELECT notes, logs, \(ActiveDay.sql(counting)), \(ActiveDay.inactiveSQL(counting)),
                           \(ActiveDay.sql(counting, row: "NEW"))
                    FROM (SELECT column1 AS notes, column2 AS logs FROM (VALUES \(values))) AS NEW
                    """)
            }
            XCTAssertEqual(rows.count, counts.count)
            for row in rows {
                let swift = ActiveDay.isActive(notes: row.int(0), logs: row.int(1), counting)
                XCTAssertEqual(row.int(2) != 0, swift, "\(counting) \(row.int(0)) notes, \(row.int(1)) logs")
                XCTAssertEqual(row.int(3) != 0, !swift)
                XCTAssertEqual(row.int(4) != 0, swift)
            }
        }
        XCTAssertTrue(ActiveDay.isActive(notes: 1, logs: 0))
        XCTAssertFalse(ActiveDay.isActive(notes: 1, logs: 0, .logsOnly), "a note alone is not a logged day")
        XCTAssertFalse(ActiveDay.isActive(notes: 0, logs: 0))
    }

    func testActiveMeansANoteOrALoggedHabitAndEntriesAreApart() throws {
        let dawn = try PageHarness(now: clock)
        dawn.setUp(timeZone: "UTC")
        dawn.choosingRow(timeZone: "UTC")  // the row's header and circles (the grid is the default)
        _ = dawn.get("/habits/new")
        XCTAssertEqual(dawn.post("/habits", [("name", "Run"), ("emoji", "🏃"), ("color", "#48DBAB"),
                                             ("custom_color", "#888888"), ("duration", "30")]).status, .seeOther)
        _ = dawn.get("/day/2026-05-18")
        XCTAssertEqual(dawn.post("/day/2026-05-17/notes", [("note", "tea")]).status, .seeOther)
        XCTAssertEqual(dawn.post("/day/2026-05-18/instances", [("habit", "1"), ("start", "07:00"), ("duration", "30"),
                                                                ("note", "")]).status, .seeOther)
        XCTAssertEqual(dawn.post("/day/2026-05-19/entry", [("entry", "Quiet day.")]).status, .seeOther)
        let database = try dawn.app.data.member(MemberID(1))
        let activity = try MemberActivity.load(database, from: LocalDate(iso: "2026-05-01")!, to: LocalDate(iso: "2026-05-31")!)
        XCTAssertEqual(activity.activeDays, [LocalDate(iso: "2026-05-17")!, LocalDate(iso: "2026-05-18")!])
        XCTAssertEqual(activity.entryDays, [LocalDate(iso: "2026-05-19")!])
        let habitDays = try database.read { try $0.query("SELECT habit_id, day FROM habit_days").map { "\($0.int(0)) \($0.string(1))" } }
        XCTAssertEqual(habitDays, ["1 2026-05-18"])
        // The day page, the calendar and the API all count from it.
        XCTAssertTrue(dawn.get("/").text.contains("0 Days Streak • 2 Active days • 1 Entry"))
        let api = dawn.get("/api/stats?from=2026-05-01&to=2026-05-31").text
        XCTAssertTrue(api.contains("\"activeDays\":2,") && api.contains("\"entries\":1,"), api)
        let calendar = dawn.get("/calendar/2026-05").text
        XCTAssertEqual(PageHarness.allMatches(#"class="cal-day[^"]*highlighted[^"]*"[^>]*>(?:<[^>]*>)*(\d+)"#, in: calendar).count, 2, calendar)
    }

    /// The board's streak from a published summary, counted by `Streak`: the run counts
    /// while it ends today or yesterday, or while bridged days carry it up to yesterday.
    func testTheBoardStreakFromASummary() throws {
        let today = LocalDate(iso: "2026-05-20")!
        func streak(_ last: String?, through: String? = nil) throws -> (Int, Bool) {
            let summary = Board.Summary(memberID: MemberID(1), displayName: "Mum", timeZone: "UTC",
                                        lastActive: last.flatMap { LocalDate(iso: $0) }, run: 4,
                                        bridgedThrough: through.flatMap { LocalDate(iso: $0) }, dayStartHour: 0)
            let counted = try Board.streak(summary, today: today)
            return (counted.streak, counted.activeToday)
        }
        let cases: [(String?, String?, Int, Bool)] = [
            (nil, nil, 0, false),
            ("2026-05-20", nil, 4, true),
            ("2026-05-19", nil, 4, false),
            ("2026-05-19", "2026-05-19", 4, false),
            ("2026-05-18", nil, 0, false),
            ("2026-05-18", "2026-05-19", 4, false),
            ("2026-05-15", "2026-05-19", 4, false),
            ("2026-05-15", "2026-05-25", 4, false),
            ("2026-05-15", "2026-05-18", 0, false),
            ("2026-05-21", nil, 0, false),
        ]
        for (last, through, expected, activeToday) in cases {
            let (counted, active) = try streak(last, through: through)
            XCTAssertEqual(counted, expected, "\(last ?? "none") through \(through ?? "none")")
            XCTAssertEqual(active, activeToday, "\(last ?? "none") through \(through ?? "none")")
        }
    }

    /// Samoa skipped 2011-12-30: the board's run goes on across it, as the day page's does.
    func testTheBoardRunBridgesASkippedDate() throws {
        let dawn = try PageHarness(now: clock)
        dawn.setUp(timeZone: "UTC")
        let board = Board(instance: dawn.app.data.instance)
        let database = try dawn.app.data.member(MemberID(1))
        let journal = Journal(database: database)
        for day in ["2011-12-28", "2011-12-29", "2011-12-31"] {
            try journal.addNote("tea", on: LocalDate(iso: day)!, now: clock)
        }
        let today = LocalDate(iso: "2011-12-31")!
        try board.publish(MemberID(1), member: database, today: today, skipping: [LocalDate(iso: "2011-12-30")!],
                          dayStartHour: 0, now: clock)
        XCTAssertEqual(try board.summaries().first?.run, 3)
        try board.publish(MemberID(1), member: database, today: today, dayStartHour: 0, now: clock)
        XCTAssertEqual(try board.summaries().first?.run, 1, "without the skipped date the run is broken")
    }
}

/// Caches are kept right in the one write path: any committed write to a member's
/// database, from a page or not, changes their revision and refreshes their board summary.
final class WritePathTests: XCTestCase {
    func testEveryWriteChangesTheRevisionAndTheBoard() throws {
        let dawn = try PageHarness(now: PageHarness.instant("2026-05-20T09:00:00Z"))
        dawn.setUp(timeZone: "UTC")
        let id = MemberID(1)
        _ = dawn.get("/settings")
        let saved = dawn.post("/settings", [("language", "en"), ("first_weekday", "monday"), ("day_start_hour", "0"),
                                            ("view", "row"), ("theme", "system"), ("time_zone", "UTC"), ("board", "1")])
        XCTAssertEqual(saved.status, .seeOther, saved.text)
        let board = Board(instance: dawn.app.data.instance)
        XCTAssertNil(try board.summaries().first?.lastActive)
        let etag = try XCTUnwrap(dawn.get("/").headers["ETag"])
        let before = dawn.app.caches.members.revision(id)

        // A write that no page made: straight through the member's database.
        let journal = Journal(database: try dawn.app.data.member(id))
        try journal.addNote("written elsewhere", on: LocalDate(iso: "2026-05-20")!, now: 1)
        XCTAssertEqual(dawn.app.caches.members.revision(id), before + 1)
        XCTAssertEqual(try board.summaries().first?.lastActive, LocalDate(iso: "2026-05-20"))
        XCTAssertEqual(try board.summaries().first?.run, 1)
        let page = dawn.get("/", headers: [("If-None-Match", etag)])
        XCTAssertEqual(page.status, .ok, "the page changed, so the old ETag does not match")
        XCTAssertTrue(page.text.contains("written elsewhere"))

        // A read changes nothing; a write that fails (rolled back) changes nothing either.
        _ = try journal.notes(on: LocalDate(iso: "2026-05-20")!)
        XCTAssertThrowsError(try journal.addNote(String(repeating: "x", count: 501), on: LocalDate(iso: "2026-05-20")!, now: 2))
        XCTAssertEqual(dawn.app.caches.members.revision(id), before + 1)
    }
}
