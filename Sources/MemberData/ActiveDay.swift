/// The rule of an *active* day, stated once for SQL and for Swift: a day is active when a
/// note was written or a habit logged on it (an entry alone does not make a day active; it
/// is shown apart, as the circle's dark entry disc). For a guardian the child does not
/// share the journal with, logs only (`Counting`). Both forms are made from `counted`, the
/// `day_summaries` columns whose sum must be above 0.
package enum ActiveDay {
    /// A count of `day_summaries` that can make a day active.
    package enum Column: String, Sendable {
        case notes
        case logs
    }

    /// What makes a day active for whoever is looking. The member, and a guardian they
    /// share their journal with, count notes and logs; a guardian they do not share it with
    /// counts logs only (check-offs are logs), so a day on which the child only wrote never
    /// shows that the child wrote.
    package enum Counting: Sendable {
        case notesAndLogs
        case logsOnly

        /// The columns summed.
        package var counted: [Column] {
            switch self {
            case .notesAndLogs: [.notes, .logs]
            case .logsOnly: [.logs]
            }
        }
    }

    /// The SQL test of a `day_summaries` row, written into statements as a constant:
    /// `notes + logs > 0`; `row` names it in a trigger (`NEW`, `OLD`).
    package static func sql(_ counting: Counting = .notesAndLogs, row: String? = nil) -> String {
        sum(counting, row: row) + " > 0"
    }

    /// The SQL test of a row that is not active: `notes + logs = 0`.
    package static func inactiveSQL(_ counting: Counting = .notesAndLogs, row: String? = nil) -> String {
        sum(counting, row: row) + " = 0"
    }

    /// The same test in Swift, of a day's counts.
    package static func isActive(notes: Int, logs: Int, _ counting: Counting = .notesAndLogs) -> Bool {
        counting.counted.reduce(0) { total, column in
            total + (column == .notes ? notes : logs)
        } > 0
    }

    private static func sum(_ counting: Counting, row: String?) -> String {
        counting.counted.map { column in row.map { "\($0).\(column.rawValue)" } ?? column.rawValue }
            .joined(separator: " + ")
    }
}
