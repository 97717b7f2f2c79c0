import Accounts
import Domain
import HTTP
import HTTPServer
import Localization
import MemberData
import PlainText
import Templates
import TimeZones

/// The home of Dawn: `/day/YYYY-MM-DD` (and `/`, today). The timeline row or
/// the date grid, the day's journal entry and its notes.
enum DayPage {
    static func add(to router: inout Router<Route>) {
        router.add(.GET, "/", .member { app, page in
            let member = try MemberContext(app, page)
            return try cached(app, page, member, day: member.today)
        })
        router.add(.GET, "/day/:date", .member { app, page in
            let member = try MemberContext(app, page)
            return try cached(app, page, member, day: try day(app, page, member))
        })
        router.add(.POST, "/day/:date/entry", .member { app, page in
            let member = try MemberContext(app, page)
            let day = try day(app, page, member)
            let deleting = page.form["action"] == "delete"
            let body = deleting ? "" : PlainText.normalizingLineBreaks(page.form["entry"] ?? "")
            let version = try EditVersion.read(page.form)
            let length = PlainText.length(body)
            guard length <= Journal.maxEntryCharacters else {
                var form = FormState(values: ["entry": .string(body)])
                form.fail("entry", app.t("entry.too_long", page, ["count": LocalizedNumber.integer(length, page.language)]))
                return try show(app, page, member, day: day, entryForm: form, status: .badRequest)
            }
            switch try member.journal.saveEntry(body, on: day, basedOn: version, now: member.now) {
            case .saved:
                return .redirect(to: url(day) + (deleting ? "?done=entry-deleted#journal" : "?done=entry-saved#journal"))
            case let .conflict(stored):
                // Nothing typed is lost: theirs stays in the textarea, the stored text beside it.
                let theirs = deleting ? PlainText.normalizingLineBreaks(page.form["entry"] ?? "") : body
                var form = FormState(values: ["entry": .string(theirs)])
                form.fail("entry", app.t(deleting ? "entry.conflict_delete" : "entry.conflict", page))
                return try show(app, page, member, day: day, entryForm: form,
                                entryConflict: stored ?? Journal.Entry(body: "", version: 0), status: .conflict)
            }
        })
        router.add(.POST, "/day/:date/notes", .member { app, page in
            let member = try MemberContext(app, page)
            let day = try day(app, page, member)
            let body = String(PlainText.trimmed(page.form["note"] ?? ""))
            var form = FormState(values: ["note": .string(page.form["note"] ?? "")])
            if body.isEmpty {
                form.fail("note", app.t("notes.blank", page))
            } else if !PlainText.isSingleLine(body) {
                form.fail("note", app.t("notes.invalid", page))
            } else if PlainText.length(body) > Journal.maxNoteCharacters {
                let count = LocalizedNumber.integer(PlainText.length(body), page.language)
                form.fail("note", app.t("notes.too_long", page, ["count": count]))
            }
            guard form.isValid else { return try show(app, page, member, day: day, noteForm: form, status: .badRequest) }
            try member.journal.addNote(body, on: day, now: member.now)
            return .redirect(to: url(day) + "?done=note-added#notes")
        })
        router.add(.POST, "/day/:date/notes/:id/delete", .member { app, page in
            let member = try MemberContext(app, page)
            let day = try day(app, page, member)
            guard let id = Int64(page.parameters[1]), id > 0,
                  try member.journal.deleteNote(id: id, on: day) else {
                throw PageError(.notFound, key: "notes.not_found")
            }
            return .redirect(to: url(day) + "?done=note-deleted#notes")
        })
    }

    static func url(_ day: LocalDate) -> String { "/day/\(day)" }

    /// The day page with an ETag: 304 when the browser has it, the gzipped bytes from
    /// the page cache when another request rendered it, else rendered and cached.
    /// The ETag covers all the page shows: the member's data revision, today, the URL
    /// (with its notice), the session's CSRF token, language, name and time zone.
    private static func cached(_ app: Dawn, _ page: PageRequest, _ member: MemberContext,
                               day: LocalDate) throws -> HTTPResponse {
        guard !app.configuration.development else { return try show(app, page, member, day: day) }
        let me = member.signedIn.member
        let etag = EntityTag.strong([
            String(me.id.rawValue), app.memberCache.validator(me.id), member.today.description,
            day.description, page.http.query ?? "", member.signedIn.csrfToken, page.language.rawValue,
            me.displayName, me.timeZone, String(me.isAdmin),
        ])
        let headers: HTTPHeaders = ["ETag": etag, "Cache-Control": "private, no-cache", "Vary": "Accept-Encoding, Cookie"]
        if EntityTag.matches(page.http.headers["If-None-Match"], etag) {
            return HTTPResponse(status: .notModified, headers: headers)
        }
        func gzipped(_ stored: PageCache.Page) -> HTTPResponse {
            var all = headers
            all.add("Content-Type", stored.contentType)
            all.add("Content-Encoding", "gzip")
            return HTTPResponse(status: .ok, headers: all, body: stored.gzipped)
        }
        // The cache holds gzipped pages only: the rare client without gzip gets a fresh render.
        let gzip = AcceptEncoding.prefersGzip(page.http.headers["Accept-Encoding"])
        if gzip, let hit = app.pageCache.page(etag) { return gzipped(hit) }
        var response = try show(app, page, member, day: day)
        guard response.status == .ok else { return response }
        if gzip {
            let type = response.headers["Content-Type"] ?? "text/html; charset=utf-8"
            return gzipped(app.pageCache.store(etag, body: response.body, contentType: type))
        }
        for field in headers { response.headers.set(field.name, field.value) }
        return response
    }

    /// The `:date` of the URL: malformed → 400, outside ±2 years → 404.
    static func day(_ app: Dawn, _ page: PageRequest, _ member: MemberContext) throws(PageError) -> LocalDate {
        guard let day = LocalDate(iso: page.parameters[0]) else {
            throw PageError(.badRequest, key: "error.bad_date")
        }
        guard DayNavigation.isAllowed(day, today: member.today) else {
            throw PageError(.notFound, key: "error.date_range")
        }
        return day
    }

    private static func notice(_ app: Dawn, _ page: PageRequest) -> String? {
        let key: String? = switch try? page.query()["done"] {
        case "habit-added": "habits.added"
        case "habit-saved": "habits.saved"
        case "habit-archived": "habits.archived"
        case "habit-restored": "habits.restored"
        case "habit-deleted": "habits.deleted"
        case "logged": "timeline.logged"
        case "log-updated": "timeline.updated"
        case "log-removed": "timeline.removed"
        case "entry-saved": "entry.saved"
        case "entry-deleted": "entry.deleted"
        case "note-added": "notes.added"
        case "note-deleted": "notes.deleted"
        default: nil
        }
        return key.map { app.t($0, page) }
    }

    /// The tray (recently used first), the library (most logged first) and the day's timeline.
    private static func habitValues(_ app: Dawn, _ page: PageRequest, _ member: MemberContext, day: LocalDate,
                                    habits: Habits, activity: MemberActivity) throws -> [String: TemplateValue] {
        let all = try habits.all()
        let active = all.filter { !$0.isArchived }
        func pill(_ habit: Habits.Habit) -> TemplateValue {
            let streak = Streak(activeDates: activity.daysByHabit[habit.id] ?? [], today: member.today, skipping: member.skippedDates).current
            guard case var .object(fields) = HabitsPage.pill(habit, app, page, streak: streak) else { return .null }
            fields["logURL"] = .string("\(url(day))/log/\(habit.id)")
            fields["editLabel"] = .string(app.t("habits.edit_title", page, ["name": habit.name]))
            return .object(fields)
        }
        // Most recently logged or created first; in the same second, a logged habit wins.
        let recent = active.sorted {
            ($0.lastLoggedAt ?? $0.createdAt, $0.lastLoggedAt != nil ? 1 : 0, $0.id)
                > ($1.lastLoggedAt ?? $1.createdAt, $1.lastLoggedAt != nil ? 1 : 0, $1.id)
        }
        let byID = Dictionary(uniqueKeysWithValues: active.map { ($0.id, $0) })
        let frequent = HabitFrequency.sorted(active.map { (id: $0.id, createdAt: $0.createdAt, count: $0.count) })
            .compactMap { byID[$0] }

        let slots = TimelineSlots(dayStartHour: member.settings.dayStartHour)
        let instances = try habits.instances(on: day)
        let names = Dictionary(uniqueKeysWithValues: all.map { ($0.id, $0) })
        let placements = TimelineLayout.place(instances.map {
            (id: $0.id, startMinute: slots.minute(storedWallMinute: $0.startMinute), durationMinutes: $0.durationMinutes)
        })
        let byInstance = Dictionary(uniqueKeysWithValues: instances.map { ($0.id, $0) })
        let blocks = placements.compactMap { placement -> TemplateValue? in
            guard let instance = byInstance[placement.id], let habit = names[instance.habitID] else { return nil }
            let start = slots.label(forMinute: placement.top)
            let end = slots.label(forMinute: placement.top + instance.durationMinutes)
            return [
                "habitClass": .string("habit-\(habit.id)"),
                "position": .string(placement.slots.classes),
                "href": .string("\(url(day))/instances/\(instance.id)"),
                "label": .string(app.t("timeline.block_label", page, ["name": habit.name, "start": start, "end": end])),
                "emoji": .string(habit.emoji),
                "name": .string(habit.name),
                "start": .string(start),
                "end": .string(end),
            ]
        }
        return [
            "tray": .list(recent.map(pill)),
            "library": .list(frequent.map(pill)),
            "blocks": blocks.isEmpty ? .null : .list(blocks),
            "hours": .list((0..<24).map { .string(slots.label(for: $0 * 4)) }),
            "habitsCSS": .string(HabitsPage.cssURL(app, member)),
        ]
    }

    static func show(_ app: Dawn, _ page: PageRequest, _ member: MemberContext, day: LocalDate,
                     entryForm: FormState? = nil, entryConflict: Journal.Entry? = nil,
                     noteForm: FormState = FormState(values: ["note": ""]), status: HTTPStatus = .ok) throws -> HTTPResponse {
        let language = page.language
        let today = member.today
        let activity = try MemberActivity.load(member.database)
        let habits = member.habits
        let window = DayWindow(today: today)
        let streak = Streak(activeDates: activity.activeDays, today: today, skipping: member.skippedDates)
        let inWindow = window.dates
        let activeCount = inWindow.filter { activity.activeDays.contains($0) }.count
        let entryCount = inWindow.filter { activity.entryDays.contains($0) }.count
        let settings = member.settings

        func circles(_ dates: [LocalDate]) -> TemplateValue {
            .list(dates.map { date in
                let circle = DayCircle(date: date, today: today, selected: date == day,
                                       hasEntry: activity.entryDays.contains(date),
                                       isActive: activity.activeDays.contains(date),
                                       showDate: settings.showGridDates)
                var label = LocalizedDate.long(date, language)
                if circle.kind == .today { label += ", " + app.t("day.circle.today", page) }
                if circle.kind == .future { label += ", " + app.t("day.circle.future", page) }
                if activity.entryDays.contains(date) { label += ", " + app.t("day.circle.entry", page) }
                if activity.activeDays.contains(date) { label += ", " + app.t("day.circle.active", page) }
                return [
                    "href": .string(url(date)),
                    "classes": .string(circle.stateClass.joined(separator: " ")),
                    "label": .string(label),
                    "number": circle.showsNumber ? .int(date.day) : .null,
                    "dot": .bool(circle.showsDot),
                    "selected": .bool(date == day),
                ]
            })
        }

        let entry = try member.journal.entry(on: day)
        let entryState = entryForm ?? FormState(values: ["entry": .string(entry?.body ?? "")])
        let notes = try member.journal.notes(on: day).map { note -> TemplateValue in
            let local = member.rules.localDateTime(at: note.createdAt)
            let time = LocalizedDate.time(hour: local.hour, minute: local.minute)
            return [
                "id": .int(Int(note.id)),
                "body": .string(note.body),
                "time": .string(time),
                "datetime": .string(local.description),
                "deleteLabel": .string(app.t("notes.delete_label", page, ["time": time])),
            ]
        }
        let previous = DayNavigation.previous(day, today: today)
        let next = DayNavigation.next(day, today: today)
        let heading = LocalizedDate.long(day, language)
        var stats: [String: TemplateValue] = [:]
        stats["streak"] = .string(app.strings.plural("day.stats.streak", count: streak.current, language))
        stats["active"] = .string(app.strings.plural("day.stats.active", count: activeCount, language))
        stats["entries"] = .string(app.strings.plural("day.stats.entries", count: entryCount, language))
        stats["best"] = .string(app.strings.plural("day.best", count: streak.best, language))
        stats["hasStreak"] = .bool(streak.current > 0)

        var values: [String: TemplateValue] = try habitValues(app, page, member, day: day, habits: habits, activity: activity)
        values["title"] = .string(heading)
        values["heading"] = .string(heading)
        values["dayISO"] = .string(day.description)
        values["dayURL"] = .string(url(day))
        values["isToday"] = .bool(day == today)
        values["showGrid"] = .bool(settings.showGrid)
        values["stats"] = .object(stats)
        values["row"] = settings.showGrid ? .null : circles(inWindow)
        values["grid"] = settings.showGrid ? circles(DateGrid(today: today).cells) : .null
        values["previous"] = previous.map { .string(url($0)) } ?? .null
        values["next"] = next.map { .string(url($0)) } ?? .null
        values["notice"] = notice(app, page).map(TemplateValue.string) ?? .null
        values["entry"] = entryState.template
        values["hasEntry"] = .bool(entry != nil)
        // The version this page shows, so a save from it is known to be based on it; after
        // a conflict, the stored one's, so saving again (having merged) goes through.
        values["entryVersion"] = .string(String(entryConflict?.version ?? entry?.version ?? 0))
        values["entryConflict"] = entryConflict.map { stored -> TemplateValue in
            ["stored": .string(stored.body), "deleted": .bool(stored.version == 0)]
        } ?? .null
        values["entryLabel"] = .string(app.t("entry.label", page, ["date": heading]))
        values["notes"] = .list(notes)
        values["noteForm"] = noteForm.template
        return app.render("day", values, status: status, for: page)
    }
}
