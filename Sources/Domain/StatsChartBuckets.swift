import TimeZones

/// The bars of a period's chart on `/stats`: Day — 24 hours of the day timeline; Week
/// and Month — one per day; Quarter — one per week (weeks starting on the member's
/// first weekday that meet the quarter); Year — one per month. Every bar is present,
/// empty ones at zero, in time order.
public enum StatsChartBuckets {
    /// A logged habit instance, as the day timeline stores it: `startMinute` counts
    /// from the member's day-start hour (0..<1440).
    public typealias Instance = (day: LocalDate, startMinute: Int, durationMinutes: Int)

    /// A day's logs and their minutes: all the bars of a Week, Month, Quarter or Year need.
    public typealias DayTotal = (day: LocalDate, count: Int, minutes: Int)

    /// Instances outside the period are left out: a Quarter chart's first and last
    /// weeks count only their days inside the quarter. A Day chart places an instance
    /// wholly in the hour it starts; one whose start lies off the timeline is left out.
    /// Negative durations count as 0 minutes.
    ///
    /// - Parameter dayStartHour: the member's day-start hour (0…6, clamped as
    ///   `TimelineSlots` does); the Day chart's first bar is that wall-clock hour.
    public static func buckets(
        for period: Period, firstWeekday: Weekday, dayStartHour: Int = 0, instances: [Instance]
    ) -> [StatsChartBucket] {
        buckets(for: period, firstWeekday: firstWeekday, dayStartHour: dayStartHour,
                logs: instances.map { (day: $0.day, startMinute: $0.startMinute, count: 1, minutes: $0.durationMinutes) })
    }

    /// The same bars from each day's totals, for any granularity but Day (whose bars need
    /// each log's start; there a day's totals count in no bar).
    public static func buckets(for period: Period, firstWeekday: Weekday, days: [DayTotal]) -> [StatsChartBucket] {
        buckets(for: period, firstWeekday: firstWeekday, dayStartHour: 0,
                logs: days.map { (day: $0.day, startMinute: -1, count: $0.count, minutes: $0.minutes) })
    }

    /// Logs counted together: `count` logs of `minutes` in all, starting at `startMinute`
    /// (-1: unknown, for totals).
    private typealias Logs = (day: LocalDate, startMinute: Int, count: Int, minutes: Int)

    private static func buckets(for period: Period, firstWeekday: Weekday, dayStartHour: Int, logs: [Logs]) -> [StatsChartBucket] {
        let minutesPerHour = StatsChartConstants.minutesPerHour
        let daysPerWeek = PeriodConstants.daysPerWeek
        let keys: [StatsChartBucket.Key]
        let index: (Logs) -> Int?
        switch period.granularity {
        case .day:
            let startHour = TimelineSlots(dayStartHour: dayStartHour).dayStartHour
            let hours = StatsChartConstants.hoursPerDay
            keys = (0..<hours).map { .hour((startHour + $0) % hours) }
            index = { instance in
                guard (0..<TimelineConstants.dayMinutes).contains(instance.startMinute) else { return nil }
                return instance.startMinute / minutesPerHour
            }
        case .week, .month:
            keys = period.days.map { .day($0) }
            index = { period.first.days(to: $0.day) }
        case .quarter:
            let firstWeek = Period.weekStart(of: period.first, firstWeekday: firstWeekday)
            let lastWeek = Period.weekStart(of: period.last, firstWeekday: firstWeekday)
            keys = stride(from: 0, through: firstWeek.days(to: lastWeek), by: daysPerWeek).map {
                .week(startingOn: firstWeek.adding(days: $0))
            }
            index = { firstWeek.days(to: $0.day) / daysPerWeek }
        case .year:
            keys = (0..<PeriodConstants.monthsPerYear).map { .month(period.first.adding(months: $0)) }
            index = { $0.day.month - 1 }
        }
        var counts = Array(repeating: 0, count: keys.count)
        var minutes = Array(repeating: 0, count: keys.count)
        for logged in logs where period.contains(logged.day) {
            guard let position = index(logged) else { continue }
            counts[position] += logged.count
            minutes[position] += max(0, logged.minutes)
        }
        return keys.indices.map { StatsChartBucket(key: keys[$0], count: counts[$0], minutes: minutes[$0]) }
    }
}
