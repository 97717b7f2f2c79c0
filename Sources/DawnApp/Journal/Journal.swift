import Store
import TimeZones

/// One member's entries and notes, in their own database. Only reachable
/// through `SignedIn.database`, so only ever the signed-in member's.
struct Journal {
    static let maxEntryCharacters = 20_000
    static let maxNoteCharacters = 500

    let database: Database

    struct Note: Sendable, Equatable {
        let id: Int64
        let body: String
        let createdAt: Int64
    }

    /// What the row, grid and streak need: which days have activity or an entry.
    struct Activity: Sendable {
        var activeDays: Set<LocalDate> = []
        var entryDays: Set<LocalDate> = []
    }

    func entry(on day: LocalDate) throws -> String? {
        try database.read { try $0.queryOne("SELECT body FROM entries WHERE day = ?", [.text(day.description)])?.string(0) }
    }

    /// Saves the day's entry; an empty (after trimming) entry deletes it.
    func saveEntry(_ body: String, on day: LocalDate, now: Int64) throws {
        try database.write { connection in
            if body.allSatisfy(\.isWhitespace) {
                try connection.run("DELETE FROM entries WHERE day = ?", [.text(day.description)])
            } else {
                try connection.run("""
                    INSERT INTO entries (day, body, created_at, updated_at) VALUES (?, ?, ?, ?)
                    ON CONFLICT (day) DO UPDATE SET body = excluded.body, updated_at = excluded.updated_at
                    """, [.text(day.description), .text(body), .integer(now), .integer(now)])
            }
        }
    }

    func deleteEntry(on day: LocalDate) throws {
        try database.write { try $0.run("DELETE FROM entries WHERE day = ?", [.text(day.description)]) }
    }

    func notes(on day: LocalDate) throws -> [Note] {
        try database.read { connection in
            try connection.query("SELECT id, body, created_at FROM notes WHERE day = ? ORDER BY created_at, id",
                                 [.text(day.description)])
                .map { Note(id: $0.int64(0), body: $0.string(1), createdAt: $0.int64(2)) }
        }
    }

    func addNote(_ body: String, on day: LocalDate, now: Int64) throws {
        try database.write { connection in
            try connection.run("INSERT INTO notes (day, body, created_at) VALUES (?, ?, ?)",
                               [.text(day.description), .text(body), .integer(now)])
        }
    }

    /// Deletes a note of that day; false when there is none (already deleted, or another day's id).
    func deleteNote(id: Int64, on day: LocalDate) throws -> Bool {
        try database.write { connection in
            try connection.run("DELETE FROM notes WHERE id = ? AND day = ?", [.integer(id), .text(day.description)]) == 1
        }
    }

    /// Every day with activity or an entry. All of history, for the best streak.
    func activity() throws -> Activity {
        try database.read { connection in
            var activity = Activity()
            for row in try connection.query("SELECT DISTINCT day FROM notes") {
                if let day = LocalDate(iso: row.string(0)) { activity.activeDays.insert(day) }
            }
            for row in try connection.query("SELECT day FROM entries") {
                if let day = LocalDate(iso: row.string(0)) { activity.entryDays.insert(day) }
            }
            return activity
        }
    }
}
