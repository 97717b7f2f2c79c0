import Templates

/// `Views/habits-archived.html`: the archived habits, each to restore or delete (`HabitsPage`).
struct ArchivedHabitsView: PageView {
    static let template = "habits-archived"

    var title: String
    var habits: [Habit]
    /// Today's day page.
    var today: String
    var habitsCSS: String

    static let fields: [ViewField<Self>] = [
        .text("title", \.title),
        .list("habits", \.habits),
        .text("today", \.today),
        .text("habitsCSS", \.habitsCSS),
    ]

    struct Habit: TemplateView {
        var name: String
        var emoji: String
        var `class`: String
        /// "3 logs".
        var count: String
        var restoreURL: String
        /// None on a guardian's view: guardians archive, never delete.
        var deleteURL: String?
        static let fields: [ViewField<Self>] = [
            .text("name", \.name),
            .text("emoji", \.emoji),
            .text("class", \.class),
            .text("count", \.count),
            .text("restoreURL", \.restoreURL),
            .text("deleteURL", \.deleteURL),
        ]
    }
}
