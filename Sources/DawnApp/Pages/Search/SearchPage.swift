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
        router.add(.GET, Paths.searchPage, .member(slow: true) { app, page in try show(app, page) })
    }

    /// The view: the model in the page's language, into `Views/search.html`.
    private static func show(_ app: Dawn, _ page: PageRequest) throws -> HTTPResponse {
        let member = try MemberContext(app, page)
        let model = try Model(member, query: try page.query())
        let language = page.language
        var values: [String: TemplateValue] = [
            "title": .string(app.t("search.title", page)),
            "query": .string(model.text),
            "maxLength": .int(SearchQuery.maxCharacters),
            "searchPage": .bool(true),
            "message": .null,
            "results": .null,
        ]
        var status = HTTPStatus.ok
        switch model.outcome {
        case .blank:
            break
        case let .refused(refusal):
            values["message"] = .string(message(refusal, app: app, page: page))
            status = .badRequest
        case let .results(results):
            values["title"] = .string(app.t("search.title_for", page, ["query": model.text]))
            values["results"] = self.results(results, text: model.text, app: app, page: page, language: language)
        }
        return app.render("search", values, status: status, for: page)
    }

    private static func results(_ results: JournalSearch.Results, text: String, app: Dawn, page: PageRequest,
                                language: Language) -> TemplateValue {
        let hits = results.hits.map { hit -> TemplateValue in
            let kind = switch hit.kind {
            case .entry: app.t("search.kind.entry", page)
            case .note: app.t("search.kind.note", page)
            case .log: app.t("search.kind.log", page, ["habit": [hit.habitEmoji, hit.habitName].compactMap { $0 }
                                                                 .joined(separator: " ")])
            }
            return [
                "href": .string(page.paths.day(hit.day)),
                "date": .string(LocalizedDate.long(hit.day, language)),
                "iso": .string(hit.day.description),
                "kind": .string(kind),
                "snippet": .list(hit.snippet.pieces.map { ["text": .string($0.text), "match": .bool($0.isMatch)] }),
            ]
        }
        let pages = results.pageCount
        let current = results.page
        // Past the last page, "newer" leads back to the last one.
        let newer = current > 1 && pages > 0 ? min(current - 1, pages) : nil
        let older = current < pages ? current + 1 : nil
        return [
            "summary": results.total == 0
                ? .string(app.t("search.none", page, ["query": text]))
                : .string(app.strings.plural("search.matches", count: results.total, language)),
            "hits": .list(hits),
            "pastEnd": results.total > 0 && current > pages
                ? .string(app.t("search.past_end", page, ["page": LocalizedNumber.integer(current, language),
                                                          "pages": LocalizedNumber.integer(pages, language)]))
                : .null,
            "pager": newer == nil && older == nil ? .null : [
                "label": current <= pages
                    ? .string(app.t("search.page_of", page, ["page": LocalizedNumber.integer(current, language),
                                                             "pages": LocalizedNumber.integer(pages, language)]))
                    : .null,
                "newer": newer.map { .string(Paths.search(text, page: $0)) } ?? .null,
                "older": older.map { .string(Paths.search(text, page: $0)) } ?? .null,
            ],
        ]
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
