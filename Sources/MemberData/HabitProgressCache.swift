import Domain
import Locks
import Store
import TimeZones

/// What a habit's progress costs to work out, kept in memory while nothing it depends on
/// changes: the streak of a weekday, week or month habit (`HabitStreak`, from its whole
/// history) and every habit's strength (`HabitScore`, from a window that for a month habit
/// spans years), a daily habit's streak with its best run (from its runs, the longest ones
/// too), and its totals over a range (the statistics' year reads a year of its days). Kept
/// under every input: the habit's revision (`habit_summaries.revision`, drawn
/// anew by the triggers in the transaction of any change to its days, which also decide its
/// first day and, through `done`, its target), its schedule, the member's first weekday,
/// today and the bridged days (vacations, skips, a pause), and behind them all the member's
/// database file: every member numbers their habits from 1, so a habit id names a habit
/// only within one member's file. A write elsewhere (a note, another habit) leaves it; one
/// to the habit works it out again once.
package enum HabitProgressCache {
    /// The inputs a kept streak or strength was worked out from.
    package struct Key: Hashable, Sendable {
        /// The member's database file (`Connection.path`).
        let database: String
        let habit: Int64
        let revision: Int64
        let schedule: HabitSchedule
        let firstWeekday: Weekday
        let today: LocalDate
        let bridged: BridgedRanges
    }

    private struct Kept {
        var streak: HabitStreak?
        var dailyStreak: Streak?
        var score: Double?
    }

    /// A habit's logs, minutes and days logged within `from…to` (`MemberActivity.habitTotals`),
    /// kept under the habit's revision: they depend on its days alone.
    private struct TotalsKey: Hashable {
        let database: String
        let habit: Int64
        let revision: Int64
        let from: LocalDate
        let to: LocalDate
    }

    /// Enough for every habit of a family of members; past it, everything is dropped at once.
    static let capacity = 4_096
    private static let kept = Lock<[Key: Kept]>([:])
    private static let keptTotals = Lock<[TotalsKey: MemberActivity.HabitTotals]>([:])

    /// The key of `habit`'s progress now; nil for a habit without a summary row (no logs:
    /// no revision, and nothing worth keeping).
    static func key(_ connection: Connection, habit: Int64, schedule: HabitSchedule, firstWeekday: Weekday,
                    today: LocalDate, bridged: BridgedRanges) throws -> Key? {
        guard let revision = try connection.queryOne("SELECT revision FROM habit_summaries WHERE habit_id = ?",
                                                     [.integer(habit)])?.int64(0) else { return nil }
        return Key(database: connection.path, habit: habit, revision: revision, schedule: schedule, firstWeekday: firstWeekday, today: today,
                   bridged: bridged)
    }

    /// The streak kept under `key`, else worked out by `work` (and kept when there is a key).
    static func streak(_ key: Key?, work: () throws -> HabitStreak) rethrows -> HabitStreak {
        guard let key else { return try work() }
        if let streak = kept.withLock({ $0[key]?.streak }) { return streak }
        let streak = try work()
        keep(key) { $0.streak = streak }
        return streak
    }

    /// A daily habit's streak (current and best) kept under `key`, else worked out by `work`.
    static func dailyStreak(_ key: Key?, work: () throws -> Streak) rethrows -> Streak {
        guard let key else { return try work() }
        if let streak = kept.withLock({ $0[key]?.dailyStreak }) { return streak }
        let streak = try work()
        keep(key) { $0.dailyStreak = streak }
        return streak
    }

    /// Every habit's totals within `from…to` (habits with no days there have none), from
    /// memory when every habit with days is kept at its revision; else `work` reads them all
    /// (one query) and they are kept.
    static func totals(_ connection: Connection, from: LocalDate, to: LocalDate,
                       work: () throws -> [Int64: MemberActivity.HabitTotals]) throws -> [Int64: MemberActivity.HabitTotals] {
        let revisions = try connection.query("""
            SELECT habit_id, revision FROM habit_summaries WHERE habit_id IN (SELECT id FROM habits)
            """).map { TotalsKey(database: connection.path, habit: $0.int64(0), revision: $0.int64(1), from: from, to: to) }
        let found: [Int64: MemberActivity.HabitTotals]? = keptTotals.withLock { kept in
            var found: [Int64: MemberActivity.HabitTotals] = [:]
            for key in revisions {
                guard let totals = kept[key] else { return nil }
                if totals.days > 0 { found[key.habit] = totals }
            }
            return found
        }
        if let found { return found }
        let totals = try work()
        keptTotals.withLock { kept in
            if kept.count + revisions.count > capacity { kept.removeAll(keepingCapacity: true) }
            for key in revisions { kept[key] = totals[key.habit] ?? MemberActivity.HabitTotals(logs: 0, minutes: 0, days: 0) }
        }
        return totals
    }

    /// The strength kept under `key`, else worked out by `work` (and kept when there is a key).
    static func score(_ key: Key?, work: () throws -> Double) rethrows -> Double {
        guard let key else { return try work() }
        if let score = kept.withLock({ $0[key]?.score }) { return score }
        let score = try work()
        keep(key) { $0.score = score }
        return score
    }

    private static func keep(_ key: Key, _ change: (inout Kept) -> Void) {
        kept.withLock { kept in
            if kept.count >= capacity, kept[key] == nil { kept.removeAll(keepingCapacity: true) }
            change(&kept[key, default: Kept()])
        }
    }

    /// How many habits' progress is kept (for tests).
    package static var count: Int { kept.withLock { $0.count } }
}
