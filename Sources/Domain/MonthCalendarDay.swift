import TimeZones

/// One cell of the month calendar. The flags are facts about the
/// date; the view composes them: disabled at `MonthCalendarConstants.disabledOpacity`,
/// highlighted (active) with the dot, filled when it has an entry, ringed when
/// selected, today marked, a vacation day in its own dashed ring.
public struct MonthCalendarDay: Sendable, Hashable {
    public let date: LocalDate
    /// A leading or trailing day of the neighbouring month.
    public let isOutsideMonth: Bool
    public let isToday: Bool
    /// After today. Future days are not disabled: their day pages exist (see `isDisabled`).
    public let isFuture: Bool
    public let isSelected: Bool
    /// Active: a habit logged or a note written that day.
    public let isHighlighted: Bool
    public let hasEntry: Bool
    /// Within one of the member's vacations: it neither counts nor breaks a streak.
    public let isOnVacation: Bool
    /// Shown faded and not a link: outside the month, or a day with no day page
    /// (outside `DayNavigation.range(today:)`).
    public let isDisabled: Bool

    init(
        date: LocalDate, isOutsideMonth: Bool, isToday: Bool, isFuture: Bool,
        isSelected: Bool, isHighlighted: Bool, hasEntry: Bool, isOnVacation: Bool, isDisabled: Bool
    ) {
        self.date = date
        self.isOutsideMonth = isOutsideMonth
        self.isToday = isToday
        self.isFuture = isFuture
        self.isSelected = isSelected
        self.isHighlighted = isHighlighted
        self.hasEntry = hasEntry
        self.isOnVacation = isOnVacation
        self.isDisabled = isDisabled
    }
}
