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
        /// The last day streaks count (active and not bridged), and the run ending there.
        package let lastActive: LocalDate?
        package let run: Int
        /// The last of the bridged days (vacations, skipped days) right after `lastActive`:
        /// while the member's yesterday is no later, the run still counts.
        package let bridgedThrough: LocalDate?
        package let dayStartHour: Int
    }

    package func isOptedIn(_ id: MemberID) throws -> Bool {
        try instance.read { try $0.queryOne("SELECT 1 FROM board WHERE member_id = ?", [.integer(id.rawValue)]) != nil }
    }

    package func optOut(_ id: MemberID) throws {
        try instance.write { try $0.run("DELETE FROM board WHERE member_id = ?", [.integer(id.rawValue)]) }
    }

    /// Stores the member's summary (and so opts them in): their last day up to today that
    /// is active and not bridged, the run ending there and how far bridged days carry it,
    /// as `MemberActivity.boardRun` reads them from the member's own database (the app
    /// joins the two: `Board+Member.swift` in DawnApp).
    package func publish(_ id: MemberID, lastActive last: LocalDate?, run: Int, bridgedThrough through: LocalDate?,
                         dayStartHour: Int, now: Int64) throws {
        try instance.write { connection in
            try connection.run("""
                INSERT INTO board (member_id, last_active, run, bridged_through, day_start_hour, updated_at)
                VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT (member_id) DO UPDATE SET last_active = excluded.last_active, run = excluded.run,
                    bridged_through = excluded.bridged_through, day_start_hour = excluded.day_start_hour,
                    updated_at = excluded.updated_at
                """, [.integer(id.rawValue), last.map { .text($0.description) } ?? .null, .integer(Int64(run)),
                      through.map { .text($0.description) } ?? .null,
                      .integer(Int64(dayStartHour)), .integer(now)])
        }
    }

    package func summaries() throws -> [Summary] {
        try instance.read { connection in
            try connection.query("""
                SELECT board.member_id, members.display_name, members.time_zone, board.last_active, board.run,
                       board.day_start_hour, board.bridged_through
                FROM board JOIN members ON members.id = board.member_id ORDER BY members.display_name, members.id
                """).map {
                Summary(memberID: MemberID($0.int64(0)), displayName: $0.string(1), timeZone: $0.string(2),
                        lastActive: $0.optionalString(3).flatMap { LocalDate(iso: $0) }, run: $0.int(4),
                        bridgedThrough: $0.optionalString(6).flatMap { LocalDate(iso: $0) },
                        dayStartHour: $0.int(5))
            }
        }
    }

    /// The current streak the summary means on `today`, counted by `Streak` as the day page
    /// counts it: the run counts while it ends today or yesterday, or when every day from it
    /// up to yesterday is bridged (a vacation). A run ending after `today` counts nothing.
    package static func streak(_ summary: Summary, today: LocalDate) throws -> (streak: Int, activeToday: Bool) {
        guard let last = summary.lastActive, last <= today, summary.run > 0 else { return (0, false) }
        let bridged = summary.bridgedThrough.flatMap { through in
            through > last ? BridgedRanges([last.adding(days: 1)...through]) : nil
        } ?? .none
        let end = last.daysSince1970
        let current = try Streak.current(runs: PublishedRun(days: end - summary.run + 1...end), today: today,
                                         bridging: bridged)
        return (current, last == today)
    }

    /// The published run as the one run of active days there is: its `run` lived days, none
    /// bridged, ending on the last active day.
    private struct PublishedRun: ActiveRuns {
        let days: ClosedRange<Int>

        func run(startingOnOrBefore day: Int) -> ClosedRange<Int>? {
            days.lowerBound <= day ? days : nil
        }

        func longest(endingOnOrBefore day: Int, offset: Int, limit: Int) -> [ClosedRange<Int>] {
            days.upperBound <= day && offset == 0 && limit > 0 ? [days] : []
        }
    }
}
