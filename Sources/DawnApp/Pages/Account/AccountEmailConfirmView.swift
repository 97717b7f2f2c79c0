import Templates

/// `Views/account-email-confirm.html`: the page a confirmation link opens, asking the member
/// to press Confirm (`AccountPage+Email.swift`). Only the form's POST verifies the address.
struct AccountEmailConfirmView: PageView {
    static let template = "account-email-confirm"

    var title: String
    /// "Confirm a@example.org as your email address?"
    var question: String
    var confirmURL: String

    static let fields: [ViewField<Self>] = [
        .text("title", \.title),
        .text("question", \.question),
        .text("confirmURL", \.confirmURL),
    ]
}
