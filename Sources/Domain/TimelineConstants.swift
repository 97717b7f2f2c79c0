/// The day timeline's grid (issue 5), named in one place.
public enum TimelineConstants {
    /// Wall-clock minutes from the member's day-start hour to the next day's.
    public static let dayMinutes = 1_440
    public static let slotMinutes = 15
    /// 96.
    public static let slotsPerDay = dayMinutes / slotMinutes
}
