import Templates

/// `Views/account.html`: the member's name, password, sessions, data and guardians
/// (`AccountPage`), also shown by `ImportPage` with why an import was refused. The forms'
/// keys are the ones `AccountFields` fails.
struct AccountView: PageView {
    static let template = "account"

    var title: String
    /// What the last action did (`?done=`), `partials/notice.html`.
    var notice: String?
    /// The name form: what was typed, and why it was refused.
    var name: FormState
    /// The password form: only why it was refused (a password is never shown again).
    var password: FormState
    /// `partials/account-guardians.html`; none hides the card.
    var family: Family?
    /// `partials/account-oidc.html`; none (no provider configured) hides the card.
    var openID: OpenID?
    /// `partials/account-email.html`: the member's email address.
    var email: Email?
    var importError: String?
    /// The refused import asked to start from empty.
    var importEmpty: Bool

    static let fields: [ViewField<Self>] = [
        .text("title", \.title),
        .text("notice", \.notice),
        .object("name") { view in
            NameForm(values: NameValues(displayName: view.name.value("displayName")),
                     errors: NameErrors(displayName: view.name.error("display_name")))
        },
        .object("password") { view in
            PasswordForm(errors: PasswordErrors(current: view.password.error("current_password"),
                                                password: view.password.error("password"),
                                                again: view.password.error("password_again")))
        },
        .object("family", \.family),
        .object("openID", \.openID),
        .object("email", \.email),
        .text("importError", \.importError),
        .bool("importEmpty", \.importEmpty),
    ]

    struct NameForm: TemplateView {
        var values: NameValues
        var errors: NameErrors
        static let fields: [ViewField<Self>] = [
            .object("values", \.values),
            .object("errors", \.errors),
        ]
    }

    struct NameValues: TemplateView {
        var displayName: String
        static let fields: [ViewField<Self>] = [.text("displayName", \.displayName)]
    }

    struct NameErrors: TemplateView {
        var displayName: String?
        static let fields: [ViewField<Self>] = [.text("display_name", \.displayName)]
    }

    struct PasswordForm: TemplateView {
        var errors: PasswordErrors
        static let fields: [ViewField<Self>] = [.object("errors", \.errors)]
    }

    struct PasswordErrors: TemplateView {
        var current: String?
        var password: String?
        var again: String?
        static let fields: [ViewField<Self>] = [
            .text("current_password", \.current),
            .text("password", \.password),
            .text("password_again", \.again),
        ]
    }

    /// Who looks after whom (`AccountPage.guardians`).
    struct Family: TemplateView {
        /// A child's guardians, by name.
        var guardians: [String]
        /// A guardian's children.
        var children: [Child]
        var settingsURL: String
        static let fields: [ViewField<Self>] = [
            .texts("guardians", \.guardians),
            .list("children", \.children),
            .text("settingsURL", \.settingsURL),
        ]
    }

    struct Child: TemplateView {
        var name: String
        var dayURL: String
        var label: String
        static let fields: [ViewField<Self>] = [
            .text("name", \.name),
            .text("dayURL", \.dayURL),
            .text("label", \.label),
        ]
    }

    /// The member's identity at the family's OpenID provider (`AccountPage.openIDCard`).
    struct OpenID: TemplateView {
        var heading: String
        /// Connected (and as whom) or not, in words naming the provider.
        var text: String
        var connected: Bool
        var connectURL: String
        var connectLabel: String
        var disconnectURL: String
        /// The disconnect button's words; nil when the connection must stay (an admin's
        /// while password sign-in is off).
        var disconnect: String?
        /// Why it stays, then.
        var keeps: String?
        static let fields: [ViewField<Self>] = [
            .text("heading", \.heading),
            .text("text", \.text),
            .bool("connected", \.connected),
            .text("connectURL", \.connectURL),
            .text("connectLabel", \.connectLabel),
            .text("disconnectURL", \.disconnectURL),
            .text("disconnect", \.disconnect),
            .text("keeps", \.keeps),
        ]
    }

    /// The member's email address (`AccountPage.emailCard`).
    struct Email: TemplateView {
        /// The address and whether it is verified, in words; nil when there is none.
        var status: String?
        var verified: Bool
        /// An SMTP relay is set up: the form is offered.
        var canSend: Bool
        /// What the field holds, and why it was refused.
        var value: String
        var error: String?
        var submit: String
        var actionURL: String
        /// The remove button's form, when there is an address.
        var removeURL: String?
        static let fields: [ViewField<Self>] = [
            .text("status", \.status),
            .bool("verified", \.verified),
            .bool("canSend", \.canSend),
            .text("value", \.value),
            .text("error", \.error),
            .text("submit", \.submit),
            .text("actionURL", \.actionURL),
            .text("removeURL", \.removeURL),
        ]
    }
}
