import Store

/// Checks the summaries (`SummarySchema`) against the raw rows they summarise: what
/// `dawn check` runs on every member database, and what the tests hold every write to.
package enum MemberSummaries {
    private struct Check {
        let table: String
        /// What the table should hold, computed from the raw rows.
        let expected: String
        /// What it holds, in the same columns.
        let stored: String
    }

    private static let activeDays = "SELECT \(SummarySchema.dayNumber("day")) AS n FROM day_summaries WHERE \(ActiveDay.sql())"

    private static let checks = [
        Check(table: "day_summaries", expected: SummarySchema.expectedDays,
              stored: "SELECT day, notes, logs, minutes, has_entry FROM day_summaries"),
        Check(table: "habit_days", expected: SummarySchema.expectedHabitDays,
              stored: "SELECT habit_id, day, logs, minutes, amount_milli, done FROM habit_days"),
        Check(table: "habit_summaries", expected: """
            SELECT habit_id, count(*), max(created_at) FROM habit_instances GROUP BY habit_id
            """, stored: "SELECT habit_id, logs, last_logged_at FROM habit_summaries"),
        // Gaps and islands: consecutive day numbers share `n - row_number()`.
        Check(table: "active_runs", expected: """
            SELECT min(n), max(n) FROM (SELECT n, n - row_number() OVER (ORDER BY n) AS island FROM (\(activeDays)))
            GROUP BY island
            """, stored: "SELECT first, last FROM active_runs"),
        Check(table: "habit_runs", expected: """
            SELECT habit_id, min(n), max(n) FROM (
                SELECT habit_id, n, n - row_number() OVER (PARTITION BY habit_id ORDER BY n) AS island
                FROM (SELECT habit_id, \(SummarySchema.dayNumber("day")) AS n FROM habit_days WHERE done = 1)
            ) GROUP BY habit_id, island
            """, stored: "SELECT habit_id, first, last FROM habit_runs"),
    ]

    /// One line per summary table that differs from its rows; empty when all agree.
    package static func problems(_ connection: Connection) throws -> [String] {
        var problems: [String] = []
        for check in checks {
            let missing = try connection.queryOne(
                "SELECT count(*) FROM (\(check.expected) EXCEPT \(check.stored))")?.int(0) ?? 0
            let extra = try connection.queryOne(
                "SELECT count(*) FROM (\(check.stored) EXCEPT \(check.expected))")?.int(0) ?? 0
            if missing + extra > 0 {
                problems.append("summary \(check.table) differs from the rows it summarises "
                                + "(\(missing) missing or wrong, \(extra) extra)")
            }
        }
        return problems
    }

    package static func problems(_ database: Database) throws -> [String] {
        try database.read { try problems($0) }
    }
}
