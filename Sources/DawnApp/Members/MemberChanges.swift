import Accounts
import Domain
import FamilyData
import HTTPServer
import MemberData
import Store
import TimeZones

/// What follows every committed write to a member's database, whoever wrote it (a page, an
/// import), as `MemberWrites` announces it: their cached settings and revision, their
/// reminders, and their summary on the family board are kept right here, not by each page
/// that writes.
final class MemberChanges: Sendable {
    private let members: MemberCache
    private let reminders: ReminderScheduler
    private let data: DataDirectory
    private let family: Family
    private let timeZones: TimeZoneDatabase
    private let now: @Sendable () -> Int64

    init(members: MemberCache, reminders: ReminderScheduler, data: DataDirectory, family: Family,
         timeZones: TimeZoneDatabase, now: @escaping @Sendable () -> Int64) {
        self.members = members
        self.reminders = reminders
        self.data = data
        self.family = family
        self.timeZones = timeZones
        self.now = now
    }

    /// After every committed write to a member's database: bumps their revision (so cached
    /// pages and validators change) and, when they share on the family board, refreshes
    /// their summary there. The write is committed by now, so a summary that cannot be
    /// refreshed fails no page: it is said on stderr, and the next write of theirs tries again.
    func written(_ id: MemberID) {
        members.changed(id)
        reminders.memberChanged(id)
        do {
            guard try Board(instance: data.instance).isOptedIn(id) else { return }
            try publishBoard(id)
        } catch {
            StandardError.line("member \(id.rawValue)'s board summary not refreshed: \(error)")
        }
    }

    /// Publishes the member's summary on the board (and so opts them in), from fresh
    /// settings and time zone: this may run right after the member changed them.
    func publishBoard(_ id: MemberID) throws {
        let database = try data.member(id)
        let settings = try members.settings(id, from: database)
        let zone = try family.member(id: id)?.timeZone ?? "UTC"
        let clock = try MemberClock(timeZone: zone, dayStartHour: settings.dayStartHour, zones: timeZones)
        let now = self.now()
        try Board(instance: data.instance).publish(id, member: database, today: clock.today(at: now),
                                                    skipping: clock.skippedDates, dayStartHour: settings.dayStartHour, now: now)
    }
}
