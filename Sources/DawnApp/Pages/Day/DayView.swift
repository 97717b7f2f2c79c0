import Templates

/// `Views/day.html` and its partials: the day page in the page's language, built by
/// `DayPage.show` (the checklist by `DayPage+Checklist.swift`, the mood row by
/// `DayPage+Mood.swift`, the family chores by `DayPage+Chores.swift`).
struct DayView: PageView {
    static let template = "day"

    var title: String
    var heading: String
    var dayISO: String
    var dayURL: String
    /// None when the calendar does not reach the day's month.
    var calendarURL: String?
    var entryURL: String
    var notesURL: String
    var newHabitURL: String
    var homeURL: String
    var archivedURL: String
    var habitsCSS: String
    var isToday: Bool
    var showGrid: Bool
    var stats: Stats
    /// The circles, in the timeline row or in the date grid (the other one empty).
    var row: [Circle]
    var grid: [Circle]
    var previous: String?
    var next: String?
    /// What `?done=` did, as a toast over the page (the tray's notices).
    var notice: String?
    /// What `?done=` did, inside the card it concerns.
    var cardNotice: CardNotice?
    /// The checklist's notice, a toast inside its card.
    var checkNotice: String?
    var undoEntry: UndoEntry?
    var undoNotes: [UndoNote]
    /// "Your children" (`partials/day-children.html`).
    var children: [Child]
    /// A child's points, on their day page and a guardian's view of it (`partials/day-children.html`).
    var points: Points?
    /// The admin's first-run checklist (`partials/day-setup-checklist.html`).
    var setupChecklist: SetupChecklist?
    var pinNotices: [String]
    var pinNoticesSeenURL: String
    /// A guardian's view: the journal read only when the child shares it, else not at all.
    var journalWritable: Bool
    var journalVisible: Bool
    /// The mood as a guardian's read-only journal shows it.
    var moodLine: String?
    var moodFace: String?
    var hasHabits: Bool
    var checklist: [CheckItem]
    var checklistDense: Bool
    var checklistHeading: String
    var hasBlocks: Bool
    var timelineParts: [TimelinePart]
    var dayStart: String
    var entry: EntryForm
    var hasEntry: Bool
    /// The saved entry's Markdown as HTML (`MarkdownRenderer`); none without an entry, or
    /// when it renders to nothing, and then the form shows on its own.
    var entryHTML: TrustedHTML?
    /// The form under the rendered entry starts open: a refused save (400, 409) shows it.
    var entryEditing: Bool
    var entryVersion: String
    var entryConflict: EntryConflict?
    var entryLabel: String
    var notes: [Note]
    var noteForm: NoteForm
    /// The day's photos (in the journal card) and the upload form's caption and refusal.
    var photos: [Photo]
    var photosURL: String
    var photosFull: Bool
    var photoCaption: String
    var photoError: String?
    var mood: Mood
    var chores: Chores
    var onThisDay: [Recalled]
    var tray: [Pill]
    var library: [Pill]

    static let fields: [ViewField<Self>] = [
        .text("title", \.title),
        .text("heading", \.heading),
        .text("dayISO", \.dayISO),
        .text("dayURL", \.dayURL),
        .text("calendarURL", \.calendarURL),
        .text("entryURL", \.entryURL),
        .text("notesURL", \.notesURL),
        .text("newHabitURL", \.newHabitURL),
        .text("homeURL", \.homeURL),
        .text("archivedURL", \.archivedURL),
        .text("habitsCSS", \.habitsCSS),
        .bool("isToday", \.isToday),
        .bool("showGrid", \.showGrid),
        .object("stats", \.stats),
        .list("row", \.row),
        .list("grid", \.grid),
        .text("previous", \.previous),
        .text("next", \.next),
        .text("notice", \.notice),
        .object("cardNotice", \.cardNotice),
        .text("checkNotice", \.checkNotice),
        .object("undoEntry", \.undoEntry),
        .list("undoNotes", \.undoNotes),
        .list("children", \.children),
        .object("points", \.points),
        .object("setupChecklist", \.setupChecklist),
        .texts("pinNotices", \.pinNotices),
        .text("pinNoticesSeenURL", \.pinNoticesSeenURL),
        .bool("journalWritable", \.journalWritable),
        .bool("journalVisible", \.journalVisible),
        .text("moodLine", \.moodLine),
        .text("moodFace", \.moodFace),
        .bool("hasHabits", \.hasHabits),
        .list("checklist", \.checklist),
        .bool("checklistDense", \.checklistDense),
        .text("checklistHeading", \.checklistHeading),
        .bool("hasBlocks", \.hasBlocks),
        .list("timelineParts", \.timelineParts),
        .text("dayStart", \.dayStart),
        .object("entry", \.entry),
        .bool("hasEntry", \.hasEntry),
        .html("entryHTML", \.entryHTML),
        .bool("entryEditing", \.entryEditing),
        .text("entryVersion", \.entryVersion),
        .object("entryConflict", \.entryConflict),
        .text("entryLabel", \.entryLabel),
        .list("notes", \.notes),
        .object("noteForm", \.noteForm),
        .list("photos", \.photos),
        .text("photosURL", \.photosURL),
        .bool("photosFull", \.photosFull),
        .text("photoCaption", \.photoCaption),
        .text("photoError", \.photoError),
        // The mood row's and the chores section's keys sit at the top, where their partials read them.
        .bool("showMood", \.mood.show),
        .text("moodURL", \.mood.url),
        .list("moods", \.mood.faces),
        .text("moodChosen", \.mood.chosen),
        .text("moodError", \.mood.error),
        .list("familyChores", \.chores.items),
        .text("choresNotice", \.chores.notice),
        .list("onThisDay", \.onThisDay),
        .list("tray", \.tray),
        .list("library", \.library),
    ]

    /// The counts over the row's days, and the best streak.
    struct Stats: TemplateView {
        var streak: String
        var active: String
        var entries: String
        var best: String
        var hasStreak: Bool
        static let fields: [ViewField<Self>] = [
            .text("streak", \.streak),
            .text("active", \.active),
            .text("entries", \.entries),
            .text("best", \.best),
            .bool("hasStreak", \.hasStreak),
        ]
    }

    /// A day of the row or the grid (`partials/circle.html`).
    struct Circle: TemplateView {
        var href: String
        var classes: String
        var label: String
        /// None when the circle shows no number.
        var number: Int?
        var dot: Bool
        var selected: Bool
        static let fields: [ViewField<Self>] = [
            .text("href", \.href),
            .text("classes", \.classes),
            .text("label", \.label),
            .number("number", \.number),
            .bool("dot", \.dot),
            .bool("selected", \.selected),
        ]
    }

    /// The notice of `?done=…` in the card its redirect's anchor lands on; the others none.
    struct CardNotice: TemplateView {
        var timeline: String?
        var journal: String?
        var mood: String?
        var notes: String?
        var photos: String?
        static let fields: [ViewField<Self>] = [
            .text("timeline", \.timeline),
            .text("journal", \.journal),
            .text("mood", \.mood),
            .text("notes", \.notes),
            .text("photos", \.photos),
        ]

        /// The notice in `card`; none for a card the template shows no notice in.
        init?(card: String, text: String) {
            switch card {
            case "timeline": timeline = text
            case "journal": journal = text
            case "mood": mood = text
            case "notes": notes = text
            case "photos": photos = text
            default: return nil
            }
        }
    }

    struct UndoEntry: TemplateView {
        var url: String
        var text: String
        static let fields: [ViewField<Self>] = [
            .text("url", \.url),
            .text("text", \.text),
        ]
    }

    struct UndoNote: TemplateView {
        var url: String
        var body: String
        var text: String
        var label: String
        static let fields: [ViewField<Self>] = [
            .text("url", \.url),
            .text("body", \.body),
            .text("text", \.text),
            .text("label", \.label),
        ]
    }

    struct Child: TemplateView {
        var name: String
        var url: String
        var left: String
        /// The child's points, and their requests waiting ("2 requests waiting"; none: nil).
        var balance: String
        var balanceLabel: String
        var pending: String?
        static let fields: [ViewField<Self>] = [
            .text("name", \.name),
            .text("url", \.url),
            .text("left", \.left),
            .text("balance", \.balance),
            .text("balanceLabel", \.balanceLabel),
            .text("pending", \.pending),
        ]
    }

    /// The child's balance and the way to `/rewards`.
    struct Points: TemplateView {
        var balance: String
        var rewardsURL: String
        static let fields: [ViewField<Self>] = [
            .text("balance", \.balance),
            .text("rewardsURL", \.rewardsURL),
        ]
    }

    struct SetupChecklist: TemplateView {
        var familyURL: String
        var remindersURL: String
        var dismissURL: String
        static let fields: [ViewField<Self>] = [
            .text("familyURL", \.familyURL),
            .text("remindersURL", \.remindersURL),
            .text("dismissURL", \.dismissURL),
        ]
    }

    /// A due habit of the checklist (`partials/check-pill.html` inside).
    struct CheckItem: TemplateView {
        var id: Int
        var `class`: String
        var state: String
        var emoji: String
        var name: String
        var stateText: String
        var stateClass: String
        var meta: String?
        var describedBy: String
        var checkURL: String
        var skipURL: String
        var showSkip: Bool
        var skipAction: String
        var skipPressed: String
        var skipLabel: String
        var progress: String?
        var amountLabel: String
        var unit: String
        var amount: String
        var error: String?
        var loggedBy: String?
        /// "done" or "undo"; none when the pill only links to the timeline.
        var tapAction: String?
        var tapLabel: String
        static let fields: [ViewField<Self>] = [
            .number("id", \.id),
            .text("class", \.class),
            .text("state", \.state),
            .text("emoji", \.emoji),
            .text("name", \.name),
            .text("stateText", \.stateText),
            .text("stateClass", \.stateClass),
            .text("meta", \.meta),
            .text("describedBy", \.describedBy),
            .text("checkURL", \.checkURL),
            .text("skipURL", \.skipURL),
            .bool("showSkip", \.showSkip),
            .text("skipAction", \.skipAction),
            .text("skipPressed", \.skipPressed),
            .text("skipLabel", \.skipLabel),
            .text("progress", \.progress),
            .text("amountLabel", \.amountLabel),
            .text("unit", \.unit),
            .text("amount", \.amount),
            .text("error", \.error),
            .text("loggedBy", \.loggedBy),
            .text("tapAction", \.tapAction),
            .text("tapLabel", \.tapLabel),
        ]
    }

    /// A stretch of whole hours of the compact timeline (`partials/timeline-part.html`):
    /// a fold before or after the shown hours, or the shown hours with the blocks.
    struct TimelinePart: TemplateView {
        var fold: Bool
        var foldClass: String
        var range: String
        /// "now 14:05" on a fold holding now.
        var foldNow: String?
        var hours: [String]
        var from: Int
        var span: Int
        var place: String
        var now: Now?
        var nowLabel: String?
        var blocks: [Block]
        static let fields: [ViewField<Self>] = [
            .bool("fold", \.fold),
            .text("foldClass", \.foldClass),
            .text("range", \.range),
            .text("foldNow", \.foldNow),
            .texts("hours", \.hours),
            .number("from", \.from),
            .number("span", \.span),
            .text("place", \.place),
            .object("now", \.now),
            .text("nowLabel", \.nowLabel),
            .list("blocks", \.blocks),
        ]
    }

    /// The now mark on today's timeline.
    struct Now: TemplateView {
        var place: String
        var time: String
        static let fields: [ViewField<Self>] = [
            .text("place", \.place),
            .text("time", \.time),
        ]
    }

    /// A logged habit on the timeline.
    struct Block: TemplateView {
        var habitClass: String
        var position: String
        var href: String
        var label: String
        var loggedBy: String?
        var emoji: String
        var name: String
        var start: String
        var end: String
        static let fields: [ViewField<Self>] = [
            .text("habitClass", \.habitClass),
            .text("position", \.position),
            .text("href", \.href),
            .text("label", \.label),
            .text("loggedBy", \.loggedBy),
            .text("emoji", \.emoji),
            .text("name", \.name),
            .text("start", \.start),
            .text("end", \.end),
        ]
    }

    /// The entry's form: what the textarea holds and why it was refused.
    struct EntryForm: TemplateView {
        var values: Values
        var errors: Errors
        static let fields: [ViewField<Self>] = [
            .object("values", \.values),
            .object("errors", \.errors),
        ]

        init(_ form: FormState) {
            values = Values(entry: form.value("entry"))
            errors = Errors(entry: form.error("entry"))
        }

        struct Values: TemplateView {
            var entry: String
            static let fields: [ViewField<Self>] = [.text("entry", \.entry)]
        }

        struct Errors: TemplateView {
            var entry: String?
            static let fields: [ViewField<Self>] = [.text("entry", \.entry)]
        }
    }

    /// The stored entry beside a refused save (409).
    struct EntryConflict: TemplateView {
        var stored: String
        /// The entry was deleted meanwhile.
        var deleted: Bool
        static let fields: [ViewField<Self>] = [
            .text("stored", \.stored),
            .bool("deleted", \.deleted),
        ]
    }

    /// A photo of the day (`partials/day-photos.html`): its thumbnail links to the photo.
    struct Photo: TemplateView {
        var href: String
        var thumbnail: String
        /// The caption, or "Photo 2" when it has none.
        var alt: String
        var caption: String
        /// The caption field's id.
        var field: String
        var captionURL: String
        var deleteURL: String
        var captionLabel: String
        var deleteLabel: String
        static let fields: [ViewField<Self>] = [
            .text("href", \.href),
            .text("thumbnail", \.thumbnail),
            .text("alt", \.alt),
            .text("caption", \.caption),
            .text("field", \.field),
            .text("captionURL", \.captionURL),
            .text("deleteURL", \.deleteURL),
            .text("captionLabel", \.captionLabel),
            .text("deleteLabel", \.deleteLabel),
        ]
    }

    struct Note: TemplateView {
        var body: String
        var time: String
        var datetime: String
        var deleteLabel: String
        var deleteURL: String
        static let fields: [ViewField<Self>] = [
            .text("body", \.body),
            .text("time", \.time),
            .text("datetime", \.datetime),
            .text("deleteLabel", \.deleteLabel),
            .text("deleteURL", \.deleteURL),
        ]
    }

    /// The new note's form: what was typed and why it was refused.
    struct NoteForm: TemplateView {
        var values: Values
        var errors: Errors
        static let fields: [ViewField<Self>] = [
            .object("values", \.values),
            .object("errors", \.errors),
        ]

        init(_ form: FormState) {
            values = Values(note: form.value("note"))
            errors = Errors(note: form.error("note"))
        }

        struct Values: TemplateView {
            var note: String
            static let fields: [ViewField<Self>] = [.text("note", \.note)]
        }

        struct Errors: TemplateView {
            var note: String?
            static let fields: [ViewField<Self>] = [.text("note", \.note)]
        }
    }

    /// The mood row: its keys are the page's own (`showMood`, `moods`…).
    struct Mood {
        /// A mood is for a day lived: a day still to come has no mood row.
        var show: Bool
        var url: String
        var faces: [Face]
        var chosen: String?
        var error: String?
    }

    struct Face: TemplateView {
        var value: Int
        var face: String
        var label: String
        var pressed: String
        static let fields: [ViewField<Self>] = [
            .number("value", \.value),
            .text("face", \.face),
            .text("label", \.label),
            .text("pressed", \.pressed),
        ]
    }

    /// The family chores section: its keys are the page's own (`familyChores`, `choresNotice`).
    struct Chores {
        var items: [Chore]
        var notice: String?
    }

    struct Chore: TemplateView {
        var id: Int
        var name: String
        var mark: String
        var colorClass: String
        var state: String
        var checkURL: String
        var canCheck: Bool
        var canUndo: Bool
        var checkLabel: String
        var undoLabel: String
        /// Who did it, or "Not done yet".
        var who: String
        static let fields: [ViewField<Self>] = [
            .number("id", \.id),
            .text("name", \.name),
            .text("mark", \.mark),
            .text("colorClass", \.colorClass),
            .text("state", \.state),
            .text("checkURL", \.checkURL),
            .bool("canCheck", \.canCheck),
            .bool("canUndo", \.canUndo),
            .text("checkLabel", \.checkLabel),
            .text("undoLabel", \.undoLabel),
            .text("who", \.who),
        ]
    }

    /// A day of earlier years with its entry's first line ("On this day").
    struct Recalled: TemplateView {
        var href: String
        var iso: String
        var date: String
        var text: String
        static let fields: [ViewField<Self>] = [
            .text("href", \.href),
            .text("iso", \.iso),
            .text("date", \.date),
            .text("text", \.text),
        ]
    }

    /// A habit of the tray and the library (`partials/habit-pill.html` inside).
    struct Pill: TemplateView {
        var id: Int
        var name: String
        var emoji: String
        var `class`: String
        /// "12 times".
        var count: String
        var streak: String
        var hasStreak: Bool
        var logLabel: String
        var logURL: String
        var editLabel: String
        var editURL: String
        static let fields: [ViewField<Self>] = [
            .number("id", \.id),
            .text("name", \.name),
            .text("emoji", \.emoji),
            .text("class", \.class),
            .text("count", \.count),
            .text("streak", \.streak),
            .bool("hasStreak", \.hasStreak),
            .text("logLabel", \.logLabel),
            .text("logURL", \.logURL),
            .text("editLabel", \.editLabel),
            .text("editURL", \.editURL),
        ]
    }
}
