import Templates

/// `Views/calendar.html`: a month in weeks, built by `CalendarPage`.
struct CalendarView: PageView {
    static let template = "calendar"

    var title: String
    var heading: String
    /// Short weekday names from the member's first weekday.
    var weekdays: [String]
    var weeks: [[Day]]
    /// The neighbouring months' pages, when they have any day page.
    var previous: String?
    var next: String?
    var hasVacation: Bool
    var stylesheet: String

    static let fields: [ViewField<Self>] = [
        .text("title", \.title),
        .text("heading", \.heading),
        .texts("weekdays", \.weekdays),
        .nestedList("weeks", \.weeks),
        .text("previous", \.previous),
        .text("next", \.next),
        .bool("hasVacation", \.hasVacation),
        .text("stylesheet", \.stylesheet),
    ]

    struct Day: TemplateView {
        var number: Int
        var classes: String
        /// The day page; none for a day without one.
        var href: String?
        var label: String
        var isToday: Bool
        static let fields: [ViewField<Self>] = [
            .number("number", \.number),
            .text("classes", \.classes),
            .text("href", \.href),
            .text("label", \.label),
            .bool("isToday", \.isToday),
        ]
    }
}
