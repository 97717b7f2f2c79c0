import Domain
import Store
import TimeZones

/// A member's habits with reminders, as the rule of when (`ReminderRule`) sees them.
package enum HabitReminders {
    /// Each habit with reminders that is not archived, with its skips, the member's
    /// vacations and its done days over `days`, read in one transaction.
    package static func load(_ database: Database, days: ClosedRange<LocalDate>)
        throws -> [(habit: Habits.Habit, rule: ReminderHabit)] {
        let habits = try Habits(database: database).all().filter { !$0.reminders.isEmpty && !$0.isArchived }
        guard !habits.isEmpty else { return [] }
        let first = days.lowerBound.description, last = days.upperBound.description
        return try database.read { connection in
            let vacations = try Vacations.days(connection, from: days.lowerBound, to: days.upperBound)
            return try habits.map { habit in
                let skips = try connection.query("SELECT day FROM habit_skips WHERE habit_id = ? AND day BETWEEN ? AND ?",
                                                 [.integer(habit.id), .text(first), .text(last)])
                    .compactMap { LocalDate(iso: $0.string(0)) }
                let done = try connection.query("""
                    SELECT day FROM habit_days WHERE habit_id = ? AND day BETWEEN ? AND ? AND done = 1
                    """, [.integer(habit.id), .text(first), .text(last)]).compactMap { LocalDate(iso: $0.string(0)) }
                let rule = ReminderHabit(times: habit.reminders, schedule: habit.schedule,
                                         pausedFrom: habit.pausedFrom, isArchived: habit.isArchived,
                                         quiet: BridgedRanges(days: Array(vacations) + skips), doneDays: Set(done))
                return (habit, rule)
            }
        }
    }
}
