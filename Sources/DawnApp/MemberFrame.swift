import MemberData
import Templates

/// The signed-in member as every page's `me` (the navigation reads it).
struct MemberFrame: TemplateView {
    var displayName: String
    var username: String
    var isAdmin: Bool
    var isChild: Bool
    /// A guardian's children, each a link to their day (`DayPage+Children.swift`).
    var children: [Child]

    struct Child: TemplateView {
        var name: String
        var url: String
        static let fields: [ViewField<Self>] = [
            .text("name", \.name),
            .text("url", \.url),
        ]
    }

    static let fields: [ViewField<Self>] = [
        .text("displayName", \.displayName),
        .text("username", \.username),
        .bool("isAdmin", \.isAdmin),
        .bool("isChild", \.isChild),
        // The navigation's search box (`SearchPage`).
        .number("searchMaxLength") { _ in SearchQuery.maxCharacters },
        .list("children", \.children),
    ]
}
