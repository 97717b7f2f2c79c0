import Domain
import Store
import TimeZones

extension MemberActivity {
    /// What the family board publishes of a member (`Board.publish` stores it in
    /// `instance.sqlite`): their last day up to today that is active and not bridged, the
    /// run ending there, and the last of the bridged days right after it.
    package struct BoardRun: Sendable, Equatable {
        package let lastActive: LocalDate?
        package let run: Int
        package let bridgedThrough: LocalDate?
    }

    /// The member's `BoardRun` on `today`, counted as the day page counts it — across the
    /// days their zone skipped (`skipped`) and their vacations, read here from their
    /// database with its summaries.
    package static func boardRun(_ database: Database, today: LocalDate, skipping skipped: Set<LocalDate> = [])
        throws -> BoardRun {
        try database.read { connection in
            // Every vacation, the future ones too: one starting tomorrow carries today's run.
            let bridged = try Vacations.bridgedDays(connection, skipping: skipped, through: nil)
            var last = try MemberActivity.lastActive(connection, onOrBefore: today)
            // Activity on a bridged day does not count: the run ends before it. One
            // lookup per bridged stretch stepped over, at most.
            while let day = last, bridged.contains(day) {
                last = try MemberActivity.lastActive(connection, onOrBefore: bridged.lastUnbridged(onOrBefore: day))
            }
            guard let last else { return BoardRun(lastActive: nil, run: 0, bridgedThrough: nil) }
            return BoardRun(lastActive: last, run: try MemberActivity.currentStreak(connection, today: last, bridging: bridged),
                            bridgedThrough: bridged.lastBridged(after: last))
        }
    }
}
