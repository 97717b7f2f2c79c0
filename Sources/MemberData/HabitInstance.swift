import TimeZones

/// A habit logged on a day: a row of `habit_instances`, shown as a block on the timeline
/// and edited on its own page (`HabitInstancePage`).
package struct HabitInstance: Sendable, Equatable {
    package let id: Int64
    package let habitID: Int64
    package let day: LocalDate
    package let startMinute: Int
    package let durationMinutes: Int
    package let note: String
    /// Changes with every edit (see `MemberSchema`'s `edit_sequence`).
    package let version: Int64
    /// The amount logged, in thousandths of the habit's unit (numeric habits), if any.
    package var amountMilli: Int64? = nil
    /// False for a check-off: done that day, at no time on the timeline, counting no minutes.
    package var timed = true
    /// The username of the guardian who logged it for the member; nil when they did.
    package var loggedBy: String? = nil
}
