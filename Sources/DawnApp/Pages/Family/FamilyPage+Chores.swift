import Domain
import HTTP
import HTTPServer
import Localization
import FamilyData
import PlainText
import TimeZones

/// The family's shared chores (`FamilyChores`, in instance.sqlite): admins add, edit,
/// archive and restore them in the "Family chores" section of `/family`
/// (`Views/partials/family-chores.html`); any member checks one off for a day, or undoes
/// their own (an admin anyone's), from the day page (`DayPage+Chores.swift`).
/// Plain forms: POST → 303; a refused admin form comes back with what was typed.
extension FamilyPage {
    /// The chore forms of `/family` being shown again: the new chore's, or one chore's edit.
    struct ChoreForms {
        var add: FormState?
        var edit: (id: Int64, state: FormState)?
    }

    /// What a chore form asks for, valid.
    struct ChoreInput {
        let name: HabitName
        let mark: HabitEmoji
        let color: HabitColor.RGB?
        let schedule: HabitSchedule
        /// What a child earns doing it (0–`Points.maxPoints`).
        let points: Int
    }

    static func addChores(to router: inout Router<Route>) {
        router.add(.POST, "/family/chores", .admin { app, page, member in
            var form = choreFormState(page.form)
            guard let input = readChore(app, page, &form) else {
                return try show(app, page, chores: ChoreForms(add: form), status: .badRequest)
            }
            do {
                _ = try FamilyChores(instance: app.data.instance).add(
                    name: input.name, mark: input.mark, color: input.color, schedule: input.schedule,
                    startsOn: member.today, points: input.points, now: member.now)
            } catch let limit as FamilyChores.LimitReached {
                form.fail("general", app.t("chores.error.limit", page, ["max": String(limit.limit)]))
                return try show(app, page, chores: ChoreForms(add: form), status: .badRequest)
            }
            return .redirect(to: Paths.done(Paths.family, "chore-added", anchor: "chores"))
        })
        router.add(.POST, "/family/chores/{id}", .admin { app, page in
            let chores = FamilyChores(instance: app.data.instance)
            let chore = try choreOf(page, chores)
            var form = choreFormState(page.form)
            guard let input = readChore(app, page, &form) else {
                return try show(app, page, chores: ChoreForms(edit: (chore.id, form)), status: .badRequest)
            }
            guard try chores.edit(chore.id, name: input.name, mark: input.mark, color: input.color, schedule: input.schedule,
                                  points: input.points) else {
                throw PageError(.notFound, key: "chores.error.not_found")
            }
            return .redirect(to: Paths.done(Paths.family, "chore-saved", anchor: "chore-\(chore.id)"))
        })
        for (action, archived) in [("archive", true), ("restore", false)] {
            router.add(.POST, "/family/chores/{id}/\(action)", .admin { app, page in
                let chores = FamilyChores(instance: app.data.instance)
                let chore = try choreOf(page, chores)
                guard try chores.setArchived(chore.id, archived, now: app.now()) else {
                    throw PageError(.notFound, key: "chores.error.not_found")
                }
                return .redirect(to: Paths.done(Paths.family, archived ? "chore-archived" : "chore-restored", anchor: "chores"))
            })
        }
        // Any member: `day` (YYYY-MM-DD, their own day) and `action` (done | undo).
        router.add(.POST, "/family/chores/{id}/check", .member { app, page, member in
            let chores = FamilyChores(instance: app.data.instance)
            guard let id = try page.id() else { throw PageError(.notFound, key: "chores.error.not_found") }
            guard let day = LocalDate(iso: page.form["day"] ?? "") else { throw PageError(.badRequest, key: "error.bad_date") }
            let me = member.actor.member
            let notice: String
            do {
                switch page.form["action"] {
                case "done":
                    let result = try chores.check(id, on: day, by: me.id, today: member.today, now: member.now)
                    notice = result == .checked ? "chore-checked" : "chore-taken"
                case "undo":
                    _ = try chores.undo(id, on: day, by: me.id, mayUndoOthers: me.isAdmin, today: member.today,
                                        now: member.now)
                    notice = "chore-unchecked"
                default:
                    throw PageError(.badRequest, key: "chores.error.action")
                }
            } catch let refusal as FamilyChores.Refusal {
                throw pageError(refusal)
            }
            return .redirect(to: Paths.done(Paths.own.day(day), notice, anchor: "chores"))
        })
    }

    /// A refused check-off or undo as the page the member sees.
    static func pageError(_ refusal: FamilyChores.Refusal) -> PageError {
        switch refusal {
        case .notFound: PageError(.notFound, key: "chores.error.not_found")
        case .archived: PageError(.badRequest, key: "chores.error.archived")
        case .future: PageError(.badRequest, key: "chores.error.future")
        case .notDue: PageError(.badRequest, key: "chores.error.not_due")
        case .notYours: PageError(.forbidden, key: "chores.error.not_yours")
        }
    }

    /// The `{id}` of an admin's chore form: not an id, or no such chore → 404.
    private static func choreOf(_ page: PageRequest, _ chores: FamilyChores) throws -> FamilyChores.Chore {
        guard let id = try page.id(), let chore = try chores.chore(id) else {
            throw PageError(.notFound, key: "chores.error.not_found")
        }
        return chore
    }

    /// The family page's notices after a chore form (`?done=…`).
    static func choresNotice(_ done: String?) -> String? {
        switch done {
        case "chore-added": "family.notice.chore_added"
        case "chore-saved": "family.notice.chore_saved"
        case "chore-archived": "family.notice.chore_archived"
        case "chore-restored": "family.notice.chore_restored"
        default: nil
        }
    }

    /// What was typed, to show again.
    private static func choreFormState(_ form: FormFields) -> FormState {
        FormState(values: ["name": form["name"] ?? "", "mark": form["mark"] ?? "", "color": form["color"] ?? "",
                           "schedule": form["schedule"] ?? "", "points": form["points"] ?? ""],
                  lists: ["weekdays": form.values("weekdays")])
    }

    /// The chore a form describes, or nil with every field's error in `form`. The name and
    /// the emoji follow a habit's rules; the colour is one of the habit palette's presets or
    /// none; the schedule is every day or chosen weekdays.
    static func readChore(_ app: Dawn, _ page: PageRequest, _ form: inout FormState) -> ChoreInput? {
        let fields = page.form
        let name = try? HabitName(fields["name"] ?? "")
        if name == nil { form.fail("name", app.t("habits.error.name", page)) }
        let mark = try? HabitEmoji(fields["mark"] ?? "")
        if mark == nil { form.fail("mark", app.t("habits.error.emoji", page)) }
        var color: HabitColor.RGB?
        if let text = fields["color"], !text.isEmpty {
            color = HabitColor.parse(text).flatMap { HabitColor.preset(for: $0)?.rgb }
            if color == nil { form.fail("color", app.t("chores.error.color", page)) }
        }
        var schedule: HabitSchedule?
        switch fields["schedule"] {
        case "day": schedule = .daily
        case "weekdays":
            schedule = try? HabitSchedule.weekdays(named: fields.values("weekdays"))
            if schedule == nil { form.fail("weekdays", app.t("habit.error.schedule_weekdays", page)) }
        default: form.fail("schedule", app.t("chores.error.schedule", page))
        }
        let points = readPoints(app, page, fields["points"], &form)
        guard form.isValid, let name, let mark, let schedule, let points else { return nil }
        return ChoreInput(name: name, mark: mark, color: color, schedule: schedule, points: points)
    }

    /// The "Family chores" section, `Views/partials/family-chores.html`.
    static func choresSection(_ app: Dawn, _ page: PageRequest, _ forms: ChoreForms) throws -> FamilyView.Chores {
        let chores = try FamilyChores(instance: app.data.instance).all()
        // Read here, not handed by the route: the forms of `/family` that only redirect never
        // need the admin's clock, and showing the page fails on it as every member page does.
        let firstWeekday = try MemberContext(app, page).settings.firstWeekday
        let language = page.language
        func form(prefix: String, action: String, state: FormState, submit: String) -> FamilyView.ChoreForm {
            let chosenColor = state.value("color")
            let scheduleChosen = state.value("schedule")
            let days = Set(state.values("weekdays"))
            let colors = HabitColor.presets.map { preset in
                HabitFormView.Color(hex: preset.hex, name: app.t("habits.swatch.\(preset.name.lowercased())", page),
                                    class: "swatch-\(preset.name.lowercased())", selected: chosenColor == preset.hex)
            }
            let weekdays = HabitsPage.FormModel.week(from: firstWeekday).map { day in
                let name = HabitSchedule.name(of: day)
                return HabitFormView.Weekday(name: name, label: LocalizedDate.weekdayShort(day, language),
                                             long: LocalizedDate.weekday(day, language), checked: days.contains(name))
            }
            return FamilyView.ChoreForm(
                prefix: prefix, action: action, form: FamilyView.Form(state), submit: submit,
                colors: colors, noColor: chosenColor.isEmpty,
                scheduleDay: scheduleChosen == "day", scheduleWeekdays: scheduleChosen == "weekdays",
                weekdays: weekdays)
        }
        func stored(_ chore: FamilyChores.Chore) -> FormState {
            FormState(values: ["name": chore.name, "mark": chore.mark, "color": chore.color ?? "",
                               "schedule": chore.schedule == .daily ? "day" : "weekdays", "points": String(chore.points)],
                      lists: ["weekdays": chore.schedule.weekdayNames ?? []])
        }
        func listed(_ chore: FamilyChores.Chore) -> FamilyView.Chore {
            let editing = forms.edit?.id == chore.id ? forms.edit?.state : nil
            let name = ["name": chore.name]
            return FamilyView.Chore(
                id: Int(chore.id),
                name: chore.name,
                mark: chore.mark,
                colorClass: colorClass(chore.color),
                plan: HabitPlanWords.schedule(chore.schedule, firstWeekday: firstWeekday, app.strings, language),
                editOpen: editing != nil,
                archiveURL: Paths.archiveChore(chore.id),
                archiveLabel: app.t("family.chores.archive_label", page, name),
                restoreURL: Paths.restoreChore(chore.id),
                restoreLabel: app.t("family.chores.restore_label", page, name),
                edit: [form(prefix: "chore-\(chore.id)", action: Paths.chore(chore.id), state: editing ?? stored(chore),
                            submit: app.t("family.chores.save", page))])
        }
        let newState = forms.add ?? FormState(values: ["name": "", "mark": "", "color": "", "schedule": "day", "points": "0"])
        return FamilyView.Chores(
            kept: chores.filter { !$0.isArchived }.map(listed),
            archived: chores.filter(\.isArchived).map(listed),
            newChore: [form(prefix: "chore-new", action: Paths.chores, state: newState,
                            submit: app.t("family.chores.add_submit", page))],
            limitHint: app.t("family.chores.limit_hint", page, ["max": String(FamilyChores.maxChores)]))
    }

    /// A form's `points` (a chore's or a habit's): blank is 0, else a whole number from 0 to
    /// `Points.maxPoints`; nil with the field's error in `form`.
    static func readPoints(_ app: Dawn, _ page: PageRequest, _ typed: String?, _ form: inout FormState) -> Int? {
        let text = String(PlainText.trimmed(typed ?? ""))
        if text.isEmpty { return 0 }
        guard text.count <= 7, text.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(text),
              (0...Points.maxPoints).contains(value) else {
            form.fail("points", app.t("points.error.points", page, ["max": String(Points.maxPoints)]))
            return nil
        }
        return value
    }

    /// The class that paints a chore's colour dot (`swatch-coral`…), or the neutral one.
    static func colorClass(_ color: String?) -> String {
        guard let color, let rgb = HabitColor.parse(color), let preset = HabitColor.preset(for: rgb) else { return "chore-plain" }
        return "swatch-" + preset.name.lowercased()
    }
}
