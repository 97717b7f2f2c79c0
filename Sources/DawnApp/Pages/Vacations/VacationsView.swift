import Templates

/// `Views/vacations.html`: the member's vacations and the form to add one (`VacationsPage`).
/// The form's keys are the ones `partials/form-error.html` reads.
struct VacationsView: PageView {
    static let template = "vacations"

    var title: String
    /// What the last action did (`?done=`), `partials/notice.html`.
    var notice: String?
    var vacations: [Vacation]
    /// A refused delete.
    var listError: String?
    var form: Form
    var action: String
    /// The date fields' first and last day.
    var min: String
    var max: String
    /// Set when no more vacations fit.
    var full: String?
    var settingsURL: String

    static let fields: [ViewField<Self>] = [
        .text("title", \.title),
        .text("notice", \.notice),
        .list("vacations", \.vacations),
        .text("listError", \.listError),
        .object("form", \.form),
        .text("action", \.action),
        .text("min", \.min),
        .text("max", \.max),
        .text("full", \.full),
        .text("settingsURL", \.settingsURL),
    ]

    struct Vacation: TemplateView {
        var dates: String
        /// The first day, ISO, for `<time datetime>`.
        var first: String
        var length: String
        var deleteURL: String
        var deleteLabel: String
        static let fields: [ViewField<Self>] = [
            .text("dates", \.dates),
            .text("first", \.first),
            .text("length", \.length),
            .text("deleteURL", \.deleteURL),
            .text("deleteLabel", \.deleteLabel),
        ]
    }

    /// What was typed and why it was refused, by field.
    struct Form: TemplateView {
        var first: String
        var last: String
        var generalError: String?
        var firstError: String?
        var lastError: String?

        static let fields: [ViewField<Self>] = [
            .object("values") { Values(first: $0.first, last: $0.last) },
            .object("errors") { Errors(general: $0.generalError, first: $0.firstError, last: $0.lastError) },
        ]
    }

    struct Values: TemplateView {
        var first: String
        var last: String
        static let fields: [ViewField<Self>] = [
            .text("first", \.first),
            .text("last", \.last),
        ]
    }

    struct Errors: TemplateView {
        var general: String?
        var first: String?
        var last: String?
        static let fields: [ViewField<Self>] = [
            .text("general", \.general),
            .text("first", \.first),
            .text("last", \.last),
        ]
    }
}
