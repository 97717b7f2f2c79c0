import TimeZones

/// Which statistics periods (and calendar months, `MonthNavigation`) a member may look at:
/// from the period holding `oldestDay` to the period holding today. `oldestDay` is today
/// minus `PeriodNavigationConstants.yearsBack` calendar years (February 29 clamps to
/// February 28), or the first of the month of the member's earliest data when that is
/// earlier (never before the first day page, 1 January 1900). The ← and → arrows stay on
/// the page at the limits, disabled: `canGoBack(from:)` and `canGoForward(from:)` say when.
public struct PeriodNavigation: Sendable, Hashable {
    public let today: LocalDate
    public let firstWeekday: Weekday
    /// Today minus `yearsBack` years, or the first of the month of `earliestData` when that
    /// is earlier: 2026-11-22 → 2024-11-22; with data from 2016-05-05, 2016-05-01.
    public let oldestDay: LocalDate

    /// - Parameter earliestData: the member's earliest day with an entry, a note or a
    ///   logged habit, if any (a new member has none and keeps the two-year limit).
    public init(today: LocalDate, firstWeekday: Weekday, earliestData: LocalDate? = nil) {
        self.today = today
        self.firstWeekday = firstWeekday
        let yearsBack = today.adding(months: -PeriodConstants.monthsPerYear * PeriodNavigationConstants.yearsBack)
        if let earliestData, earliestData < yearsBack {
            oldestDay = max(earliestData.firstOfMonth, min(DayNavigationConstants.firstDay, yearsBack))
        } else {
            oldestDay = yearsBack
        }
    }

    /// The period holding today.
    public func current(_ granularity: Granularity) -> Period {
        Period(containing: today, granularity: granularity, firstWeekday: firstWeekday)
    }

    /// The period holding `oldestDay`.
    public func oldest(_ granularity: Granularity) -> Period {
        Period(containing: oldestDay, granularity: granularity, firstWeekday: firstWeekday)
    }

    /// True from `oldest` to `current` inclusive, for periods built with this
    /// member's first weekday (a Sunday week is refused when weeks start on Monday).
    public func isAllowed(_ period: Period) -> Bool {
        let granularity = period.granularity
        return period == Period(containing: period.first, granularity: granularity, firstWeekday: firstWeekday)
            && oldest(granularity).first <= period.first && period.first <= current(granularity).first
    }

    /// The period before `period`, or nil when that is not allowed.
    public func previous(from period: Period) -> Period? {
        // Checked first so a period at the very start of time never steps off it.
        guard period.first > oldest(period.granularity).first else { return nil }
        let previous = period.previous
        return isAllowed(previous) ? previous : nil
    }

    /// The period after `period`, or nil when that is not allowed.
    public func next(from period: Period) -> Period? {
        guard period.first < current(period.granularity).first else { return nil }
        let next = period.next
        return isAllowed(next) ? next : nil
    }

    public func canGoBack(from period: Period) -> Bool { previous(from: period) != nil }

    public func canGoForward(from period: Period) -> Bool { next(from: period) != nil }

    /// `period` when allowed; otherwise the nearest allowed period of its granularity
    /// (the oldest for anything earlier, the current one for anything later), as the
    /// page shows when a link outlives its window or the member switches granularity.
    public func clamped(_ period: Period) -> Period {
        let granularity = period.granularity
        if isAllowed(period) { return period }
        if period.first < oldest(granularity).first { return oldest(granularity) }
        if period.first > current(granularity).first { return current(granularity) }
        return Period(containing: period.first, granularity: granularity, firstWeekday: firstWeekday)
    }

    /// The years the year picker lists, oldest first: 2026-11-22 → [2024, 2025, 2026]
    /// (with data from 2016, 2016 to 2026).
    public var reachableYears: [Int] {
        Array(oldestDay.year...today.year)
    }
}
