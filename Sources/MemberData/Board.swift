import Domain
import Store
import TimeZones

/// The family board's data, in the instance database: for each member who opted
/// in, their last active day and the run of active days ending there. Written by
/// the member's own requests; read by `/board`, which never opens a member database.
package struct Board {
    package let instance: Database

    package init(instance: Database) {
        self.instance = instance
    }

    package struct Summary: Sendable {
        package let memberID: MemberID
        package let displayName: String
        package let timeZone: String
        package let lastActive: LocalDate?
        package let run: Int
        package let dayStartHour: Int
    }

    package func isOptedIn(_ id: MemberID) throws -> Bool {
        try instance.read { try $0.queryOne("SELECT 1 FROM board WHERE member_id = ?", [.integer(id.rawValue)]) != nil }
    }

    package func optOut(_ id: MemberID) throws {
        try instance.write { try $0.run("DELETE FROM board WHERE member_id = ?", [.integer(id.rawValue)]) }
    }

    /// Stores the member's summary (and so opts them in): their last active day up to
    /// today and the run ending there, counted as the day page counts it (across days
    /// their zone skipped, `skipped`), read from their database's summaries.
    package func publish(_ id: MemberID, member database: Database, today: LocalDate, skipping skipped: Set<LocalDate> = [],
                 dayStartHour: Int, now: Int64) throws {
        let (last, run) = try database.read { connection in
            let last = try MemberActivity.lastActive(connection, onOrBefore: today)
            return (last, try last.map { try MemberActivity.currentStreak(connection, today: $0, skipping: skipped) } ?? 0)
        }
        try instance.write { connection in
            try connection.run("""
                INSERT INTO board (member_id, last_active, run, day_start_hour, updated_at) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (member_id) DO UPDATE SET last_active = excluded.last_active, run = excluded.run,
                    day_start_hour = excluded.day_start_hour, updated_at = excluded.updated_at
                """, [.integer(id.rawValue), last.map { .text($0.description) } ?? .null, .integer(Int64(run)),
                      .integer(Int64(dayStartHour)), .integer(now)])
        }
    }

    package func summaries() throws -> [Summary] {
        try instance.read { connection in
            try connection.query("""
                SELECT board.member_id, members.display_name, members.time_zone, board.last_active, board.run,
                       board.day_start_hour
                FROM board JOIN members ON members.id = board.member_id ORDER BY members.display_name, members.id
                """).map {
                Summary(memberID: MemberID($0.int64(0)), displayName: $0.string(1), timeZone: $0.string(2),
                        lastActive: $0.optionalString(3).flatMap { LocalDate(iso: $0) }, run: $0.int(4),
                        dayStartHour: $0.int(5))
            }
        }
    }

    /// The current streak the summary means on `today`: the run counts while it ends today or yesterday.
    package static func streak(_ summary: Summary, today: LocalDate) -> (streak: Int, activeToday: Bool) {
        guard let last = summary.lastActive else { return (0, false) }
        if last == today { return (summary.run, true) }
        if last == today.adding(days: -1) { return (summary.run, false) }
        return (0, false)
    }
}
