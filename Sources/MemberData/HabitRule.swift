import Domain
import Store
import TimeZones

/// A schedule and target a habit had before its current one, kept in `habit_rules` when
/// the member changes them, so the days before the change keep the rule they had: it held
/// on the days before `until` that no earlier rule holds. The habit's own columns hold the
/// rule in force from the last `until` on (from the beginning when it has none).
package struct HabitRule: Sendable, Hashable {
    /// The first day it no longer held: the day of the change.
    package let until: LocalDate
    package let schedule: HabitSchedule
    package let targetMilli: Int64?
    package let targetKind: HabitTarget.Kind
    package let targetUnit: String

    /// A habit's past rules as one column of its row (`Habits.habitColumns`): read in the
    /// query that reads the habit, by its primary key. The separators are control
    /// characters, which no stored schedule or unit holds.
    static let column = """
        (SELECT group_concat(until || char(31) || schedule || char(31) || coalesce(target_milli, '') || char(31)
            || coalesce(target_kind, '') || char(31) || target_unit, char(30))
         FROM habit_rules WHERE habit_rules.habit_id = habits.id)
        """

    /// `column` read back, oldest first; a malformed part (which no write path stores) is left out.
    static func list(_ stored: String?) -> [HabitRule] {
        guard let stored, !stored.isEmpty else { return [] }
        return stored.split(separator: "\u{1E}", omittingEmptySubsequences: true).compactMap { part in
            let fields = part.split(separator: "\u{1F}", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 5, let until = LocalDate(iso: fields[0]),
                  let schedule = HabitSchedule(storage: fields[1]) else { return nil }
            let milli = Int64(fields[2])
            return HabitRule(until: until, schedule: schedule, targetMilli: milli,
                             targetKind: Habits.targetKind(fields[3]), targetUnit: milli == nil ? "" : fields[4])
        }.sorted { $0.until < $1.until }
    }

    /// Keeps the habit's current rule for the days before `today` when `plan` changes its
    /// schedule or target, in the caller's transaction (before the habit's row changes).
    /// A second change the same day leaves the kept rule as it is (and drops it when the
    /// change takes the habit back to it); a rule kept for a day after `today` (the member's
    /// clock moved back) is dropped, so `today` starts the new rule. A habit with nothing
    /// logged before today keeps no rule: the new one holds for its whole history.
    static func keep(habit id: Int64, replacedBy plan: Habits.Plan, from today: LocalDate,
                     in connection: Connection) throws {
        guard let current = try connection.queryOne("SELECT schedule, target_milli, target_kind FROM habits WHERE id = ?",
                                                    [.integer(id)]).map(Self.key) else { return }
        let new = Key(schedule: plan.schedule.storage, targetMilli: plan.targetMilli,
                      targetKind: plan.targetMilli == nil ? nil : plan.targetKind.rawValue)
        guard new != current else { return }
        let day = SQLValue.text(today.description)
        try connection.run("DELETE FROM habit_rules WHERE habit_id = ? AND until > ?", [.integer(id), day])
        if let kept = try connection.queryOne("""
            SELECT schedule, target_milli, target_kind FROM habit_rules WHERE habit_id = ? AND until = ?
            """, [.integer(id), day]).map(Self.key) {
            if kept == new { try connection.run("DELETE FROM habit_rules WHERE habit_id = ? AND until = ?", [.integer(id), day]) }
            return
        }
        // No day logged before today: no day to keep a rule for, the new one holds from the beginning.
        guard try connection.queryOne("SELECT 1 FROM habit_days WHERE habit_id = ? AND day < ? LIMIT 1",
                                      [.integer(id), day]) != nil else { return }
        try connection.run("""
            INSERT INTO habit_rules (habit_id, until, schedule, target_milli, target_kind, target_unit)
                SELECT id, ?, schedule, target_milli, target_kind, target_unit FROM habits WHERE id = ?
            """, [day, .integer(id)])
    }

    /// What decides a day, as stored: two rules with the same key decide every day alike.
    private struct Key: Equatable {
        let schedule: String
        let targetMilli: Int64?
        let targetKind: String?
    }

    private static func key(_ row: Row) -> Key {
        Key(schedule: row.string(0), targetMilli: row.optionalInt64(1),
            targetKind: row.optionalInt64(1) == nil ? nil : row.optionalString(2))
    }
}

extension Habits.Habit {
    /// The habit with the schedule and target in force on `day`.
    package func ruled(on day: LocalDate) -> Habits.Habit {
        guard let rule = pastRules.first(where: { day < $0.until }) else { return self }
        var habit = self
        habit.schedule = rule.schedule
        habit.targetMilli = rule.targetMilli
        habit.targetKind = rule.targetKind
        habit.targetUnit = rule.targetUnit
        return habit
    }

    /// The day its current schedule took over from another; nil: since the beginning.
    package var scheduleSince: LocalDate? {
        pastRules.last(where: { $0.schedule != schedule })?.until
    }

    /// The day its current target (or its having none) took over from another; nil: since the beginning.
    package var targetSince: LocalDate? {
        pastRules.last(where: { !Self.sameTarget($0.targetMilli, $0.targetKind, targetMilli, targetKind) })?.until
    }

    /// Whether two targets decide a day alike: the kind matters only with an amount.
    private static func sameTarget(_ milli: Int64?, _ kind: HabitTarget.Kind, _ other: Int64?, _ otherKind: HabitTarget.Kind) -> Bool {
        milli == other && (milli == nil || kind == otherKind)
    }
}
