import Templates

/// `Views/rewards.html`: a child's points and the rewards to ask for, a guardian's
/// children's points and requests, the add form for those who keep the rewards (`RewardsPage`).
struct RewardsView: PageView {
    static let template = "rewards"

    var title: String
    var notice: String?
    /// Why the last form was refused (an approval beyond the balance…).
    var error: String?
    /// The signed-in child's points; nil for an adult.
    var balance: String?
    /// A guardian's children, each with their points.
    var children: [ChildBalance]
    var rewards: [Reward]
    var requests: [Request]
    var showRequests: Bool
    /// The add form and the remove buttons: admins and guardians.
    var manages: Bool
    var form: Form

    static let fields: [ViewField<Self>] = [
        .text("title", \.title),
        .text("notice", \.notice),
        .text("error", \.error),
        .text("balance", \.balance),
        .list("children", \.children),
        .list("rewards", \.rewards),
        .list("requests", \.requests),
        .bool("showRequests", \.showRequests),
        .bool("manages", \.manages),
        .object("form", \.form),
    ]

    struct ChildBalance: TemplateView {
        /// "Mia: points".
        var label: String
        var balance: String
        var username: String
        /// The weekly allowance's points ("0": none) and its field's label.
        var allowance: String
        var allowanceLabel: String
        static let fields: [ViewField<Self>] = [
            .text("label", \.label),
            .text("balance", \.balance),
            .text("username", \.username),
            .text("allowance", \.allowance),
            .text("allowanceLabel", \.allowanceLabel),
        ]
    }

    struct Reward: TemplateView {
        var id: Int
        var name: String
        var emoji: String?
        /// "25 points".
        var price: String
        /// A child's "ask for it" form; nil for adults.
        var requestURL: String?
        var requestLabel: String
        /// Whether the child's points cover it now (the button is shown either way).
        var affordable: Bool
        var removeURL: String?
        var removeLabel: String
        static let fields: [ViewField<Self>] = [
            .number("id", \.id),
            .text("name", \.name),
            .text("emoji", \.emoji),
            .text("price", \.price),
            .text("requestURL", \.requestURL),
            .text("requestLabel", \.requestLabel),
            .bool("affordable", \.affordable),
            .text("removeURL", \.removeURL),
            .text("removeLabel", \.removeLabel),
        ]
    }

    struct Request: TemplateView {
        var id: Int
        var line: String
        /// pending | approved | declined.
        var status: String
        var statusText: String
        var approveURL: String?
        var approveLabel: String
        var declineURL: String?
        var declineLabel: String
        static let fields: [ViewField<Self>] = [
            .number("id", \.id),
            .text("line", \.line),
            .text("status", \.status),
            .text("statusText", \.statusText),
            .text("approveURL", \.approveURL),
            .text("approveLabel", \.approveLabel),
            .text("declineURL", \.declineURL),
            .text("declineLabel", \.declineLabel),
        ]
    }

    /// The add form as typed, with each field's error.
    struct Form: TemplateView {
        var name, price, emoji: String
        var errors: Errors
        static let fields: [ViewField<Self>] = [
            .text("name", \.name),
            .text("price", \.price),
            .text("emoji", \.emoji),
            .object("errors", \.errors),
        ]

        init(_ state: FormState) {
            name = state.value("name")
            price = state.value("price")
            emoji = state.value("emoji")
            errors = Errors(general: state.error("general"), name: state.error("name"), price: state.error("price"),
                            emoji: state.error("emoji"))
        }

        struct Errors: TemplateView {
            var general, name, price, emoji: String?
            static let fields: [ViewField<Self>] = [
                .text("general", \.general),
                .text("name", \.name),
                .text("price", \.price),
                .text("emoji", \.emoji),
            ]
        }
    }
}
