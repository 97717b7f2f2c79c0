import Domain
import Store
import TimeZones

/// One member's photos (`photos`, member schema 15): a row per photo on a day, its files
/// under `users/<id>/photos/` named by their SHA-256 (`<sha256>.jpg`, the thumbnail's
/// `<sha256>.jpg` too, by its own hash). A row is written only once both files are durable;
/// two rows may share a file (the same picture uploaded twice), so a file goes only with
/// the last row naming it (`delete`).
package struct DayPhotos {
    package let database: Database

    package init(database: Database) {
        self.database = database
    }

    /// A photo file's name: its SHA-256 as 64 lowercase hex digits (anything else names no file).
    package static func isFileHash(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    package struct Photo: Sendable, Equatable {
        package let id: Int64
        package let day: LocalDate
        package let sha256: String
        package let thumbSHA256: String
        package let width: Int
        package let height: Int
        /// The two files' bytes, counted against the member's quota.
        package let bytes: Int
        package let caption: String
    }

    /// A photo about to be stored, its files already durable.
    package struct New: Sendable {
        package let sha256: String
        package let thumbSHA256: String
        package let width: Int
        package let height: Int
        package let bytes: Int

        package init(sha256: String, thumbSHA256: String, width: Int, height: Int, bytes: Int) {
            self.sha256 = sha256
            self.thumbSHA256 = thumbSHA256
            self.width = width
            self.height = height
            self.bytes = bytes
        }
    }

    /// Refused in the write: the day would hold more than `PhotoConstants.maxPerDay`, or the
    /// member's photos more than their quota. Nothing was written.
    package enum Refusal: Error, Equatable {
        case dayFull(stored: Int)
        case quota(used: Int)
    }

    package static let migration = """
        CREATE TABLE photos (
            id           INTEGER PRIMARY KEY,
            day          TEXT NOT NULL CHECK (length(day) = 10),
            sha256       TEXT NOT NULL CHECK (length(sha256) = 64),
            thumb_sha256 TEXT NOT NULL CHECK (length(thumb_sha256) = 64),
            width        INTEGER NOT NULL CHECK (width > 0),
            height       INTEGER NOT NULL CHECK (height > 0),
            bytes        INTEGER NOT NULL CHECK (bytes > 0),
            caption      TEXT NOT NULL DEFAULT '' CHECK (length(caption) <= 200),
            created_at   INTEGER NOT NULL
        ) STRICT;
        CREATE INDEX photos_by_day ON photos (day, id);
        CREATE INDEX photos_by_file ON photos (sha256);
        CREATE INDEX photos_by_thumb ON photos (thumb_sha256);
        """

    private static let columns = "id, day, sha256, thumb_sha256, width, height, bytes, caption"

    private static func photo(_ row: Row) -> Photo? {
        guard let day = LocalDate(iso: row.string(1)) else { return nil }
        return Photo(id: row.int64(0), day: day, sha256: row.string(2), thumbSHA256: row.string(3),
                     width: row.int(4), height: row.int(5), bytes: row.int(6), caption: row.string(7))
    }

    /// The day's photos, oldest first.
    package func photos(on day: LocalDate) throws -> [Photo] {
        try database.read { try Self.photos(on: day, $0) }
    }

    static func photos(on day: LocalDate, _ connection: Connection) throws -> [Photo] {
        try connection.query("SELECT \(columns) FROM photos WHERE day = ? ORDER BY id", [.text(day.description)])
            .compactMap(Self.photo)
    }

    package func photo(id: Int64) throws -> Photo? {
        try database.read { try $0.queryOne("SELECT \(Self.columns) FROM photos WHERE id = ?", [.integer(id)]).flatMap(Self.photo) }
    }

    package func count(on day: LocalDate) throws -> Int {
        try database.read { try $0.queryOne("SELECT count(*) FROM photos WHERE day = ?", [.text(day.description)])?.int(0) ?? 0 }
    }

    /// The bytes of all the member's photos (each row's files, as the quota counts them).
    package func usedBytes() throws -> Int {
        try database.read { try Self.usedBytes($0) }
    }

    private static func usedBytes(_ connection: Connection) throws -> Int {
        try connection.queryOne("SELECT coalesce(sum(bytes), 0) FROM photos")?.int(0) ?? 0
    }

    /// Adds the photos to the day, all or none, checking the day's count and the quota in
    /// the same transaction (two uploads at once cannot both slip under a limit).
    @discardableResult
    package func add(_ photos: [New], on day: LocalDate, caption: String, quotaBytes: Int, now: Int64) throws -> [Int64] {
        try database.write { connection in
            let stored = try connection.queryOne("SELECT count(*) FROM photos WHERE day = ?",
                                                 [.text(day.description)])?.int(0) ?? 0
            guard stored + photos.count <= PhotoConstants.maxPerDay else { throw Refusal.dayFull(stored: stored) }
            let used = try Self.usedBytes(connection)
            guard used + photos.reduce(0, { $0 + $1.bytes }) <= quotaBytes else { throw Refusal.quota(used: used) }
            var ids: [Int64] = []
            for photo in photos {
                try connection.run("""
                    INSERT INTO photos (day, sha256, thumb_sha256, width, height, bytes, caption, created_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    """, [.text(day.description), .text(photo.sha256), .text(photo.thumbSHA256),
                          .integer(Int64(photo.width)), .integer(Int64(photo.height)), .integer(Int64(photo.bytes)),
                          .text(caption), .integer(now)])
                ids.append(connection.lastInsertRowID)
            }
            return ids
        }
    }

    /// An imported photo, its files already durable.
    package struct Imported: Sendable {
        package let day: LocalDate
        package let caption: String
        package let photo: New

        package init(day: LocalDate, caption: String, photo: New) {
            self.day = day
            self.caption = caption
            self.photo = photo
        }
    }

    /// Inserts imported photos within the import's transaction: one already on its day (the
    /// same file) is skipped, so importing a zip twice adds nothing; the day's count and the
    /// quota are checked as for an upload. Returns how many were added.
    package static func insert(_ photos: [Imported], quotaBytes: Int, now: Int64, in connection: Connection) throws -> Int {
        guard !photos.isEmpty else { return 0 }
        var onDay: [String: Set<String>] = [:]
        for row in try connection.query("SELECT day, sha256 FROM photos") {
            onDay[row.string(0), default: []].insert(row.string(1))
        }
        var used = try usedBytes(connection)
        var added = 0
        for imported in photos {
            let day = imported.day.description
            guard !(onDay[day]?.contains(imported.photo.sha256) ?? false) else { continue }
            let stored = onDay[day]?.count ?? 0
            guard stored < PhotoConstants.maxPerDay else { throw Refusal.dayFull(stored: stored) }
            guard used + imported.photo.bytes <= quotaBytes else { throw Refusal.quota(used: used) }
            try connection.run("""
                INSERT INTO photos (day, sha256, thumb_sha256, width, height, bytes, caption, created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """, [.text(day), .text(imported.photo.sha256), .text(imported.photo.thumbSHA256),
                      .integer(Int64(imported.photo.width)), .integer(Int64(imported.photo.height)),
                      .integer(Int64(imported.photo.bytes)), .text(imported.caption), .integer(now)])
            onDay[day, default: []].insert(imported.photo.sha256)
            used += imported.photo.bytes
            added += 1
        }
        return added
    }

    /// Sets a photo's caption; false when there is no such photo.
    package func setCaption(_ caption: String, id: Int64) throws -> Bool {
        try database.write { try $0.run("UPDATE photos SET caption = ? WHERE id = ?", [.text(caption), .integer(id)]) > 0 }
    }

    /// Deletes the row; returns it with the hashes of its files no other row still names
    /// (the files to remove now), or nil when there was no such photo.
    package func delete(id: Int64) throws -> (photo: Photo, unusedFiles: [String])? {
        try database.write { connection in
            guard let photo = try connection.queryOne("SELECT \(Self.columns) FROM photos WHERE id = ?", [.integer(id)])
                .flatMap(Self.photo) else { return nil }
            try connection.run("DELETE FROM photos WHERE id = ?", [.integer(id)])
            var unused: [String] = []
            for hash in [photo.sha256, photo.thumbSHA256] where try !Self.names(hash, connection) {
                unused.append(hash)
            }
            return (photo, unused)
        }
    }

    /// The schema version that made `photos`: a database below it names no file.
    package static let schemaVersion = 15

    /// Every file a row names (photos and thumbnails), for `dawn backup`, `restore` and
    /// `check`; empty for a database from before photos.
    package static func namedFiles(_ database: Database) throws -> Set<String> {
        guard database.schemaVersion >= schemaVersion else { return [] }
        return try database.read { connection in
            var hashes = Set<String>()
            for row in try connection.query("SELECT sha256 FROM photos UNION SELECT thumb_sha256 FROM photos") {
                hashes.insert(row.string(0))
            }
            return hashes
        }
    }

    /// Whether a row still names the file `hash` (as a photo or a thumbnail).
    package func names(_ hash: String) throws -> Bool {
        try database.read { try Self.names(hash, $0) }
    }

    private static func names(_ hash: String, _ connection: Connection) throws -> Bool {
        try connection.queryOne("SELECT 1 FROM photos WHERE sha256 = ?1 OR thumb_sha256 = ?1 LIMIT 1", [.text(hash)]) != nil
    }
}
