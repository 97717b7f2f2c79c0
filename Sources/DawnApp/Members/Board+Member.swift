import FamilyData
import MemberData
import Store
import TimeZones

extension Board {
    /// Publishes the member's summary on the board (and so opts them in): read from their
    /// own database (`MemberActivity.boardRun`), stored in `instance.sqlite`. The app joins
    /// the two because neither data target reads the other's database.
    func publish(_ id: MemberID, member database: Database, today: LocalDate, skipping skipped: Set<LocalDate> = [],
                 dayStartHour: Int, now: Int64) throws {
        let summary = try MemberActivity.boardRun(database, today: today, skipping: skipped)
        try publish(id, lastActive: summary.lastActive, run: summary.run, bridgedThrough: summary.bridgedThrough,
                    dayStartHour: dayStartHour, now: now)
    }
}
