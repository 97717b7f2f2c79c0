import Templates

/// `Views/login.html`: the sign-in form, shown empty or again with what was typed
/// (never the password) and why it was refused. The form's keys are the ones the shared
/// `partials/form-error.html` reads (`form.errors.general`).
struct SignInView: PageView {
    static let template = "login"

    var title: String
    /// The pre-session token (`PreSessionCSRF`): no session yet to carry one.
    var csrf: String
    var username: String
    /// Where to go once signed in (`ReturnPath`).
    var next: String
    var error: String?
    /// The family's OpenID provider's button; nil when Dawn has none.
    var openID: OpenIDButton? = nil
    /// The username and password form (hidden by `DAWN_PASSWORD_SIGNIN=0` once every
    /// admin has connected their identity: `Dawn.offersPasswordSignIn`).
    var passwordForm = true

    static let fields: [ViewField<Self>] = [
        .text("title", \.title),
        .text("csrf", \.csrf),
        .object("openID", \.openID),
        .bool("passwordForm", \.passwordForm),
        .object("form") { Form(values: Values(username: $0.username, next: $0.next), errors: Errors(general: $0.error)) },
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
        var next: String
        static let fields: [ViewField<Self>] = [
            .text("username", \.username),
            .text("next", \.next),
        ]
    }

    struct Errors: TemplateView {
        var general: String?
        static let fields: [ViewField<Self>] = [.text("general", \.general)]
    }

    /// "Sign in with Authentik", a link to `OpenIDSignInPage` keeping `next`.
    struct OpenIDButton: TemplateView {
        var label: String
        var url: String
        /// `button`, or `button primary` when it is the only way in.
        var style: String
        static let fields: [ViewField<Self>] = [
            .text("label", \.label),
            .text("url", \.url),
            .text("style", \.style),
        ]
    }
}
