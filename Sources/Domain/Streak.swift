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

    /// `activeDates` in any order, duplicates allowed. `skipped`: member days that never
    /// happened in the member's zone (`MemberDay.skippedDates`); a run goes on across them
    /// without counting them (even were something written on one), since nobody could be
    /// active on a day they never lived.
    ///
    /// This reads the whole history; pages count from runs instead (`init(runs:…)`, the
    /// same figures), and this stays the plain statement of the rule the tests hold them to.
    public init(activeDates: some Sequence<LocalDate>, today: LocalDate, skipping skipped: Set<LocalDate> = []) {
        let lived = LivedDays(skipped)
        let last = lived.number(today)
        let days = Set(activeDates.lazy.filter { $0 <= today && !skipped.contains($0) }.map(lived.number))
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
    public static func current(activeDates: Set<LocalDate>, today: LocalDate, skipping skipped: Set<LocalDate> = []) -> Int {
        let lived = LivedDays(skipped)
        return current(days: Set(activeDates.lazy.filter { $0 <= today && !skipped.contains($0) }.map(lived.number)),
                       today: lived.number(today))
    }

    init(current: Int, best: Int) {
        self.current = current
        self.best = best
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

    /// Numbers the days the member lived consecutively: a skipped day takes no number
    /// (it shares the next day's), so the days either side of it are neighbours.
    private struct LivedDays {
        let skipped: [Int]

        init(_ skipped: Set<LocalDate>) {
            self.skipped = skipped.map(\.daysSince1970).sorted()
        }

        func number(_ date: LocalDate) -> Int {
            let day = date.daysSince1970
            guard !skipped.isEmpty else { return day }
            return day - skipped.count { $0 < day }
        }
    }
}
