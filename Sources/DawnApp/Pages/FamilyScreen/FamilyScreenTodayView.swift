import Templates

/// `Views/family-screen-today.html`: a member's day on the family screen, their due habits
/// and the family's open chores to check off (`FamilyScreenPage`), in the member's language.
struct FamilyScreenTodayView: PageView {
    static let template = "family-screen-today"

    var title: String
    var heading: String
    var initial: String
    var colour: String
    /// The screen's token: a screen has no session.
    var csrf: String
    var notice: String?
    var items: [Item]
    var chores: [Chore]
    /// A child's points; nil for an adult.
    var balance: String?
    var countdown: ScreenCountdown

    static let fields: [ViewField<Self>] = [
        .text("title", \.title),
        .text("heading", \.heading),
        .text("initial", \.initial),
        .text("colour", \.colour),
        .text("csrf", \.csrf),
        .text("notice", \.notice),
        .list("items", \.items),
        .list("chores", \.chores),
        .text("balance", \.balance),
    ] + ScreenCountdown.fields(\.countdown)

    struct Item: TemplateView {
        var name: String
        var emoji: String
        var state: String
        var stateText: String
        var canCheck: Bool
        var checkURL: String
        var checkLabel: String
        var progress: String?
        /// "+5 points" for a child's habit with points.
        var points: String?
        static let fields: [ViewField<Self>] = [
            .text("points", \.points),
            .text("name", \.name),
            .text("emoji", \.emoji),
            .text("state", \.state),
            .text("stateText", \.stateText),
            .bool("canCheck", \.canCheck),
            .text("checkURL", \.checkURL),
            .text("checkLabel", \.checkLabel),
            .text("progress", \.progress),
        ]
    }

    struct Chore: TemplateView {
        var name: String
        var emoji: String
        var checkURL: String
        var checkLabel: String
        /// "+15 points" when the chore is worth any.
        var points: String?
        static let fields: [ViewField<Self>] = [
            .text("name", \.name),
            .text("emoji", \.emoji),
            .text("checkURL", \.checkURL),
            .text("checkLabel", \.checkLabel),
            .text("points", \.points),
        ]
    }
}
