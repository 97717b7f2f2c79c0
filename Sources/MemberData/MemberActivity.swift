import Domain
import Store
import TimeZones

/// Which days of a member's history count, read from the summaries (`SummarySchema`) so a
/// read costs what it returns, not the years behind it, by the rule of `ActiveDay`. The
/// row, the grid, the header counts, the calendar, the statistics, the API and the family
/// board all read it from here.
package struct MemberActivity: Sendable {
    package typealias Counting = ActiveDay.Counting

    /// Days of the range with a note or a logged habit.
    package var activeDays: Set<LocalDate> = []
    /// Days of the range with a journal entry.
    package var entryDays: Set<LocalDate> = []

    /// The days `from…to`.
    package static func load(_ database: Database, from: LocalDate, to: LocalDate,
                             counting: Counting = .notesAndLogs) throws -> MemberActivity {
        try database.read { try load($0, from: from, to: to, counting: counting) }
    }

    package static func load(_ connection: Connection, from: LocalDate, to: LocalDate,
                             counting: Counting = .notesAndLogs) throws -> MemberActivity {
        var activity = MemberActivity()
        for row in try connection.query("""
            SELECT day, \(ActiveDay.sql(counting)), has_entry FROM day_summaries WHERE day BETWEEN ? AND ?
            """, [.text(from.description), .text(to.description)]) {
            guard let day = LocalDate(iso: row.string(0)) else { continue }
            if row.int(1) != 0 { activity.activeDays.insert(day) }
            if row.int(2) != 0 { activity.entryDays.insert(day) }
        }
        return activity
    }

    /// How many days of `from…to` were active and how many have an entry.
    package static func counts(_ connection: Connection, from: LocalDate, to: LocalDate,
                               counting: Counting = .notesAndLogs) throws -> (active: Int, entries: Int) {
        let row = try connection.queryOne("""
            SELECT coalesce(sum(\(ActiveDay.sql(counting))), 0), coalesce(sum(has_entry), 0) FROM day_summaries
            WHERE day BETWEEN ? AND ?
            """, [.text(from.description), .text(to.description)])
        return (row?.int(0) ?? 0, row?.int(1) ?? 0)
    }

    /// Each day of `from…to` with a logged habit: its logs and their minutes, oldest first.
    package static func dayTotals(_ connection: Connection, from: LocalDate, to: LocalDate)
        throws -> [(day: LocalDate, logs: Int, minutes: Int)] {
        try connection.query("""
            SELECT day, logs, minutes FROM day_summaries WHERE day BETWEEN ? AND ? AND \(ActiveDay.sql(.logsOnly)) ORDER BY day
            """, [.text(from.description), .text(to.description)]).compactMap { row in
            LocalDate(iso: row.string(0)).map { ($0, row.int(1), row.int(2)) }
        }
    }

    /// The earliest day with an entry, a note or a logged habit, or nil when there is none:
    /// the first key of `day_summaries` (one step down its primary key, whatever the history).
    package static func earliestDay(_ connection: Connection) throws -> LocalDate? {
        try connection.queryOne("SELECT min(day) FROM day_summaries")
            .flatMap { $0.optionalString(0) }.flatMap { LocalDate(iso: $0) }
    }

    /// Each active day of `from…to` (a note written or a habit logged): its notes, logs and
    /// their minutes, oldest first — the year heatmap's figures and, from the same rows, the
    /// year chart's (one range of the primary key).
    /// Counting logs only, a day's notes are 0 and a day with notes alone is not there.
    package static func activeDayFigures(_ connection: Connection, from: LocalDate, to: LocalDate,
                                         counting: Counting = .notesAndLogs)
        throws -> [(day: LocalDate, notes: Int, logs: Int, minutes: Int)] {
        try connection.query("""
            SELECT day, notes, logs, minutes FROM day_summaries WHERE day BETWEEN ? AND ? AND \(ActiveDay.sql(counting)) ORDER BY day
            """, [.text(from.description), .text(to.description)]).compactMap { row in
            LocalDate(iso: row.string(0)).map { ($0, counting == .logsOnly ? 0 : row.int(1), row.int(2), row.int(3)) }
        }
    }

    /// The latest active day on or before `day`.
    package static func lastActive(_ connection: Connection, onOrBefore day: LocalDate) throws -> LocalDate? {
        try connection.queryOne("SELECT max(day) FROM day_summaries WHERE \(ActiveDay.sql()) AND day <= ?",
                                [.text(day.description)])
            .flatMap { $0.optionalString(0) }.flatMap { LocalDate(iso: $0) }
    }

    /// The member's streak of active days (current and best) as of `today`, across the
    /// `bridged` days (skipped by their zone, vacations: `Vacations.bridgedDays`).
    /// Counting logs only, from the logged days up to today (`LoggedRuns`).
    package static func streak(_ connection: Connection, today: LocalDate, bridging bridged: BridgedRanges,
                               counting: Counting = .notesAndLogs) throws -> Streak {
        switch counting {
        case .notesAndLogs: try Streak(runs: Runs(connection: connection, habitID: nil), today: today, bridging: bridged)
        case .logsOnly: try Streak(runs: LoggedRuns(connection, through: today), today: today, bridging: bridged)
        }
    }

    /// Just the current run ending on `day` (or the day before).
    package static func currentStreak(_ connection: Connection, today: LocalDate, bridging bridged: BridgedRanges,
                                      counting: Counting = .notesAndLogs) throws -> Int {
        switch counting {
        case .notesAndLogs: try Streak.current(runs: Runs(connection: connection, habitID: nil), today: today, bridging: bridged)
        case .logsOnly: try Streak.current(runs: LoggedRuns(connection, through: today), today: today, bridging: bridged)
        }
    }

    /// The runs of days with a log, up to `through`, for a guardian's view without the
    /// journal: the run tables (`active_runs`) count notes too, so these are made from the
    /// logged days of `day_summaries` (one range of its primary key). Only that view reads
    /// them; its cost follows the logged days of the history, not a run table's lookups.
    struct LoggedRuns: ActiveRuns {
        /// Oldest first, each a maximal range of consecutive logged days.
        let runs: [ClosedRange<Int>]

        init(_ connection: Connection, through day: LocalDate) throws {
            var runs: [ClosedRange<Int>] = []
            for row in try connection.query("SELECT day FROM day_summaries WHERE \(ActiveDay.sql(.logsOnly)) AND day <= ? ORDER BY day",
                                            [.text(day.description)]) {
                guard let number = LocalDate(iso: row.string(0))?.daysSince1970 else { continue }
                if let last = runs.last, last.upperBound + 1 == number {
                    runs[runs.count - 1] = last.lowerBound...number
                } else {
                    runs.append(number...number)
                }
            }
            self.runs = runs
        }

        func run(startingOnOrBefore day: Int) -> ClosedRange<Int>? {
            runs.last { $0.lowerBound <= day }
        }

        func longest(endingOnOrBefore day: Int, offset: Int, limit: Int) -> [ClosedRange<Int>] {
            let sorted = runs.filter { $0.upperBound <= day }.sorted {
                $0.count != $1.count ? $0.count > $1.count : $0.lowerBound > $1.lowerBound
            }
            return Array(sorted.dropFirst(offset).prefix(limit))
        }
    }

    /// A daily habit's own streak (current and best), counted over the days it was done
    /// (other schedules: `HabitProgress.streak`).
    package static func habitStreak(_ connection: Connection, habit id: Int64, today: LocalDate,
                                    bridging bridged: BridgedRanges) throws -> Streak {
        try Streak(runs: Runs(connection: connection, habitID: id), today: today, bridging: bridged)
    }

    /// Just a daily habit's current streak: a lookup or two of its runs.
    package static func habitCurrentStreak(_ connection: Connection, habit id: Int64, today: LocalDate,
                                           bridging bridged: BridgedRanges) throws -> Int {
        try Streak.current(runs: Runs(connection: connection, habitID: id), today: today, bridging: bridged)
    }

    /// A habit's logs, minutes and days logged within a range.
    package struct HabitTotals: Equatable, Sendable {
        package let logs: Int
        package let minutes: Int
        package let days: Int
    }

    /// Per habit, its logs, minutes and days logged within `from…to` (a range of its
    /// primary key per habit: no lookups from another index), kept in memory under each
    /// habit's revision (`HabitProgressCache.totals`): a year's statistics after a note, or a
    /// log of one habit, read no other habit's days.
    package static func habitTotals(_ connection: Connection, from: LocalDate, to: LocalDate) throws -> [Int64: HabitTotals] {
        try HabitProgressCache.totals(connection, from: from, to: to) {
            var totals: [Int64: HabitTotals] = [:]
            for row in try connection.query("""
                SELECT habit_id, sum(logs), sum(minutes), count(*) FROM habit_days
                WHERE habit_id IN (SELECT id FROM habits) AND day BETWEEN ? AND ? GROUP BY habit_id
                """, [.text(from.description), .text(to.description)]) {
                totals[row.int64(0)] = HabitTotals(logs: row.int(1), minutes: row.int(2), days: row.int(3))
            }
            return totals
        }
    }

    /// The run tables as `ActiveRuns`: member-wide, or one habit's.
    struct Runs: ActiveRuns {
        let connection: Connection
        let habitID: Int64?

        func run(startingOnOrBefore day: Int) throws -> ClosedRange<Int>? {
            let row = if let habitID {
                try connection.queryOne("""
                    SELECT first, last FROM habit_runs WHERE habit_id = ? AND first <= ? ORDER BY first DESC LIMIT 1
                    """, [.integer(habitID), .integer(Int64(day))])
            } else {
                try connection.queryOne("SELECT first, last FROM active_runs WHERE first <= ? ORDER BY first DESC LIMIT 1",
                                        [.integer(Int64(day))])
            }
            guard let row, row.int(1) >= row.int(0) else { return nil }
            return row.int(0)...row.int(1)
        }

        func longest(endingOnOrBefore day: Int, offset: Int, limit: Int) throws -> [ClosedRange<Int>] {
            let rows = if let habitID {
                try connection.query("""
                    SELECT first, last FROM habit_runs INDEXED BY habit_runs_by_length WHERE habit_id = ? AND last <= ?
                    ORDER BY days DESC, first DESC LIMIT ? OFFSET ?
                    """, [.integer(habitID), .integer(Int64(day)), .integer(Int64(limit)), .integer(Int64(offset))])
            } else {
                try connection.query("""
                    SELECT first, last FROM active_runs INDEXED BY active_runs_by_length WHERE last <= ?
                    ORDER BY days DESC, first DESC LIMIT ? OFFSET ?
                    """, [.integer(Int64(day)), .integer(Int64(limit)), .integer(Int64(offset))])
            }
            return rows.compactMap { $0.int(1) >= $0.int(0) ? $0.int(0)...$0.int(1) : nil }
        }
    }
}
