import Domain
import HTTP
import HTTPServer
import Localization
import MemberData
import Templates
import TimeZones

/// `/habits`: the member's habits in their own order, grouped, each with its schedule,
/// target and paused state; moving one up or down, pausing it from a day, resuming it,
/// and links to its form. Plain forms (POST, then 303 back to the habit's row). A refused
/// move or pause comes back as the list (400) with the message beside its field; an
/// unknown habit is a 404; nothing is written on any refusal.
enum HabitListPage {
    /// The stylesheet of the habit list and the habit form's plan (`Public/`).
    static let stylesheet = "habits-page.css"

    static func add(to router: inout Router<Route>) {
        router.add(.GET, "/habits", .member { app, page, member in
            let done = try page.query()["done"]
            let text = notice(done).map { app.t($0, page) }
            // A save that jumps to its row (`#habit-3`) says so over the page, where the row is shown.
            let onRow = ["added", "saved", "paused", "resumed"].contains(done ?? "")
            return try show(app, page, member, notice: onRow ? nil : text, toast: onRow ? text : nil)
        }.forGuardians(.read))
        router.add(.POST, "/habits/{id}/move", .member { app, page, member in
            let habit = try HabitsPage.find(app, page, member)
            let step: Int
            switch page.form["direction"] {
            case "up": step = -1
            case "down": step = 1
            default: return try show(app, page, member, listError: app.t("habits.error.direction", page), status: .badRequest)
            }
            guard try member.habits.move(habit.id, by: step) else { throw PageError(.notFound, key: "habits.error.not_found") }
            return .redirect(to: page.paths.habitInList(habit.id))
        }.forGuardians(.write))
        router.add(.POST, "/habits/{id}/pause", .member { app, page, member in
            let habit = try HabitsPage.find(app, page, member)
            let typed = page.form["from"] ?? ""
            let refuse = { (key: String, arguments: [String: String]) in
                try show(app, page, member, pause: PauseRefusal(habit: habit.id, typed: typed, message: app.t(key, page, arguments)),
                         status: .badRequest)
            }
            let day: LocalDate
            switch PauseDay(page.form["from"]) {
            case .missing: return try refuse("habits.error.pause_missing", [:])
            case .malformed: return try refuse("habits.error.pause_date", [:])
            case let .date(date): day = date
            }
            let allowed = DayNavigation.planningRange(today: member.today)
            guard allowed.contains(day) else {
                return try refuse("habits.error.pause_range", ["from": LocalizedDate.dayLabel(allowed.lowerBound, page.language),
                                                               "to": LocalizedDate.dayLabel(allowed.upperBound, page.language)])
            }
            try ChildRules.refusePausingThePast(page, from: day, today: member.today)
            guard try member.habits.setPaused(habit.id, from: day) else { throw PageError(.notFound, key: "habits.error.not_found") }
            return .redirect(to: Paths.done(page.paths.habits, "paused", anchor: "habit-\(habit.id)"))
        }.forGuardians(.write))
        router.add(.POST, "/habits/{id}/resume", .member { app, page, member in
            let habit = try HabitsPage.find(app, page, member)
            guard try member.habits.setPaused(habit.id, from: nil) else { throw PageError(.notFound, key: "habits.error.not_found") }
            return .redirect(to: Paths.done(page.paths.habits, "resumed", anchor: "habit-\(habit.id)"))
        }.forGuardians(.write))
    }

    /// The key of the notice after `?done=`.
    private static func notice(_ done: String?) -> String? {
        switch done {
        case "added": "habits.added"
        case "saved": "habits.saved"
        case "archived": "habits.archived"
        case "restored": "habits.restored"
        case "paused": "habits.paused"
        case "resumed": "habits.resumed"
        default: nil
        }
    }

    /// A refused pause: whose, what was typed, and why.
    private struct PauseRefusal {
        let habit: Int64
        let typed: String
        let message: String
    }

    /// The view: the model in the page's language, into `Views/habits.html`.
    private static func show(_ app: Dawn, _ page: PageRequest, _ member: MemberContext, notice: String? = nil,
                             toast: String? = nil, listError: String? = nil, pause refusal: PauseRefusal? = nil,
                             status: HTTPStatus = .ok) throws -> HTTPResponse {
        let model = try Model(member)
        let language = page.language
        let firstWeekday = member.settings.firstWeekday
        let groups = model.groups.map { group -> HabitListView.Group in
            let rows = group.rows.map { row -> HabitListView.Row in
                let habit = row.habit
                let refused = refusal?.habit == habit.id ? refusal : nil
                let paused = habit.pausedFrom.map { from in
                    app.t(from > model.today ? "habits.pauses_from" : "habits.paused_since", page,
                          ["date": LocalizedDate.dayLabel(from, language)])
                }
                return HabitListView.Row(
                    anchor: "habit-\(habit.id)",
                    name: habit.name,
                    emoji: habit.emoji,
                    class: "habit-\(habit.id)",
                    schedule: HabitPlanWords.schedule(habit, firstWeekday: firstWeekday, app.strings, language),
                    target: HabitPlanWords.target(habit, app.strings, language),
                    paused: paused,
                    moveURL: page.paths.moveHabit(habit.id),
                    canMoveUp: row.canMoveUp,
                    canMoveDown: row.canMoveDown,
                    upLabel: app.t("habits.move_up_label", page, ["name": habit.name]),
                    downLabel: app.t("habits.move_down_label", page, ["name": habit.name]),
                    pauseURL: page.paths.pauseHabit(habit.id),
                    resumeURL: page.paths.resumeHabit(habit.id),
                    resumeLabel: app.t("habits.resume_label", page, ["name": habit.name]),
                    pauseField: "pause-from-\(habit.id)",
                    pauseValue: refused?.typed ?? model.today.description,
                    pauseError: refused?.message,
                    editURL: page.paths.editHabitFromList(habit.id),
                    pageURL: page.paths.habit(habit.id),
                    pageLabel: app.t("habit.page.open", page, ["name": habit.name]),
                    editLabel: app.t("habits.edit_label", page, ["name": habit.name]))
            }
            let heading = group.name ?? (model.hasGroups ? app.t("habits.ungrouped", page) : nil)
            return HabitListView.Group(heading: heading, rows: rows)
        }
        return app.render(HabitListView(
            title: app.t("habits.list_title", page),
            notice: notice,
            toast: toast,
            listError: listError,
            groups: groups,
            // A child's pause starts on their today at the earliest (`ChildRules`).
            min: (page.signedIn?.member.isChild == true ? model.today : model.allowed.lowerBound).description,
            max: model.allowed.upperBound.description,
            newHabitURL: page.paths.newHabitFromList,
            archivedURL: page.paths.archivedHabits,
            today: page.paths.day(model.today),
            habitsCSS: HabitsPage.cssURL(app, member),
            stylesheet: app.staticFiles.url(for: stylesheet) ?? ""
        ), status: status, for: page)
    }
}
