import Domain
import PlainText
import Store
import TimeZones

/// One member's habits and their logged instances (`HabitInstance`), in their own database.
package struct Habits {
    package let database: Database

    package init(database: Database) {
        self.database = database
    }

    package struct Habit: Sendable, Equatable {
        package let id: Int64
        package let name: String
        package let emoji: String
        /// Resolved once when the row is read (`HabitColor.resolve`: a malformed stored
        /// colour is Sky), so a page only ever has a validated colour to print.
        package let color: HabitColor.RGB
        package let defaultDuration: Int
        package let createdAt: Int64
        package let archivedAt: Int64?
        /// How many instances were ever logged.
        package let count: Int
        /// When it was last logged (the log's creation time), if ever.
        package let lastLoggedAt: Int64?
        /// Decoded once, when the row is read (`habit(_:)`).
        package var schedule = HabitSchedule.daily
        /// The daily target in thousandths of `targetUnit`, and whether a day needs at
        /// least or at most that much (`targetKind`, `.atLeast` without a target); nil: any
        /// log makes the day done.
        package var targetMilli: Int64? = nil
        package var targetKind = HabitTarget.Kind.atLeast
        package var targetUnit = ""
        /// Paused from this day on (until resumed): those days neither count nor break.
        package var pausedFrom: LocalDate? = nil
        package var group: String? = nil
        /// The member's order (ascending).
        package var position = 0
        /// Its reminders' times of day, sorted, at most `ReminderConstants.maxPerHabit`.
        package var reminders: [ReminderTime] = []
        /// The rules it had before its current one, oldest first (`HabitRule`): the days
        /// before each one's `until` not covered by an earlier one kept that rule. Empty: its
        /// schedule and target have been in force since the beginning.
        package var pastRules: [HabitRule] = []

        package var isArchived: Bool { archivedAt != nil }
        /// The daily target as the checklist's rules take it; nil without one.
        package var target: HabitCheckOff.Target? { targetMilli.map { HabitCheckOff.Target(milli: $0, kind: targetKind) } }
    }

    /// What the member plans for a habit beyond its look: when it is due, what makes a
    /// day done, and where it is listed.
    package struct Plan: Sendable, Equatable {
        package var schedule: HabitSchedule
        package var targetMilli: Int64?
        package var targetKind: HabitTarget.Kind
        package var targetUnit: String
        package var group: String?
        /// The reminders' times (already checked by `ReminderTime.list`); nil leaves them as they are.
        package var reminders: [ReminderTime]?

        package init(schedule: HabitSchedule = .daily, targetMilli: Int64? = nil, targetKind: HabitTarget.Kind = .atLeast,
                     targetUnit: String = "",
                     group: String? = nil, reminders: [ReminderTime]? = nil) {
            self.schedule = schedule
            self.targetMilli = targetMilli
            self.targetKind = targetKind
            self.targetUnit = targetUnit
            self.group = group
            self.reminders = reminders
        }
    }

    /// What an edit based on a version did.
    package enum Update: Equatable {
        case updated
        /// Not applied: the log changed since that version; `stored` is what is there now.
        case conflict(stored: HabitInstance)
        case notFound
    }

    /// In characters as `PlainText.length` counts them (the schema's `CHECK` counts alike).
    package static let maxNoteCharacters = 200
    /// An amount in thousandths, as stored (sums of them stay exact).
    package static func milli(_ amount: Double) -> Int64 {
        Int64((amount * 1000).rounded())
    }

    /// A group's name ("Morning", "Chores"): as `PlainText.length` counts, on one line.
    package static let maxGroupCharacters = 30

    /// The group name as stored, trimmed; nil when that is empty, too long, or holds a line
    /// break or a control character.
    package static func groupName(_ text: String) -> String? {
        let trimmed = String(PlainText.trimmed(text))
        guard !trimmed.isEmpty, PlainText.length(trimmed) <= maxGroupCharacters, PlainText.isSingleLine(trimmed) else { return nil }
        return trimmed
    }
    /// An account holds at most this many habits (archived ones count)…
    package static let maxHabits = 500
    /// …and this many logged instances: a lifetime of daily habits, and a bound on what one
    /// member's database, pages and exports can cost the server.
    package static let maxLogs = 200_000

    /// A write refused because the account would hold more than `maxHabits` habits or
    /// `maxLogs` logs; nothing was written.
    package struct LimitReached: Error, Equatable {
        package enum Kind: Equatable { case habits, logs }
        package let kind: Kind
        /// How many the account would have held.
        package let wouldHold: Int

        package var limit: Int { kind == .habits ? Habits.maxHabits : Habits.maxLogs }
    }

    /// Throws `LimitReached` unless the account has room for `count` more, counted in the
    /// caller's write transaction so two writes cannot both take the last place.
    package static func checkRoom(for kind: LimitReached.Kind, adding count: Int, in connection: Connection) throws {
        // Logs are counted from the per-habit totals: a read per habit, not per log.
        let sql = kind == .habits ? "SELECT count(*) FROM habits" : "SELECT coalesce(sum(logs), 0) FROM habit_summaries"
        let total = (try connection.queryOne(sql)?.int(0) ?? 0) + count
        let limit = kind == .habits ? maxHabits : maxLogs
        guard total <= limit else { throw LimitReached(kind: kind, wouldHold: total) }
    }

    private static let habitColumns = """
        habits.id, habits.name, habits.emoji, habits.color, habits.default_duration, habits.created_at,
        habits.archived_at, coalesce(habit_summaries.logs, 0), habit_summaries.last_logged_at,
        habits.schedule, habits.target_milli, habits.target_kind, habits.target_unit, habits.paused_from,
        habits.group_name, habits.position, habits.reminders, \(HabitRule.column)
        """

    /// Each habit with its totals (`SummarySchema`'s `habit_summaries`).
    private static let habitTables = "habits LEFT JOIN habit_summaries ON habit_summaries.habit_id = habits.id"

    /// The row as typed values. A stored schedule that does not parse (which no write path
    /// stores) reads as every day, a target kind other than "at_most" as "at least", a
    /// malformed colour as Sky: here, once, so every page shows and counts the same habit.
    private static func habit(_ row: Row) -> Habit {
        Habit(id: row.int64(0), name: row.string(1), emoji: row.string(2), color: HabitColor.resolve(row.string(3)),
              defaultDuration: row.int(4), createdAt: row.int64(5), archivedAt: row.optionalInt64(6), count: row.int(7),
              lastLoggedAt: row.optionalInt64(8), schedule: HabitSchedule(storage: row.string(9)) ?? .daily,
              targetMilli: row.optionalInt64(10),
              targetKind: targetKind(row.optionalString(11)), targetUnit: row.string(12),
              pausedFrom: row.optionalString(13).flatMap { LocalDate(iso: $0) }, group: row.optionalString(14),
              position: row.int(15), reminders: ReminderTime.list(storage: row.string(16)),
              pastRules: HabitRule.list(row.optionalString(17)))
    }

    /// A stored `target_kind`: "at_most", else at least.
    static func targetKind(_ stored: String?) -> HabitTarget.Kind {
        stored.flatMap(HabitTarget.Kind.init(rawValue:)) ?? .atLeast
    }

    /// In the member's order.
    package func ordered() throws -> [Habit] {
        try database.read {
            try $0.query("SELECT \(Self.habitColumns) FROM \(Self.habitTables) ORDER BY habits.position, habits.id").map(Self.habit)
        }
    }

    /// All habits, archived ones included.
    package func all() throws -> [Habit] {
        try database.read { try $0.query("SELECT \(Self.habitColumns) FROM \(Self.habitTables) ORDER BY habits.id").map(Self.habit) }
    }

    package func habit(_ id: Int64) throws -> Habit? {
        try database.read { try $0.queryOne("SELECT \(Self.habitColumns) FROM \(Self.habitTables) WHERE habits.id = ?", [.integer(id)]).map(Self.habit) }
    }

    /// Adds a habit with its plan (every day, no target, no group unless given), last in
    /// the member's order, in one transaction; `LimitReached` when the account already has
    /// `maxHabits`.
    package func add(name: String, emoji: String, color: String, defaultDuration: Int, plan: Plan = Plan(),
                     now: Int64) throws -> Int64 {
        try database.write { connection in
            try Self.checkRoom(for: .habits, adding: 1, in: connection)
            try connection.run("""
                INSERT INTO habits (name, emoji, color, default_duration, created_at, position,
                                    schedule, target_milli, target_kind, target_unit, group_name)
                VALUES (?, ?, ?, ?, ?, (SELECT coalesce(max(position), 0) + 1 FROM habits), ?, ?, ?, ?, ?)
                """, [.text(name), .text(emoji), .text(color), .integer(Int64(defaultDuration)), .integer(now)]
                    + Self.planValues(plan))
            let id = connection.lastInsertRowID
            try Self.setReminders(id, plan.reminders, in: connection)
            return id
        }
    }

    /// `schedule, target_milli, target_kind, target_unit, group_name` as `plan` stores them.
    private static func planValues(_ plan: Plan) -> [SQLValue] {
        [.text(plan.schedule.storage), plan.targetMilli.map(SQLValue.integer) ?? .null,
         plan.targetMilli == nil ? .null : .text(plan.targetKind.rawValue),
         .text(plan.targetMilli == nil ? "" : plan.targetUnit), plan.group.map(SQLValue.text) ?? .null]
    }

    /// Changes the habit's look and, when given, its plan in the same transaction; false
    /// when there is no such habit. A changed schedule or target applies from `today` on
    /// (see `setPlan`).
    package func update(_ id: Int64, name: String, emoji: String, color: String, defaultDuration: Int,
                        plan: Plan? = nil, today: LocalDate? = nil) throws -> Bool {
        try database.write { connection in
            guard try connection.run("UPDATE habits SET name = ?, emoji = ?, color = ?, default_duration = ? WHERE id = ?",
                                     [.text(name), .text(emoji), .text(color), .integer(Int64(defaultDuration)), .integer(id)]) == 1
            else { return false }
            if let plan { _ = try Self.setPlan(id, plan, today: today, in: connection) }
            return true
        }
    }

    /// Sets the habit's plan; false when there is no such habit. A changed schedule or
    /// target applies from `today` on: the rule it replaces is kept for the days before
    /// (`habit_rules`), and the summaries' triggers decide the days again by the rule in
    /// force on each. Without `today` the new rule holds for the whole history.
    package func setPlan(_ id: Int64, _ plan: Plan, today: LocalDate? = nil) throws -> Bool {
        try database.write { try Self.setPlan(id, plan, today: today, in: $0) }
    }

    private static func setPlan(_ id: Int64, _ plan: Plan, today: LocalDate?, in connection: Connection) throws -> Bool {
        if let today { try HabitRule.keep(habit: id, replacedBy: plan, from: today, in: connection) }
        guard try connection.run("""
            UPDATE habits SET schedule = ?, target_milli = ?, target_kind = ?, target_unit = ?, group_name = ? WHERE id = ?
            """, planValues(plan) + [.integer(id)]) == 1 else { return false }
        try setReminders(id, plan.reminders, in: connection)
        return true
    }

    private static func setReminders(_ id: Int64, _ reminders: [ReminderTime]?, in connection: Connection) throws {
        guard let reminders else { return }
        try connection.run("UPDATE habits SET reminders = ? WHERE id = ?", [.text(ReminderTime.storage(reminders)), .integer(id)])
    }

    /// Pauses the habit from `day` on (nil: resumes it); false when there is no such habit.
    package func setPaused(_ id: Int64, from day: LocalDate?) throws -> Bool {
        try database.write { connection in
            try connection.run("UPDATE habits SET paused_from = ? WHERE id = ?",
                               [day.map { .text($0.description) } ?? .null, .integer(id)]) == 1
        }
    }

    /// Moves the habit one place earlier (`by: -1`) or later (`by: 1`) in the member's
    /// order, swapping it with its neighbour in the list it is shown in: the nearest habit
    /// of the same group (or none) that is as archived as it is, so a move on `/habits`
    /// is always one visible step. False when there is no such habit; at either end of its
    /// list it stays where it is.
    package func move(_ id: Int64, by step: Int) throws -> Bool {
        try database.write { connection in
            let order = try connection.query("SELECT id, position, group_name, archived_at IS NOT NULL FROM habits ORDER BY position, id")
                .map { (id: $0.int64(0), position: $0.int(1), list: ListKey(group: $0.optionalString(2), archived: $0.int(3) != 0)) }
            guard let index = order.firstIndex(where: { $0.id == id }) else { return false }
            var reordered = order
            let list = order[index].list
            let neighbour = step < 0 ? order[..<index].lastIndex(where: { $0.list == list })
                : order[(index + 1)...].firstIndex(where: { $0.list == list })
            if let neighbour { reordered.swapAt(index, neighbour) }
            // Positions 1, 2, 3… in the new order: only the rows whose number changes are written.
            for (offset, habit) in reordered.enumerated() where habit.position != offset + 1 {
                try connection.run("UPDATE habits SET position = ? WHERE id = ?", [.integer(Int64(offset + 1)), .integer(habit.id)])
            }
            return true
        }
    }

    /// Which list a habit is shown in, for `move`: its group, and archived or not.
    private struct ListKey: Equatable {
        let group: String?
        let archived: Bool
    }

    /// Skips (or un-skips) the habit on `day`: that day neither counts nor breaks its
    /// streak. False when there is no such habit.
    package func setSkipped(_ id: Int64, on day: LocalDate, _ skipped: Bool) throws -> Bool {
        try database.write { connection in
            guard try connection.queryOne("SELECT 1 FROM habits WHERE id = ?", [.integer(id)]) != nil else { return false }
            if skipped {
                try connection.run("INSERT INTO habit_skips (habit_id, day) VALUES (?, ?) ON CONFLICT DO NOTHING",
                                   [.integer(id), .text(day.description)])
            } else {
                try connection.run("DELETE FROM habit_skips WHERE habit_id = ? AND day = ?", [.integer(id), .text(day.description)])
            }
            return true
        }
    }

    /// Every skip, by habit then day, for exports.
    package func allSkips() throws -> [(habitID: Int64, day: LocalDate)] {
        try database.read { connection in
            try connection.query("SELECT habit_id, day FROM habit_skips ORDER BY habit_id, day").compactMap { row in
                LocalDate(iso: row.string(1)).map { (row.int64(0), $0) }
            }
        }
    }

    /// Each habit's skipped days within `from…to`.
    package func skips(from: LocalDate, to: LocalDate) throws -> [Int64: Set<LocalDate>] {
        try database.read { connection in
            var skips: [Int64: Set<LocalDate>] = [:]
            for row in try connection.query("""
                SELECT habit_id, day FROM habit_skips WHERE habit_id IN (SELECT id FROM habits) AND day BETWEEN ? AND ?
                """, [.text(from.description), .text(to.description)]) {
                if let day = LocalDate(iso: row.string(1)) { skips[row.int64(0), default: []].insert(day) }
            }
            return skips
        }
    }

    package func setArchived(_ id: Int64, _ archived: Bool, now: Int64) throws -> Bool {
        try database.write { connection in
            try connection.run("UPDATE habits SET archived_at = ? WHERE id = ?",
                               [archived ? .integer(now) : .null, .integer(id)]) == 1
        }
    }

    /// Deletes the habit and, by cascade, its whole history.
    package func delete(_ id: Int64) throws -> Bool {
        try database.write { try $0.run("DELETE FROM habits WHERE id = ?", [.integer(id)]) == 1 }
    }

    package func instances(on day: LocalDate) throws -> [HabitInstance] {
        try database.read { connection in
            try connection.query("""
                SELECT \(Self.instanceColumns) FROM habit_instances
                WHERE day = ? ORDER BY start_minute, id
                """, [.text(day.description)]).compactMap(Self.instance)
        }
    }

    package func instance(_ id: Int64, on day: LocalDate) throws -> HabitInstance? {
        try database.read { connection in
            try connection.queryOne("""
                SELECT \(Self.instanceColumns) FROM habit_instances
                WHERE id = ? AND day = ?
                """, [.integer(id), .text(day.description)]).flatMap(Self.instance)
        }
    }

    static let instanceColumns = "id, habit_id, day, start_minute, duration_minutes, note, version, amount_milli, timed, logged_by"

    package static func instance(_ row: Row) -> HabitInstance? {
        guard let day = LocalDate(iso: row.string(2)) else { return nil }
        return HabitInstance(id: row.int64(0), habitID: row.int64(1), day: day, startMinute: row.int(3),
                             durationMinutes: row.int(4), note: row.string(5), version: row.int64(6),
                             amountMilli: row.optionalInt64(7), timed: row.int(8) != 0, loggedBy: row.optionalString(9))
    }

    /// What logging a habit did.
    package enum Logging: Equatable, Sendable {
        /// Written: the new log's id.
        case logged(instance: Int64)
        /// No such habit, or archived: nothing written.
        case unavailable

        package var isLogged: Bool {
            if case .logged = self { true } else { false }
        }
    }

    /// Logs an instance of an active habit; `.unavailable` when the habit is missing or
    /// archived (checked in the same transaction as the insert), `LimitReached` when the
    /// account already has `maxLogs`. `loggedBy`: the guardian who logs it for the member.
    package func log(habit id: Int64, on day: LocalDate, startMinute: Int, durationMinutes: Int, note: String,
                     amountMilli: Int64? = nil, loggedBy: String? = nil, now: Int64) throws -> Logging {
        try database.write { connection in
            guard try connection.queryOne("SELECT 1 FROM habits WHERE id = ? AND archived_at IS NULL", [.integer(id)]) != nil else {
                return .unavailable
            }
            try Self.checkRoom(for: .logs, adding: 1, in: connection)
            try connection.run("""
                INSERT INTO habit_instances (habit_id, day, start_minute, duration_minutes, note, created_at, amount_milli,
                                             logged_by)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """, [.integer(id), .text(day.description), .integer(Int64(startMinute)),
                      .integer(Int64(durationMinutes)), .text(note), .integer(now),
                      amountMilli.map(SQLValue.integer) ?? .null, loggedBy.map(SQLValue.text) ?? .null])
            return .logged(instance: connection.lastInsertRowID)
        }
    }

    /// Moves, resizes, re-notes or re-amounts a log, based on the version the member saw;
    /// when it changed since, nothing is written unless the edit would leave it as it is.
    /// `basedOn: nil` edits whatever is there (a client that sent no version).
    package func updateInstance(_ id: Int64, on day: LocalDate, startMinute: Int, durationMinutes: Int, note: String,
                                amountMilli: Int64? = nil, basedOn version: Int64?) throws -> Update {
        try database.write { connection in
            guard let stored = try connection.queryOne("""
                SELECT \(Self.instanceColumns) FROM habit_instances
                WHERE id = ? AND day = ?
                """, [.integer(id), .text(day.description)]).flatMap(Self.instance) else { return .notFound }
            if let version, version != stored.version {
                let unchanged = stored.startMinute == startMinute && stored.durationMinutes == durationMinutes
                    && stored.note == note && stored.amountMilli == amountMilli
                guard unchanged else { return .conflict(stored: stored) }
            }
            try connection.run("""
                UPDATE habit_instances SET start_minute = ?, duration_minutes = ?, note = ?, amount_milli = ?
                WHERE id = ? AND day = ?
                """, [.integer(Int64(startMinute)), .integer(Int64(durationMinutes)), .text(note),
                      amountMilli.map(SQLValue.integer) ?? .null, .integer(id), .text(day.description)])
            return .updated
        }
    }

    package func deleteInstance(_ id: Int64, on day: LocalDate) throws -> Bool {
        try database.write {
            try $0.run("DELETE FROM habit_instances WHERE id = ? AND day = ?", [.integer(id), .text(day.description)]) == 1
        }
    }
}

extension Habits {
    /// Every instance logged on the days `from…to`, for statistics.
    package func instances(from: LocalDate, to: LocalDate) throws -> [HabitInstance] {
        try database.read { connection in
            try connection.query("""
                SELECT \(Self.instanceColumns) FROM habit_instances
                WHERE day BETWEEN ? AND ? ORDER BY day, start_minute, id
                """, [.text(from.description), .text(to.description)]).compactMap(Self.instance)
        }
    }
}

extension Habits {
    /// Every instance ever logged, oldest first, for exports.
    package func allInstances() throws -> [HabitInstance] {
        try database.read { connection in
            try connection.query("""
                SELECT \(Self.instanceColumns) FROM habit_instances
                ORDER BY day, start_minute, id
                """).compactMap(Self.instance)
        }
    }
}
