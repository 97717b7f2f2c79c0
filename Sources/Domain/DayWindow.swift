import TimeZones

/// The dates of the timeline row: `DayWindowConstants.pastDays` days before
/// today, today, and `DayWindowConstants.futureDays` days after it.
public struct DayWindow: Sendable, Hashable {
    public let today: LocalDate
    /// Oldest first; `DayWindowConstants.dayCount` consecutive dates.
    public let dates: [LocalDate]

    /// Precondition: today is not within a month of `LocalDate.supportedDays`' ends.
    public init(today: LocalDate) {
        self.today = today
        dates = (-DayWindowConstants.pastDays...DayWindowConstants.futureDays).map { today.adding(days: $0) }
    }

    /// First through last date of the window.
    public var range: ClosedRange<LocalDate> {
        dates[0]...dates[dates.count - 1]
    }

    public func contains(_ date: LocalDate) -> Bool {
        range.contains(date)
    }

    /// The date's position in `dates`, for scrolling the selected day into view.
    public func index(of date: LocalDate) -> Int? {
        contains(date) ? dates[0].days(to: date) : nil
    }
}
