import Domain
import Locks
import Store
import TimeZones

/// The streaks of habits that are not daily, kept in memory while nothing they depend on
/// changes. A daily habit's streak comes from its runs in a lookup or two; a weekday, week
/// or month habit's is worked out from its whole history (`HabitStreak`), so the day page,
/// statistics and `/api/stats` would cost more with every year of it. Kept under every
/// input: the habit's revision (`habit_summaries.revision`, drawn anew by the triggers in
/// the transaction of any change to its days), its schedule, the member's first weekday,
/// today and the bridged days. A write elsewhere (a note, another habit) leaves it; one
/// to the habit works it out again once.
package enum HabitStreakCache {
    struct Key: Hashable {
        let habit: Int64
        let revision: Int64
        let schedule: HabitSchedule
        let firstWeekday: Weekday
        let today: LocalDate
        let bridged: BridgedRanges
    }

    /// Enough for every habit of a family of members; past it, everything is dropped at once.
    static let capacity = 4_096
    private static let streaks = Lock<[Key: HabitStreak]>([:])

    /// `habit`'s streak, from memory when its inputs are unchanged, else by `work`.
    /// A habit without a summary row has no logs: no revision, nothing to keep.
    static func streak(_ connection: Connection, habit: Int64, schedule: HabitSchedule, firstWeekday: Weekday,
                       today: LocalDate, bridged: BridgedRanges, work: () throws -> HabitStreak) throws -> HabitStreak {
        guard let revision = try connection.queryOne("SELECT revision FROM habit_summaries WHERE habit_id = ?",
                                                     [.integer(habit)])?.int64(0) else {
            return try work()
        }
        let key = Key(habit: habit, revision: revision, schedule: schedule, firstWeekday: firstWeekday,
                      today: today, bridged: bridged)
        if let kept = streaks.withLock({ $0[key] }) { return kept }
        let streak = try work()
        streaks.withLock { streaks in
            if streaks.count >= capacity { streaks.removeAll(keepingCapacity: true) }
            streaks[key] = streak
        }
        return streak
    }

    /// How many streaks are kept (for tests).
    package static var count: Int { streaks.withLock { $0.count } }
}
