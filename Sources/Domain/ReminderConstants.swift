/// The limits of habit reminders, in one place.
public enum ReminderConstants {
    /// At most this many times of day per habit.
    public static let maxPerHabit = 12
    /// A reminder that came due while the server was down is sent late if it is at most
    /// this old when the server is back; older ones are dropped.
    public static let catchUpSeconds: Int64 = 3_600
    /// How many member days ahead the next due reminder is looked for; past that the
    /// scheduler wakes and looks again (a long pause or vacation never needs more).
    public static let lookAheadDays = 14
    static let minutesPerDay = 1_440
}
