/// The month calendar's rules, named in one place.
public enum MonthCalendarConstants {
    /// Opacity of a disabled day (a neighbouring month's): 25 %.
    public static let disabledOpacity = 0.25
    /// A month covers 4 (a 28-day February starting on the first weekday) to 6 weeks.
    public static let weekCounts = 4...6
}
