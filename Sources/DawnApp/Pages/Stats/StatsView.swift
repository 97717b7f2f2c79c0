import Templates

/// `Views/stats.html`: a period's figures in the page's language, built by `StatsPage`
/// (the chores card by `StatsPage+Chores.swift`).
struct StatsView: PageView {
    static let template = "stats"

    var title: String
    /// The period in words: "Week 47, 2026".
    var label: String
    var segments: [Segment]
    var previous: String?
    var next: String?
    /// Year mode's year picker; empty in the other modes.
    var years: [Year]
    var activeDays: String
    /// The journal's figures (entries, moods, notes) are hidden from a guardian unless shared.
    var entries: String?
    var journalVisible: Bool
    var habits: [HabitRow]
    var stylesheet: String
    var habitsCSS: String
    /// The calendar of the period's month.
    var calendar: String
    var chart: Chart
    /// How many check-offs carry no time, so the chart leaves them out.
    var untimed: String?
    var familyChores: [ChoreRow]
    /// None when the journal is hidden or the period has no mood.
    var mood: Mood?
    /// Year mode's heatmap, drawn by `HeatmapDrawing`, shared with the habit page through
    /// `partials/heatmap.html`.
    var heatmap: HeatmapView?
    var heatmapHeading: String?
    var heatmapCSS: String?

    static let fields: [ViewField<Self>] = [
        .text("title", \.title),
        .text("label", \.label),
        .list("segments", \.segments),
        .text("previous", \.previous),
        .text("next", \.next),
        .list("years", \.years),
        .text("activeDays", \.activeDays),
        .text("entries", \.entries),
        .bool("journalVisible", \.journalVisible),
        .list("habits", \.habits),
        .text("stylesheet", \.stylesheet),
        .text("habitsCSS", \.habitsCSS),
        .text("calendar", \.calendar),
        .object("chart", \.chart),
        .text("untimed", \.untimed),
        .list("familyChores", \.familyChores),
        .object("mood", \.mood),
        .object("heatmap", \.heatmap),
        .text("heatmapHeading", \.heatmapHeading),
        .text("heatmapCSS", \.heatmapCSS),
    ]

    /// A granularity of the picker.
    struct Segment: TemplateView {
        var href: String
        var name: String
        var short: String
        var current: Bool
        static let fields: [ViewField<Self>] = [
            .text("href", \.href),
            .text("name", \.name),
            .text("short", \.short),
            .bool("current", \.current),
        ]
    }

    struct Year: TemplateView {
        var href: String
        var year: String
        var current: Bool
        static let fields: [ViewField<Self>] = [
            .text("href", \.href),
            .text("year", \.year),
            .bool("current", \.current),
        ]
    }

    /// A habit's figures over the period; streaks in the habit's own units.
    struct HabitRow: TemplateView {
        var emoji: String
        var name: String
        var `class`: String
        var count: String
        var minutes: String
        var active: String
        var streak: String
        var best: String
        var score: String
        static let fields: [ViewField<Self>] = [
            .text("emoji", \.emoji),
            .text("name", \.name),
            .text("class", \.class),
            .text("count", \.count),
            .text("minutes", \.minutes),
            .text("active", \.active),
            .text("streak", \.streak),
            .text("best", \.best),
            .text("score", \.score),
        ]
    }

    /// The bar chart as SVG geometry (viewBox units), and the same figures as table rows.
    struct Chart: TemplateView {
        var width: Int
        var height: Int
        var bars: [Bar]
        var rows: [Row]
        var max: Int
        var axisY: Int
        var baseY: Int
        var left: Int
        var labelY: Int
        var right: Int
        var caption: String
        static let fields: [ViewField<Self>] = [
            .number("width", \.width),
            .number("height", \.height),
            .list("bars", \.bars),
            .list("rows", \.rows),
            .number("max", \.max),
            .number("axisY", \.axisY),
            .number("baseY", \.baseY),
            .number("left", \.left),
            .number("labelY", \.labelY),
            .number("right", \.right),
            .text("caption", \.caption),
        ]
    }

    struct Bar: TemplateView {
        var x: String
        var width: String
        var y: Int
        var height: Int
        var title: String
        var labelX: String
        /// Every few bars, so the labels do not overlap.
        var label: String?
        static let fields: [ViewField<Self>] = [
            .text("x", \.x),
            .text("width", \.width),
            .number("y", \.y),
            .number("height", \.height),
            .text("title", \.title),
            .text("labelX", \.labelX),
            .text("label", \.label),
        ]
    }

    struct Row: TemplateView {
        var label: String
        var count: Int
        var minutes: Int
        static let fields: [ViewField<Self>] = [
            .text("label", \.label),
            .number("count", \.count),
            .number("minutes", \.minutes),
        ]
    }

    /// The mood card: the period's average and, per habit, the average on days done and not done.
    struct Mood: TemplateView {
        var average: String
        var face: String
        var days: String
        var habits: [MoodRow]
        static let fields: [ViewField<Self>] = [
            .text("average", \.average),
            .text("face", \.face),
            .text("days", \.days),
            .list("habits", \.habits),
        ]
    }

    struct MoodRow: TemplateView {
        var emoji: String
        var name: String
        var `class`: String
        var done: MoodCell?
        var notDone: MoodCell?
        static let fields: [ViewField<Self>] = [
            .text("emoji", \.emoji),
            .text("name", \.name),
            .text("class", \.class),
            .object("done", \.done),
            .object("notDone", \.notDone),
        ]
    }

    struct MoodCell: TemplateView {
        var value: String
        var face: String
        static let fields: [ViewField<Self>] = [
            .text("value", \.value),
            .text("face", \.face),
        ]
    }

    /// A kept chore over the period (`partials/stats-chores.html`).
    struct ChoreRow: TemplateView {
        var name: String
        var mark: String
        var colorClass: String
        /// "Anna: 3", one a member who did it.
        var doers: [Doer]
        var due: String
        var notDone: String
        static let fields: [ViewField<Self>] = [
            .text("name", \.name),
            .text("mark", \.mark),
            .text("colorClass", \.colorClass),
            .list("doers", \.doers),
            .text("due", \.due),
            .text("notDone", \.notDone),
        ]
    }

    struct Doer: TemplateView {
        var text: String
        static let fields: [ViewField<Self>] = [.text("text", \.text)]
    }
}
