import Domain
import Store
import TimeZones

/// One member's vacations, in their own database (`vacations`, member schema 5): ranges
/// of days that neither count nor break any streak. They never overlap one another, and
/// every check of a new one runs inside the transaction that writes it, so two requests
/// cannot both pass it.
package struct Vacations {
    /// How many vacations a member can keep: a streak's cost grows with its bridged
    /// gaps (`BridgedRanges`), so their number is bounded.
    package static let maxVacations = 500

    package let database: Database

    package init(database: Database) {
        self.database = database
    }

    package struct Vacation: Sendable, Equatable {
        package let id: Int64
        package let first: LocalDate
        package let last: LocalDate

        package init(id: Int64, first: LocalDate, last: LocalDate) {
            self.id = id
            self.first = first
            self.last = last
        }

        package var days: ClosedRange<LocalDate> { first...last }
        /// How many days it lasts, both ends included.
        package var length: Int { first.days(to: last) + 1 }
    }

    /// Why a vacation was not added. Nothing was written.
    package enum Refusal: Error, Equatable, Sendable {
        /// The last day is before the first.
        case endsBeforeStart
        /// It shares at least one day with `existing` (touching, inside or around it).
        case overlaps(existing: Vacation)
        /// The member already keeps `Vacations.maxVacations`.
        case tooMany(max: Int)
        /// `first` or `last` (`day`) lies outside the days a vacation may cover (`allowed`).
        case outOfRange(day: LocalDate, allowed: ClosedRange<LocalDate>)
    }

    /// Every vacation, earliest first.
    package func all() throws -> [Vacation] {
        try database.read { connection in
            try connection.query("SELECT id, first, last FROM vacations ORDER BY first").compactMap(Self.vacation)
        }
    }

    /// Adds the vacation `first…last`, both ends within the planning range of `today`
    /// (`DayNavigation.planningRange`). Throws a `Refusal`, having written nothing, when it ends
    /// before it starts, lies out of reach, overlaps another or would be one too many.
    @discardableResult
    package func add(first: LocalDate, last: LocalDate, today: LocalDate) throws -> Vacation {
        guard first <= last else { throw Refusal.endsBeforeStart }
        let allowed = DayNavigation.planningRange(today: today)
        for day in [first, last] where !allowed.contains(day) {
            throw Refusal.outOfRange(day: day, allowed: allowed)
        }
        return try database.write { connection in
            if let row = try connection.queryOne("""
                SELECT id, first, last FROM vacations WHERE first <= ? AND last >= ? ORDER BY first LIMIT 1
                """, [.text(last.description), .text(first.description)]), let existing = Self.vacation(row) {
                throw Refusal.overlaps(existing: existing)
            }
            let count = try connection.queryOne("SELECT count(*) FROM vacations")?.int(0) ?? 0
            guard count < Self.maxVacations else { throw Refusal.tooMany(max: Self.maxVacations) }
            try connection.run("INSERT INTO vacations (first, last) VALUES (?, ?)",
                               [.text(first.description), .text(last.description)])
            return Vacation(id: connection.lastInsertRowID, first: first, last: last)
        }
    }

    /// Deletes vacation `id`; false when there is none (deleted already, or a forged id).
    @discardableResult
    package func delete(id: Int64) throws -> Bool {
        try database.write { try $0.run("DELETE FROM vacations WHERE id = ?", [.integer(id)]) > 0 }
    }

    /// The days streaks bridge: `skipped` (days the member's zone skipped) and the
    /// vacations, as ranges, so a long vacation costs no more than a short one. Only
    /// vacations starting on or before `through` are read (a streak as of today needs
    /// none that start later); nil reads them all (the board, which looks ahead).
    package static func bridgedDays(_ connection: Connection, skipping skipped: Set<LocalDate>,
                                    through: LocalDate?) throws -> BridgedRanges {
        let rows = if let through {
            try connection.query("SELECT id, first, last FROM vacations WHERE first <= ?", [.text(through.description)])
        } else {
            try connection.query("SELECT id, first, last FROM vacations")
        }
        return BridgedRanges(days: skipped, ranges: rows.compactMap(vacation).map(\.days))
    }

    /// The days of `from…to` within a vacation: what the row, the grid and the calendar
    /// mark (a few weeks, so a set of days is small).
    package static func days(_ connection: Connection, from: LocalDate, to: LocalDate) throws -> Set<LocalDate> {
        var days: Set<LocalDate> = []
        for row in try connection.query("SELECT id, first, last FROM vacations WHERE first <= ? AND last >= ?",
                                         [.text(to.description), .text(from.description)]) {
            guard let vacation = vacation(row) else { continue }
            var day = max(vacation.first, from)
            while day <= min(vacation.last, to) {
                days.insert(day)
                day = day.adding(days: 1)
            }
        }
        return days
    }

    private static func vacation(_ row: Row) -> Vacation? {
        guard let first = LocalDate(iso: row.string(1)), let last = LocalDate(iso: row.string(2)) else { return nil }
        return Vacation(id: row.int64(0), first: first, last: last)
    }
}
