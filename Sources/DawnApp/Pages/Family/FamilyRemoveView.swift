import Templates

/// `Views/family-remove.html`: the question before an admin removes a member
/// (`FamilyPage`); an admin asked about themselves is told they cannot.
struct FamilyRemoveView: PageView {
    static let template = "family-remove"

    var title: String
    var heading: String
    var submit: String
    /// The warning's sentence around the username, which the template sets in bold.
    var warningBefore: String
    var warningAfter: String
    var member: Member
    var isMe: Bool

    static let fields: [ViewField<Self>] = [
        .text("title", \.title),
        .text("heading", \.heading),
        .text("submit", \.submit),
        .object("warning") { Warning(before: $0.warningBefore, after: $0.warningAfter) },
        .object("member", \.member),
        .bool("isMe", \.isMe),
    ]

    struct Warning: TemplateView {
        var before: String
        var after: String
        static let fields: [ViewField<Self>] = [
            .text("before", \.before),
            .text("after", \.after),
        ]
    }

    struct Member: TemplateView {
        var username: String
        var removeURL: String
        static let fields: [ViewField<Self>] = [
            .text("username", \.username),
            .text("removeURL", \.removeURL),
        ]
    }
}
