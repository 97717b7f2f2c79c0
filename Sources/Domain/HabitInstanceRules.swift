/// What a logged habit instance must satisfy before it is written.
public enum HabitInstanceRules {
    /// The start lies on the day timeline (0 ≤ start < 1440 minutes from the
    /// member's day-start hour) and the duration is 1…1440 whole minutes. The end may
    /// pass the day's end (a late evening run); `TimelineLayout` clips the block.
    public static func validate(startMinute: Int, durationMinutes: Int) throws(HabitError) {
        guard (0..<TimelineConstants.dayMinutes).contains(startMinute) else { throw .startOutsideDay }
        _ = try HabitDuration(instanceMinutes: durationMinutes)
    }
}
