import Domain
import FamilyData
import HTTP
import HTTPServer
import Localization
import MemberData
import PlainText
import Store
import Templates
import TimeZones

/// The day page's checklist: the day's due habits, each checked off (or undone) with one
/// submit, or skipped for the day. Plain forms (POST → 303 back to `#checklist`); a
/// refusal shows the day page again with the message beside the item, nothing written.
extension DayPage {
    /// A checklist form refused: which item, what was typed, why.
    struct CheckRefusal {
        let habitID: Int64
        let amount: String
        let message: String
    }

    /// What one checklist form (or the API's check, `APIv1`) asks for a habit's day.
    enum CheckAction: Equatable {
        /// Mark the day done: with an amount, add it; without, what the target still needs.
        case done(amount: HabitAmount?)
        /// Take back the day's check-offs.
        case undo
        case skip
        case unskip
    }

    /// What a check did: the notice its form's redirect names.
    enum CheckDone: String {
        case checked, amountAdded = "amount-added", unchecked, skipped, unskipped
    }

    /// The checklist's one write path, for its forms and the API alike: the child rules, the
    /// write (`writeCheck`), and what it did. A refusal of the rules is a `PageError` (an
    /// archived habit 400, a child's undo or skip of another day than today 403, a habit gone
    /// 404) with nothing written; a full account is `Habits.LimitReached`, which each caller
    /// words its way.
    static func applyCheck(_ action: CheckAction, habit: Habits.Habit, day: LocalDate, _ app: Dawn, _ page: PageRequest,
                           _ member: MemberContext) throws -> CheckDone {
        switch action {
        case .done: break
        case .undo: try ChildRules.refuseUndo(page, day: day, today: member.today)
        case .skip, .unskip: try ChildRules.refuseChangingDay(page, day: day, today: member.today)
        }
        return try writeCheck(action, habit: habit, day: day, app, owner: member.account.id, database: member.database,
                              loggedBy: member.loggedBy, now: member.now, child: member.account.isChild,
                              by: member.actor.member.id)
    }

    /// The write of a check, and the member's webhook told what it did (`Dawn.webhooks`):
    /// for `applyCheck` and the kitchen screen (whose one tap is a `done` on the member's
    /// today, which no child rule refuses). Only a write that changed something is announced:
    /// `habit.done` when a check-off was written and the day is done (an amount short of the
    /// target is not), `habit.undone` when check-offs were taken back, `habit.skipped` and
    /// `habit.unskipped`.
    /// A child's check-off or undo also settles the habit's points for the day (`Points`),
    /// from the day's done state after the write, one child's writes at a time: a retry or
    /// a double submit finds the ledger row already as it should be.
    static func writeCheck(_ action: CheckAction, habit: Habits.Habit, day: LocalDate, _ app: Dawn, owner: MemberID,
                           database: Database, loggedBy: String?, now: Int64, child: Bool = false,
                           by: MemberID? = nil) throws -> CheckDone {
        guard child, action != .skip, action != .unskip else {
            return try writeHabitCheck(action, habit: habit, day: day, app, owner: owner, database: database,
                                       loggedBy: loggedBy, now: now)
        }
        return try settlingPoints(habit: habit, day: day, app, owner: owner, database: database, by: by ?? owner,
                                  now: now) {
            try writeHabitCheck(action, habit: habit, day: day, app, owner: owner, database: database,
                                loggedBy: loggedBy, now: now)
        }
    }

    /// Runs `write` (a write of a child's habit on `day`: a check-off, an undo, a log added
    /// or changed), then sets the habit's points for the day from its done state after the
    /// write (`Points.settleHabit`). Held under `Dawn.pointsWrites`, so two writes at once
    /// settle in the order they wrote.
    static func settlingPoints<T>(habit: Habits.Habit, day: LocalDate, _ app: Dawn, owner: MemberID, database: Database,
                                  by: MemberID, now: Int64, _ write: () throws -> T) throws -> T {
        try app.pointsWrites.withLock { _ in
            let result = try write()
            let isDone = try Habits(database: database).day(habit.id, on: day)?.done == true
            try Points(instance: app.data.instance).settleHabit(habit.id, of: owner, day: day, done: isDone,
                                                                reason: "\(habit.emoji) \(habit.name)", by: by, now: now)
            return result
        }
    }

    private static func writeHabitCheck(_ action: CheckAction, habit: Habits.Habit, day: LocalDate, _ app: Dawn,
                                        owner: MemberID, database: Database, loggedBy: String?,
                                        now: Int64) throws -> CheckDone {
        let habits = Habits(database: database)
        let webhook = app.webhook(of: owner, database)
        let done: CheckDone
        var event: WebhookEvent.Kind?
        switch action {
        case .done(let amount):
            let result = if let amount {
                try habits.checkOff(habit: habit.id, on: day, amountMilli: Habits.milli(amount.value), loggedBy: loggedBy, now: now)
            } else {
                try habits.checkOffToMeetTarget(habit: habit.id, on: day, loggedBy: loggedBy, now: now)
            }
            guard result != .unavailable else { throw PageError(.badRequest, key: "habits.error.archived") }
            if result == .logged, webhook != nil, try habits.day(habit.id, on: day)?.done == true {
                event = .done
            }
            done = amount == nil ? .checked : .amountAdded
        case .undo:
            if try habits.undoCheckOffs(habit: habit.id, on: day) > 0 { event = .undone }
            done = .unchecked
        case .skip, .unskip:
            guard try habits.setSkipped(habit.id, on: day, action == .skip) else {
                throw PageError(.notFound, key: "habits.error.not_found")
            }
            event = action == .skip ? .skipped : .unskipped
            done = action == .skip ? .skipped : .unskipped
        }
        if let event, let webhook {
            app.webhooks.send(WebhookEvent(kind: event, habitID: habit.id, name: habit.name, emoji: habit.emoji, day: day, at: now),
                              to: webhook, of: owner)
        }
        return done
    }

    static func addChecklist(to router: inout Router<Route>) {
        router.add(.POST, "/day/{date}/check/{habit}", .member { app, page, member in
            let day = try day(app, page, member)
            let habit = try checklistHabit(page, member)
            let typed = page.form["amount"] ?? ""
            func refuse(_ message: String) throws -> HTTPResponse {
                try show(app, page, member, day: day, checkRefusal: CheckRefusal(habitID: habit.id, amount: typed, message: message),
                         status: .badRequest)
            }
            let action: CheckAction
            switch page.form["action"] {
            case "done":
                if PlainText.trimmed(typed).isEmpty {
                    action = .done(amount: nil)
                } else {
                    do throws(HabitError) {
                        action = .done(amount: try HabitAmount(parsing: typed))
                    } catch {
                        return try refuse(app.t(error.key, page))
                    }
                }
            case "undo":
                action = .undo
            default:
                throw PageError(.badRequest, key: "check.error.action")
            }
            do {
                let done = try applyCheck(action, habit: habit, day: day, app, page, member)
                return .redirect(to: Paths.done(page.paths.day(day), done.rawValue, anchor: "checklist"))
            } catch let limit as Habits.LimitReached {
                return try refuse(HabitsPage.limitMessage(app, page, limit))
            }
        }.forGuardians(.write))
        router.add(.POST, "/day/{date}/skip/{habit}", .member { app, page, member in
            let day = try day(app, page, member)
            let habit = try checklistHabit(page, member)
            let action: CheckAction
            switch page.form["action"] {
            case "skip": action = .skip
            case "unskip": action = .unskip
            default: throw PageError(.badRequest, key: "check.error.action")
            }
            let done = try applyCheck(action, habit: habit, day: day, app, page, member)
            return .redirect(to: Paths.done(page.paths.day(day), done.rawValue, anchor: "checklist"))
        }.forGuardians(.write))
    }

    /// The `{habit}` of a checklist form: no such habit (or not a habit id) → 404; archived → 400.
    static func checklistHabit(_ page: PageRequest, _ member: MemberContext) throws -> Habits.Habit {
        guard let id = try page.id("habit"), let habit = try member.habits.habit(id) else {
            throw PageError(.notFound, key: "habits.error.not_found")
        }
        guard !habit.isArchived else { throw PageError(.badRequest, key: "habits.error.archived") }
        return habit
    }

    /// The checklist's notices (`?done=…` after its forms).
    static func checklistNotice(_ done: String?) -> String? {
        switch done {
        case "checked": "check.checked"
        case "unchecked": "check.unchecked"
        case "amount-added": "check.added"
        case "skipped": "check.skipped"
        case "unskipped": "check.unskipped"
        default: nil
        }
    }

    /// The checklist's items for `Views/day.html`, in the page's language.
    static func checkItems(_ model: Model, _ app: Dawn, _ page: PageRequest, refusal: CheckRefusal?,
                           names: LoggedByNames) -> [DayView.CheckItem] {
        let language = page.language
        let isToday = model.day == model.today
        // A child's skips of an earlier day are history (`ChildRules`): no toggle.
        let mayChange = page.signedIn.map { ChildRules.mayChangeDay($0.member, day: model.day, today: model.today) } ?? true
        return model.checklist.map { item in
            let habit = item.habit, name = habit.name
            let state = item.done ? "done" : item.skipped ? "skipped" : "open"
            var meta: String?
            if let done = item.unitDone, let times = habit.schedule.times {
                let key = habit.schedule.streakUnit == .month ? "check.month_progress" : "check.week_progress"
                meta = app.t(key, page, ["done": String(done), "times": String(times)])
            }
            let progress = item.target.map { target in
                let values = ["total": LocalizedNumber.decimal(thousandths: item.totalMilli, language),
                              "target": LocalizedNumber.decimal(thousandths: target.milli, language), "unit": habit.targetUnit]
                let key = target.kind == .atMost ? "check.progress_at_most" : "check.progress_at_least"
                return String(PlainText.trimmed(app.t(key, page, values)))
            }
            let refused = refusal?.habitID == habit.id ? refusal : nil
            let tap: (action: String?, label: String) = switch item.tap {
            case .markDone: ("done", app.t("check.mark", page, ["name": name]))
            case .undo where mayChange: ("undo", app.t("check.undo", page, ["name": name]))
            case .undo: (nil, app.t("child.undo_label", page, ["name": name]))
            case .none: (nil, app.t(item.done ? "check.on_timeline" : "check.over_target", page, ["name": name]))
            }
            return DayView.CheckItem(
                id: Int(habit.id),
                class: "habit-\(habit.id)",
                state: state,
                emoji: habit.emoji,
                name: name,
                stateText: app.t(item.done ? "check.state_done" : item.skipped ? "check.state_skipped" : "check.state_open", page),
                // Skipped is written out; done and not done show in the pill's look (and are read out).
                stateClass: state == "skipped" ? "check-meta" : "visually-hidden",
                meta: meta,
                describedBy: "check-state-\(habit.id)" + (progress == nil ? "" : " check-progress-\(habit.id)"),
                checkURL: page.paths.checkOff(model.day, habit: habit.id),
                skipURL: page.paths.skip(model.day, habit: habit.id),
                // Skipping is for a day not done; a skip stays undoable whatever happens.
                showSkip: mayChange && (!item.done || item.skipped),
                skipAction: item.skipped ? "unskip" : "skip",
                skipPressed: item.skipped ? "true" : "false",
                skipLabel: app.t(isToday ? "check.skip_today" : "check.skip_day", page, ["name": name]),
                progress: progress,
                amountLabel: app.t("check.amount_label", page, ["name": name]),
                unit: habit.targetUnit,
                amount: refused?.amount ?? "",
                error: refused?.message,
                loggedBy: names.label(item.loggedBy, app, page),
                tapAction: tap.action,
                tapLabel: tap.label)
        }
    }
}
