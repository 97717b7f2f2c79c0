import TimeZones

/// Runs of consecutive active days (a habit logged or a note written).
///
/// `current` is the run ending yesterday, plus today once today is active,
/// so an evening without activity yet does not break the streak shown in
/// the morning. Dates after today (someone wrote ahead) count for neither.
public struct Streak: Sendable, Hashable {
    public let current: Int
    /// The longest run up to today; never less than `current`.
    public let best: Int

    /// `activeDates` in any order, duplicates allowed.
    public init(activeDates: some Sequence<LocalDate>, today: LocalDate) {
        let last = today.daysSince1970
        let days = Set(activeDates.lazy.map(\.daysSince1970).filter { $0 <= last })
        current = Streak.current(days: days, today: last)
        var best = 0
        var run = 0
        var previous: Int?
        for day in days.sorted() {
            run = previous == day - 1 ? run + 1 : 1
            best = max(best, run)
            previous = day
        }
        self.best = best
    }

    /// Just the current run, without sorting the history for `best`.
    public static func current(activeDates: Set<LocalDate>, today: LocalDate) -> Int {
        current(days: Set(activeDates.map(\.daysSince1970)), today: today.daysSince1970)
    }

    private static func current(days: Set<Int>, today: Int) -> Int {
        var run = 0
        var day = today - 1
        while days.contains(day) {
            run += 1
            day -= 1
        }
        return days.contains(today) ? run + 1 : run
    }
}
