import Templates

/// `Views/habit-delete.html`: the question before a habit is deleted for good (`HabitsPage`).
struct HabitDeleteView: PageView {
    static let template = "habit-delete"

    var title: String
    var habit: Habit
    /// The day page to go back to.
    var back: String
    var habitsCSS: String

    static let fields: [ViewField<Self>] = [
        .text("title", \.title),
        .object("habit", \.habit),
        .text("back", \.back),
        .text("habitsCSS", \.habitsCSS),
    ]

    struct Habit: TemplateView {
        var name: String
        var emoji: String
        var `class`: String
        var deleteURL: String
        static let fields: [ViewField<Self>] = [
            .text("name", \.name),
            .text("emoji", \.emoji),
            .text("class", \.class),
            .text("deleteURL", \.deleteURL),
        ]
    }
}
