import Domain
import Store
import TimeZones

/// One member's entries and notes, in their own database. Only reachable
/// through `SignedIn.database`, so only ever the signed-in member's.
package struct Journal {
    /// In characters as `PlainText.length` counts them (the schema's `CHECK`s count alike).
    package static let maxEntryCharacters = 20_000
    package static let maxNoteCharacters = 500

    package let database: Database

    package init(database: Database) {
        self.database = database
    }

    package struct Note: Sendable, Equatable {
        package let id: Int64
        package let body: String
        package let createdAt: Int64
    }

    /// A day's entry as stored, with its version (see `MemberSchema`'s `edit_sequence`).
    package struct Entry: Sendable, Equatable {
        package let body: String
        package let version: Int64

        package init(body: String, version: Int64) {
            self.body = body
            self.version = version
        }
    }

    /// What a save based on a version did.
    package enum Save: Equatable {
        case saved
        /// The save was empty and deleted the stored entry (kept for undo, see `Journal+Undo`).
        case deleted
        /// Not applied: the entry changed since the version the save was based on.
        /// `stored` is what is there now (nil when it was deleted).
        case conflict(stored: Entry?)
    }

    package func entry(on day: LocalDate) throws -> Entry? {
        try database.read { try Self.entry(on: day, $0) }
    }

    static func entry(on day: LocalDate, _ connection: Connection) throws -> Entry? {
        try connection.queryOne("SELECT body, version FROM entries WHERE day = ?", [.text(day.description)])
            .map { Entry(body: $0.string(0), version: $0.int64(1)) }
    }

    /// Saves the day's entry, based on the version the member saw (0: there was none);
    /// an empty (after trimming) entry deletes it. When the entry changed since that
    /// version, nothing is written, unless the save would leave it as it already is.
    /// `basedOn: nil` saves whatever is there (a client that sent no version). A deleted
    /// entry's text is kept for undo; `today` is the member's day now (it runs out at the next).
    package func saveEntry(_ body: String, on day: LocalDate, basedOn version: Int64?, now: Int64,
                           today: LocalDate) throws -> Save {
        try database.write { connection in
            let deletes = body.allSatisfy(\.isWhitespace)
            let stored = try Self.entry(on: day, connection)
            if let version, version != (stored?.version ?? 0) {
                let unchanged = deletes ? stored == nil : stored?.body == body
                guard unchanged else { return .conflict(stored: stored) }
            }
            if deletes {
                guard let stored else { return .saved }
                let writtenAt = try connection.queryOne("SELECT created_at FROM entries WHERE day = ?",
                                                        [.text(day.description)])?.int64(0) ?? now
                try Self.keepDeleted(.entry, day: day, body: stored.body, noteID: nil, writtenAt: writtenAt,
                                     UndoClock(now: now, today: today), connection)
                try connection.run("DELETE FROM entries WHERE day = ?", [.text(day.description)])
                return .deleted
            } else {
                try connection.run("""
                    INSERT INTO entries (day, body, created_at, updated_at) VALUES (?, ?, ?, ?)
                    ON CONFLICT (day) DO UPDATE SET body = excluded.body, updated_at = excluded.updated_at
                    """, [.text(day.description), .text(body), .integer(now), .integer(now)])
            }
            return .saved
        }
    }

    /// A day "on this day" recalls: its entry's first characters and its first note.
    package struct Recalled: Sendable, Equatable {
        package let day: LocalDate
        /// The first `OnThisDayConstants.entryPrefixCharacters` characters of the entry.
        package let entryStart: String?
        package let firstNote: String?
    }

    /// `recalled`'s statement: the prefix length, then the days as a JSON array.
    package static let recalledQuery = """
        SELECT s.day,
            (SELECT substr(body, 1, ?) FROM entries WHERE entries.day = s.day),
            (SELECT body FROM notes WHERE notes.day = s.day ORDER BY created_at, id LIMIT 1)
        FROM day_summaries AS s
        WHERE s.day IN (SELECT value FROM json_each(?)) AND (s.has_entry = 1 OR s.notes > 0)
        ORDER BY s.day DESC
        """

    /// Of `days`, those with an entry or a note, newest first: one query, a primary-key
    /// lookup of `day_summaries` per day (the days travel as one JSON array, so the
    /// statement is the same whatever their number), then the entry and the first note of
    /// each day found by their own keys.
    package static func recalled(_ days: [LocalDate], _ connection: Connection) throws -> [Recalled] {
        guard !days.isEmpty else { return [] }
        let list = "[" + days.map { "\"\($0)\"" }.joined(separator: ",") + "]"
        let prefix = Int64(OnThisDayConstants.entryPrefixCharacters)
        return try connection.query(recalledQuery, [.integer(prefix), .text(list)]).compactMap { row in
            LocalDate(iso: row.string(0)).map {
                Recalled(day: $0, entryStart: row.optionalString(1), firstNote: row.optionalString(2))
            }
        }
    }

    package func notes(on day: LocalDate) throws -> [Note] {
        try database.read { connection in
            try connection.query("SELECT id, body, created_at FROM notes WHERE day = ? ORDER BY created_at, id",
                                 [.text(day.description)])
                .map { Note(id: $0.int64(0), body: $0.string(1), createdAt: $0.int64(2)) }
        }
    }

    package func addNote(_ body: String, on day: LocalDate, now: Int64) throws {
        try database.write { connection in
            try connection.run("INSERT INTO notes (day, body, created_at) VALUES (?, ?, ?)",
                               [.text(day.description), .text(body), .integer(now)])
        }
    }

    /// Deletes a note of that day, keeping its text for undo; false when there is none
    /// (already deleted, or another day's id).
    package func deleteNote(id: Int64, on day: LocalDate, _ clock: UndoClock) throws -> Bool {
        try database.write { connection in
            guard let note = try connection.queryOne("SELECT body, created_at FROM notes WHERE id = ? AND day = ?",
                                                     [.integer(id), .text(day.description)]) else { return false }
            try Self.keepDeleted(.note, day: day, body: note.string(0), noteID: id, writtenAt: note.int64(1), clock, connection)
            return try connection.run("DELETE FROM notes WHERE id = ? AND day = ?", [.integer(id), .text(day.description)]) == 1
        }
    }
}
