import Domain
import HTTP
import Localization
import FamilyData
import Templates
import TimeZones

/// The day page's "Family chores" section (`Views/partials/day-chores.html`): the family's
/// chores due on the shown day (`FamilyChores`, instance.sqlite), each with who did it or a
/// button to check it off (today and past days only), and undo for one's own (an admin's
/// for anyone's). The forms post to `/family/chores/{id}/check` (`FamilyPage+Chores.swift`),
/// which comes back to `#chores`.
extension DayPage {
    /// The chores of `day` as the member sees them. No HTML, no wording.
    struct ChoresModel {
        struct Item: Equatable {
            let chore: FamilyChores.Chore
            let done: FamilyChores.Completion?
            /// Done by the reader.
            let isMine: Bool
            /// The day may be checked off (today or a past day) and nobody did it yet.
            let canCheck: Bool
            /// The reader may undo it: their own, or anyone's for an admin.
            let canUndo: Bool
        }

        let items: [Item]

        init(_ app: Dawn, _ member: MemberContext, day: LocalDate) throws {
            let me = member.actor.member
            let open = day <= member.today
            // The family's chores are checked off by whoever did them, on their own day page:
            // a guardian's view of a child's day does not show them.
            guard member.guardianView == nil else {
                items = []
                return
            }
            items = try FamilyChores(instance: app.data.instance).day(day).map { due in
                let mine = due.done?.memberID == me.id
                return Item(chore: due.chore, done: due.done, isMine: mine, canCheck: open && due.done == nil,
                            canUndo: open && due.done != nil && (mine || me.isAdmin))
            }
        }
    }

    /// The section for `Views/day.html`, in the page's language.
    static func chores(_ app: Dawn, _ page: PageRequest, _ member: MemberContext, day: LocalDate) throws -> DayView.Chores {
        let model = try ChoresModel(app, member, day: day)
        let notice: String? = switch try? page.query()["done"] {
        case "chore-checked": "chores.checked"
        case "chore-unchecked": "chores.unchecked"
        case "chore-taken": "chores.taken"
        default: nil
        }
        let items = model.items.map { item in
            let name = item.chore.name
            return DayView.Chore(
                id: Int(item.chore.id),
                name: name,
                mark: item.chore.mark,
                colorClass: FamilyPage.colorClass(item.chore.color),
                state: item.done == nil ? "open" : "done",
                checkURL: Paths.checkChore(item.chore.id),
                canCheck: item.canCheck,
                canUndo: item.canUndo,
                checkLabel: app.t("chores.mark", page, ["name": name]),
                undoLabel: app.t("chores.undo", page, ["name": name]),
                who: whoDidIt(item.done, isMine: item.isMine, app, page) ?? app.t("chores.not_done", page))
        }
        return DayView.Chores(items: items, notice: notice.map { app.t($0, page) })
    }

    /// "Done by Anna", "Done by you", "Done by a former member"; nil when not done.
    static func whoDidIt(_ done: FamilyChores.Completion?, isMine: Bool, _ app: Dawn, _ page: PageRequest) -> String? {
        guard let done else { return nil }
        if isMine { return app.t("chores.done_by_you", page) }
        return app.t("chores.done_by", page, ["name": done.displayName ?? app.t("chores.former_member", page)])
    }
}
