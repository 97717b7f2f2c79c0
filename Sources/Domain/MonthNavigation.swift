import TimeZones

/// Which months the calendar (`/calendar/YYYY-MM`) shows: from the month holding the
/// statistics' `PeriodNavigation.oldestDay` (two years back, or the month of the member's
/// earliest data) to the month holding the last day page (`DayNavigation.range`), so every
/// month the statistics link to answers. Months are named by their first day.
public struct MonthNavigation: Sendable, Hashable {
    /// The first days of the first and the last month shown.
    public let months: ClosedRange<LocalDate>

    public init(periods: PeriodNavigation) {
        let last = DayNavigation.range(today: periods.today).upperBound.firstOfMonth
        months = min(periods.oldestDay.firstOfMonth, last)...last
    }

    /// Whether the month holding `day` is shown.
    public func isAllowed(_ day: LocalDate) -> Bool {
        months.contains(day.firstOfMonth)
    }

    /// The month before the one holding `day`, or nil when that is not shown.
    public func previous(_ day: LocalDate) -> LocalDate? {
        let month = day.firstOfMonth
        guard month > months.lowerBound, month <= months.upperBound else { return nil }
        return month.adding(months: -1)
    }

    /// The month after the one holding `day`, or nil when that is not shown.
    public func next(_ day: LocalDate) -> LocalDate? {
        let month = day.firstOfMonth
        guard month >= months.lowerBound, month < months.upperBound else { return nil }
        return month.adding(months: 1)
    }

    /// The month holding `day` when shown, else the nearest shown month: where a link to
    /// "the calendar of this period" goes when the period starts before the first month.
    public func clamped(_ day: LocalDate) -> LocalDate {
        min(max(day.firstOfMonth, months.lowerBound), months.upperBound)
    }
}
