import Accounts
import Domain
import Localization
import MemberData
import Store
import TimeZones


/// Everything a member page needs about whose data it shows: their database,
/// settings, time zone rules and today's date as they count days. That is the signed-in
/// member's own, or under `/members/{username}/…` a child's whose guardian is signed in
/// (`PageRequest.owner`, `GuardianView`): `actor` is always the one signed in.
final class MemberContext: Sendable {
    /// The signed-in member: their session (CSRF token), name and language render the page.
    let actor: SignedIn
    /// Whose data the page works on (the actor, or the child a guardian looks after).
    let account: Member
    let database: Database
    let settings: MemberSettings
    let rules: TimeZoneRules
    let today: LocalDate
    let now: Int64
    /// Days the member's zone skipped whole (Samoa's 2011-12-30); streaks bridge them.
    let skippedDates: Set<LocalDate>
    /// Set when a guardian looks at a child's data.
    let guardianView: GuardianView?
    /// Where this data's pages are: every link and redirect starts here.
    let paths: Paths

    convenience init(_ app: Dawn, _ page: PageRequest) throws {
        try self.init(app, actor: try page.member, owner: try page.owner)
    }

    /// The signed-in member's own data.
    convenience init(_ app: Dawn, signedIn: SignedIn) throws {
        try self.init(app, actor: signedIn, owner: Owner(signedIn))
    }

    /// For `/settings` alone: it shows no day, and it is where a member whose stored zone
    /// cannot be loaded chooses another, so it opens then too, its unread day counted in UTC.
    convenience init(settingsOf app: Dawn, _ page: PageRequest) throws {
        try self.init(app, actor: try page.member, owner: try page.owner, zoneRequired: false)
    }

    private init(_ app: Dawn, actor: SignedIn, owner: Owner, zoneRequired: Bool = true) throws {
        self.actor = actor
        account = owner.member
        database = owner.database
        settings = owner.settings
        guardianView = owner.guardianView
        paths = owner.paths
        // A zone that cannot be loaded fails the request (a 503 when it passes, such as
        // running out of descriptors), rather than counting the member's days in UTC.
        let clock = try Self.clock(app, owner, zoneRequired: zoneRequired)
        rules = clock.rules
        now = app.now()
        today = clock.today(at: now)
        skippedDates = clock.skippedDates
    }

    private static func clock(_ app: Dawn, _ owner: Owner, zoneRequired: Bool) throws(TimeZoneError) -> MemberClock {
        do {
            return try MemberClock(timeZone: owner.member.timeZone, dayStartHour: owner.settings.dayStartHour, zones: app.timeZones)
        } catch {
            if zoneRequired || error.isTransient { throw error }
            return MemberClock(rules: .utc, dayStartHour: owner.settings.dayStartHour)
        }
    }

    /// Whether the page may show the journal (entries, notes, moods, "on this day", the
    /// notes of logs): always to its member, to a guardian only when the child shares it.
    var journalVisible: Bool { guardianView?.journalShared ?? true }
    /// What makes a day active on these pages (circles, streaks, calendar, heatmap): a
    /// note is the journal's, so a guardian the child does not share it with counts logs only.
    var activityCounting: MemberActivity.Counting { journalVisible ? .notesAndLogs : .logsOnly }
    /// Whether the page may offer to write the journal: only to its member.
    var journalWritable: Bool { guardianView == nil }
    /// What a log or check-off made here records as `logged_by`: the guardian's username,
    /// nil when the member logs their own.
    var loggedBy: String? { guardianView?.guardian.username }

    var journal: Journal { Journal(database: database) }
    /// Now and the member's day now: how long a deleted text can be restored.
    var undoClock: Journal.UndoClock { Journal.UndoClock(now: now, today: today) }

    /// The days every streak of this member bridges (they neither count nor break one) as
    /// of today: the days their zone skipped and their vacations, as ranges. Vacations
    /// starting after today are not read: no streak up to today reaches them.
    func bridgedDays(_ connection: Connection) throws -> BridgedRanges {
        try Vacations.bridgedDays(connection, skipping: skippedDates, through: today)
    }
}

extension MemberContext {
    var habits: Habits { Habits(database: database) }

    /// Where the statistics reach for this member: two years back, or the month of their
    /// earliest data when that is older (one read of `day_summaries`' first key).
    func periodNavigation() throws -> PeriodNavigation {
        let earliest = try database.read { try MemberActivity.earliestDay($0) }
        return PeriodNavigation(today: today, firstWeekday: settings.firstWeekday, earliestData: earliest)
    }
}
