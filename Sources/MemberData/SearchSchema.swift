/// The member's search index (member schema 7): `search_index`, an FTS5 table holding a
/// copy of every text the member wrote (entries, notes, the notes of logs), kept by
/// triggers in the same transaction as every write to `entries`, `notes` and
/// `habit_instances` — pages, imports, raw SQL and the cascade of a deleted habit alike —
/// so a search never finds what is gone nor misses what was just written.
///
/// - Columns: `body` (indexed with `unicode61 remove_diacritics 2`, so "citta" finds
///   "città"; prefixes of 2 and 3 characters indexed too, so "cit…" is one lookup), and,
///   not indexed, `day` (`YYYY-MM-DD`), `kind` (`entry`, `note`, `log`) and `source` (the
///   note's or log's id; NULL for an entry, whose day is its key).
/// - The rowid orders rows by day: `dayKey(day)` (the day number times 2³²) plus a
///   number within the day. A search reads its page newest first with
///   `ORDER BY rowid DESC LIMIT 20`, which FTS5 answers walking its index backwards,
///   without sorting every match nor reading the rows of other pages.
/// - The index holds its own copy of the text (an FTS5 table with content) rather than
///   pointing at the rows (external content): the entries' rowids are not stable (their
///   key is the day; `VACUUM` renumbers them), and a copy lets `snippet()` read the text.
///
/// `JournalSearch.problems` checks it against the rows (`dawn check`).
enum SearchSchema {
    /// Rows of one day take rowids `dayKey(day)` … `dayKey(day) + dayKeySpan - 1`.
    static let dayKeySpan: Int64 = 4_294_967_296

    /// The first rowid of a day's rows, from a `YYYY-MM-DD` expression.
    static func dayKey(_ day: String) -> String { "(\(SummarySchema.dayNumber(day)) * \(dayKeySpan))" }

    /// The rows of `day` (an expression) in the index: a rowid range, which FTS5 reads directly.
    private static func ofDay(_ day: String) -> String {
        "rowid BETWEEN \(dayKey(day)) AND \(dayKey(day)) + \(dayKeySpan - 1)"
    }

    /// Adds a row for the text `body` of `kind` written on `day` (expressions), after the
    /// day's other rows.
    private static func add(body: String, day: String, kind: String, source: String, when: String = "1") -> String {
        """
        INSERT INTO search_index (rowid, body, day, kind, source)
            SELECT key, \(body), \(day), '\(kind)', \(source) FROM (
                SELECT coalesce(max(rowid) + 1, \(dayKey(day))) AS key FROM search_index WHERE \(ofDay(day))
            ) WHERE \(when);
        """
    }

    /// Removes the row of `kind` (and `source`, for notes and logs) from `day`.
    private static func remove(day: String, kind: String, source: String?) -> String {
        "DELETE FROM search_index WHERE \(ofDay(day)) AND kind = '\(kind)'"
            + (source.map { " AND source = \($0)" } ?? "") + ";"
    }

    static let table = """
        CREATE VIRTUAL TABLE search_index USING fts5(
            body, day UNINDEXED, kind UNINDEXED, source UNINDEXED,
            tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
        );
        """

    /// What the index should hold, from the rows: the text, its day, kind and source. A
    /// log without a note has nothing to find.
    static let expectedRows = """
        SELECT body, day, 'entry' AS kind, NULL AS source FROM entries
        UNION ALL SELECT body, day, 'note', id FROM notes
        UNION ALL SELECT note, day, 'log', id FROM habit_instances WHERE note <> ''
        """

    /// What it holds, in the same columns.
    static let storedRows = "SELECT body, day, kind, source FROM search_index"

    /// Fills the empty index from the rows, each day's rows numbered from its key.
    static let fill = """
        INSERT INTO search_index (rowid, body, day, kind, source)
            SELECT \(dayKey("day")) + row_number() OVER (PARTITION BY day ORDER BY kind, source) - 1,
                body, day, kind, source
            FROM (\(expectedRows));
        """

    static let triggers = """
        CREATE TRIGGER entries_search_on_insert AFTER INSERT ON entries BEGIN
            \(add(body: "NEW.body", day: "NEW.day", kind: "entry", source: "NULL"))
        END;
        CREATE TRIGGER entries_search_on_change AFTER UPDATE OF day, body ON entries
        WHEN OLD.day IS NOT NEW.day OR OLD.body IS NOT NEW.body BEGIN
            \(remove(day: "OLD.day", kind: "entry", source: nil))
            \(add(body: "NEW.body", day: "NEW.day", kind: "entry", source: "NULL"))
        END;
        CREATE TRIGGER entries_search_on_delete AFTER DELETE ON entries BEGIN
            \(remove(day: "OLD.day", kind: "entry", source: nil))
        END;
        CREATE TRIGGER notes_search_on_insert AFTER INSERT ON notes BEGIN
            \(add(body: "NEW.body", day: "NEW.day", kind: "note", source: "NEW.id"))
        END;
        CREATE TRIGGER notes_search_on_change AFTER UPDATE OF id, day, body ON notes
        WHEN OLD.id IS NOT NEW.id OR OLD.day IS NOT NEW.day OR OLD.body IS NOT NEW.body BEGIN
            \(remove(day: "OLD.day", kind: "note", source: "OLD.id"))
            \(add(body: "NEW.body", day: "NEW.day", kind: "note", source: "NEW.id"))
        END;
        CREATE TRIGGER notes_search_on_delete AFTER DELETE ON notes BEGIN
            \(remove(day: "OLD.day", kind: "note", source: "OLD.id"))
        END;
        CREATE TRIGGER habit_instances_search_on_insert AFTER INSERT ON habit_instances
        WHEN NEW.note <> '' BEGIN
            \(add(body: "NEW.note", day: "NEW.day", kind: "log", source: "NEW.id"))
        END;
        CREATE TRIGGER habit_instances_search_on_change AFTER UPDATE OF id, day, note ON habit_instances
        WHEN OLD.id IS NOT NEW.id OR OLD.day IS NOT NEW.day OR OLD.note IS NOT NEW.note BEGIN
            \(remove(day: "OLD.day", kind: "log", source: "OLD.id"))
            \(add(body: "NEW.note", day: "NEW.day", kind: "log", source: "NEW.id", when: "NEW.note <> ''"))
        END;
        CREATE TRIGGER habit_instances_search_on_delete AFTER DELETE ON habit_instances
        WHEN OLD.note <> '' BEGIN
            \(remove(day: "OLD.day", kind: "log", source: "OLD.id"))
        END;
        """

    /// Migration 7: the index, filled from what is there, and the triggers that keep it.
    static let migration = table + fill + triggers
}
