import Templates

/// `Views/habit-instance.html`: the form that logs a habit at a time, or edits or removes a
/// log (`HabitInstancePage`). The form's keys are the ones the page fails and
/// `partials/form-error.html` reads.
struct HabitInstanceView: PageView {
    static let template = "habit-instance"

    var title: String
    var date: String
    var form: FormState
    var habit: Habit
    /// A numeric habit's amount field, "Pages"; none for a habit without a target.
    var amountLabel: String?
    var action: String
    /// The log being edited; none for a new one.
    var instance: Int?
    var deleteURL: String?
    /// The version the form is based on: the shown log's, or after a conflict the stored one's.
    var version: String?
    /// What another device saved meanwhile.
    var conflict: String?
    var dayURL: String
    var noteWritable: Bool
    var storedNote: String?
    var canDelete: Bool
    /// A child's log of an earlier day: shown, not offered to change.
    var readOnly: Bool
    /// "Logged by …" when someone else logged it.
    var loggedBy: String?
    var habitsCSS: String

    static let fields: [ViewField<Self>] = [
        .text("title", \.title),
        .text("date", \.date),
        .object("form") { view in
            let form = view.form
            return Form(values: Values(start: form.value("start"), duration: form.value("duration"),
                                       note: form.value("note"), amount: form.value("amount")),
                        errors: Errors(general: form.error("general"), start: form.error("start"),
                                       duration: form.error("duration"), note: form.error("note"),
                                       amount: form.error("amount")))
        },
        .object("habit", \.habit),
        .text("amountLabel", \.amountLabel),
        .text("action", \.action),
        .number("instance", \.instance),
        .text("deleteURL", \.deleteURL),
        .text("version", \.version),
        .text("conflict", \.conflict),
        .text("dayURL", \.dayURL),
        .bool("noteWritable", \.noteWritable),
        .text("storedNote", \.storedNote),
        .bool("canDelete", \.canDelete),
        .bool("readOnly", \.readOnly),
        .text("loggedBy", \.loggedBy),
        .text("habitsCSS", \.habitsCSS),
    ]

    struct Habit: TemplateView {
        var id: Int
        var name: String
        var emoji: String
        var `class`: String
        static let fields: [ViewField<Self>] = [
            .number("id", \.id),
            .text("name", \.name),
            .text("emoji", \.emoji),
            .text("class", \.class),
        ]
    }

    struct Form: TemplateView {
        var values: Values
        var errors: Errors
        static let fields: [ViewField<Self>] = [
            .object("values", \.values),
            .object("errors", \.errors),
        ]
    }

    struct Values: TemplateView {
        var start: String
        var duration: String
        var note: String
        var amount: String
        static let fields: [ViewField<Self>] = [
            .text("start", \.start),
            .text("duration", \.duration),
            .text("note", \.note),
            .text("amount", \.amount),
        ]
    }

    struct Errors: TemplateView {
        var general: String?
        var start: String?
        var duration: String?
        var note: String?
        var amount: String?
        static let fields: [ViewField<Self>] = [
            .text("general", \.general),
            .text("start", \.start),
            .text("duration", \.duration),
            .text("note", \.note),
            .text("amount", \.amount),
        ]
    }
}
