import TimeZones

/// The units a habit's streak and score count, as spans of day numbers
/// (`LocalDate.daysSince1970`): single days for daily and weekday habits, weeks starting
/// on `firstWeekday` for N a week, calendar months for N a month.
///
/// A span is a unit unless it neither counts nor breaks: a day that is bridged or not
/// scheduled, a week or month whose days are all bridged. Stepping to the next or previous
/// unit jumps over a bridged range at once, so a long vacation or pause costs one look-up.
struct HabitUnits {
    let schedule: HabitSchedule
    let bridges: BridgedRanges
    let firstWeekday: Weekday

    /// More days than any unit holds: bridges cut this far beyond the history read leave
    /// every unit the same.
    static let margin = 62

    /// `bridged` is cut to `history` ± `margin` (see `BridgedRanges.clamped`).
    init(schedule: HabitSchedule, bridged: BridgedRanges, firstWeekday: Weekday, history: ClosedRange<Int>) {
        self.schedule = schedule
        bridges = bridged.clamped(to: (history.lowerBound - HabitUnits.margin)...(history.upperBound + HabitUnits.margin))
        self.firstWeekday = firstWeekday
    }

    /// The span of day number `day`'s day, week or month.
    func span(containing day: Int) -> ClosedRange<Int> {
        switch schedule {
        case .daily, .weekdays:
            return day...day
        case .perWeek:
            let start = Period.weekStart(of: LocalDate(daysSince1970: day), firstWeekday: firstWeekday).daysSince1970
            return start...(start + PeriodConstants.daysPerWeek - 1)
        case .perMonth:
            let first = LocalDate(daysSince1970: day).firstOfMonth
            return first.daysSince1970...(first.daysSince1970 + first.daysInMonth - 1)
        }
    }

    /// Whether `span` counts or breaks (see the type's comment).
    func isUnit(_ span: ClosedRange<Int>) -> Bool {
        switch schedule {
        case .daily, .weekdays:
            return bridges.range(containing: span.lowerBound) == nil
                && schedule.isScheduled(LocalDate(daysSince1970: span.lowerBound))
        case .perWeek, .perMonth:
            return bridges.count(in: span) < span.count
        }
    }

    /// The days of unit `span` a week or month habit can be done on: min(N, its days
    /// that are not bridged); 1 for a day unit.
    func required(_ span: ClosedRange<Int>) -> Int {
        switch schedule {
        case .daily, .weekdays: 1
        case .perWeek, .perMonth: min(schedule.requiredTimes, span.count - bridges.count(in: span))
        }
    }

    /// The first unit after `span`. Precondition: `schedule.hasUnits` (else none exists).
    func unit(after span: ClosedRange<Int>) -> ClosedRange<Int> {
        var next = self.span(containing: span.upperBound + 1)
        while !isUnit(next) {
            let end = bridges.range(containing: next.lowerBound).map { max($0.upperBound, next.upperBound) } ?? next.upperBound
            next = self.span(containing: end + 1)
        }
        return next
    }

    /// The last unit before `span`. Precondition: `schedule.hasUnits`.
    func unit(before span: ClosedRange<Int>) -> ClosedRange<Int> {
        var previous = self.span(containing: span.lowerBound - 1)
        while !isUnit(previous) {
            let start = bridges.range(containing: previous.upperBound).map { min($0.lowerBound, previous.lowerBound) } ?? previous.lowerBound
            previous = self.span(containing: start - 1)
        }
        return previous
    }

    /// The units holding `doneDays` up to `today`, in order, each with how many of its
    /// done days count (scheduled, not bridged, on or before `today`, each day once).
    func doneUnits(_ doneDays: some Sequence<LocalDate>, today: LocalDate) -> [(span: ClosedRange<Int>, done: Int)] {
        let days = Set(doneDays.lazy.filter { $0 <= today && self.schedule.isScheduled($0) }.map(\.daysSince1970))
            .filter { self.bridges.range(containing: $0) == nil }
            .sorted()
        var units: [(span: ClosedRange<Int>, done: Int)] = []
        for day in days {
            if let current = units.last, current.span.contains(day) {
                units[units.count - 1].done += 1
            } else {
                units.append((span(containing: day), 1))
            }
        }
        return units
    }
}
