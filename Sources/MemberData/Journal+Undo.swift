import Domain
import Store
import TimeZones

/// Deleting an entry or a note keeps its text in `deleted_journal` (member schema 13) for a
/// short while, so one tap can bring it back: nothing a member typed is lost to one tap.
/// A deleted text is kept `undoSeconds` and never past the member's day it was deleted
/// on; the member's next delete or restore purges what has run out (until then it is in
/// the file but never offered nor restorable), and at most `maxDeleted` are kept.
/// Restoring goes through `entries` and `notes` like any write, so the search index and
/// the day summaries follow it by their triggers.
extension Journal {
    /// How long a deleted text can be restored.
    package static let undoSeconds: Int64 = 600
    /// Deleted texts kept per member at most (the oldest go first).
    package static let maxDeleted = 20

    package static let deletedMigration = """
        CREATE TABLE deleted_journal (
            id         INTEGER PRIMARY KEY AUTOINCREMENT,
            kind       TEXT NOT NULL CHECK (kind IN ('entry', 'note')),
            day        TEXT NOT NULL CHECK (length(day) = 10),
            body       TEXT NOT NULL CHECK (length(body) BETWEEN 1 AND 20000),
            note_id    INTEGER CHECK ((kind = 'note') = (note_id IS NOT NULL)),
            written_at INTEGER NOT NULL,
            deleted_at INTEGER NOT NULL,
            deleted_on TEXT NOT NULL CHECK (length(deleted_on) = 10)
        ) STRICT;
        CREATE INDEX deleted_journal_by_day ON deleted_journal (day, kind);
        """

    /// A deleted text that can still be restored.
    package struct Deleted: Sendable, Equatable {
        package enum Kind: String, Sendable {
            case entry, note
        }
        package let kind: Kind
        package let day: LocalDate
        package let body: String
        /// The note's id (nil for an entry, whose day is its key).
        package let noteID: Int64?
        /// When the entry was first written, or the note's time.
        package let writtenAt: Int64
        package let deletedAt: Int64
    }

    /// When a restore is refused or held back.
    package enum Restore: Equatable {
        case restored
        /// Nothing deleted of that day (or that note) can be restored: never deleted,
        /// already restored, run out, or the id of another day.
        case notFound
        /// An entry was saved on that day since the delete: nothing written; `stored` is
        /// that entry and `deleted` the text that was deleted, both for the member to merge.
        case conflict(stored: Entry, deleted: String)
    }

    /// The clock of the undo: now, and the member's day now (a day's deletions run out at
    /// the next one).
    package struct UndoClock: Sendable {
        package let now: Int64
        package let today: LocalDate

        package init(now: Int64, today: LocalDate) {
            self.now = now
            self.today = today
        }
    }

    /// What of `day` can still be restored, entry first, then the notes by their time.
    package func deleted(on day: LocalDate, _ clock: UndoClock) throws -> [Deleted] {
        try database.read { connection in
            try connection.query("""
                SELECT kind, body, note_id, written_at, deleted_at FROM deleted_journal
                WHERE day = ? AND deleted_at > ? AND deleted_at <= ? AND deleted_on = ?
                ORDER BY kind, written_at, id
                """, Self.live(day, clock)).compactMap { row in
                Deleted.Kind(rawValue: row.string(0)).map {
                    Deleted(kind: $0, day: day, body: row.string(1), noteID: row.optionalInt64(2),
                            writtenAt: row.int64(3), deletedAt: row.int64(4))
                }
            }
        }
    }

    /// Brings back the day's deleted entry. Refused (`conflict`) when an entry was saved
    /// on that day since: neither text is overwritten.
    package func restoreEntry(on day: LocalDate, _ clock: UndoClock) throws -> Restore {
        try database.write { connection in
            try Self.purge(connection, clock)
            guard let row = try connection.queryOne("""
                SELECT id, body, written_at FROM deleted_journal
                WHERE kind = 'entry' AND day = ? AND deleted_at > ? AND deleted_at <= ? AND deleted_on = ?
                ORDER BY deleted_at DESC, id DESC LIMIT 1
                """, Self.live(day, clock)) else { return .notFound }
            let body = row.string(1)
            if let stored = try Self.entry(on: day, connection) {
                guard stored.body != body else {
                    try connection.run("DELETE FROM deleted_journal WHERE id = ?", [.integer(row.int64(0))])
                    return .restored
                }
                return .conflict(stored: stored, deleted: body)
            }
            try connection.run("INSERT INTO entries (day, body, created_at, updated_at) VALUES (?, ?, ?, ?)",
                               [.text(day.description), .text(body), .integer(row.int64(2)), .integer(clock.now)])
            try connection.run("DELETE FROM deleted_journal WHERE id = ?", [.integer(row.int64(0))])
            return .restored
        }
    }

    /// Brings back a deleted note of that day, with its id and its time.
    package func restoreNote(id: Int64, on day: LocalDate, _ clock: UndoClock) throws -> Restore {
        try database.write { connection in
            try Self.purge(connection, clock)
            guard let row = try connection.queryOne("""
                SELECT id, body, written_at FROM deleted_journal
                WHERE kind = 'note' AND note_id = ? AND day = ? AND deleted_at > ? AND deleted_at <= ? AND deleted_on = ?
                ORDER BY id DESC LIMIT 1
                """, [.integer(id)] + Self.live(day, clock)) else { return .notFound }
            let taken = try connection.queryOne("SELECT 1 FROM notes WHERE id = ?", [.integer(id)]) != nil
            try connection.run("INSERT INTO notes (id, day, body, created_at) VALUES (?, ?, ?, ?)",
                               [taken ? .null : .integer(id), .text(day.description), .text(row.string(1)), .integer(row.int64(2))])
            try connection.run("DELETE FROM deleted_journal WHERE id = ?", [.integer(row.int64(0))])
            return .restored
        }
    }

    /// Keeps a text being deleted (inside the delete's transaction).
    static func keepDeleted(_ kind: Deleted.Kind, day: LocalDate, body: String, noteID: Int64?, writtenAt: Int64,
                            _ clock: UndoClock, _ connection: Connection) throws {
        try purge(connection, clock)
        try connection.run("""
            INSERT INTO deleted_journal (kind, day, body, note_id, written_at, deleted_at, deleted_on)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """, [.text(kind.rawValue), .text(day.description), .text(body), noteID.map(SQLValue.integer) ?? .null,
                  .integer(writtenAt), .integer(clock.now), .text(clock.today.description)])
        try connection.run("""
            DELETE FROM deleted_journal WHERE id NOT IN (SELECT id FROM deleted_journal ORDER BY id DESC LIMIT ?)
            """, [.integer(Int64(maxDeleted))])
    }

    /// Drops what has run out: older than `undoSeconds`, deleted on another of the member's
    /// days, or stamped later than now (a clock put back).
    private static func purge(_ connection: Connection, _ clock: UndoClock) throws {
        try connection.run("DELETE FROM deleted_journal WHERE deleted_at <= ? OR deleted_at > ? OR deleted_on <> ?",
                           [.integer(clock.now - undoSeconds), .integer(clock.now), .text(clock.today.description)])
    }

    /// The bindings of "of `day`, still restorable".
    private static func live(_ day: LocalDate, _ clock: UndoClock) -> [SQLValue] {
        [.text(day.description), .integer(clock.now - undoSeconds), .integer(clock.now), .text(clock.today.description)]
    }
}
