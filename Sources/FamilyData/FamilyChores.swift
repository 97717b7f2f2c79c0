import Domain
import Store
import TimeZones

/// The family's shared chores ("Walk the dog"), in the instance database: an admin keeps
/// them (`add`, `edit`, `setArchived`), any member checks one off for a day (`check`) and
/// undoes their own (`undo`; an admin anyone's). At most one completion per chore and day,
/// naming who did it; a removed member's completions stay, as "a former member" (NULL).
/// Never reads or writes a member's own database, so the board may show them too.
///
/// The API the pages call (day page, board, statistics, the family page; the kitchen
/// screen may call the same): `day(_:)`, `check`, `undo`, `tally`, `revision()`.
package struct FamilyChores {
    package let instance: Database

    package init(instance: Database) {
        self.instance = instance
    }

    /// The most chores a family keeps, archived ones included (they can come back).
    package static let maxChores = 100

    package struct Chore: Equatable, Sendable {
        package let id: Int64
        package let name: String
        /// One emoji (`HabitEmoji`).
        package let mark: String
        /// `#RRGGBB`, or nil for the page's neutral look.
        package let color: String?
        package let schedule: HabitSchedule
        /// The first day it is due: the creating admin's today.
        package let startsOn: LocalDate
        package let position: Int
        package let createdAt: Int64
        package let archivedAt: Int64?
        /// What a child earns doing it (0–`Points.maxPoints`; 0: nothing).
        package var points: Int = 0

        package var isArchived: Bool { archivedAt != nil }

        /// Whether the chore is due on `day`: kept (not archived), from its first day on,
        /// on the days its schedule names.
        package func isDue(on day: LocalDate) -> Bool {
            !isArchived && day >= startsOn && schedule.isScheduled(day)
        }
    }

    /// Who checked a chore off, and when.
    package struct Completion: Equatable, Sendable {
        /// nil once the member was removed ("a former member").
        package let memberID: MemberID?
        package let displayName: String?
        package let doneAt: Int64
    }

    /// A chore due on a day, and its completion if someone did it.
    package struct DayChore: Equatable, Sendable {
        package let chore: Chore
        package let done: Completion?
    }

    /// Why a check-off or undo was refused; nothing was written.
    package enum Refusal: Error, Equatable {
        /// No such chore.
        case notFound
        /// The chore is archived.
        case archived
        /// The day is after the member's today.
        case future
        /// The chore is not due that day (before its first day, or not on its weekdays).
        case notDue
        /// Someone else did it, and only they (or an admin) may undo it.
        case notYours
    }

    /// `add` would take the family over `maxChores`; nothing was added.
    package struct LimitReached: Error, Equatable {
        package let limit: Int
    }

    package enum CheckResult: Equatable {
        case checked
        /// Someone had already done it that day: theirs stands.
        case alreadyDone(Completion)
    }

    // MARK: - Reading

    /// Every chore: the kept ones in order, then the archived ones.
    package func all() throws -> [Chore] {
        try instance.read { connection in
            try connection.query("SELECT \(Self.columns) FROM chores ORDER BY archived_at IS NOT NULL, position, id")
                .compactMap(Self.chore)
        }
    }

    package func chore(_ id: Int64) throws -> Chore? {
        try instance.read { try Self.chore(id, $0) }
    }

    /// The chores due on `day`, in order, each with who did it that day.
    package func day(_ day: LocalDate) throws -> [DayChore] {
        try instance.read { connection in
            let chores = try connection.query("""
                SELECT \(Self.columns) FROM chores WHERE archived_at IS NULL AND starts_on <= ? ORDER BY position, id
                """, [.text(day.description)]).compactMap(Self.chore).filter { $0.isDue(on: day) }
            guard !chores.isEmpty else { return [] }
            var done: [Int64: Completion] = [:]
            for row in try connection.query("""
                SELECT chore_completions.chore_id, chore_completions.member_id, members.display_name, chore_completions.done_at
                FROM chore_completions LEFT JOIN members ON members.id = chore_completions.member_id
                WHERE chore_completions.day = ?
                """, [.text(day.description)]) {
                done[row.int64(0)] = Completion(memberID: row.optionalInt64(1).map(MemberID.init),
                                                displayName: row.optionalString(2), doneAt: row.int64(3))
            }
            return chores.map { DayChore(chore: $0, done: done[$0.id]) }
        }
    }

    /// A number that changes with every change a page showing chores could show: chores
    /// added, edited, archived; check-offs and undos; a member renamed or removed.
    package func revision() throws -> Int64 {
        try instance.read { try $0.queryOne("SELECT revision FROM chore_revision WHERE id = 1")?.int64(0) ?? 0 }
    }

    // MARK: - Admins

    /// Adds a chore at the end of the order, due from `startsOn`; `LimitReached` when the
    /// family already has `maxChores` (counted in the write, so two adds cannot both take
    /// the last place).
    package func add(name: HabitName, mark: HabitEmoji, color: HabitColor.RGB?, schedule: HabitSchedule,
                     startsOn: LocalDate, points: Int = 0, now: Int64) throws -> Int64 {
        try instance.write { connection in
            let count = try connection.queryOne("SELECT count(*) FROM chores")?.int(0) ?? 0
            guard count < Self.maxChores else { throw LimitReached(limit: Self.maxChores) }
            let position = (try connection.queryOne("SELECT coalesce(max(position), 0) FROM chores")?.int(0) ?? 0) + 1
            try connection.run("""
                INSERT INTO chores (name, mark, color, schedule, starts_on, position, created_at, points)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """, [.text(name.value), .text(mark.value), color.map { .text($0.hex) } ?? .null, .text(schedule.storage),
                      .text(startsOn.description), .integer(Int64(position)), .integer(now), .integer(Int64(points))])
            return connection.lastInsertRowID
        }
    }

    /// Changes a chore's name, mark, colour and schedule; false when there is no such chore.
    /// Completions stay as they were.
    /// Points already earned stay as earned.
    package func edit(_ id: Int64, name: HabitName, mark: HabitEmoji, color: HabitColor.RGB?,
                      schedule: HabitSchedule, points: Int = 0) throws -> Bool {
        try instance.write { connection in
            try connection.run("UPDATE chores SET name = ?, mark = ?, color = ?, schedule = ?, points = ? WHERE id = ?",
                               [.text(name.value), .text(mark.value), color.map { .text($0.hex) } ?? .null,
                                .text(schedule.storage), .integer(Int64(points)), .integer(id)]) == 1
        }
    }

    /// Archives (hidden from every day, kept with its completions) or restores a chore;
    /// false when there is no such chore.
    package func setArchived(_ id: Int64, _ archived: Bool, now: Int64) throws -> Bool {
        try instance.write { connection in
            try connection.run("UPDATE chores SET archived_at = ? WHERE id = ?",
                               [archived ? .integer(now) : .null, .integer(id)]) == 1
        }
    }

    // MARK: - Members

    /// `member` did the chore on `day` (their own day, at most their `today`). When someone
    /// already did, theirs stands and nothing is written. Throws `Refusal` (nothing written).
    /// A child doing a chore with points earns them in the same transaction (`Points.settle`).
    package func check(_ id: Int64, on day: LocalDate, by member: MemberID, today: LocalDate,
                       now: Int64) throws -> CheckResult {
        try instance.write { connection in
            let chore = try Self.dueChore(id, on: day, today: today, connection)
            if let existing = try Self.completion(chore.id, day, connection) { return .alreadyDone(existing) }
            try connection.run("INSERT INTO chore_completions (chore_id, day, member_id, done_at) VALUES (?, ?, ?, ?)",
                               [.integer(chore.id), .text(day.description), .integer(member.rawValue), .integer(now)])
            try Points.settle(connection, member: member, kind: .chore, item: chore.id, day: day, done: true,
                              points: chore.points, reason: "\(chore.mark) \(chore.name)", by: member, now: now)
            return .checked
        }
    }

    /// Undoes the day's completion: the member's own, or anyone's when `mayUndoOthers` (an
    /// admin). False when nobody had done it (nothing to undo). Throws `Refusal`. The points
    /// the doer earned for it go again, in the same transaction.
    package func undo(_ id: Int64, on day: LocalDate, by member: MemberID, mayUndoOthers: Bool,
                      today: LocalDate, now: Int64 = 0) throws -> Bool {
        try instance.write { connection in
            let chore = try Self.dueChore(id, on: day, today: today, connection)
            guard let existing = try Self.completion(chore.id, day, connection) else { return false }
            guard existing.memberID == member || mayUndoOthers else { throw Refusal.notYours }
            let removed = try connection.run("DELETE FROM chore_completions WHERE chore_id = ? AND day = ?",
                                             [.integer(chore.id), .text(day.description)]) == 1
            if removed, let doer = existing.memberID {
                try Points.settle(connection, member: doer, kind: .chore, item: chore.id, day: day, done: false,
                                  points: 0, reason: "\(chore.mark) \(chore.name)", by: member, now: now)
            }
            return removed
        }
    }

    // MARK: - Statistics

    /// One chore's figures over a stretch of days.
    package struct Tally: Equatable, Sendable {
        package struct Doer: Equatable, Sendable {
            /// nil for "a former member" (all removed members together).
            package let memberID: MemberID?
            package let displayName: String?
            package let count: Int
        }

        package let chore: Chore
        /// Most first, then by name; former members last.
        package let doers: [Doer]
        /// Days in the stretch it was due.
        package let dueDays: Int
        /// Due days nobody did it.
        package let notDone: Int
    }

    /// Per kept chore, who did it how often from `first` through `last` (the caller stops
    /// `last` at today: days to come are not "not done"), and the due days nobody did it.
    package func tally(from first: LocalDate, through last: LocalDate) throws -> [Tally] {
        try instance.read { connection in
            let chores = try connection.query("""
                SELECT \(Self.columns) FROM chores WHERE archived_at IS NULL ORDER BY position, id
                """).compactMap(Self.chore)
            guard !chores.isEmpty, first <= last else {
                return chores.map { Tally(chore: $0, doers: [], dueDays: 0, notDone: 0) }
            }
            var doneDays: [Int64: Set<LocalDate>] = [:]
            var counts: [Int64: [MemberID?: (name: String?, count: Int)]] = [:]
            for row in try connection.query("""
                SELECT chore_completions.chore_id, chore_completions.day, chore_completions.member_id, members.display_name
                FROM chore_completions LEFT JOIN members ON members.id = chore_completions.member_id
                WHERE chore_completions.day BETWEEN ? AND ?
                """, [.text(first.description), .text(last.description)]) {
                guard let day = LocalDate(iso: row.string(1)) else { continue }
                let chore = row.int64(0), member = row.optionalInt64(2).map(MemberID.init)
                doneDays[chore, default: []].insert(day)
                counts[chore, default: [:]][member, default: (row.optionalString(3), 0)].count += 1
            }
            return chores.map { chore in
                var due = 0, notDone = 0
                var day = max(first, chore.startsOn)
                while day <= last {
                    if chore.isDue(on: day) {
                        due += 1
                        if doneDays[chore.id]?.contains(day) != true { notDone += 1 }
                    }
                    day = day.adding(days: 1)
                }
                let doers = (counts[chore.id] ?? [:]).map { Tally.Doer(memberID: $0.key, displayName: $0.value.name, count: $0.value.count) }
                    .sorted { a, b in
                        if (a.memberID == nil) != (b.memberID == nil) { return b.memberID == nil }
                        if a.count != b.count { return a.count > b.count }
                        return (a.displayName ?? "", a.memberID?.rawValue ?? 0) < (b.displayName ?? "", b.memberID?.rawValue ?? 0)
                    }
                return Tally(chore: chore, doers: doers, dueDays: due, notDone: notDone)
            }
        }
    }

    // MARK: - Rows

    private static let columns = "id, name, mark, color, schedule, starts_on, position, created_at, archived_at, points"

    /// A stored row as a chore; a damaged row (a schedule or day that does not parse) is skipped.
    private static func chore(_ row: Row) -> Chore? {
        guard let schedule = HabitSchedule(storage: row.string(4)), let startsOn = LocalDate(iso: row.string(5)) else { return nil }
        return Chore(id: row.int64(0), name: row.string(1), mark: row.string(2), color: row.optionalString(3),
                     schedule: schedule, startsOn: startsOn, position: row.int(6), createdAt: row.int64(7),
                     archivedAt: row.optionalInt64(8), points: row.int(9))
    }

    private static func chore(_ id: Int64, _ connection: Connection) throws -> Chore? {
        try connection.queryOne("SELECT \(columns) FROM chores WHERE id = ?", [.integer(id)]).flatMap(chore)
    }

    /// The chore, if a check-off or undo on `day` may touch it.
    private static func dueChore(_ id: Int64, on day: LocalDate, today: LocalDate, _ connection: Connection) throws -> Chore {
        guard let chore = try chore(id, connection) else { throw Refusal.notFound }
        guard !chore.isArchived else { throw Refusal.archived }
        guard day <= today else { throw Refusal.future }
        guard chore.isDue(on: day) else { throw Refusal.notDue }
        return chore
    }

    private static func completion(_ id: Int64, _ day: LocalDate, _ connection: Connection) throws -> Completion? {
        try connection.queryOne("""
            SELECT chore_completions.member_id, members.display_name, chore_completions.done_at
            FROM chore_completions LEFT JOIN members ON members.id = chore_completions.member_id
            WHERE chore_completions.chore_id = ? AND chore_completions.day = ?
            """, [.integer(id), .text(day.description)]).map {
            Completion(memberID: $0.optionalInt64(0).map(MemberID.init), displayName: $0.optionalString(1), doneAt: $0.int64(2))
        }
    }
}
