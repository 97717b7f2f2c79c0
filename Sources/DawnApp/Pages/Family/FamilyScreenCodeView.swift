import Templates

/// `Views/family-screen-code.html`: a family screen's enrolment code, shown once on a page
/// of its own right after the admin made it (`FamilyPage+Screens.swift`).
struct FamilyScreenCodeView: PageView {
    static let template = "family-screen-code"

    var title: String
    var code: String
    /// The screen's name.
    var label: String
    /// Until when the code works.
    var note: String
    var backURL: String

    static let fields: [ViewField<Self>] = [
        .text("title", \.title),
        .text("code", \.code),
        .text("label", \.label),
        .text("note", \.note),
        .text("backURL", \.backURL),
    ]
}
