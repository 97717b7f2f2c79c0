import Domain
import Store
import TimeZones

/// A habit's streak in its own units and its strength as of a day: what the statistics,
/// `/api/stats`, the day page's pills and the habit's page show.
package struct HabitProgress: Sendable, Equatable {
    package let current: Int
    package let best: Int
    package let unit: StreakUnit
    /// Loop Habit Tracker's score, 0…1 (`HabitScore`).
    package let score: Double

    /// The habit's bridged days: the member's (`memberBridged`: days their zone skipped,
    /// vacations), the habit's skips, and its pause from the day it began.
    package static func bridged(_ connection: Connection, habit: Habits.Habit, memberBridged: BridgedRanges,
                                today: LocalDate) throws -> BridgedRanges {
        let skips = try connection.query("SELECT day FROM habit_skips WHERE habit_id = ?", [.integer(habit.id)])
            .compactMap { LocalDate(iso: $0.string(0)) }
        let pause = habit.pausedFrom.map { [$0...max($0, today)] } ?? []
        return memberBridged.union(BridgedRanges(days: skips, ranges: pause))
    }

    /// Just the current streak, in the habit's units (the day page's pills). A daily
    /// habit's comes from its runs (a lookup or two, `Streak.current(runs:)`: its best run,
    /// which needs the longest runs too, is not asked for); another schedule's from its done
    /// days (`HabitStreak`, the whole habit's history), kept in memory until the habit's
    /// days change (`HabitProgressCache`).
    package static func currentStreak(_ connection: Connection, habit: Habits.Habit, schedule: HabitSchedule,
                                      bridged: BridgedRanges, firstWeekday: Weekday, today: LocalDate)
        throws -> (current: Int, unit: StreakUnit) {
        let (schedule, bridged) = try ruled(connection, habit: habit, schedule: schedule, bridged: bridged, today: today)
        if schedule == .daily {
            return (try MemberActivity.habitCurrentStreak(connection, habit: habit.id, today: today, bridging: bridged), .day)
        }
        let key = try HabitProgressCache.key(connection, habit: habit.id, schedule: schedule, firstWeekday: firstWeekday,
                                             today: today, bridged: bridged)
        let streak = try streak(connection, habit: habit, schedule: schedule, bridged: bridged, firstWeekday: firstWeekday,
                                today: today, key: key)
        return (streak.current, streak.unit)
    }

    private static func streak(_ connection: Connection, habit: Habits.Habit, schedule: HabitSchedule,
                               bridged: BridgedRanges, firstWeekday: Weekday, today: LocalDate,
                               key: HabitProgressCache.Key?) throws -> (current: Int, best: Int, unit: StreakUnit) {
        if schedule == .daily {
            let streak = try HabitProgressCache.dailyStreak(key) {
                try MemberActivity.habitStreak(connection, habit: habit.id, today: today, bridging: bridged)
            }
            return (streak.current, streak.best, .day)
        }
        let streak = try HabitProgressCache.streak(key) {
            HabitStreak(schedule: schedule, doneDays: try doneDays(connection, habit: habit.id, from: nil), bridged: bridged,
                        firstWeekday: firstWeekday, today: today)
        }
        return (streak.current, streak.best, streak.unit)
    }

    /// The streak and the score; the score reads only its window (`HabitScore.windowStart`)
    /// and is kept in memory until the habit's days change (`HabitProgressCache`).
    package init(_ connection: Connection, habit: Habits.Habit, memberBridged: BridgedRanges, firstWeekday: Weekday,
                 today: LocalDate) throws {
        let (schedule, bridged) = try Self.ruled(connection, habit: habit, schedule: habit.schedule,
                                                 bridged: try Self.bridged(connection, habit: habit, memberBridged: memberBridged,
                                                                           today: today),
                                                 today: today)
        let key = try HabitProgressCache.key(connection, habit: habit.id, schedule: schedule, firstWeekday: firstWeekday,
                                             today: today, bridged: bridged)
        (current, best, unit) = try Self.streak(connection, habit: habit, schedule: schedule, bridged: bridged,
                                                firstWeekday: firstWeekday, today: today, key: key)
        score = try HabitProgressCache.score(key) {
            // The score starts on the habit's first logged day.
            guard let first = try connection.queryOne("SELECT min(day) FROM habit_days WHERE habit_id = ?",
                                                      [.integer(habit.id)])?
                .optionalString(0).flatMap({ LocalDate(iso: $0) }), first <= today else { return 0 }
            let start = HabitScore.windowStart(schedule: schedule, bridged: bridged, firstDay: first, today: today)
            return HabitScore(schedule: schedule, doneDays: try Self.doneDays(connection, habit: habit.id, from: start),
                              bridged: bridged, firstWeekday: firstWeekday, firstDay: start, today: today).value
        }
    }

    /// The schedule and bridged days the habit's units are counted with. A habit whose day
    /// schedule changed (daily, chosen weekdays: `pastRules`) counts every day that was
    /// scheduled under the rule in force on it: its units are those of a daily habit, with
    /// the days that rule did not schedule bridged (neither counting nor breaking), from its
    /// first logged day to today. Any other habit keeps its schedule; a change between day,
    /// week and month units counts the whole history in the current units.
    private static func ruled(_ connection: Connection, habit: Habits.Habit, schedule: HabitSchedule,
                              bridged: BridgedRanges, today: LocalDate) throws -> (HabitSchedule, BridgedRanges) {
        let schedules = habit.pastRules.map(\.schedule) + [schedule]
        guard schedules.contains(where: { $0 != schedule }), schedules.allSatisfy({ $0.streakUnit == .day }),
              let first = try connection.queryOne("SELECT min(day) FROM habit_days WHERE habit_id = ?", [.integer(habit.id)])?
                .optionalString(0).flatMap({ LocalDate(iso: $0) }), first <= today
        else { return (schedule, bridged) }
        var unscheduled: [LocalDate] = []
        var day = first
        while day <= today {
            let rule = habit.pastRules.first(where: { day < $0.until })?.schedule ?? schedule
            if !rule.isScheduled(day) { unscheduled.append(day) }
            day = day.adding(days: 1)
        }
        return (.daily, bridged.union(BridgedRanges(days: unscheduled, ranges: [])))
    }

    /// The days the habit was done (`habit_days.done`), from `from` on.
    private static func doneDays(_ connection: Connection, habit id: Int64, from: LocalDate?) throws -> [LocalDate] {
        try connection.query("SELECT day FROM habit_days WHERE habit_id = ? AND day >= ? AND done = 1",
                             [.integer(id), .text(from?.description ?? "")])
            .compactMap { LocalDate(iso: $0.string(0)) }
    }
}
