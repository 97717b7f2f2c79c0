import Templates

/// `Views/family-screen-enrol.html`: the code form that makes a browser a family screen,
/// shown again with why a code was refused (`FamilyScreenPage`).
struct FamilyScreenEnrolView: PageView {
    static let template = "family-screen-enrol"

    var title: String
    /// The pre-session token (`PreSessionCSRF`): a screen has no session to carry one.
    var csrf: String
    var error: String?

    static let fields: [ViewField<Self>] = [
        .text("title", \.title),
        .text("csrf", \.csrf),
        .text("error", \.error),
    ]
}
