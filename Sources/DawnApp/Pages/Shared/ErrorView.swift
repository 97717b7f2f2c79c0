import Templates

/// `Views/error.html`: a status and what went wrong, in the page's language (`ErrorPages.page`).
struct ErrorView: PageView {
    static let template = "error"

    var title: String
    var status: Int
    var message: String

    static let fields: [ViewField<Self>] = [
        .text("title", \.title),
        .number("status", \.status),
        .text("message", \.message),
    ]
}
