import Accounts
import Domain
import HTTP
import HTTPServer
import Localization
import Markdown
import MemberData
import PlainText
import Templates
import TimeZones

/// The home of Dawn: `/day/YYYY-MM-DD` (and `/`, today), any day from 1900-01-01 to two
/// years ahead (`DayNavigation`). The timeline row or the date grid, the day's checklist
/// (`DayPage+Checklist.swift`), the day's journal entry, its mood (`DayPage+Mood.swift`)
/// and its notes, and "on this day": the same day of earlier years (`OnThisDay`).
enum DayPage {
    /// Up to this many habits due, the checklist keeps its 44 px pills; more, and it is denser.
    static let roomyChecklistItems = 5

    static func add(to router: inout Router<Route>) {
        router.add(.GET, "/", .member { app, page, member in
            return try cached(app, page, member, day: member.today)
        }.forGuardians(.read))
        router.add(.GET, "/day/{date}", .member { app, page, member in
            return try cached(app, page, member, day: try day(app, page, member))
        }.forGuardians(.read))
        router.add(.POST, "/day/{date}/entry", .member { app, page, member in
            let day = try day(app, page, member)
            let deleting = page.form["action"] == "delete"
            let body = deleting ? "" : PlainText.normalizingLineBreaks(page.form["entry"] ?? "")
            let version = try EditVersion.read(page.form)
            // The template sent back untouched on a day that had no entry writes nothing.
            if version == 0, !member.settings.journalTemplate.isEmpty,
               body == PlainText.normalizingLineBreaks(member.settings.journalTemplate) {
                return .redirect(to: page.paths.day(day))
            }
            let length = PlainText.length(body)
            guard length <= Journal.maxEntryCharacters else {
                var form = FormState(values: ["entry": body])
                form.fail("entry", app.t("entry.too_long", page, ["count": LocalizedNumber.integer(length, page.language)]))
                return try show(app, page, member, day: day, entryForm: form, status: .badRequest)
            }
            switch try member.journal.saveEntry(body, on: day, basedOn: version, now: member.now, today: member.today) {
            case .saved:
                return .redirect(to: Paths.done(page.paths.day(day), deleting ? "entry-deleted" : "entry-saved", anchor: "journal"))
            case .deleted:
                return .redirect(to: Paths.done(page.paths.day(day), "entry-deleted", anchor: "journal"))
            case let .conflict(stored):
                // Nothing typed is lost: theirs stays in the textarea, the stored text beside it.
                let theirs = deleting ? PlainText.normalizingLineBreaks(page.form["entry"] ?? "") : body
                var form = FormState(values: ["entry": theirs])
                form.fail("entry", app.t(deleting ? "entry.conflict_delete" : "entry.conflict", page))
                return try show(app, page, member, day: day, entryForm: form,
                                entryConflict: stored ?? Journal.Entry(body: "", version: 0), status: .conflict)
            }
        })
        router.add(.POST, "/day/{date}/notes", .member { app, page, member in
            let day = try day(app, page, member)
            let body: String
            do throws(NoteRefusal) {
                body = try noteText(page.form["note"] ?? "")
            } catch {
                var form = FormState(values: ["note": page.form["note"] ?? ""])
                form.fail("note", error.message(app, page))
                return try show(app, page, member, day: day, noteForm: form, status: .badRequest)
            }
            try member.journal.addNote(body, on: day, now: member.now)
            return .redirect(to: Paths.done(page.paths.day(day), "note-added", anchor: "notes"))
        })
        router.add(.POST, "/day/{date}/notes/{id}/delete", .member { app, page, member in
            let day = try day(app, page, member)
            guard let id = try page.id(),
                  try member.journal.deleteNote(id: id, on: day, member.undoClock) else {
                throw PageError(.notFound, key: "notes.not_found")
            }
            return .redirect(to: Paths.done(page.paths.day(day), "note-deleted", anchor: "notes"))
        })
        // One tap brings back what was just deleted (`Journal+Undo`); never a guardian's.
        router.add(.POST, "/day/{date}/entry/restore", .member { app, page, member in
            let day = try day(app, page, member)
            switch try member.journal.restoreEntry(on: day, member.undoClock) {
            case .restored:
                return .redirect(to: Paths.done(page.paths.day(day), "entry-restored", anchor: "journal"))
            case .notFound:
                throw PageError(.notFound, key: "entry.restore_gone")
            case let .conflict(stored, deleted):
                // An entry saved since is never overwritten: the deleted text in the box, the saved one beside it.
                var form = FormState(values: ["entry": deleted])
                form.fail("entry", app.t("entry.restore_conflict", page))
                return try show(app, page, member, day: day, entryForm: form, entryConflict: stored, status: .conflict)
            }
        })
        router.add(.POST, "/day/{date}/notes/{id}/restore", .member { app, page, member in
            let day = try day(app, page, member)
            guard let id = try page.id(), try member.journal.restoreNote(id: id, on: day, member.undoClock) == .restored else {
                throw PageError(.notFound, key: "notes.restore_gone")
            }
            return .redirect(to: Paths.done(page.paths.day(day), "note-restored", anchor: "notes"))
        })
        addChecklist(to: &router)
        addMood(to: &router)
        addPINNotices(to: &router)
        addSetupChecklist(to: &router)
    }

    /// The day page with an ETag: 304 when the browser has it, the page cache's bytes
    /// (gzipped or not, as the client accepts) when another request rendered it, else
    /// rendered and cached.
    /// The ETag covers all the page shows: the member's data revision, today, the URL
    /// (its path, so a guardian's view and the child's own page never share one, and its
    /// notice), the session's CSRF token, language, name and time zone, and the names
    /// "logged by" may show, and the family chores' revision (any member's check-off shows
    /// on everyone's day page), and a guardian's children with their revisions ("Your children"). On a guardian's view, the guardian's revision too (their theme).
    private static func cached(_ app: Dawn, _ page: PageRequest, _ member: MemberContext,
                               day: LocalDate) throws -> HTTPResponse {
        let names = try LoggedByNames(app, member)
        guard !app.configuration.development else { return try show(app, page, member, day: day, names: names) }
        let owner = member.account, me = member.actor.member
        var tag = EntityTag.Fingerprint()
        tag.add(owner.id.rawValue)
        tag.add(app.caches.members.epoch)
        tag.add(app.caches.members.revision(owner.id))
        tag.add(member.today.daysSince1970)
        tag.add(day.daysSince1970)
        tag.add(page.http.path)
        tag.add(page.http.query ?? "")
        tag.add(member.actor.csrfToken ?? "")
        tag.add(page.language.rawValue)
        tag.add(me.displayName)
        tag.add(owner.timeZone)
        tag.add(me.isAdmin ? 1 : 0)
        tag.add(names.validator)
        let family = try app.familySnapshot()
        // Family chores live in instance.sqlite: another member's check-off changes this page too.
        tag.add(family.choresRevision)
        // Today's timeline marks now (and, with no logs, shows the hours around it): a new page each minute.
        // So does the page right after a delete: its undo runs out (`Journal.undoSeconds`).
        tag.add(day == member.today || offersUndo(page) ? member.now / 60 : -1)
        // A child's points (a chore's check-off, a guardian's approval): held in memory by the snapshot.
        tag.add(family.balance(of: owner.id))
        // A guardian's children and what is left on their day: another member's writes change this page too.
        try ChildrenModel.fingerprint(app, member, into: &tag)
        if owner.id != me.id {
            tag.add(me.id.rawValue)
            tag.add(app.caches.members.revision(me.id))
        }
        let etag = tag.strongTag
        // Both encodings come from the cache: a client without gzip costs no more than one with it.
        let gzip = page.context.acceptsGzip
        // A hit's answer is finished and sealed in the cache: nothing is built for it here.
        if let hit = app.caches.pages.page(etag), !EntityTag.matches(page.http.headers["If-None-Match"], etag) {
            return hit.response(gzip: gzip)
        }
        let headers: HTTPHeaders = ["ETag": etag, "Cache-Control": "private, no-cache", "Vary": "Accept-Encoding, Cookie"]
        if EntityTag.matches(page.http.headers["If-None-Match"], etag) {
            return HTTPResponse(status: .notModified, headers: headers)
        }
        let response = try show(app, page, member, day: day, names: names)
        guard response.status == .ok else { return response }
        let type = response.headers["Content-Type"] ?? "text/html; charset=utf-8"
        let stored = app.caches.pages.store(etag, body: response.body) { body, gzipped in
            var all = headers
            all.add("Content-Type", type)
            if gzipped { all.add("Content-Encoding", "gzip") }
            var answer = HTTPResponse(status: .ok, headers: all, body: body)
            // Finished as any page is, once: the entry's ETag covers all the finishing reads
            // (the member, the guardian's view in the path).
            app.finish(&answer, for: page)
            answer.seal()
            return answer
        }
        return stored.response(gzip: gzip)
    }

    /// The `:date` of the URL: malformed → 400, before 1900 or over two years ahead → 404.
    /// Why a note was refused, nothing written.
    enum NoteRefusal: Error {
        case blank
        /// Not one line of text (a line break, a control character).
        case invalid
        /// Longer than `Journal.maxNoteCharacters`: how long it was.
        case tooLong(Int)

        func message(_ app: Dawn, _ page: PageRequest) -> String {
            switch self {
            case .blank: app.t("notes.blank", page)
            case .invalid: app.t("notes.invalid", page)
            case .tooLong(let length): app.t("notes.too_long", page, ["count": LocalizedNumber.integer(length, page.language)])
            }
        }
    }

    /// The note that typed text makes (trimmed), by the note form's rules, which the API's
    /// `POST /api/v1/days/{date}/notes` shares.
    static func noteText(_ typed: String) throws(NoteRefusal) -> String {
        let body = String(PlainText.trimmed(typed))
        if body.isEmpty { throw .blank }
        if !PlainText.isSingleLine(body) { throw .invalid }
        let length = PlainText.length(body)
        if length > Journal.maxNoteCharacters { throw .tooLong(length) }
        return body
    }

    static func day(_ app: Dawn, _ page: PageRequest, _ member: MemberContext) throws(PageError) -> LocalDate {
        let day = try page.date()
        guard DayNavigation.isAllowed(day, today: member.today) else {
            throw PageError(.notFound, key: "error.date_range")
        }
        return day
    }

    /// Whether the page offers to restore what was just deleted: the page a delete
    /// redirects to (`?done=entry-deleted`, `?done=note-deleted`).
    private static func offersUndo(_ page: PageRequest) -> Bool {
        let done = try? page.query()["done"]
        return done == "entry-deleted" || done == "note-deleted"
    }

    /// The notice of `?done=…` and the card it belongs in: the one the redirect's anchor
    /// scrolls to, so the message is where the eye lands (nil: the tray's, whose anchor is the
    /// tray itself, shown as a toast over the page). The checklist's is a toast too
    /// (`checkNotice`): it takes no room, so the next tap finds its habit where it was.
    private static func notice(_ app: Dawn, _ page: PageRequest) -> (text: String, card: String?)? {
        let done = try? page.query()["done"]
        if let key = checklistNotice(done) { return (app.t(key, page), "checklist") }
        let placed: (key: String, card: String?)? = switch done {
        case "habit-added": ("habits.added", nil)
        case "habit-saved": ("habits.saved", nil)
        case "habit-archived": ("habits.archived", nil)
        case "habit-restored": ("habits.restored", nil)
        case "habit-deleted": ("habits.deleted", nil)
        case "logged": ("timeline.logged", "timeline")
        case "log-updated": ("timeline.updated", "timeline")
        case "log-removed": ("timeline.removed", "timeline")
        case "entry-saved": ("entry.saved", "journal")
        case "entry-deleted": ("entry.deleted", "journal")
        case "note-added": ("notes.added", "notes")
        case "note-deleted": ("notes.deleted", "notes")
        case "entry-restored": ("entry.restored", "journal")
        case "note-restored": ("notes.restored", "notes")
        case "photos-added": ("photos.added", "photos")
        case "photo-saved": ("photos.saved", "photos")
        case "photo-deleted": ("photos.deleted", "photos")
        case "mood-saved": ("mood.saved", "mood")
        case "mood-cleared": ("mood.cleared", "mood")
        default: nil
        }
        return placed.map { (app.t($0.key, page), $0.card) }
    }

    /// The day page, rendered into `Views/day.html`.
    static func show(_ app: Dawn, _ page: PageRequest, _ member: MemberContext, day: LocalDate,
                     entryForm: FormState? = nil, entryConflict: Journal.Entry? = nil,
                     noteForm: FormState = FormState(values: ["note": ""]), checkRefusal: CheckRefusal? = nil,
                     moodRefusal: String? = nil, photoForm: FormState = FormState(values: ["caption": ""]),
                     status: HTTPStatus = .ok, names: LoggedByNames? = nil) throws -> HTTPResponse {
        app.render(try view(app, page, member, day: day, entryForm: entryForm, entryConflict: entryConflict,
                            noteForm: noteForm, checkRefusal: checkRefusal, moodRefusal: moodRefusal,
                            photoForm: photoForm, names: names),
                   status: status, for: page)
    }

    /// The day page's view: the model in the page's language.
    static func view(_ app: Dawn, _ page: PageRequest, _ member: MemberContext, day: LocalDate,
                     entryForm: FormState?, entryConflict: Journal.Entry?, noteForm: FormState,
                     checkRefusal: CheckRefusal?, moodRefusal: String?, photoForm: FormState = FormState(values: ["caption": ""]),
                     names: LoggedByNames?) throws -> DayView {
        let model = try Model(member, day: day, offeringUndo: offersUndo(page))
        let names = try names ?? LoggedByNames(app, member)
        let language = page.language
        let circles = model.circles.map { circle in
            var label = LocalizedDate.long(circle.date, language)
            if circle.isToday { label += ", " + app.t("day.circle.today", page) }
            if circle.isFuture { label += ", " + app.t("day.circle.future", page) }
            if circle.hasEntry { label += ", " + app.t("day.circle.entry", page) }
            if circle.isActive { label += ", " + app.t("day.circle.active", page) }
            if circle.isOnVacation { label += ", " + app.t("day.circle.vacation", page) }
            return DayView.Circle(href: page.paths.day(circle.date), classes: circle.stateClass.joined(separator: " "),
                                  label: label, number: circle.showsNumber ? circle.dayNumber : nil,
                                  dot: circle.showsDot, selected: circle.isSelected)
        }
        func pill(_ pill: Model.Pill) -> DayView.Pill {
            let habit = pill.habit
            let streak = app.strings.plural(pill.unit == .day ? "habits.streak" : "habits.streak_\(pill.unit.rawValue)",
                                            count: pill.streak, language)
            return DayView.Pill(id: Int(habit.id), name: habit.name, emoji: habit.emoji, class: "habit-\(habit.id)",
                                count: app.strings.plural("habits.count", count: habit.count, language),
                                streak: streak, hasStreak: pill.streak > 0,
                                logLabel: app.t("habits.log_label", page, ["name": habit.name]),
                                logURL: page.paths.newInstance(day, habit: habit.id),
                                editLabel: app.t("habits.edit_title", page, ["name": habit.name]),
                                editURL: page.paths.editHabit(habit.id, returningTo: day))
        }
        let blocks = model.blocks.map { block in
            let start = model.slots.label(forMinute: block.startMinute)
            let end = model.slots.label(forMinute: block.endMinute)
            let by = names.label(block.loggedBy, app, page)
            let label = app.t("timeline.block_label", page, ["name": block.habit.name, "start": start, "end": end])
            return DayView.Block(habitClass: "habit-\(block.habit.id)", position: block.slots.classes,
                                 href: page.paths.instance(day, block.instanceID), label: by.map { label + ", " + $0 } ?? label,
                                 loggedBy: by, emoji: block.habit.emoji, name: block.habit.name, start: start, end: end)
        }
        let notes = model.notes.map { note in
            let time = LocalizedDate.time(hour: note.written.hour, minute: note.written.minute)
            return DayView.Note(body: note.body, time: time, datetime: note.written.description,
                                deleteLabel: app.t("notes.delete_label", page, ["time": time]),
                                deleteURL: page.paths.deleteNote(day, note.id))
        }
        // What was just deleted, each with its one-tap restore, in its own card.
        // Ten minutes on, or the member's next day when that comes first (the undo ends there too).
        let nextDay = MemberDay.bounds(of: member.today, rules: member.rules, dayStartHour: member.settings.dayStartHour).upperBound
        func until(_ deleted: Journal.Deleted) -> String {
            let time = member.rules.localDateTime(at: min(deleted.deletedAt + Journal.undoSeconds, nextDay))
            return LocalizedDate.time(hour: time.hour, minute: time.minute)
        }
        let undoEntry = model.deleted.first { $0.kind == .entry }.map { deleted in
            DayView.UndoEntry(url: page.paths.restoreEntry(day),
                              text: app.t("entry.deleted_undo", page, ["until": until(deleted)]))
        }
        let undoNotes = model.deleted.compactMap { deleted -> DayView.UndoNote? in
            guard deleted.kind == .note, let id = deleted.noteID else { return nil }
            let written = member.rules.localDateTime(at: deleted.writtenAt)
            let time = LocalizedDate.time(hour: written.hour, minute: written.minute)
            return DayView.UndoNote(url: page.paths.restoreNote(day, id), body: deleted.body,
                                    text: app.t("notes.deleted_undo", page, ["time": time, "until": until(deleted)]),
                                    label: app.t("notes.restore_label", page, ["time": time]))
        }
        let photos = model.photos.enumerated().map { index, photo in
            let number = LocalizedNumber.integer(index + 1, language)
            return DayView.Photo(href: page.paths.photo(photo.id), thumbnail: page.paths.photoThumbnail(photo.id),
                                 alt: photo.caption.isEmpty ? app.t("photos.untitled", page, ["number": number]) : photo.caption,
                                 caption: photo.caption, field: "caption-\(photo.id)",
                                 captionURL: page.paths.photo(photo.id), deleteURL: page.paths.deletePhoto(photo.id),
                                 captionLabel: app.t("photos.caption_label", page, ["number": number]),
                                 deleteLabel: app.t("photos.delete_label", page, ["number": number]))
        }
        let entry = model.entry
        let heading = LocalizedDate.long(day, language)
        let stats = DayView.Stats(
            streak: app.strings.plural("day.stats.streak", count: model.streak.current, language),
            active: app.strings.plural("day.stats.active", count: model.activeInWindow, language),
            entries: app.strings.plural("day.stats.entries", count: model.entriesInWindow, language),
            best: app.strings.plural("day.best", count: model.streak.best, language),
            hasStreak: model.streak.current > 0)
        // Once a card offers the undo, it says what was deleted there, where the redirect's anchor lands.
        let notice = undoEntry != nil || !undoNotes.isEmpty ? nil : notice(app, page)
        let toast: String? = notice?.card == nil ? notice?.text : nil
        var cardNotice: DayView.CardNotice?
        if let notice, let card = notice.card { cardNotice = DayView.CardNotice(card: card, text: notice.text) }
        let checkNotice: String? = notice?.card == "checklist" ? notice?.text : nil
        let moodLine: String? = model.mood.map { app.t("guardians.mood", page, ["name": app.t("mood.name.\($0.name)", page)]) }
        // A day without an entry opens on the member's journal template (never a guardian's view).
        let blank = member.journalWritable ? member.settings.journalTemplate : ""
        let entryState = entryForm ?? FormState(values: ["entry": entry?.body ?? blank])
        let conflict: DayView.EntryConflict? = entryConflict.map { DayView.EntryConflict(stored: $0.body, deleted: $0.version == 0) }
        let recalled: [DayView.Recalled] = model.onThisDay.map { recalled in
            DayView.Recalled(href: page.paths.day(recalled.date), iso: recalled.date.description,
                             date: LocalizedDate.dayLabel(recalled.date, language), text: recalled.text)
        }
        let previous: String? = model.previous.map { page.paths.day($0) }
        let next: String? = model.next.map { page.paths.day($0) }
        let calendarURL: String? = model.calendarMonth.map { _ in page.paths.calendar(selecting: day) }
        // The version this page shows, so a save from it is known to be based on it; after
        // a conflict, the stored one's, so saving again (having merged) goes through.
        let entryVersion = String(entryConflict?.version ?? entry?.version ?? 0)
        return DayView(
            title: heading,
            heading: heading,
            dayISO: day.description,
            dayURL: page.paths.day(day),
            calendarURL: calendarURL,
            entryURL: page.paths.entry(day),
            notesURL: page.paths.notes(day),
            newHabitURL: page.paths.newHabit(returningTo: day),
            homeURL: page.paths.home,
            archivedURL: page.paths.archivedHabits,
            habitsCSS: HabitsPage.cssURL(app, member),
            isToday: day == model.today,
            showGrid: model.showsGrid,
            stats: stats,
            row: model.showsGrid ? [] : circles,
            grid: model.showsGrid ? circles : [],
            previous: previous,
            next: next,
            notice: toast,
            cardNotice: cardNotice,
            checkNotice: checkNotice,
            undoEntry: undoEntry,
            undoNotes: undoNotes,
            children: try children(app, page, member),
            points: member.account.isChild
                ? DayView.Points(balance: String(try app.familySnapshot().balance(of: member.account.id)),
                                 rewardsURL: Paths.rewards)
                : nil,
            setupChecklist: setupChecklist(member),
            pinNotices: try pinNoticeLines(app, page, member),
            pinNoticesSeenURL: pinNoticesSeenPath,
            journalWritable: member.journalWritable,
            journalVisible: member.journalVisible,
            moodLine: moodLine,
            moodFace: model.mood?.face,
            // The checklist shows when the member has an active habit, saying so when none is due.
            hasHabits: !model.tray.isEmpty,
            checklist: checkItems(model, app, page, refusal: checkRefusal, names: names),
            // Many habits due: a denser list, so that all of them and the family chores fit a phone's first screen.
            checklistDense: model.checklist.count > Self.roomyChecklistItems,
            checklistHeading: app.t(day == model.today ? "check.heading_today" : "check.heading", page),
            hasBlocks: !blocks.isEmpty,
            timelineParts: timelineParts(model, blocks: blocks, app, page),
            dayStart: model.slots.label(for: 0),
            entry: DayView.EntryForm(entryState),
            hasEntry: entry != nil,
            entryHTML: entryHTML(entry),
            entryEditing: entryForm != nil || entryConflict != nil,
            entryVersion: entryVersion,
            entryConflict: conflict,
            entryLabel: app.t("entry.label", page, ["date": heading]),
            notes: notes,
            noteForm: DayView.NoteForm(noteForm),
            photos: photos,
            photosURL: page.paths.photos(day),
            photosFull: model.photos.count >= PhotoConstants.maxPerDay,
            photoCaption: photoForm.value("caption"),
            photoError: photoForm.error("photo"),
            mood: mood(model, app, page, refusal: moodRefusal),
            chores: try chores(app, page, member, day: day),
            onThisDay: recalled,
            tray: model.tray.map(pill),
            library: model.library.map(pill))
    }

    /// The saved entry as HTML, none when it renders to nothing (raw HTML alone, say).
    /// `MarkdownRenderer` drops raw HTML and unsafe addresses, so its output is trusted.
    private static func entryHTML(_ entry: Journal.Entry?) -> TrustedHTML? {
        guard let entry else { return nil }
        let html = MarkdownRenderer.html(entry.body)
        return html.isEmpty ? nil : TrustedHTML(trusted: html)
    }

    /// The compact timeline's parts, top to bottom: the fold before the shown hours (when
    /// there are hours before them), the shown hours with the blocks, the fold after. Each
    /// is a stretch of whole hours on the slot grid (`from-N span-N` place its blocks list);
    /// the part holding now on today marks it.
    private static func timelineParts(_ model: Model, blocks: [DayView.Block], _ app: Dawn, _ page: PageRequest) -> [DayView.TimelinePart] {
        let folds = model.folds
        let slots = model.slots
        let now = folds.nowMinute.map { minute -> (mark: DayView.Now, label: String) in
            let time = slots.label(forMinute: minute)
            let slot = minute / TimelineConstants.slotMinutes
            return (DayView.Now(place: "at-\(slot)", time: time), app.t("timeline.now", page, ["time": time]))
        }
        func part(_ hours: Range<Int>, _ kind: TimelineLayout.Folds.Part) -> DayView.TimelinePart? {
            guard !hours.isEmpty else { return nil }
            let fold = kind != .shown
            let hasNow = folds.nowPart == kind
            let from = slots.label(for: hours.lowerBound * 4), to = slots.label(for: hours.upperBound * 4)
            return DayView.TimelinePart(
                fold: fold,
                foldClass: kind == .before ? "fold-before" : "fold-after",
                range: "\(from)–\(to)",
                foldNow: fold && hasNow ? now?.label ?? "" : nil,
                hours: hours.map { slots.label(for: $0 * 4) },
                from: hours.lowerBound * 4,
                span: hours.count * 4,
                place: "from-\(hours.lowerBound * 4) span-\(hours.count * 4)",
                now: hasNow ? now?.mark : nil,
                nowLabel: hasNow ? now?.label ?? "" : nil,
                blocks: fold ? [] : blocks)
        }
        return [part(folds.before, .before), part(folds.shown, .shown), part(folds.after, .after)].compactMap { $0 }
    }
}
