import Accounts
import Domain
import FamilyData
import MemberData
import Store
import TimeZones

extension FamilyScreenPage {
    /// A member on the picker: their name, a stable colour, and whether their name is
    /// locked (on every screen) after too many wrong PINs.
    struct Person: Equatable {
        let id: MemberID
        let displayName: String
        /// 0–7, one of the habit presets (`HabitColor.presets`), as `screen-colour-N`.
        let colour: Int
        let locked: Bool

        /// The first character of the name, for the round badge.
        var initial: String { displayName.first.map { String($0).uppercased() } ?? "?" }
    }

    /// The family chores due on the family's today (`FamilyChores`, in instance.sqlite), as
    /// the picker lists them and a member's page offers the open ones. The picker has no
    /// member, so its today is the family's: as the first admin counts days (their zone and
    /// day start), the day the admins set chores up on.
    static func familyToday(_ app: Dawn) throws -> LocalDate {
        let admin = try app.family.members().first(where: \.isAdmin)
        let database = try admin.map { try app.data.member($0.id) }
        let settings = try admin.flatMap { admin in try database.map { try app.memberSettings(admin.id, $0) } }
        return try MemberClock(timeZone: admin?.timeZone ?? "UTC", dayStartHour: settings?.dayStartHour ?? 0,
                               zones: app.timeZones).today(at: app.now())
    }

    /// The picker (`GET /family-screen` on an enrolled browser): the members who opted in
    /// and have a PIN, by name, and the family chores.
    struct PickerModel {
        let people: [Person]
        /// The family chores due on the family's today, with who did each (`familyToday`).
        let chores: [FamilyChores.DayChore]

        init(_ app: Dawn, screen: FamilyScreens.Screen) throws {
            chores = try FamilyChores(instance: app.data.instance).day(try FamilyScreenPage.familyToday(app))
            let failures = try app.familyScreens.pinFailures.counted()
            people = try app.familyScreens.shownMembers().map { member in
                Person(id: member.id, displayName: member.displayName, colour: MemberColour.index(member.id),
                       locked: failures[member.id]?.state.isLocked ?? false)
            }
        }
    }

    /// A member's stable colour on the screen (they have none of their own): their id
    /// round the eight habit presets, so it never changes and neighbours usually differ.
    enum MemberColour {
        static func index(_ id: MemberID) -> Int {
            let count = Int64(HabitColor.presets.count)
            return Int(((id.rawValue % count) + count) % count)
        }
    }

    /// What a member sees after their PIN: their due habits for their today, as the day
    /// page's checklist has them (`DayPage.Model.checklist`). Never their journal, notes or
    /// mood: nothing here reads them.
    struct TodayModel {
        let member: Member
        let today: LocalDate
        let items: [DayPage.Model.CheckItem]
        /// The family chores due on the member's today that nobody did yet: one tap checks
        /// one off in the member's name.
        let openChores: [FamilyChores.Chore]
        let settings: MemberSettings
        let now: Int64
        /// The member's own database, for the check-off.
        let database: Database

        init(_ app: Dawn, member: Member) throws {
            self.member = member
            let database = try app.data.member(member.id)
            self.database = database
            settings = try app.memberSettings(member.id, database)
            now = app.now()
            today = try MemberClock(timeZone: member.timeZone, dayStartHour: settings.dayStartHour, zones: app.timeZones)
                .today(at: now)
            let habits = Habits(database: database)
            let active = try habits.ordered().filter { !$0.isArchived }
            items = try DayPage.Model.checklist(active, day: today, instances: try habits.instances(on: today), habits: habits,
                                                firstWeekday: settings.firstWeekday)
            openChores = try FamilyChores(instance: app.data.instance).day(today).filter { $0.done == nil }.map(\.chore)
        }
    }
}
