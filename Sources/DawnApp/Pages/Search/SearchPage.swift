import HTTP
import HTTPServer
import Localization
import MemberData
import Templates

/// `/search?q=…&page=N`: the member's entries, notes and log notes that match, newest
/// day first, `JournalSearch.pageSize` a page, each a link to its day with a snippet in
/// which the matched words are marked. The search syntax is `SearchQuery`'s; a search it
/// refuses (too long, a quote left open, too many words, nothing to look for) comes back
/// in the box with the reason, as a 400.
enum SearchPage {
    /// The highest page number asked for that is read as one (a page past the last hit
    /// is an empty page); anything above is a malformed address.
    static let maxPage = 999_999

    static func add(to router: inout Router<Route>) {
        // A search reads the index, not the history (a few milliseconds at most), but a
        // query matching most of ten years is still work: on the worker pool.
        router.add(.GET, Paths.searchPage, .member(slow: true) { app, page, member in try show(app, page, member) })
    }

    /// The view: the model in the page's language, into `Views/search.html`.
    private static func show(_ app: Dawn, _ page: PageRequest, _ member: MemberContext) throws -> HTTPResponse {
        let model = try Model(member, query: try page.query())
        let language = page.language
        var view = SearchView(title: app.t("search.title", page), query: model.text)
        var status = HTTPStatus.ok
        switch model.outcome {
        case .blank:
            break
        case let .refused(refusal):
            view.message = message(refusal, app: app, page: page)
            status = .badRequest
        case let .results(results):
            view.title = app.t("search.title_for", page, ["query": model.text])
            view.results = self.results(results, text: model.text, app: app, page: page, language: language)
        }
        return app.render(view, status: status, for: page)
    }

    private static func results(_ results: JournalSearch.Results, text: String, app: Dawn, page: PageRequest,
                                language: Language) -> SearchView.Results {
        let hits = results.hits.map { hit -> SearchView.Hit in
            let kind = switch hit.kind {
            case .entry: app.t("search.kind.entry", page)
            case .note: app.t("search.kind.note", page)
            case .log: app.t("search.kind.log", page, ["habit": [hit.habitEmoji, hit.habitName].compactMap { $0 }
                                                                 .joined(separator: " ")])
            }
            return SearchView.Hit(href: page.paths.day(hit.day), date: LocalizedDate.long(hit.day, language), kind: kind,
                                  snippet: hit.snippet.pieces.map { SearchView.Piece(text: $0.text, match: $0.isMatch) })
        }
        let pages = results.pageCount
        let current = results.page
        // Past the last page, "newer" leads back to the last one.
        let newer = current > 1 && pages > 0 ? min(current - 1, pages) : nil
        let older = current < pages ? current + 1 : nil
        return SearchView.Results(
            summary: results.total == 0
                ? app.t("search.none", page, ["query": text])
                : app.strings.plural("search.matches", count: results.total, language),
            hits: hits,
            pastEnd: results.total > 0 && current > pages
                ? app.t("search.past_end", page, ["page": LocalizedNumber.integer(current, language),
                                                  "pages": LocalizedNumber.integer(pages, language)])
                : nil,
            pager: newer == nil && older == nil ? nil : SearchView.Pager(
                label: current <= pages
                    ? app.t("search.page_of", page, ["page": LocalizedNumber.integer(current, language),
                                                     "pages": LocalizedNumber.integer(pages, language)])
                    : nil,
                newer: newer.map { Paths.search(text, page: $0) },
                older: older.map { Paths.search(text, page: $0) }))
    }

    private static func message(_ refusal: Model.Refusal, app: Dawn, page: PageRequest) -> String {
        let language = page.language
        switch refusal {
        case .badPage:
            return app.t("search.bad_page", page)
        case let .query(refusal):
            switch refusal {
            case let .tooLong(characters):
                return app.t("search.too_long", page, ["max": LocalizedNumber.integer(SearchQuery.maxCharacters, language),
                                                       "count": LocalizedNumber.integer(characters, language)])
            case .unbalancedQuote:
                return app.t("search.unbalanced_quote", page)
            case let .tooManyParts(parts):
                return app.t("search.too_many_words", page, ["max": LocalizedNumber.integer(SearchQuery.maxParts, language),
                                                             "count": LocalizedNumber.integer(parts, language)])
            case .nothingToSearch:
                return app.t("search.nothing_to_search", page)
            }
        }
    }
}
