import Domain
import FamilyData
import HTTP
import HTTPServer
import Localization
import MemberData
import PlainText
import Templates
import TimeZones

/// The habit forms: add, edit, archive and restore, delete after confirmation,
/// the archived list, and `/habits.css` — the member's habit colours as CSS
/// classes (`.habit-12`), since colours never enter a page as inline styles.
enum HabitsPage {
    static func add(to router: inout Router<Route>) {
        router.add(.GET, "/habits.css", .member { _, _, member in try stylesheet(member) }.forGuardians(.read))
        router.add(.GET, "/habits/new", .member { app, page, member in
            return show(app, page, member, FormModel(newHabitReturningTo: try returnDay(page, member), toList: try returnsToList(page),
                                                     firstWeekday: member.settings.firstWeekday))
        }.forGuardians(.write))
        router.add(.POST, "/habits", .member { app, page, member in
            let sent = FormModel(nil, sent: page.form, returningTo: try returnDay(page, member), toList: try returnsToList(page),
                                 firstWeekday: member.settings.firstWeekday, language: page.language)
            var form = FormState()
            let fields = read(app, page, &form)
            let plan = readPlan(sent.values, app, page, &form)
            let points = try readHabitPoints(app, page, member, &form)
            guard let fields, let plan else {
                return show(app, page, member, sent, errors: form, status: .badRequest, points: page.form["points"])
            }
            guard form.isValid else {
                return show(app, page, member, sent, errors: form, status: .badRequest, points: page.form["points"])
            }
            let id: Int64
            do {
                id = try member.habits.add(name: fields.name, emoji: fields.emoji, color: fields.color,
                                           defaultDuration: fields.duration, plan: plan, now: member.now)
            } catch let limit as Habits.LimitReached {
                form.fail("general", limitMessage(app, page, limit))
                return show(app, page, member, sent, errors: form, status: .badRequest)
            }
            if let points { try Points(instance: app.data.instance).setHabitPoints(points, habit: id, of: member.account.id) }
            return .redirect(to: done(sent, "added", habit: id, page.paths))
        }.forGuardians(.write))
        router.add(.GET, "/habits/archived", .member { app, page, member in
            let model = try ArchivedModel(member)
            let habits = model.habits.map { habit in
                ArchivedHabitsView.Habit(
                    name: habit.name, emoji: habit.emoji, class: "habit-\(habit.id)",
                    count: app.strings.plural("habits.count", count: habit.count, page.language),
                    restoreURL: page.paths.restoreHabit(habit.id),
                    // Guardians archive, never delete: no delete link on their view.
                    deleteURL: page.ward == nil ? page.paths.deleteHabit(habit.id) : nil)
            }
            return app.render(ArchivedHabitsView(title: app.t("habits.archived_title", page), habits: habits,
                                                 today: page.paths.day(model.today), habitsCSS: cssURL(app, member)),
                              for: page)
        }.forGuardians(.read))
        router.add(.GET, "/habits/{id}/edit", .member { app, page, member in
            let habit = try find(app, page, member)
            return show(app, page, member, FormModel(editing: habit, returningTo: try returnDay(page, member),
                                                     toList: try returnsToList(page), firstWeekday: member.settings.firstWeekday,
                                                     language: page.language))
        }.forGuardians(.write))
        router.add(.POST, "/habits/{id}", .member { app, page, member in
            let habit = try find(app, page, member)
            let sent = FormModel(habit, sent: page.form, returningTo: try returnDay(page, member), toList: try returnsToList(page),
                                 firstWeekday: member.settings.firstWeekday, language: page.language)
            var form = FormState()
            let fields = read(app, page, &form)
            let plan = readPlan(sent.values, app, page, &form)
            try ChildRules.refusePlanChange(page, of: habit, to: plan)
            let points = try readHabitPoints(app, page, member, &form)
            guard let fields, let plan, form.isValid else {
                return show(app, page, member, sent, errors: form, status: .badRequest, points: page.form["points"])
            }
            guard try member.habits.update(habit.id, name: fields.name, emoji: fields.emoji, color: fields.color,
                                           defaultDuration: fields.duration, plan: plan, today: member.today) else {
                throw PageError(.notFound, key: "habits.error.not_found")
            }
            if let points {
                try Points(instance: app.data.instance).setHabitPoints(points, habit: habit.id, of: member.account.id)
            }
            return .redirect(to: done(sent, "saved", habit: habit.id, page.paths))
        }.forGuardians(.write))
        for (action, archived) in [("archive", true), ("restore", false)] {
            router.add(.POST, "/habits/{id}/\(action)", .member { app, page, member in
                let habit = try find(app, page, member)
                let back = try returnDay(page, member), toList = try returnsToList(page)
                _ = try member.habits.setArchived(habit.id, archived, now: member.now)
                let notice = archived ? "archived" : "restored"
                return .redirect(to: toList ? Paths.done(page.paths.habits, notice)
                                            : Paths.done(page.paths.day(back), "habit-" + notice, anchor: "tray"))
            }.forGuardians(.write))
        }
        // The child's refusal comes before the member's clock, which can fail (a zone that
        // cannot be loaded): a handed context would turn that 403 into the error page.
        router.add(.GET, "/habits/{id}/delete", .member { app, page in
            try ChildRules.refuseDeletingHabit(page)
            let member = try MemberContext(app, page)
            let model = DeleteModel(habit: try find(app, page, member), back: try returnDay(page, member))
            let habit = model.habit
            return app.render(HabitDeleteView(
                title: app.t("habits.delete_title", page, ["name": habit.name]),
                habit: HabitDeleteView.Habit(name: habit.name, emoji: habit.emoji, class: "habit-\(habit.id)",
                                             deleteURL: page.paths.deleteHabit(habit.id)),
                back: page.paths.day(model.back),
                habitsCSS: cssURL(app, member)
            ), for: page)
        })
        // As the question: the child's refusal before the member's clock.
        router.add(.POST, "/habits/{id}/delete", .member { app, page in
            try ChildRules.refuseDeletingHabit(page)
            let member = try MemberContext(app, page)
            let habit = try find(app, page, member)
            _ = try member.habits.delete(habit.id)
            return .redirect(to: Paths.done(page.paths.day(try returnDay(page, member)), "habit-deleted", anchor: "tray"))
        })
    }

    /// "You have 500 habits, the most an account can hold…", in the page's language.
    static func limitMessage(_ app: Dawn, _ page: PageRequest, _ limit: Habits.LimitReached) -> String {
        let key = limit.kind == .habits ? "habits.error.limit" : "timeline.error.limit"
        return app.t(key, page, ["max": LocalizedNumber.integer(limit.limit, page.language)])
    }

    /// The day page to go back to (`?day=` or the form's `day` field), today by default.
    static func returnDay(_ page: PageRequest, _ member: MemberContext) throws(PageError) -> LocalDate {
        let raw = page.http.method == .POST ? page.form["day"] : try page.query()["day"]
        guard let raw, !raw.isEmpty else { return member.today }
        guard let day = LocalDate(iso: raw) else { throw PageError(.badRequest, key: "error.bad_date") }
        guard DayNavigation.isAllowed(day, today: member.today) else { throw PageError(.notFound, key: "error.date_range") }
        return day
    }

    /// Whether the form was opened from `/habits` (`from=habits` in the query or the form),
    /// and so goes back there. Any other `from` is a 400.
    static func returnsToList(_ page: PageRequest) throws(PageError) -> Bool {
        let raw = page.http.method == .POST ? page.form["from"] : try page.query()["from"]
        switch raw {
        case nil, "": return false
        case "habits": return true
        default: throw PageError(.badRequest, key: "habits.error.from")
        }
    }

    /// Where a saved form goes: its row on `/habits` with a notice, or the day's tray.
    private static func done(_ model: FormModel, _ notice: String, habit id: Int64, _ paths: Paths) -> String {
        model.returnsToList ? Paths.done(paths.habits, notice, anchor: "habit-\(id)")
            : Paths.done(paths.day(model.back), "habit-" + notice, anchor: "tray")
    }

    static func find(_ app: Dawn, _ page: PageRequest, _ member: MemberContext) throws -> Habits.Habit {
        guard let id = try page.id(), let habit = try member.habits.habit(id) else {
            throw PageError(.notFound, key: "habits.error.not_found")
        }
        return habit
    }

    /// The stylesheet URL, versioned by the member's revision (and the process's epoch) so
    /// browsers refetch it after a change, even one made before a restart.
    static func cssURL(_ app: Dawn, _ member: MemberContext) -> String {
        member.paths.habitsStylesheet(version: app.caches.members.validator(member.account.id))
    }

    private static func stylesheet(_ member: MemberContext) throws -> HTTPResponse {
        var css = "/* Your habits' colours: validated #RRGGBB only. */\n"
        for habit in try member.habits.all() {
            let rgb = habit.color
            css += ".habit-\(habit.id){background:\(rgb.hex);color:\(rgb.textColor.hex)}\n"
        }
        var response = HTTPResponse(status: .ok, contentType: "text/css; charset=utf-8", body: Array(css.utf8))
        // The URL carries the revision, so a year is safe; private: it is this member's.
        response.headers.add("Cache-Control", "private, max-age=31536000")
        return response
    }

    private struct Fields {
        let name: String
        let emoji: String
        let color: String
        let duration: Int
    }

    private static func read(_ app: Dawn, _ page: PageRequest, _ form: inout FormState) -> Fields? {
        let f = page.form
        let name = try? HabitName(f["name"] ?? "")
        if name == nil { form.fail("name", app.t("habits.error.name", page)) }
        let emoji = try? HabitEmoji(f["emoji"] ?? "")
        if emoji == nil { form.fail("emoji", app.t("habits.error.emoji", page)) }
        let choice = FormModel.colorChoice(f)
        let rgb = choice == FormModel.custom ? HabitColor.parse(f["custom_color"] ?? "")
            : HabitColor.presets.first(where: { $0.hex == choice })?.rgb
        if rgb == nil { form.fail("color", app.t("habits.error.color", page)) }
        let duration = Int(f["duration"] ?? "").flatMap { try? HabitDuration(defaultMinutes: $0) }
        if duration == nil { form.fail("duration", app.t("habits.error.duration", page)) }
        guard let name, let emoji, let rgb, let duration else { return nil }
        return Fields(name: name.value, emoji: emoji.value, color: rgb.hex, duration: duration.minutes)
    }

    /// The plan the form's values ask for — its schedule, daily target and group, each
    /// checked by the domain's own rules — or nil, with each refused field's message in
    /// `form`. Only the chosen schedule radio's inputs count.
    private static func readPlan(_ v: FormModel.Values, _ app: Dawn, _ page: PageRequest,
                                 _ form: inout FormState) -> Habits.Plan? {
        func fail(_ error: HabitError) { form.fail(planField(error), app.t(error.key, page)) }
        var schedule: HabitSchedule?
        do throws(HabitError) {
            switch v.schedule {
            case HabitScheduleConstants.everyDay: schedule = try .every(v.schedule, times: nil)
            case HabitScheduleConstants.weekdaysPrefix: schedule = try .weekdays(named: v.weekdays)
            case HabitScheduleConstants.everyWeek: schedule = try .every(v.schedule, times: Int(v.weekTimes))
            case HabitScheduleConstants.everyMonth: schedule = try .every(v.schedule, times: Int(v.monthTimes))
            default: throw .scheduleKind
            }
        } catch {
            fail(error)
        }

        var target: HabitTarget?
        var targetIsValid = true
        if !PlainText.trimmed(v.targetAmount).isEmpty || !PlainText.trimmed(v.targetUnit).isEmpty {
            do throws(HabitError) {
                let parsed = try HabitTarget(parsingAmount: v.targetAmount, unit: v.targetUnit, kind: v.targetKind)
                // Stored in thousandths: an amount that rounds to 0 there is no target at all.
                guard Habits.milli(parsed.amount) > 0 else { throw .targetAmount }
                target = parsed
            } catch {
                targetIsValid = false
                fail(error)
                // The amount is read first: say what is wrong with the unit too.
                if error == .targetAmount, (try? HabitTarget(amount: 1, unit: v.targetUnit, kind: .atLeast)) == nil {
                    fail(.targetUnit)
                }
            }
        }

        // Empty is no group; anything else must be a group name.
        var group: String?
        var groupIsValid = true
        if !PlainText.trimmed(v.group).isEmpty {
            group = Habits.groupName(v.group)
            groupIsValid = group != nil
            if !groupIsValid {
                form.fail("group", app.t("habits.error.group", page, ["max": String(Habits.maxGroupCharacters)]))
            }
        }

        // Sent or not, the field's text decides: a client that leaves it out keeps the stored times.
        var reminders: [ReminderTime]?
        var remindersAreValid = true
        if page.form["reminders"] != nil {
            do throws(HabitError) {
                reminders = try ReminderTime.list(parsing: v.reminders)
            } catch {
                remindersAreValid = false
                form.fail("reminders", app.t(error.key, page))
            }
        }

        guard let schedule, targetIsValid, groupIsValid, remindersAreValid else { return nil }
        return Habits.Plan(schedule: schedule, targetMilli: target.map { Habits.milli($0.amount) },
                           targetKind: target?.kind ?? .atLeast, targetUnit: target?.unit ?? "", group: group,
                           reminders: reminders)
    }

    /// The form field a refused plan sits next to.
    static func planField(_ error: HabitError) -> String {
        switch error {
        case .scheduleWeekdays: "weekdays"
        case .scheduleWeekTimes: "week_times"
        case .scheduleMonthTimes: "month_times"
        case .targetAmount: "target_amount"
        case .targetUnit: "target_unit"
        case .targetKind: "target_kind"
        default: "schedule"
        }
    }

    /// Whether the form offers the habit's points: a child's habit, on a guardian's view.
    static func offersPoints(_ page: PageRequest, _ member: MemberContext) -> Bool {
        page.ward != nil && member.account.isChild
    }

    /// The habit form's `points` (0–`Points.maxPoints`, blank 0): nil when the form does
    /// not offer them (it is ignored), a 403 when a child sends them for their own habit,
    /// the field's error in `form` when out of range.
    static func readHabitPoints(_ app: Dawn, _ page: PageRequest, _ member: MemberContext,
                                _ form: inout FormState) throws -> Int? {
        guard let typed = page.form["points"] else { return nil }
        if page.signedIn?.member.isChild == true { throw PageError(.forbidden, key: "points.error.child") }
        guard offersPoints(page, member) else { return nil }
        return FamilyPage.readPoints(app, page, typed, &form)
    }

    /// The habit form as `model` holds it, with `errors` (the refused fields' messages).
    private static func show(_ app: Dawn, _ page: PageRequest, _ member: MemberContext, _ model: FormModel,
                             errors: FormState = FormState(), status: HTTPStatus = .ok,
                             points typedPoints: String? = nil) -> HTTPResponse {
        let v = model.values
        let language = page.language
        let colors = model.colors.map { preset in
            HabitFormView.Color(hex: preset.hex, name: app.t("habits.swatch.\(preset.name.lowercased())", page),
                                class: "swatch-\(preset.name.lowercased())", selected: model.isChosen(preset))
        }
        let durations = model.durations.map { preset in
            HabitFormView.Duration(minutes: preset.minutes,
                                   label: app.t("habits.minutes", page, ["minutes": String(preset.minutes)]),
                                   selected: model.isChosen(preset))
        }
        let schedule = HabitFormView.Schedule(day: model.isChosen(schedule: HabitScheduleConstants.everyDay),
                                              weekdays: model.isChosen(schedule: HabitScheduleConstants.weekdaysPrefix),
                                              week: model.isChosen(schedule: HabitScheduleConstants.everyWeek),
                                              month: model.isChosen(schedule: HabitScheduleConstants.everyMonth))
        let weekdays = model.weekdays.map { day in
            HabitFormView.Weekday(name: HabitSchedule.name(of: day), label: LocalizedDate.weekdayShort(day, language),
                                  long: LocalizedDate.weekday(day, language), checked: model.isChecked(day))
        }
        let kinds = HabitTarget.Kind.allCases.map { kind in
            HabitFormView.TargetKind(
                value: kind.rawValue, id: "target_kind_" + kind.rawValue,
                label: kind == .atMost ? app.t("habits.target_kind.at_most", page) : app.t("habits.target_kind.at_least", page),
                checked: model.isChosen(kind))
        }
        let groups = ((try? member.habits.all()) ?? []).compactMap(\.group)
        let habit = model.habit, back = model.back
        var pointsField: HabitFormView.PointsField?
        if offersPoints(page, member) {
            let stored = habit.flatMap { try? Points(instance: app.data.instance).habitPoints(of: member.account.id)[$0.id] } ?? 0
            pointsField = HabitFormView.PointsField(value: typedPoints ?? String(stored), error: errors.error("points"))
        }
        let title = habit.map { app.t("habits.edit_title", page, ["name": $0.name]) } ?? app.t("habits.new_title", page)
        return app.render(HabitFormView(
            title: title,
            values: v,
            errors: errors,
            colors: colors,
            customSelected: model.isCustomChosen,
            durations: durations,
            schedule: schedule,
            weekdays: weekdays,
            targetKinds: kinds,
            groups: Array(Set(groups)).sorted(),
            action: habit.map { page.paths.habit($0.id) } ?? page.paths.habits,
            habit: habit.map { HabitFormView.Habit(archiveURL: page.paths.archiveHabit($0.id), restoreURL: page.paths.restoreHabit($0.id)) },
            isArchived: habit?.isArchived ?? false,
            day: back.description,
            fromList: model.returnsToList,
            // A child's own form leaves an existing habit's schedule and target out: a new
            // plan would decide every past day again (a guardian changes it on their view).
            planLocked: habit != nil && !ChildRules.mayChangePlan(page),
            deleteURL: habit.flatMap { page.ward == nil ? page.paths.deleteHabit($0.id, returningTo: back) : nil },
            back: model.returnsToList ? page.paths.habits : page.paths.day(back),
            backLabel: app.t(model.returnsToList ? "habits.back_to_list" : "habits.back", page),
            habitsCSS: cssURL(app, member),
            pointsField: pointsField,
            stylesheet: app.staticFiles.url(for: HabitListPage.stylesheet) ?? ""
        ), status: status, for: page)
    }
}
