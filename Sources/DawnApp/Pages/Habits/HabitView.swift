import Templates

/// `Views/habit.html`: one habit's plan, figures, history and heatmap, built by `HabitPage`.
struct HabitView: PageView {
    static let template = "habit"

    var title: String
    var name: String
    var emoji: String
    var `class`: String
    var habitsCSS: String
    var stylesheet: String
    var schedule: String
    var target: String?
    /// When the target or schedule changed (`HabitRule`).
    var targetSince: String?
    var scheduleSince: String?
    var reminders: String?
    var paused: String?
    var current: String
    var best: String
    var score: String
    var weeks: [Count]
    var months: [Count]
    var historyWeeks: [Week]
    /// The history's column heads, narrow weekday names.
    var weekdays: [String]
    /// Drawn by `HeatmapDrawing`, shared with `/stats` through `partials/heatmap.html`.
    var heatmap: HeatmapView
    var heatmapHeading: String
    var heatmapCSS: String
    var editURL: String
    var listURL: String

    static let fields: [ViewField<Self>] = [
        .text("title", \.title),
        .text("name", \.name),
        .text("emoji", \.emoji),
        .text("class", \.class),
        .text("habitsCSS", \.habitsCSS),
        .text("stylesheet", \.stylesheet),
        .text("schedule", \.schedule),
        .text("target", \.target),
        .text("targetSince", \.targetSince),
        .text("scheduleSince", \.scheduleSince),
        .text("reminders", \.reminders),
        .text("paused", \.paused),
        .text("current", \.current),
        .text("best", \.best),
        .text("score", \.score),
        .list("weeks", \.weeks),
        .list("months", \.months),
        .list("historyWeeks", \.historyWeeks),
        .texts("weekdays", \.weekdays),
        .object("heatmap", \.heatmap),
        .text("heatmapHeading", \.heatmapHeading),
        .text("heatmapCSS", \.heatmapCSS),
        .text("editURL", \.editURL),
        .text("listURL", \.listURL),
    ]

    /// A week's or month's row of the counts' tables.
    struct Count: TemplateView {
        var label: String
        var href: String
        var done: String
        var logs: String
        static let fields: [ViewField<Self>] = [
            .text("label", \.label),
            .text("href", \.href),
            .text("done", \.done),
            .text("logs", \.logs),
        ]
    }

    /// A row of the history, led by its first day's date.
    struct Week: TemplateView {
        var date: String
        var days: [Day]
        static let fields: [ViewField<Self>] = [
            .text("date", \.date),
            .list("days", \.days),
        ]
    }

    struct Day: TemplateView {
        var state: String
        var href: String
        var label: String
        var future: Bool
        static let fields: [ViewField<Self>] = [
            .text("state", \.state),
            .text("href", \.href),
            .text("label", \.label),
            .bool("future", \.future),
        ]
    }
}
