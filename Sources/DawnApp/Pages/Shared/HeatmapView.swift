import Templates

/// `Views/partials/heatmap.html`: a year heatmap as the partial reads it, drawn by
/// `HeatmapDrawing.view` and shared by the habit page (`HabitView`) and `/stats` (`StatsView`).
struct HeatmapView: TemplateView {
    /// The scrolling region's accessible name.
    var label: String
    /// Opens on the newest weeks on a narrow screen (`heatmap-recent`, CSS alone).
    var recentFirst: Bool
    /// Where today's week is drawn, for `app.js` to open the region there; nil when
    /// `recentFirst` does it, or the year does not hold today.
    var todayX: Int?
    var width: Int
    var height: Int
    /// A square's side and corner radius.
    var size: Int
    var radius: Int
    /// The baseline of the month names.
    var monthY: Int
    /// The squares, written by `TrustedHTML.Builder` (see `HeatmapDrawing`).
    var squares: TrustedHTML
    var weekdays: [Weekday]
    var months: [Month]
    /// The legend's classes, `hm-l0`…`hm-l4`.
    var levels: [String]

    static let fields: [ViewField<Self>] = [
        .text("label", \.label),
        .bool("recentFirst", \.recentFirst),
        .number("todayX", \.todayX),
        .number("width", \.width),
        .number("height", \.height),
        .number("size", \.size),
        .number("radius", \.radius),
        .number("monthY", \.monthY),
        .html("squares", \.squares),
        .list("weekdays", \.weekdays),
        .list("months", \.months),
        .texts("levels", \.levels),
    ]

    /// A weekday's name beside its row.
    struct Weekday: TemplateView {
        var y: Int
        var label: String
        static let fields: [ViewField<Self>] = [
            .number("y", \.y),
            .text("label", \.label),
        ]
    }

    /// A month's name above the column where it starts.
    struct Month: TemplateView {
        var x: Int
        var label: String
        static let fields: [ViewField<Self>] = [
            .number("x", \.x),
            .text("label", \.label),
        ]
    }
}
