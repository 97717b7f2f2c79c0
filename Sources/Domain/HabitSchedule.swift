import Glibc  // pow, as Loop Habit Tracker uses it
import TimeZones

/// When a habit is meant to be done, and so what its streak and score count.
///
/// Build one from a form or the JSON with the throwing factories in
/// `HabitSchedule+Parsing.swift`: they never build an empty weekday set or a count out of
/// range. A value built directly with one is read safely: an empty weekday set schedules
/// no day (no unit: streak and score stay 0), and a count is clamped into its range.
public enum HabitSchedule: Sendable, Hashable {
    /// Every day: each day is a unit.
    case daily
    /// Chosen weekdays (e.g. Mon/Wed/Fri): each such day is a unit; the others neither
    /// count nor break.
    case weekdays(Set<Weekday>)
    /// N times a week (1…7): each week, starting on the member's first weekday, is a unit.
    case perWeek(Int)
    /// N times a month (1…31): each calendar month is a unit.
    case perMonth(Int)

    /// "day" for daily and weekday habits, "week", "month".
    public var streakUnit: StreakUnit {
        switch self {
        case .daily, .weekdays: .day
        case .perWeek: .week
        case .perMonth: .month
        }
    }

    /// Whether `day` can be a unit: its weekday for a weekday schedule, every day otherwise
    /// (a week or month habit may be done on any day of its unit).
    /// For a habit whose units are days, whether each ISO weekday (index 0 Monday … 6
    /// Sunday) is scheduled; nil for week and month habits.
    var dayUnitWeekdays: [Bool]? {
        switch self {
        case .daily: Array(repeating: true, count: PeriodConstants.daysPerWeek)
        case .weekdays(let days): Weekday.allCases.map(days.contains)
        case .perWeek, .perMonth: nil
        }
    }

    public func isScheduled(_ day: LocalDate) -> Bool {
        switch self {
        case .daily, .perWeek, .perMonth: true
        case .weekdays(let days): days.contains(day.weekday)
        }
    }

    /// The `f` of the score's multiplier m = 0.5^(√f / 13), for one step per unit.
    ///
    /// Our reading of "f the schedule's frequency in days": Loop Habit Tracker steps once
    /// a day with m_day = 0.5^(√φ / 13), φ being its frequency in repetitions per day (1 for
    /// daily, 3/7 for three times a week, N/30 for N times a month). We step once per
    /// unit of L days instead, with the decay Loop's habit of the same frequency has over
    /// those L days: m = m_day^L = 0.5^(L√φ / 13) = 0.5^(√f / 13) with f = L²φ. So
    /// - every day: L = 1, φ = 1, f = 1 (exactly Loop's daily habit);
    /// - k chosen weekdays: L = 7/k days between units on average, φ = k/7, f = 7/k
    ///   (all seven weekdays: f = 1, the daily habit);
    /// - N times a week: L = 7, φ = N/7, f = 7N;
    /// - N times a month: L = 30 (Loop's month), φ = N/30, f = 30N.
    /// An empty weekday set has no unit; it reads as one day a week (f = 7) here.
    public var scoreFrequency: Double {
        switch self {
        case .daily: 1
        case .weekdays(let days): Double(PeriodConstants.daysPerWeek) / Double(max(days.count, 1))
        case .perWeek: Double(PeriodConstants.daysPerWeek * requiredTimes)
        case .perMonth: HabitScheduleConstants.scoreDaysPerMonth * Double(requiredTimes)
        }
    }

    /// The score's multiplier per unit, 0.5^(√f / 13).
    public var scoreMultiplier: Double {
        pow(0.5, scoreFrequency.squareRoot() / HabitScheduleConstants.scoreHalfLifeDivisor)
    }

    /// The times a week or month asked for, clamped into its range; 1 for day units.
    var requiredTimes: Int {
        switch self {
        case .daily, .weekdays: 1
        case .perWeek(let times): min(max(times, HabitScheduleConstants.timesPerWeek.lowerBound),
                                      HabitScheduleConstants.timesPerWeek.upperBound)
        case .perMonth(let times): min(max(times, HabitScheduleConstants.timesPerMonth.lowerBound),
                                       HabitScheduleConstants.timesPerMonth.upperBound)
        }
    }

    /// Whether any day at all is scheduled (only an empty weekday set has none).
    var hasUnits: Bool {
        if case .weekdays(let days) = self { return !days.isEmpty }
        return true
    }
}
