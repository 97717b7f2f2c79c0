import TimeZones

/// One statistics period: a granularity and its first and last day, both inclusive.
///
/// Weeks start on the member's first weekday: with Monday they are ISO 8601 weeks
/// (`isoWeek`, week 53 included), with Sunday US weeks. Quarters are Q1 (January to
/// March) … Q4. Every value is canonical: it can only be built around a date, so two
/// periods are equal exactly when they cover the same days at the same granularity.
public struct Period: Sendable, Hashable {
    public let granularity: Granularity
    public let first: LocalDate
    public let last: LocalDate

    /// The period of `granularity` holding `date`. `firstWeekday` matters for weeks only.
    public init(containing date: LocalDate, granularity: Granularity, firstWeekday: Weekday) {
        self.granularity = granularity
        switch granularity {
        case .day:
            first = date
            last = date
        case .week:
            first = Period.weekStart(of: date, firstWeekday: firstWeekday)
            last = first.adding(days: PeriodConstants.daysPerWeek - 1)
        case .month:
            first = date.firstOfMonth
            last = first.adding(days: first.daysInMonth - 1)
        case .quarter:
            let monthsIntoQuarter = (date.month - 1) % PeriodConstants.monthsPerQuarter
            first = date.firstOfMonth.adding(months: -monthsIntoQuarter)
            last = first.adding(months: PeriodConstants.monthsPerQuarter).adding(days: -1)
        case .year:
            first = date.firstOfMonth.adding(months: 1 - date.month)
            last = first.adding(months: PeriodConstants.monthsPerYear).adding(days: -1)
        }
    }

    public var dayCount: Int { first.days(to: last) + 1 }

    /// The days of the period up to `today` included: all of them for a period that is
    /// over, none for one still to come. "Active days" are counted out of these, so the
    /// year does not read "294 of 365" in November.
    public func dayCount(through today: LocalDate) -> Int {
        if today >= last { return dayCount }
        if today < first { return 0 }
        return first.days(to: today) + 1
    }

    /// Every day from `first` to `last`, in order.
    public var days: [LocalDate] {
        (0..<dayCount).map { first.adding(days: $0) }
    }

    public func contains(_ date: LocalDate) -> Bool {
        first <= date && date <= last
    }

    /// The period of the same granularity just before. Weeks keep their first weekday.
    public var previous: Period {
        Period(containing: first.adding(days: -1), granularity: granularity, firstWeekday: first.weekday)
    }

    /// The period of the same granularity just after.
    public var next: Period {
        Period(containing: last.adding(days: 1), granularity: granularity, firstWeekday: first.weekday)
    }

    /// 1…4 for a quarter period, nil for the other granularities.
    public var quarter: Int? {
        guard granularity == .quarter else { return nil }
        return (first.month - 1) / PeriodConstants.monthsPerQuarter + 1
    }

    /// The ISO 8601 week-numbering year and week (1…53) of a week starting on
    /// Monday; nil for other weeks (a Sunday week straddles two ISO weeks) and
    /// other granularities.
    public var isoWeek: (year: Int, week: Int)? {
        guard granularity == .week, first.weekday == .monday else { return nil }
        return first.isoWeek
    }

    /// The last `firstWeekday` on or before `date`.
    package static func weekStart(of date: LocalDate, firstWeekday: Weekday) -> LocalDate {
        let daysPerWeek = PeriodConstants.daysPerWeek
        let daysIntoWeek = (date.weekday.isoNumber - firstWeekday.isoNumber + daysPerWeek) % daysPerWeek
        return date.adding(days: -daysIntoWeek)
    }

    /// 52 or 53: December 28 always lies in the year's last ISO week.
    static func isoWeekCount(inYear year: Int) -> Int {
        LocalDate(year: year, month: 12, day: 28)!.isoWeek.week
    }

    /// The Monday of ISO week `week` of `year`: week 1 holds January 4.
    static func mondayOfISOWeek(_ week: Int, year: Int) -> LocalDate {
        let january4 = LocalDate(year: year, month: 1, day: 4)!
        return weekStart(of: january4, firstWeekday: .monday).adding(days: (week - 1) * PeriodConstants.daysPerWeek)
    }
}
