import Templates

/// `Views/habits.html`: the habit list in the page's language, built by `HabitListPage`.
struct HabitListView: PageView {
    static let template = "habits"

    var title: String
    /// What the last action did (`?done=`), `partials/notice.html`.
    var notice: String?
    /// What the last action did when the page jumps to a row (`?done=` with an anchor): over the page, in view.
    var toast: String?
    /// A refused move.
    var listError: String?
    var groups: [Group]
    /// The pause fields' first and last day.
    var min: String
    var max: String
    var newHabitURL: String
    var archivedURL: String
    /// Today's day page.
    var today: String
    var habitsCSS: String
    var stylesheet: String

    static let fields: [ViewField<Self>] = [
        .text("title", \.title),
        .text("notice", \.notice),
        .text("toast", \.toast),
        .text("listError", \.listError),
        .list("groups", \.groups),
        .text("min", \.min),
        .text("max", \.max),
        .text("newHabitURL", \.newHabitURL),
        .text("archivedURL", \.archivedURL),
        .text("today", \.today),
        .text("habitsCSS", \.habitsCSS),
        .text("stylesheet", \.stylesheet),
    ]

    struct Group: TemplateView {
        /// None when the member has no groups at all.
        var heading: String?
        var rows: [Row]
        static let fields: [ViewField<Self>] = [
            .text("heading", \.heading),
            .list("rows", \.rows),
        ]
    }

    struct Row: TemplateView {
        var anchor: String
        var name: String
        var emoji: String
        var `class`: String
        var schedule: String
        var target: String?
        /// "Paused since …" or "Pauses from …".
        var paused: String?
        var moveURL: String
        var canMoveUp: Bool
        var canMoveDown: Bool
        var upLabel: String
        var downLabel: String
        var pauseURL: String
        var resumeURL: String
        var resumeLabel: String
        var pauseField: String
        var pauseValue: String
        var pauseError: String?
        var editURL: String
        var pageURL: String
        var pageLabel: String
        var editLabel: String

        static let fields: [ViewField<Self>] = [
            .text("anchor", \.anchor),
            .text("name", \.name),
            .text("emoji", \.emoji),
            .text("class", \.class),
            .text("schedule", \.schedule),
            .text("target", \.target),
            .text("paused", \.paused),
            .text("moveURL", \.moveURL),
            .bool("canMoveUp", \.canMoveUp),
            .bool("canMoveDown", \.canMoveDown),
            .text("upLabel", \.upLabel),
            .text("downLabel", \.downLabel),
            .text("pauseURL", \.pauseURL),
            .text("resumeURL", \.resumeURL),
            .text("resumeLabel", \.resumeLabel),
            .text("pauseField", \.pauseField),
            .text("pauseValue", \.pauseValue),
            .text("pauseError", \.pauseError),
            .text("editURL", \.editURL),
            .text("pageURL", \.pageURL),
            .text("pageLabel", \.pageLabel),
            .text("editLabel", \.editLabel),
        ]
    }
}
