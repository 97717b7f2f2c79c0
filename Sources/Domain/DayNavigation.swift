import TimeZones

/// Which day pages exist: from `DayNavigationConstants.firstDay` (1 January 1900) to today
/// plus `DayNavigationConstants.yearsAhead` calendar years (2026-11-22 → 1900-01-01...2028-11-22).
/// February 29 has no twin in a common year and clamps to February 28.
public enum DayNavigation {
    public static func range(today: LocalDate) -> ClosedRange<LocalDate> {
        let last = today.adding(months: PeriodConstants.monthsPerYear * DayNavigationConstants.yearsAhead)
        return min(DayNavigationConstants.firstDay, last)...last
    }

    public static func isAllowed(_ date: LocalDate, today: LocalDate) -> Bool {
        range(today: today).contains(date)
    }

    /// The days a vacation or a pause may cover: today ± `planningYearsEachWay` calendar
    /// years (2026-11-22 → 2024-11-22...2028-11-22), narrower than the day pages.
    public static func planningRange(today: LocalDate) -> ClosedRange<LocalDate> {
        let months = PeriodConstants.monthsPerYear * DayNavigationConstants.planningYearsEachWay
        return today.adding(months: -months)...today.adding(months: months)
    }

    /// The day before `date`, or nil when that is outside the range.
    public static func previous(_ date: LocalDate, today: LocalDate) -> LocalDate? {
        neighbour(date, offset: -1, today: today)
    }

    /// The day after `date`, or nil when that is outside the range.
    public static func next(_ date: LocalDate, today: LocalDate) -> LocalDate? {
        neighbour(date, offset: 1, today: today)
    }

    /// Checked on day numbers first, so a date at the very end of
    /// `LocalDate.supportedDays` gives nil instead of trapping.
    private static func neighbour(_ date: LocalDate, offset: Int, today: LocalDate) -> LocalDate? {
        let allowed = range(today: today)
        let day = date.daysSince1970 + offset
        guard (allowed.lowerBound.daysSince1970...allowed.upperBound.daysSince1970).contains(day) else { return nil }
        return LocalDate(daysSince1970: day)
    }
}
