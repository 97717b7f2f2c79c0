import Templates

/// `Views/family.html`: the admin's `/family` (`FamilyPage`): the members, each with the
/// forms that reset their password or set a child's PIN, the add form, and the chores,
/// guardians and screens cards (`FamilyView+Chores.swift`, `+Guardians`, `+Screens`).
/// The forms' error keys are the fields the page fails.
struct FamilyView: PageView {
    static let template = "family"

    var title: String
    /// What the last action did (`?done=`), above the cards: `partials/notice.html`.
    var notice: String?
    /// Or the same notice in the card its redirect scrolls to, or over the page.
    var cardNotice: CardNotice?
    var members: [Member]
    var add: AddForm
    var chores: Chores
    /// The chore forms' weekday boxes and choices, styled as the habit form's.
    var stylesheet: String
    var guardians: Guardians
    var screens: Screens
    /// `partials/family-oidc-email.html`; none (no OpenID provider) hides the card.
    var emailSignIn: EmailSignIn?

    static let fields: [ViewField<Self>] = [
        .text("title", \.title),
        .text("notice", \.notice),
        .object("cardNotice", \.cardNotice),
        .list("members", \.members),
        .object("add", \.add),
        .object("chores", \.chores),
        .text("stylesheet", \.stylesheet),
        .object("guardians", \.guardians),
        .object("screens", \.screens),
        .object("emailSignIn", \.emailSignIn),
    ]

    /// The notice shown inside one card (`chores`, `guardians`) or as a toast.
    struct CardNotice: TemplateView {
        var toast: String?
        var chores: String?
        var guardians: String?
        var emailSignIn: String?
        static let fields: [ViewField<Self>] = [
            .text("toast", \.toast),
            .text("chores", \.chores),
            .text("guardians", \.guardians),
            .text("emailSignIn", \.emailSignIn),
        ]
    }

    /// The switch for sign-in by email with the OpenID provider (`FamilyPage.emailSignInCard`).
    struct EmailSignIn: TemplateView {
        var heading: String
        var hint: String
        var label: String
        var on: Bool
        var actionURL: String
        static let fields: [ViewField<Self>] = [
            .text("heading", \.heading),
            .text("hint", \.hint),
            .text("label", \.label),
            .bool("on", \.on),
            .text("actionURL", \.actionURL),
        ]
    }

    struct Member: TemplateView {
        var username: String
        var displayName: String
        var isAdmin: Bool
        var isChild: Bool
        var isMe: Bool
        var passwordURL: String
        var removeURL: String
        var resetLabel: String
        var removeLabel: String
        /// The password reset refused for this member; none when it was not.
        var reset: ResetForm?
        /// A child's PIN form (`partials/family-child-pin.html`); none for an adult.
        var childPIN: ChildPIN?
        /// Wrong PINs and lockout (`partials/family-pins.html`); none when none count.
        var pins: PINs?
        static let fields: [ViewField<Self>] = [
            .text("username", \.username),
            .text("displayName", \.displayName),
            .bool("isAdmin", \.isAdmin),
            .bool("isChild", \.isChild),
            .bool("isMe", \.isMe),
            .text("passwordURL", \.passwordURL),
            .text("removeURL", \.removeURL),
            .text("resetLabel", \.resetLabel),
            .text("removeLabel", \.removeLabel),
            .object("reset", \.reset),
            .object("childPIN", \.childPIN),
            .object("pins", \.pins),
        ]
    }

    /// A refused password reset: only why (a password is never shown again).
    struct ResetForm: TemplateView {
        var hasErrors: Bool
        var errors: Errors
        static let fields: [ViewField<Self>] = [
            .bool("hasErrors", \.hasErrors),
            .object("errors", \.errors),
        ]

        init(_ form: FormState) {
            hasErrors = !form.isValid
            errors = Errors(general: form.error("general"), password: form.error("password"),
                            passwordAgain: form.error("password_again"))
        }

        struct Errors: TemplateView {
            var general: String?
            var password: String?
            var passwordAgain: String?
            static let fields: [ViewField<Self>] = [
                .text("general", \.general),
                .text("password", \.password),
                .text("password_again", \.passwordAgain),
            ]
        }
    }

    /// The add form: what was typed (never the passwords) and why it was refused.
    struct AddForm: TemplateView {
        var values: Values
        var errors: Errors
        static let fields: [ViewField<Self>] = [
            .object("values", \.values),
            .object("errors", \.errors),
        ]

        init(_ form: FormState) {
            values = Values(username: form.value("username"), displayName: form.value("displayName"),
                            child: form.value("child") == "1")
            errors = Errors(general: form.error("general"), username: form.error("username"),
                            displayName: form.error("display_name"), password: form.error("password"),
                            passwordAgain: form.error("password_again"))
        }

        struct Values: TemplateView {
            var username: String
            var displayName: String
            var child: Bool
            static let fields: [ViewField<Self>] = [
                .text("username", \.username),
                .text("displayName", \.displayName),
                .bool("child", \.child),
            ]
        }

        struct Errors: TemplateView {
            var general: String?
            var username: String?
            var displayName: String?
            var password: String?
            var passwordAgain: String?
            static let fields: [ViewField<Self>] = [
                .text("general", \.general),
                .text("username", \.username),
                .text("display_name", \.displayName),
                .text("password", \.password),
                .text("password_again", \.passwordAgain),
            ]
        }
    }
}
