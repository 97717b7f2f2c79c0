import Accounts
import Domain
import Localization
import MemberData
import Store
import TimeZones


/// Everything a member page needs about the signed-in member: their database,
/// settings, time zone rules and today's date as they count days.
struct MemberContext {
    let signedIn: SignedIn
    let database: Database
    let settings: MemberSettings
    let rules: TimeZoneRules
    let today: LocalDate
    let now: Int64
    /// Days the member's zone skipped whole (Samoa's 2011-12-30); streaks bridge them.
    let skippedDates: Set<LocalDate>

    init(_ app: Dawn, _ page: PageRequest) throws {
        try self.init(app, signedIn: try page.member)
    }

    init(_ app: Dawn, signedIn: SignedIn) throws {
        self.signedIn = signedIn
        database = signedIn.database
        settings = signedIn.settings
        do {
            rules = try app.timeZones.rules(for: signedIn.member.timeZone)
        } catch let error where error.isTransient {
            throw error  // out of descriptors: a 503, rather than a day counted in UTC
        } catch {
            rules = .utc
        }
        now = app.now()
        today = MemberDay.today(at: now, rules: rules, dayStartHour: settings.dayStartHour)
        skippedDates = MemberDay.skippedDates(rules: rules, dayStartHour: settings.dayStartHour)
    }

    var journal: Journal { Journal(database: database) }

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
