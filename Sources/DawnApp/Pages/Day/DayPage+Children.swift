import Accounts
import Domain
import HTTP
import MemberData
import Store
import Templates
import TimeZones

/// "Your children" on a guardian's own day page (`Views/partials/day-children.html`), and
/// the same names in the navigation (`Dawn.render`): each child a guardian looks after,
/// linked to the guardian's view of the child's today (`/members/{child}`), with how much
/// is left on that day. Who the children are comes from the family's snapshot in memory
/// (`FamilyCache`); the count is worked out when the page is rendered, and the page's ETag
/// carries each child's data revision, so a check-off of the child's makes a new page.
extension DayPage {
    struct ChildrenModel {
        struct Child: Equatable {
            let member: Member
            /// The child's today, in their own zone and day start.
            let today: LocalDate
            /// The child's habits due on their today that are neither done nor skipped, as
            /// the guardian's view of the child's checklist shows them.
            let leftToday: Int
        }

        let children: [Child]

        /// Empty on a guardian's view of a child: the section is on the guardian's own pages.
        init(_ app: Dawn, _ member: MemberContext) throws {
            guard member.guardianView == nil else {
                children = []
                return
            }
            children = try app.familySnapshot().children(of: member.actor.member.id).compactMap { child in
                guard let database = try Self.database(app, child) else { return nil }
                let settings = try app.memberSettings(child.id, database)
                let today = try Self.today(app, child, settings, now: member.now)
                let habits = Habits(database: database)
                let active = try habits.ordered().filter { !$0.isArchived }
                let items = try Model.checklist(active, day: today, instances: try habits.instances(on: today),
                                                habits: habits, firstWeekday: settings.firstWeekday)
                return Child(member: child, today: today, leftToday: items.count { !$0.done && !$0.skipped })
            }
        }

        /// Adds to a day page's ETag what the section shows, from memory only: each child's
        /// name, data revision and today.
        static func fingerprint(_ app: Dawn, _ member: MemberContext, into tag: inout EntityTag.Fingerprint) throws {
            guard member.guardianView == nil else { return }
            let snapshot = try app.familySnapshot()
            for child in snapshot.children(of: member.actor.member.id) {
                tag.add(child.username)
                tag.add(snapshot.balance(of: child.id))
                tag.add(snapshot.pending(of: child.id))
                tag.add(child.displayName)
                tag.add(app.caches.members.revision(child.id))
                guard let database = try database(app, child) else { continue }
                let settings = try app.memberSettings(child.id, database)
                tag.add(try today(app, child, settings, now: member.now).daysSince1970)
            }
        }

        /// The child's database; nil when they were removed since the snapshot.
        private static func database(_ app: Dawn, _ child: Member) throws -> Database? {
            do {
                return try app.data.member(child.id)
            } catch StoreError.missing {
                return nil
            }
        }

        private static func today(_ app: Dawn, _ child: Member, _ settings: MemberSettings, now: Int64) throws -> LocalDate {
            try MemberClock(timeZone: child.timeZone, dayStartHour: settings.dayStartHour, zones: app.timeZones).today(at: now)
        }
    }

    /// The section for `Views/day.html`, in the page's language; empty without children.
    static func children(_ app: Dawn, _ page: PageRequest, _ member: MemberContext) throws -> [DayView.Child] {
        let snapshot = try app.familySnapshot()
        return try ChildrenModel(app, member).children.map { child in
            let pending = snapshot.pending(of: child.member.id)
            return DayView.Child(name: child.member.displayName, url: Paths.member(child.member.username).home,
                                 left: app.strings.plural("children.left_today", count: child.leftToday, page.language),
                                 balance: String(snapshot.balance(of: child.member.id)),
                                 balanceLabel: app.t("points.balance", page),
                                 pending: pending == 0 ? nil : app.strings.plural("points.pending", count: pending, page.language))
        }
    }
}
