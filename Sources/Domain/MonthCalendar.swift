import TimeZones

/// The month calendar of `/calendar/YYYY-MM`: whole weeks of 7 days from
/// the member's first weekday, covering the month, with the neighbouring months'
/// leading and trailing days flagged `isOutsideMonth` (and disabled). As many weeks as
/// the month needs: 4, 5 or 6.
public struct MonthCalendar: Sendable, Hashable {
    /// The first day of the month shown.
    public let month: LocalDate
    public let firstWeekday: Weekday
    /// The header: seven weekdays from `firstWeekday`.
    public let weekdayOrder: [Weekday]
    /// Each week is 7 days, `firstWeekday` first.
    public let weeks: [[MonthCalendarDay]]

    /// - Parameters:
    ///   - month: any day of the month to show.
    ///   - selected: the day ringed, if any.
    ///   - highlighted: the active days.
    ///   - entries: the days with a journal entry.
    ///   - vacations: the days within the member's vacations.
    public init(
        month: LocalDate, firstWeekday: Weekday, today: LocalDate, selected: LocalDate? = nil,
        highlighted: Set<LocalDate> = [], entries: Set<LocalDate> = [], vacations: Set<LocalDate> = []
    ) {
        let monthPeriod = Period(containing: month, granularity: .month, firstWeekday: firstWeekday)
        let start = Period(containing: monthPeriod.first, granularity: .week, firstWeekday: firstWeekday).first
        let end = Period(containing: monthPeriod.last, granularity: .week, firstWeekday: firstWeekday).last
        let daysPerWeek = PeriodConstants.daysPerWeek
        let dayPages = DayNavigation.range(today: today)

        let days = (0...start.days(to: end)).map { offset -> MonthCalendarDay in
            let date = start.adding(days: offset)
            let isOutsideMonth = !monthPeriod.contains(date)
            return MonthCalendarDay(
                date: date,
                isOutsideMonth: isOutsideMonth,
                isToday: date == today,
                isFuture: date > today,
                isSelected: date == selected,
                isHighlighted: highlighted.contains(date),
                hasEntry: entries.contains(date),
                isOnVacation: vacations.contains(date),
                isDisabled: isOutsideMonth || !dayPages.contains(date)
            )
        }
        self.month = monthPeriod.first
        self.firstWeekday = firstWeekday
        self.weekdayOrder = MonthCalendar.weekdayOrder(firstWeekday: firstWeekday)
        self.weeks = stride(from: 0, to: days.count, by: daysPerWeek).map { Array(days[$0..<$0 + daysPerWeek]) }
    }

    /// Seven weekdays starting at `firstWeekday`: Sunday → Sunday, Monday, … Saturday.
    public static func weekdayOrder(firstWeekday: Weekday) -> [Weekday] {
        let daysPerWeek = PeriodConstants.daysPerWeek
        return (0..<daysPerWeek).map { Weekday(isoNumber: (firstWeekday.isoNumber - 1 + $0) % daysPerWeek + 1)! }
    }
}
