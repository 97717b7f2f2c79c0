import Templates

/// `Views/account-tokens.html`: the member's API tokens (`AccountTokensPage`): a new token
/// shown once, the list with each one's scope and last use, the form that makes one; and
/// their calendar feed's card (`partials/account-feed.html`).
struct AccountTokensView: PageView {
    static let template = "account-tokens"

    var title: String
    /// What the last action did (`?done=`), `partials/notice.html`.
    var notice: String?
    /// The token just made: its only showing.
    var created: Created?
    var tokens: [Token]
    var form: FormState
    var maxName: Int
    /// The member is a child: their tokens read only, so the form offers no write.
    var readOnly: Bool
    var feed: Feed

    static let fields: [ViewField<Self>] = [
        .text("title", \.title),
        .text("notice", \.notice),
        .object("created", \.created),
        .list("tokens", \.tokens),
        .object("form") { view in
            Form(values: Values(name: view.form.value("name"), write: view.form.value("scope") == "write",
                                journal: view.form.value("journal") == "1"),
                 errors: Errors(name: view.form.error("name"), scope: view.form.error("scope")))
        },
        .number("maxName", \.maxName),
        .bool("readOnly", \.readOnly),
        .object("feed", \.feed),
    ]

    /// The calendar feed's card: whether there is a link (never the link, but once).
    struct Feed: TemplateView {
        /// "A link was made on 3 December 2026, 09:00."; nil when there is none.
        var made: String?
        /// The address just made: its only showing.
        var url: String?
        var action: String
        var removeAction: String
        static let fields: [ViewField<Self>] = [
            .text("made", \.made),
            .text("url", \.url),
            .text("action", \.action),
            .text("removeAction", \.removeAction),
        ]
    }

    struct Created: TemplateView {
        var name: String
        var token: String
        var scope: String
        static let fields: [ViewField<Self>] = [
            .text("name", \.name),
            .text("token", \.token),
            .text("scope", \.scope),
        ]
    }

    struct Token: TemplateView {
        var name: String
        /// "Read and write, with the journal".
        var scope: String
        /// "Made 3 December 2026 · last used … from 192.0.2.7" or "never used".
        var use: String
        var revokeURL: String
        var revokeLabel: String
        static let fields: [ViewField<Self>] = [
            .text("name", \.name),
            .text("scope", \.scope),
            .text("use", \.use),
            .text("revokeURL", \.revokeURL),
            .text("revokeLabel", \.revokeLabel),
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
        var name: String
        var write: Bool
        var journal: Bool
        static let fields: [ViewField<Self>] = [
            .text("name", \.name),
            .bool("write", \.write),
            .bool("journal", \.journal),
        ]
    }

    struct Errors: TemplateView {
        var name: String?
        var scope: String?
        static let fields: [ViewField<Self>] = [
            .text("name", \.name),
            .text("scope", \.scope),
        ]
    }
}
