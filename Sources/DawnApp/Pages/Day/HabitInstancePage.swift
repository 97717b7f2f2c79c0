import Domain
import HTTP
import HTTPServer
import Localization
import MemberData
import PlainText
import TimeZones

/// Logging habits on a day and editing what was logged. Without JavaScript a
/// pill leads here (`GET …/log/:habit`), and one submit puts the habit on the
/// timeline: two steps from tray to timeline.
enum HabitInstancePage {
    static let maxNoteCharacters = Habits.maxNoteCharacters

    static func add(to router: inout Router<Route>) {
        router.add(.GET, "/day/{date}/log/{habit}", .member { app, page, member in
            let day = try DayPage.day(app, page, member)
            let habit = try activeHabit(page.parameter("habit"), member, on: day)
            return try show(app, page, member, try Model(member, logging: habit, on: day))
        }.forGuardians(.write))
        router.add(.POST, "/day/{date}/instances", .member { app, page, member in
            let day = try DayPage.day(app, page, member)
            let habit = try activeHabit(page.form["habit"] ?? "", member, on: day)
            var form = FormState(values: values(page.form))
            guard let fields = read(app, page, member, habit, &form) else {
                return try show(app, page, member, day: day, habit: habit, instance: nil, form: form, status: .badRequest)
            }
            let logged: Habits.Logging
            do {
                // A child's log may meet the habit's target: its points follow the day (`Points`).
                logged = try pointsFollow(habit, day, member, app) {
                    try member.habits.log(habit: habit.id, on: day, startMinute: fields.start,
                                          durationMinutes: fields.duration, note: fields.note ?? "",
                                          amountMilli: fields.amountMilli, loggedBy: member.loggedBy, now: member.now)
                }
            } catch let limit as Habits.LimitReached {
                form.fail("general", HabitsPage.limitMessage(app, page, limit))
                return try show(app, page, member, day: day, habit: habit, instance: nil, form: form, status: .badRequest)
            }
            guard logged.isLogged else { throw PageError(.badRequest, key: "habits.error.archived") }
            return .redirect(to: Paths.done(page.paths.day(day), "logged", anchor: "timeline"))
        }.forGuardians(.write))
        router.add(.GET, "/day/{date}/instances/{id}", .member { app, page, member in
            let day = try DayPage.day(app, page, member)
            let (instance, habit) = try find(page, member, day)
            return try show(app, page, member, Model(member, editing: instance, of: habit, on: day))
        }.forGuardians(.write))
        router.add(.POST, "/day/{date}/instances/{id}", .member { app, page, member in
            let day = try DayPage.day(app, page, member)
            let (instance, habit) = try find(page, member, day)
            try ChildRules.refuseChangingDay(page, day: day, today: member.today)
            let version = try EditVersion.read(page.form)
            var form = FormState(values: values(page.form))
            guard let fields = read(app, page, member, habit, &form) else {
                return try show(app, page, member, day: day, habit: habit, instance: instance, form: form, status: .badRequest)
            }
            let updated = try pointsFollow(habit, day, member, app) {
                try member.habits.updateInstance(instance.id, on: day, startMinute: fields.start,
                                                 // A guardian's edit keeps the note as stored (`Fields.note`).
                                                 durationMinutes: fields.duration, note: fields.note ?? instance.note,
                                                 // Without a target there is no field: what is stored stays.
                                                 amountMilli: habit.targetMilli == nil ? instance.amountMilli : fields.amountMilli,
                                                 basedOn: version)
            }
            switch updated {
            case .updated:
                return .redirect(to: Paths.done(page.paths.day(day), "log-updated", anchor: "timeline"))
            case let .conflict(stored):
                // Nothing typed is lost: their fields stay in the form, what is stored beside them.
                form.fail("general", app.t("timeline.error.conflict", page))
                return try show(app, page, member, day: day, habit: habit, instance: stored, form: form,
                            conflict: stored, status: .conflict)
            case .notFound:
                throw PageError(.notFound, key: "timeline.error.not_found")
            }
        }.forGuardians(.write))
        // The child's refusal comes before the member's clock, which can fail (a zone that
        // cannot be loaded): a handed context would turn that 403 into the error page.
        router.add(.POST, "/day/{date}/instances/{id}/delete", .member { app, page in
            try ChildRules.refuseDeletingLog(page)
            let member = try MemberContext(app, page)
            let day = try DayPage.day(app, page, member)
            guard let id = try page.id(), try member.habits.deleteInstance(id, on: day) else {
                throw PageError(.notFound, key: "timeline.error.not_found")
            }
            return .redirect(to: Paths.done(page.paths.day(day), "log-removed", anchor: "timeline"))
        })
    }

    /// `write` on a child's habit, its points then set from the day's done state
    /// (`DayPage.settlingPoints`); an adult's write as it is.
    private static func pointsFollow<T>(_ habit: Habits.Habit, _ day: LocalDate, _ member: MemberContext, _ app: Dawn,
                                        _ write: () throws -> T) throws -> T {
        guard member.account.isChild else { return try write() }
        return try DayPage.settlingPoints(habit: habit, day: day, app, owner: member.account.id, database: member.database,
                                          by: member.actor.member.id, now: member.now, write)
    }

    /// The habit as its rule stood on `day` (`HabitRule`): a day before a target was set
    /// logs no amount, a day under a target does.
    private static func activeHabit(_ raw: String, _ member: MemberContext, on day: LocalDate) throws -> Habits.Habit {
        guard let id = Int64(raw), id > 0, let habit = try member.habits.habit(id) else {
            throw PageError(.notFound, key: "habits.error.not_found")
        }
        guard !habit.isArchived else { throw PageError(.badRequest, key: "habits.error.archived") }
        return habit.ruled(on: day)
    }

    private static func find(_ page: PageRequest, _ member: MemberContext, _ day: LocalDate) throws -> (HabitInstance, Habits.Habit) {
        guard let id = try page.id(), let instance = try member.habits.instance(id, on: day),
              let habit = try member.habits.habit(instance.habitID) else {
            throw PageError(.notFound, key: "timeline.error.not_found")
        }
        return (instance, habit.ruled(on: day))
    }

    private struct Fields {
        /// Wall-clock minute of the day, as stored.
        let start: Int
        let duration: Int
        /// Nil on a guardian's form: a log's note is the child's journal, never written by
        /// a guardian (a new log has none; an edit keeps what is stored).
        let note: String?
        /// Thousandths of the habit's unit; nil: none given, or a habit without a target.
        let amountMilli: Int64?
    }

    /// What was typed in the form's fields, to show again.
    private static func values(_ form: FormFields) -> [String: String] {
        ["start": form["start"] ?? "", "duration": form["duration"] ?? "", "note": form["note"] ?? "",
         "amount": form["amount"] ?? ""]
    }

    /// The form's fields, or nil with a message beside each refused one. The amount is
    /// read for a numeric habit only (one with a target) and may be left empty.
    private static func read(_ app: Dawn, _ page: PageRequest, _ member: MemberContext, _ habit: Habits.Habit,
                             _ form: inout FormState) -> Fields? {
        let slots = TimelineSlots(dayStartHour: member.settings.dayStartHour)
        let start = slots.minute(forLabel: page.form["start"] ?? "")
        if start == nil { form.fail("start", app.t("timeline.error.start", page)) }
        let duration = Int(page.form["duration"] ?? "")
        if let start, let duration, (try? HabitInstanceRules.validate(startMinute: start, durationMinutes: duration)) == nil {
            form.fail("duration", app.t("timeline.error.duration", page))
        } else if duration == nil {
            form.fail("duration", app.t("timeline.error.duration", page))
        }
        let note = member.journalWritable ? String(PlainText.trimmed(page.form["note"] ?? "")) : nil
        if let note, PlainText.length(note) > maxNoteCharacters || !PlainText.isSingleLine(note) {
            form.fail("note", app.t("timeline.error.note", page))
        }
        var amountMilli: Int64?
        let typed = page.form["amount"] ?? ""
        if habit.targetMilli != nil, !PlainText.trimmed(typed).isEmpty {
            do throws(HabitError) {
                amountMilli = Habits.milli(try HabitAmount(parsing: typed).value)
            } catch {
                form.fail("amount", app.t(error.key, page))
            }
        }
        guard form.isValid, let start, let duration else { return nil }
        let wall = slots.wallClock(forMinute: start, memberDate: LocalDate(daysSince1970: 0))
        return Fields(start: wall.hour * 60 + wall.minute, duration: duration, note: note, amountMilli: amountMilli)
    }

    /// The log or edit form as the model starts it.
    private static func show(_ app: Dawn, _ page: PageRequest, _ member: MemberContext, _ model: Model) throws -> HTTPResponse {
        let form = FormState(values: ["start": model.slots.label(forMinute: model.startMinute),
                                      "duration": String(model.durationMinutes), "note": model.note,
                                      "amount": model.amountMilli.map { LocalizedNumber.decimal(thousandths: $0, page.language, grouped: false) } ?? ""])
        return try show(app, page, member, day: model.day, habit: model.habit, instance: model.instance, form: form)
    }

    private static func show(_ app: Dawn, _ page: PageRequest, _ member: MemberContext, day: LocalDate,
                             habit: Habits.Habit, instance: HabitInstance?, form: FormState,
                             conflict: HabitInstance? = nil, status: HTTPStatus = .ok) throws -> HTTPResponse {
        let date = LocalizedDate.long(day, page.language)
        // The note is the child's journal: a guardian reads it only when shared, never writes it.
        let storedNote = member.journalVisible ? (instance?.note ?? "") : ""
        let title = instance == nil ? app.t("timeline.log_title", page, ["name": habit.name])
            : app.t("timeline.edit_title", page, ["name": habit.name, "date": date])
        return app.render(HabitInstanceView(
            title: title,
            date: date,
            form: form,
            habit: HabitInstanceView.Habit(id: Int(habit.id), name: habit.name, emoji: habit.emoji, class: "habit-\(habit.id)"),
            // A numeric habit's logs carry an amount of its unit ("pages"); others have none.
            amountLabel: habit.targetMilli == nil ? nil : habit.targetUnit.isEmpty
                ? app.t("timeline.amount", page) : app.t("timeline.amount_unit", page, ["unit": habit.targetUnit]),
            action: instance.map { page.paths.instance(day, $0.id) } ?? page.paths.instances(day),
            instance: instance.map { Int($0.id) },
            deleteURL: instance.map { page.paths.deleteInstance(day, $0.id) },
            // The version the form is based on: the shown log's, or after a conflict the stored one's.
            version: instance.map { String($0.version) },
            conflict: conflict.map { stored in
                let slots = TimelineSlots(dayStartHour: member.settings.dayStartHour)
                let start = slots.minute(storedWallMinute: stored.startMinute)
                return app.t("timeline.conflict_stored", page, [
                    "start": slots.label(forMinute: start), "end": slots.label(forMinute: start + stored.durationMinutes),
                    "note": member.journalVisible ? stored.note : "",
                ])
            },
            dayURL: page.paths.day(day),
            noteWritable: member.journalWritable,
            storedNote: storedNote.isEmpty ? nil : storedNote,
            canDelete: member.guardianView == nil,
            // A child's log of an earlier day is history: shown, not offered to change.
            readOnly: instance != nil && !(page.signedIn.map { ChildRules.mayChangeDay($0.member, day: day, today: member.today) } ?? true),
            loggedBy: try LoggedByNames(app, member).label(instance?.loggedBy, app, page),
            habitsCSS: HabitsPage.cssURL(app, member)
        ), status: status, for: page)
    }
}
