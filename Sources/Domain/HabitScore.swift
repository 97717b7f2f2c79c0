import Glibc  // log
import TimeZones

/// A habit's strength, Loop Habit Tracker's score: exponential smoothing over the
/// habit's units, from `firstDay` (the habit's start) to `today`.
///
/// Each unit moves the score s (0…1) with the schedule's multiplier m (`scoreMultiplier`,
/// m = 0.5^(√f / 13)): s ← s·m + v·(1 − m), with v the unit's value:
/// - a day unit (daily, weekdays): 1 when done, else 0;
/// - a week or month unit: min(1, done days / required), required being min(N, its days
///   that are not bridged and not before `firstDay`), so a habit done 2 of 3 times every
///   week tends to 2/3, as in Loop.
/// A bridged day, a fully bridged week or month, and the days before `firstDay` are no
/// unit: they leave the score unchanged, as Loop's skips do. The current unit (today, this
/// week, this month) moves the score once it is met and never before it is over, the grace
/// the streak gives: until today is done the score shown is yesterday's.
///
/// How it relates to Loop: for a daily habit every finished day gives exactly Loop's
/// figure (same multiplier, same step, skips unchanged); Loop would lower today's score
/// by m before today is checked, we wait. Loop has no weekday schedule, and steps a week or
/// month habit once a day over a rolling window of twice its interval (so done days on
/// different weekdays still score 100 %); we step once per calendar week or month with the
/// decay Loop's habit of the same frequency has over that time (`scoreFrequency`), so a
/// habit met every week or month climbs and falls at Loop's pace, but a week's value is
/// fixed by that week alone.
public struct HabitScore: Sendable, Hashable {
    /// 0…1.
    public let value: Double

    /// 0–100 with one decimal (half away from zero), as `/api/stats`'s "score".
    public var percent: Double {
        (value * 1_000).rounded() / 10
    }

    /// `doneDays` and `bridged` as `HabitStreak` takes them. Before `firstDay`, and when
    /// `firstDay` is after `today`, nothing counts: the score starts at 0.
    public init(schedule: HabitSchedule, doneDays: some Sequence<LocalDate>, bridged: BridgedRanges,
                firstWeekday: Weekday, firstDay: LocalDate, today: LocalDate) {
        guard schedule.hasUnits, firstDay <= today else {
            value = 0
            return
        }
        let start = firstDay.daysSince1970
        let end = today.daysSince1970
        if let weekdays = schedule.dayUnitWeekdays {
            value = Self.dayUnits(weekdays: weekdays, multiplier: schedule.scoreMultiplier, doneDays: doneDays,
                                  bridged: bridged, days: start...end)
            return
        }
        // The first unit's days before `firstDay` are bridged, so they ask for nothing.
        let firstSpan = HabitUnits(schedule: schedule, bridged: .none, firstWeekday: firstWeekday, history: start...start)
            .span(containing: start)
        let beforeStart = firstSpan.lowerBound < start ? [firstSpan.lowerBound...(start - 1)] : []
        let units = HabitUnits(schedule: schedule, bridged: bridged.union(BridgedRanges(ranges: beforeStart)),
                               firstWeekday: firstWeekday, history: firstSpan.lowerBound...end)
        let done = units.doneUnits(doneDays.lazy.filter { $0 >= firstDay }, today: today)
        let multiplier = schedule.scoreMultiplier
        var score = 0.0
        var next = 0
        var span = units.isUnit(firstSpan) ? firstSpan : units.unit(after: firstSpan)
        while span.lowerBound <= end {
            var count = 0
            while next < done.count, done[next].span.lowerBound <= span.lowerBound {
                if done[next].span == span { count = done[next].done }
                next += 1
            }
            let required = units.required(span)
            let isCurrent = span.upperBound >= end
            if !isCurrent || count >= required {
                let completed = min(1, Double(count) / Double(required))
                score = score * multiplier + completed * (1 - multiplier)
            }
            span = units.unit(after: span)
        }
        value = score
    }
}

extension HabitScore {
    /// The same steps as the general walk for a habit whose units are days (daily, chosen
    /// weekdays), day by day without building spans: a day is a unit when it is scheduled
    /// and not bridged; a unit steps the score with 1 when done, 0 when not, except today,
    /// which steps only once done. `weekdays[i]`: whether ISO weekday i + 1 is scheduled.
    static func dayUnits(weekdays: [Bool], multiplier: Double, doneDays: some Sequence<LocalDate>,
                         bridged: BridgedRanges, days: ClosedRange<Int>) -> Double {
        let done = Set(doneDays.lazy.map(\.daysSince1970).filter(days.contains))
        let bridges = bridged.clamped(to: days)
        var score = 0.0
        var day = days.lowerBound
        while day <= days.upperBound {
            if let range = bridges.range(containing: day) {
                day = range.upperBound + 1
                continue
            }
            // Day 0, 1970-01-01, was a Thursday (ISO weekday 4).
            if weekdays[((day % 7) + 7 + 3) % 7] {
                let completed: Double = done.contains(day) ? 1 : 0
                if day < days.upperBound || completed == 1 {
                    score = score * multiplier + completed * (1 - multiplier)
                }
            }
            day += 1
        }
        return score
    }

    /// How much everything before a score's window may still weigh in it (of 1; 0.005 of
    /// the 0–100 figure).
    public static let windowTolerance = 0.000_05

    /// The first day a score needs to read for `today`, so that it is within
    /// `windowTolerance` of the score over the whole history: each unit multiplies the weight
    /// of what came before by m (`scoreMultiplier`), so after n units it weighs at most mⁿ.
    /// Bridged days take no step, so the window reaches back past them. Never before
    /// `firstDay`. The cost of a score then follows the schedule, not the years behind it.
    public static func windowStart(schedule: HabitSchedule, bridged: BridgedRanges, firstDay: LocalDate,
                                   today: LocalDate) -> LocalDate {
        let multiplier = schedule.scoreMultiplier
        guard multiplier > 0, multiplier < 1 else { return firstDay }
        let units = (log(windowTolerance) / log(multiplier)).rounded(.up)
        // Days per unit, at most: a weekday habit's units lie up to a week apart.
        let daysPerUnit: Double = switch schedule {
        case .daily: 1
        case .weekdays(let days): Double(PeriodConstants.daysPerWeek) / Double(max(days.count, 1))
        case .perWeek: Double(PeriodConstants.daysPerWeek)
        case .perMonth: 31
        }
        // One unit more, for the unit the window starts in.
        let steps = Int((units + 1) * daysPerUnit) + PeriodConstants.daysPerWeek
        var start = max(firstDay, today.adding(days: -steps))
        while start > firstDay {
            let needed = today.adding(days: -(steps + bridged.count(in: start...today)))
            guard needed < start else { break }
            start = max(firstDay, needed)
        }
        return start
    }
}
