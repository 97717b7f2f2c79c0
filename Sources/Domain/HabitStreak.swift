import TimeZones

/// A habit's current and best streak in its own units (`HabitSchedule.streakUnit`): the
/// reference rule, reading the whole history once (O(history · log bridged ranges)).
///
/// - Daily and weekday habits: the units are the scheduled days. A bridged scheduled day
///   and an unscheduled day are no unit: they neither count nor break. Today not yet done
///   does not break: the current streak is the run ending at the last unit before today,
///   plus today once done. With every weekday chosen this is exactly the daily habit, and
///   a daily habit without bridges is exactly `Streak(activeDates:today:)`.
/// - N times a week (weeks start on `firstWeekday`) and N times a month: a unit counts
///   when its done days reach min(N, its days that are not bridged); a unit whose days are
///   all bridged is no unit. The current week or month counts once met and never breaks
///   before it is over: until then the streak is the run ending at the unit before.
/// - Done days count only when scheduled, not bridged and on or before `today`: a day
///   done ahead, or on a vacation, counts for nothing (as `Streak` ignores skipped days).
///   Each day counts once, so a week habit's N are N different days.
/// - The first week of a habit created mid-week still asks for min(N, 7 − bridged) days;
///   a caller who wants it to ask less passes the days before the habit's start as bridged.
public struct HabitStreak: Sendable, Hashable {
    public let current: Int
    /// The longest run of counted units up to today; never less than `current`.
    public let best: Int
    public let unit: StreakUnit

    /// `doneDays`: the days the habit was done (the caller applies the target rule,
    /// `habit_days.done`, `HabitCheckOff.Target.isMet`), any order, duplicates allowed. `bridged`: the habit's
    /// skips, the member's vacations, the days from a pause on, the zone's skipped days.
    public init(schedule: HabitSchedule, doneDays: some Sequence<LocalDate>, bridged: BridgedRanges,
                firstWeekday: Weekday, today: LocalDate) {
        unit = schedule.streakUnit
        let history = doneDays.filter { $0 <= today }
        guard schedule.hasUnits, let earliest = history.min() else {
            current = 0
            best = 0
            return
        }
        let units = HabitUnits(schedule: schedule, bridged: bridged, firstWeekday: firstWeekday,
                               history: earliest.daysSince1970...today.daysSince1970)
        var best = 0
        var run = 0
        var last: ClosedRange<Int>?
        for (span, done) in units.doneUnits(history, today: today) where done >= units.required(span) {
            run = last.map { units.unit(after: $0) == span } == true ? run + 1 : 1
            best = max(best, run)
            last = span
        }
        // The run ends at the unit holding today when it is met, else at the unit before.
        let todays = units.span(containing: today.daysSince1970)
        if let last, last == todays || last == units.unit(before: todays) {
            current = run
        } else {
            current = 0
        }
        self.best = max(best, current)
    }
}
