import Templates

/// `Views/setup.html`: the first admin's form, shown empty or again with what was typed
/// (never the passwords) and why it was refused (`SetupPage`). The form's keys are the
/// ones `AccountFields` fails and `partials/form-error.html` reads.
struct SetupView: PageView {
    static let template = "setup"

    var title: String
    /// The pre-session token (`PreSessionCSRF`): no session yet to carry one.
    var csrf: String
    var form: FormState
    var timeZones: [TimeZoneChoices.Choice]

    static let fields: [ViewField<Self>] = [
        .text("title", \.title),
        .text("csrf", \.csrf),
        .object("form") { view in
            let form = view.form
            return Form(values: Values(username: form.value("username"), displayName: form.value("displayName")),
                        errors: Errors(general: form.error("general"), username: form.error("username"),
                                       displayName: form.error("display_name"), password: form.error("password"),
                                       passwordAgain: form.error("password_again"), timeZone: form.error("time_zone")))
        },
        .list("timeZones", \.timeZones),
    ]

    struct Form: TemplateView {
        var values: Values
        var errors: Errors
        static let fields: [ViewField<Self>] = [
            .object("values", \.values),
            .object("errors", \.errors),
        ]
    }

    struct Values: TemplateView {
        var username: String
        var displayName: String
        static let fields: [ViewField<Self>] = [
            .text("username", \.username),
            .text("displayName", \.displayName),
        ]
    }

    struct Errors: TemplateView {
        var general: String?
        var username: String?
        var displayName: String?
        var password: String?
        var passwordAgain: String?
        var timeZone: String?
        static let fields: [ViewField<Self>] = [
            .text("general", \.general),
            .text("username", \.username),
            .text("display_name", \.displayName),
            .text("password", \.password),
            .text("password_again", \.passwordAgain),
            .text("time_zone", \.timeZone),
        ]
    }
}
