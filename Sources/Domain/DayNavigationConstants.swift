import TimeZones

/// How far a member can page from today.
public enum DayNavigationConstants {
    /// The first day with a day page: every member's history, imported or typed, fits after it.
    public static let firstDay = LocalDate(year: 1900, month: 1, day: 1)!
    /// Calendar years after today that day pages reach.
    public static let yearsAhead = 2
    /// Calendar years before and after today that vacations and pauses may cover
    /// (`DayNavigation.planningRange`): plans, not history.
    public static let planningYearsEachWay = 2
}
