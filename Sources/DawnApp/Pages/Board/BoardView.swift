import Templates

/// `Views/board.html`: the family's shared streaks and today's family chores (`BoardPage`).
struct BoardView: PageView {
    static let template = "board"

    var title: String
    /// The members who share their streaks; none shows the empty line.
    var members: [Member]
    var optedIn: Bool
    /// `partials/board-chores.html`; none hides the card.
    var familyChores: [Chore]
    /// The chores card on the member's today.
    var choresURL: String
    /// A child's own points, or a guardian's children's; none hides the card.
    var points: [Balance]
    var stylesheet: String

    static let fields: [ViewField<Self>] = [
        .text("title", \.title),
        .list("members", \.members),
        .bool("optedIn", \.optedIn),
        .list("familyChores", \.familyChores),
        .text("choresURL", \.choresURL),
        .list("points", \.points),
        .text("stylesheet", \.stylesheet),
    ]

    struct Member: TemplateView {
        var name: String
        var streak: String
        var activeToday: Bool
        var isMe: Bool
        static let fields: [ViewField<Self>] = [
            .text("name", \.name),
            .text("streak", \.streak),
            .bool("activeToday", \.activeToday),
            .bool("isMe", \.isMe),
        ]
    }

    struct Balance: TemplateView {
        var name: String
        var balance: String
        static let fields: [ViewField<Self>] = [
            .text("name", \.name),
            .text("balance", \.balance),
        ]
    }

    struct Chore: TemplateView {
        var name: String
        var mark: String
        var colorClass: String
        /// "open" or "done".
        var state: String
        /// Who did it, or "not done yet".
        var who: String
        static let fields: [ViewField<Self>] = [
            .text("name", \.name),
            .text("mark", \.mark),
            .text("colorClass", \.colorClass),
            .text("state", \.state),
            .text("who", \.who),
        ]
    }
}
