import HTTP
import MemberData

extension SearchPage {
    /// What the search page shows for `?q=…&page=N`: just the box (nothing typed), the
    /// reason a search was refused, or a page of hits. No HTML, no wording (the view,
    /// `SearchPage.show` with `Views/search.html`, adds those).
    struct Model {
        /// Why nothing was searched: the page shows the text again with the reason (a 400).
        enum Refusal: Equatable {
            case query(SearchQuery.Refusal)
            /// `page` is not a whole number from 1 to `SearchPage.maxPage`.
            case badPage
        }

        enum Outcome: Equatable {
            case blank
            case refused(Refusal)
            case results(JournalSearch.Results)
        }

        /// The search as typed, for the box.
        let text: String
        let outcome: Outcome

        init(_ member: MemberContext, query fields: FormFields) throws {
            text = fields["q"] ?? ""
            guard let page = Self.page(fields["page"]) else {
                outcome = .refused(.badPage)
                return
            }
            let query: SearchQuery?
            do {
                query = try SearchQuery.parse(text)
            } catch {
                outcome = .refused(.query(error))
                return
            }
            guard let query else {
                outcome = .blank
                return
            }
            outcome = .results(try JournalSearch(database: member.database).search(query, page: page))
        }

        /// `page` as a page number: absent or empty is the first; otherwise digits only,
        /// from 1 to `maxPage` (a page past the last hit is an empty page, not an error).
        static func page(_ text: String?) -> Int? {
            guard let text, !text.isEmpty else { return 1 }
            guard text.utf8.count <= String(SearchPage.maxPage).utf8.count,
                  text.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
                  let page = Int(text), (1...SearchPage.maxPage).contains(page) else { return nil }
            return page
        }
    }
}
