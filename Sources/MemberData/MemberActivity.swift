import Store
import TimeZones

/// Which days of a member's history count, read in one snapshot. This is the one place
/// the rule lives: a day is *active* when a note was written or a habit logged on it
/// (an entry alone does not make a day active; it is shown apart, as the circle's dark
/// entry disc). The row, the grid, the header counts, the calendar, the statistics, the API
/// and the family board all read it from here.
package struct MemberActivity: Sendable {
    /// Days with a note or a logged habit.
    package var activeDays: Set<LocalDate> = []
    /// Days with a journal entry.
    package var entryDays: Set<LocalDate> = []
    /// The days each habit was logged on, for its own streak.
    package var daysByHabit: [Int64: Set<LocalDate>] = [:]

    /// All of history (the best streak needs it).
    package static func load(_ database: Database) throws -> MemberActivity {
        try database.read { connection in
            var activity = MemberActivity()
            for row in try connection.query("SELECT DISTINCT day FROM notes") {
                if let day = LocalDate(iso: row.string(0)) { activity.activeDays.insert(day) }
            }
            for row in try connection.query("SELECT day FROM entries") {
                if let day = LocalDate(iso: row.string(0)) { activity.entryDays.insert(day) }
            }
            for row in try connection.query("SELECT DISTINCT habit_id, day FROM habit_instances") {
                guard let day = LocalDate(iso: row.string(1)) else { continue }
                activity.daysByHabit[row.int64(0), default: []].insert(day)
                activity.activeDays.insert(day)
            }
            return activity
        }
    }
}
