import TimeZones

/// The timeline row's header: "3 Days Streak • 12 Active days • 8 Entries".
public struct ActivitySummary: Sendable, Hashable {
    /// Active dates within the window.
    public let activeDays: Int
    /// Dates with a journal entry within the window.
    public let entries: Int
    /// `Streak.current` as of the window's today.
    public let streak: Int

    /// `activeDates` must reach back to the start of the current streak (pass
    /// the whole history): the streak may be longer than the window.
    public init(window: DayWindow, activeDates: Set<LocalDate>, entryDates: Set<LocalDate>) {
        activeDays = window.dates.count { activeDates.contains($0) }
        entries = window.dates.count { entryDates.contains($0) }
        streak = Streak.current(activeDates: activeDates, today: window.today)
    }
}
