import Markdown
import Store
import TimeZones

/// Searches one member's entries, notes and log notes through their search index
/// (`SearchSchema`). Only reachable through `SignedIn.database`, so only ever the
/// signed-in member's own text.
package struct JournalSearch {
    /// Hits a page shows.
    package static let pageSize = 20
    /// The most tokens a hit's snippet shows around its matches (FTS5 allows 64).
    package static let snippetTokens = 24

    package let database: Database

    package init(database: Database) {
        self.database = database
    }

    /// What a hit was found in.
    package enum Kind: String, Sendable {
        case entry, note, log
    }

    package struct Hit: Sendable, Equatable {
        package let day: LocalDate
        package let kind: Kind
        /// For a log: its habit's emoji and name.
        package let habitEmoji: String?
        package let habitName: String?
        package let snippet: SearchSnippet
    }

    package struct Results: Sendable, Equatable {
        /// Every hit of the search, on every page.
        package let total: Int
        /// The page asked for (from 1).
        package let page: Int
        /// That page's hits, newest day first; none for a page past the last.
        package let hits: [Hit]

        /// Pages of hits (0 when there are none).
        package var pageCount: Int { (total + JournalSearch.pageSize - 1) / JournalSearch.pageSize }
    }

    /// Page `page` (from 1) of the hits of `query`, newest day first. Reads the count
    /// (FTS5 walks the matches' rowids, never their text) and then only the page's rows,
    /// which FTS5 reads in rowid order (`SearchSchema`: rowids order the days), so the cost
    /// follows the page, not the years of history. A page past the last has no hits.
    package func search(_ query: SearchQuery, page: Int) throws -> Results {
        precondition(page >= 1, "pages count from 1")
        let match = SQLValue.text(query.matchExpression)
        return try database.read { connection in
            let total = try connection.queryOne(
                "SELECT count(*) FROM search_index WHERE search_index MATCH ?", [match])?.int(0) ?? 0
            let pages = (total + Self.pageSize - 1) / Self.pageSize
            guard page <= pages else { return Results(total: total, page: page, hits: []) }
            let rows = try connection.query("""
                SELECT day, kind, source, snippet(search_index, 0, ?, ?, '…', ?)
                FROM search_index WHERE search_index MATCH ? ORDER BY rowid DESC LIMIT ? OFFSET ?
                """, [.text(String(SearchSnippet.open)), .text(String(SearchSnippet.close)),
                      .integer(Int64(Self.snippetTokens)), match,
                      .integer(Int64(Self.pageSize)), .integer(Int64((page - 1) * Self.pageSize))])
            let hits = try rows.compactMap { row -> Hit? in
                // Only a row written around the app (raw SQL) could have a day that is not one.
                guard let day = LocalDate(iso: row.string(0)), let kind = Kind(rawValue: row.string(1)) else { return nil }
                var habit: Row?
                if kind == .log, let id = row.optionalInt64(2) {
                    habit = try connection.queryOne("""
                        SELECT habits.emoji, habits.name FROM habit_instances JOIN habits ON habits.id = habit_instances.habit_id
                        WHERE habit_instances.id = ?
                        """, [.integer(id)])
                }
                // An entry is Markdown: its snippet without the markup ("**rain**" reads "rain");
                // the marks are text to cmark and come through.
                let marked = kind == .entry ? MarkdownRenderer.plainText(row.string(3)) : row.string(3)
                return Hit(day: day, kind: kind, habitEmoji: habit?.string(0), habitName: habit?.string(1),
                           snippet: SearchSnippet(marked: marked))
            }
            return Results(total: total, page: page, hits: hits)
        }
    }

    // MARK: Checking the index

    /// One line per way the index differs from the rows it copies; empty when they agree:
    /// what `dawn check` runs on every member database from `MemberSchema.searchVersion`.
    /// FTS5's own `integrity-check` (the index against its copy of the text) runs in a
    /// write transaction, though it changes nothing: FTS5 takes it as an `INSERT`.
    package static func problems(_ database: Database) throws -> [String] {
        var problems = try database.read { connection -> [String] in
            var problems: [String] = []
            let expected = try connection.queryOne("SELECT count(*) FROM (\(SearchSchema.expectedRows))")?.int(0) ?? 0
            let stored = try connection.queryOne("SELECT count(*) FROM search_index")?.int(0) ?? 0
            let missing = try connection.queryOne("""
                SELECT count(*) FROM (SELECT * FROM (\(SearchSchema.expectedRows)) EXCEPT \(SearchSchema.storedRows))
                """)?.int(0) ?? 0
            let extra = try connection.queryOne("""
                SELECT count(*) FROM (\(SearchSchema.storedRows) EXCEPT SELECT * FROM (\(SearchSchema.expectedRows)))
                """)?.int(0) ?? 0
            if missing + extra > 0 || expected != stored {
                problems.append("search index differs from the texts it copies "
                                + "(\(missing) missing or wrong, \(extra) extra; \(stored) rows for \(expected) texts)")
            }
            let misplaced = try connection.queryOne("""
                SELECT count(*) FROM search_index WHERE rowid NOT BETWEEN \(SearchSchema.dayKey("day"))
                    AND \(SearchSchema.dayKey("day")) + \(SearchSchema.dayKeySpan - 1)
                """)?.int(0) ?? 0
            if misplaced > 0 {
                problems.append("search index has \(misplaced) rows out of their day's order")
            }
            return problems
        }
        do {
            try database.write { try $0.run("INSERT INTO search_index (search_index) VALUES ('integrity-check')") }
        } catch let error as StoreError where error.isCorruption {
            problems.append("search index is damaged (FTS5 integrity-check: \(error))")
        }
        return problems
    }
}
