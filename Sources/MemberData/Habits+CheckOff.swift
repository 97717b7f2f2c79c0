import Domain
import Store
import TimeZones

/// Check-offs: the day page's checklist marks a habit done for a day with an untimed log
/// (`timed = 0`: on no timeline, counting no minutes, a log like any other for the day's
/// done state, activity and streaks), and undoes it by deleting the day's check-offs.
extension Habits {
    /// One habit's day as `habit_days` sums it up: its logs, the amounts' total and
    /// whether that made the day done (`SummarySchema.doneExpression`).
    package struct Day: Sendable, Equatable {
        package let logs: Int
        package let amountMilli: Int64
        package let done: Bool

        package init(logs: Int, amountMilli: Int64, done: Bool) {
            self.logs = logs
            self.amountMilli = amountMilli
            self.done = done
        }
    }

    /// What a check-off did.
    package enum CheckOff: Equatable {
        case logged
        /// Asked to make the day done, it already was: nothing written (a second tap from
        /// a page shown before the first one's answer).
        case alreadyDone
        /// Asked to make the day done, it is over its "at most" target: no check-off can
        /// make it done, so nothing written.
        case overTarget
        /// No such habit, or archived: nothing written.
        case unavailable
    }

    /// Checks `habit` off on `day`: an untimed log with `amountMilli` (nil: none), at the
    /// wall clock's midnight and the habit's usual duration, as an import stores one.
    /// `.unavailable` when the habit is missing or archived (checked in the same
    /// transaction as the insert); `LimitReached` when the account already has `maxLogs`.
    package func checkOff(habit id: Int64, on day: LocalDate, amountMilli: Int64?, loggedBy: String? = nil,
                          now: Int64) throws -> CheckOff {
        try database.write { connection in
            guard let duration = try Self.activeHabitDuration(id, connection) else { return .unavailable }
            try Self.insertCheckOff(id, on: day, amountMilli: amountMilli, duration: duration, loggedBy: loggedBy,
                                    now: now, connection)
            return .logged
        }
    }

    /// One tap on a habit not yet done: a check-off that makes `day` done — no amount
    /// without a target; the amount still missing for "at least"; 0 for "at most" —
    /// decided in the write's transaction, so two taps cannot both log. `.alreadyDone`
    /// when the day is done, `.overTarget` when it is over an "at most" target,
    /// `.unavailable` as `checkOff`; those write nothing. (`HabitCheckOff.tap` is the same
    /// rule for what the page offers.)
    package func checkOffToMeetTarget(habit id: Int64, on day: LocalDate, loggedBy: String? = nil,
                                      now: Int64) throws -> CheckOff {
        try database.write { connection in
            guard let duration = try Self.activeHabitDuration(id, connection),
                  let habit = try connection.queryOne("""
                      SELECT * FROM (SELECT target_milli, target_kind FROM habit_rules WHERE habit_id = ?1 AND until > ?2
                                     ORDER BY until LIMIT 1)
                      UNION ALL SELECT target_milli, target_kind FROM habits WHERE id = ?1
                      LIMIT 1
                      """, [.integer(id), .text(day.description)])
            else { return .unavailable }
            let today = try Self.day(id, on: day, connection)
            if today?.done == true { return .alreadyDone }
            // The target in force on `day` (`HabitRule`).
            let target = habit.optionalInt64(0).map {
                HabitCheckOff.Target(milli: $0, kind: Self.targetKind(habit.optionalString(1)))
            }
            // Not done, so a tap adds a check-off unless nothing added can meet the target.
            guard case let .markDone(amount) = HabitCheckOff.tap(done: false, checkOffs: 0, target: target,
                                                                 totalMilli: today?.amountMilli ?? 0)
            else { return .overTarget }
            try Self.insertCheckOff(id, on: day, amountMilli: amount, duration: duration, loggedBy: loggedBy,
                                    now: now, connection)
            return .logged
        }
    }

    /// Deletes `habit`'s check-offs on `day` (its timed logs stay); how many went.
    package func undoCheckOffs(habit id: Int64, on day: LocalDate) throws -> Int {
        try database.write {
            try $0.run("DELETE FROM habit_instances WHERE habit_id = ? AND day = ? AND timed = 0",
                       [.integer(id), .text(day.description)])
        }
    }

    /// Each habit's `day` as `habit_days` has it (habits with no log that day are absent):
    /// one query, a primary-key look-up per habit.
    package func days(on day: LocalDate) throws -> [Int64: Day] {
        try database.read { connection in
            var days: [Int64: Day] = [:]
            for row in try connection.query("""
                SELECT habit_id, logs, amount_milli, done FROM habit_days
                WHERE habit_id IN (SELECT id FROM habits) AND day = ?
                """, [.text(day.description)]) {
                days[row.int64(0)] = Day(logs: row.int(1), amountMilli: row.int64(2), done: row.int(3) != 0)
            }
            return days
        }
    }

    /// `habit`'s `day` as `habit_days` has it; nil when nothing is logged that day.
    package func day(_ habit: Int64, on day: LocalDate) throws -> Day? {
        try database.read { try Self.day(habit, on: day, $0) }
    }

    /// The days within `days` each of `habits` was done: one query, a primary-key range per
    /// habit (the calendar feed's window).
    package func doneDates(_ habits: [Int64], within days: ClosedRange<LocalDate>) throws -> [Int64: Set<LocalDate>] {
        guard !habits.isEmpty else { return [:] }
        return try database.read { connection in
            var dates: [Int64: Set<LocalDate>] = [:]
            let marks = Array(repeating: "?", count: habits.count).joined(separator: ", ")
            for row in try connection.query("""
                SELECT habit_id, day FROM habit_days WHERE habit_id IN (\(marks)) AND day BETWEEN ? AND ? AND done = 1
                """, habits.map(SQLValue.integer) + [.text(days.lowerBound.description), .text(days.upperBound.description)]) {
                if let day = LocalDate(iso: row.string(1)) { dates[row.int64(0), default: []].insert(day) }
            }
            return dates
        }
    }

    /// How many days within `days` each of `habits` was done: one query, a primary-key
    /// range per habit.
    package func doneDays(_ habits: [Int64], within days: ClosedRange<LocalDate>) throws -> [Int64: Int] {
        guard !habits.isEmpty else { return [:] }
        return try database.read { connection in
            var counts: [Int64: Int] = [:]
            let marks = Array(repeating: "?", count: habits.count).joined(separator: ", ")
            for row in try connection.query("""
                SELECT habit_id, count(*) FROM habit_days
                WHERE habit_id IN (\(marks)) AND day BETWEEN ? AND ? AND done = 1 GROUP BY habit_id
                """, habits.map(SQLValue.integer) + [.text(days.lowerBound.description), .text(days.upperBound.description)]) {
                counts[row.int64(0)] = row.int(1)
            }
            return counts
        }
    }

    private static func activeHabitDuration(_ id: Int64, _ connection: Connection) throws -> Int64? {
        try connection.queryOne("SELECT default_duration FROM habits WHERE id = ? AND archived_at IS NULL", [.integer(id)])?.int64(0)
    }

    private static func day(_ id: Int64, on day: LocalDate, _ connection: Connection) throws -> Day? {
        try connection.queryOne("SELECT logs, amount_milli, done FROM habit_days WHERE habit_id = ? AND day = ?",
                                [.integer(id), .text(day.description)]).map {
            Day(logs: $0.int(0), amountMilli: $0.int64(1), done: $0.int(2) != 0)
        }
    }

    /// `loggedBy`: the guardian who checks it off for the member (nil: the member).
    private static func insertCheckOff(_ id: Int64, on day: LocalDate, amountMilli: Int64?, duration: Int64, loggedBy: String?,
                                       now: Int64, _ connection: Connection) throws {
        try checkRoom(for: .logs, adding: 1, in: connection)
        try connection.run("""
            INSERT INTO habit_instances (habit_id, day, start_minute, duration_minutes, note, created_at, amount_milli, timed,
                                         logged_by)
            VALUES (?, ?, 0, ?, '', ?, ?, 0, ?)
            """, [.integer(id), .text(day.description), .integer(duration), .integer(now),
                  amountMilli.map(SQLValue.integer) ?? .null, loggedBy.map(SQLValue.text) ?? .null])
    }
}
