import MemberData
import Templates

/// `Views/search.html`: the box, a refusal's reason, or a page of results, built by `SearchPage`.
struct SearchView: PageView {
    static let template = "search"

    var title: String
    var query: String
    /// Why the search was refused, under the box.
    var message: String?
    var results: Results?

    static let fields: [ViewField<Self>] = [
        .text("title", \.title),
        .text("query", \.query),
        .number("maxLength") { _ in SearchQuery.maxCharacters },
        // The page has its own box: the navigation's is left out.
        .bool("searchPage") { _ in true },
        .text("message", \.message),
        .object("results", \.results),
    ]

    struct Results: TemplateView {
        var summary: String
        var hits: [Hit]
        /// A page number past the last page.
        var pastEnd: String?
        var pager: Pager?
        static let fields: [ViewField<Self>] = [
            .text("summary", \.summary),
            .list("hits", \.hits),
            .text("pastEnd", \.pastEnd),
            .object("pager", \.pager),
        ]
    }

    struct Hit: TemplateView {
        var href: String
        var date: String
        var kind: String
        var snippet: [Piece]
        static let fields: [ViewField<Self>] = [
            .text("href", \.href),
            .text("date", \.date),
            .text("kind", \.kind),
            .list("snippet", \.snippet),
        ]
    }

    /// A run of a snippet's text; a match is marked.
    struct Piece: TemplateView {
        var text: String
        var match: Bool
        static let fields: [ViewField<Self>] = [
            .text("text", \.text),
            .bool("match", \.match),
        ]
    }

    struct Pager: TemplateView {
        /// "Page 2 of 5"; none past the last page.
        var label: String?
        var newer: String?
        var older: String?
        static let fields: [ViewField<Self>] = [
            .text("label", \.label),
            .text("newer", \.newer),
            .text("older", \.older),
        ]
    }
}
