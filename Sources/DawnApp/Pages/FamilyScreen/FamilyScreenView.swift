import Templates

/// `Views/family-screen.html`: the family screen's picker, each member's name to tap and
/// the family's chores of the day (`FamilyScreenPage`).
struct FamilyScreenView: PageView {
    static let template = "family-screen"

    var title: String
    /// "This screen is ready" right after enrolment.
    var notice: String?
    var people: [Person]
    var chores: [Chore]

    static let fields: [ViewField<Self>] = [
        .text("title", \.title),
        .text("notice", \.notice),
        .list("people", \.people),
        .list("chores", \.chores),
    ]

    struct Person: TemplateView {
        var name: String
        var initial: String
        var colour: String
        var href: String
        /// Too many wrong PINs: not offered until the lock ends.
        var locked: Bool
        var lockedText: String
        static let fields: [ViewField<Self>] = [
            .text("name", \.name),
            .text("initial", \.initial),
            .text("colour", \.colour),
            .text("href", \.href),
            .bool("locked", \.locked),
            .text("lockedText", \.lockedText),
        ]
    }

    struct Chore: TemplateView {
        var name: String
        var emoji: String
        /// Who did it, or "Not done yet".
        var doneBy: String
        var state: String
        static let fields: [ViewField<Self>] = [
            .text("name", \.name),
            .text("emoji", \.emoji),
            .text("doneBy", \.doneBy),
            .text("state", \.state),
        ]
    }
}
