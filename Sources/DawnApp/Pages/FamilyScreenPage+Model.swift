import Accounts
import Domain
import MemberData
import Store
import TimeZones

extension FamilyScreenPage {
    /// A member on the picker: their name, a stable colour, and whether their name is
    /// locked on this screen after too many wrong PINs.
    struct Person: Equatable {
        let id: MemberID
        let displayName: String
        /// 0–7, one of the habit presets (`HabitColor.presets`), as `screen-colour-N`.
        let colour: Int
        let locked: Bool

        /// The first character of the name, for the round badge.
        var initial: String { displayName.first.map { String($0).uppercased() } ?? "?" }
    }

    /// A family chore as the screen shows it.
    ///
    /// ISSUE 19 — FAMILY CHORES SLOT: the shared chores (instance.sqlite) are built on
    /// another branch; after merging, the lead fills `PickerModel.chores` from them (and
    /// may add a check-off form per chore in `Views/family-screen.html`).
    struct Chore: Equatable {
        let name: String
        let emoji: String
        /// "Done by Sam", or nil when nobody did it today.
        let doneBy: String?
    }

    /// The picker (`GET /family-screen` on an enrolled browser): the members who opted in
    /// and have a PIN, by name, and the family chores.
    struct PickerModel {
        let people: [Person]
        /// Empty until the shared chores are merged (see `Chore`).
        let chores: [Chore] = []

        init(_ app: Dawn, screen: FamilyScreens.Screen) throws {
            let now = app.now()
            people = try app.familyScreens.shownMembers().map { member in
                Person(id: member.id, displayName: member.displayName, colour: MemberColour.index(member.id),
                       locked: app.familyScreens.throttle.isPINLocked(screen: screen.id, member: member.id, now: now))
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
        let settings: MemberSettings
        let now: Int64
        /// The member's own database, for the check-off.
        let database: Database

        init(_ app: Dawn, member: Member) throws {
            self.member = member
            let database = try app.data.member(member.id)
            self.database = database
            settings = try app.memberSettings(member.id, database)
            let rules = (try? app.timeZones.rules(for: member.timeZone)) ?? .utc
            now = app.now()
            today = MemberDay.today(at: now, rules: rules, dayStartHour: settings.dayStartHour)
            let habits = Habits(database: database)
            let active = try habits.ordered().filter { !$0.isArchived }
            items = try DayPage.Model.checklist(active, day: today, instances: try habits.instances(on: today), habits: habits,
                                                firstWeekday: settings.firstWeekday)
        }
    }
}
