import Templates

extension FamilyView {
    /// The "Family chores" card, `Views/partials/family-chores.html`, and its forms,
    /// `Views/partials/chore-form.html` (`FamilyPage+Chores.swift`).
    struct Chores: TemplateView {
        var kept: [Chore]
        var archived: [Chore]
        /// The new chore's form, as a list of one: the partial is looped into.
        var newChore: [ChoreForm]
        var limitHint: String
        static let fields: [ViewField<Self>] = [
            .list("kept", \.kept),
            .list("archived", \.archived),
            .bool("hasArchived") { !$0.archived.isEmpty },
            .list("newChore", \.newChore),
            .text("limitHint", \.limitHint),
        ]
    }

    /// A chore of the list: a kept one with its edit form and archive button, an archived
    /// one with its restore button.
    struct Chore: TemplateView {
        var id: Int
        var name: String
        var mark: String
        var colorClass: String
        var plan: String
        var editOpen: Bool
        var archiveURL: String
        var archiveLabel: String
        var restoreURL: String
        var restoreLabel: String
        /// Its edit form, as a list of one.
        var edit: [ChoreForm]
        static let fields: [ViewField<Self>] = [
            .number("id", \.id),
            .text("name", \.name),
            .text("mark", \.mark),
            .text("colorClass", \.colorClass),
            .text("plan", \.plan),
            .bool("editOpen", \.editOpen),
            .text("archiveURL", \.archiveURL),
            .text("archiveLabel", \.archiveLabel),
            .text("restoreURL", \.restoreURL),
            .text("restoreLabel", \.restoreLabel),
            .list("edit", \.edit),
        ]
    }

    /// A chore's form: the fields' ids start with `prefix`; the colours and weekdays are
    /// the habit form's.
    struct ChoreForm: TemplateView {
        var prefix: String
        var action: String
        var form: Form
        var submit: String
        var colors: [HabitFormView.Color]
        var noColor: Bool
        var scheduleDay: Bool
        var scheduleWeekdays: Bool
        var weekdays: [HabitFormView.Weekday]
        static let fields: [ViewField<Self>] = [
            .text("prefix", \.prefix),
            .text("action", \.action),
            .object("form", \.form),
            .text("submit", \.submit),
            .list("colors", \.colors),
            .bool("noColor", \.noColor),
            .bool("scheduleDay", \.scheduleDay),
            .bool("scheduleWeekdays", \.scheduleWeekdays),
            .list("weekdays", \.weekdays),
        ]
    }

    /// What was typed in a chore form and why it was refused.
    struct Form: TemplateView {
        var values: Values
        var errors: Errors
        static let fields: [ViewField<Self>] = [
            .object("values", \.values),
            .object("errors", \.errors),
        ]

        init(_ form: FormState) {
            values = Values(mark: form.value("mark"), name: form.value("name"), points: form.value("points"))
            errors = Errors(general: form.error("general"), mark: form.error("mark"), name: form.error("name"),
                            color: form.error("color"), schedule: form.error("schedule"),
                            weekdays: form.error("weekdays"), points: form.error("points"))
        }

        struct Values: TemplateView {
            var mark: String
            var name: String
            var points: String
            static let fields: [ViewField<Self>] = [
                .text("mark", \.mark),
                .text("name", \.name),
                .text("points", \.points),
            ]
        }

        struct Errors: TemplateView {
            var general, mark, name, color, schedule, weekdays, points: String?
            static let fields: [ViewField<Self>] = [
                .text("general", \.general),
                .text("mark", \.mark),
                .text("name", \.name),
                .text("color", \.color),
                .text("schedule", \.schedule),
                .text("weekdays", \.weekdays),
                .text("points", \.points),
            ]
        }
    }
}
