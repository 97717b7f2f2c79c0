import CSQLite
import Locks

/// One SQLite database file, opened, checked, configured (WAL, foreign keys) and
/// migrated, so one `Database` can be shared by every thread.
///
/// Writes (`write`, `backup`, `integrityCheck`) go through one read-write connection and
/// wait for each other on its lock. Each `read` borrows a read-only connection of its
/// own (`ReadConnections`): in WAL mode it reads the last committed snapshot at once,
/// so no read waits behind a long write transaction, nor behind another read.
/// An in-memory database cannot be shared between connections: there `read` uses the
/// writer's connection and lock too.
///
/// The writer's lock is not re-entrant: calling `write`, `backup`, `integrityCheck` or
/// `close` of the same Database from inside a `read`/`write` closure deadlocks (and a
/// `read` inside a `write` would not see the write's own changes).
public final class Database: Sendable {
    public let path: String
    /// The last migration applied (`PRAGMA user_version`) once `open` returned.
    public let schemaVersion: Int

    /// The writer's lock, and when its connection was last used (`MonotonicClock`).
    private let lock = Lock(WriterUse())
    /// Safe to share although `Connection` is not Sendable: it is only ever touched
    /// inside `lock.withLock`, so one thread at a time uses it.
    nonisolated(unsafe) private let connection: Connection
    /// Nil for an in-memory database.
    private let readers: ReadConnections?
    /// Called after every committed `write`, outside the lock: the one place that learns
    /// of every change, so caches built on this database are kept right there.
    private let afterWrite: (@Sendable () -> Void)?

    private struct WriterUse {
        var lastUsed = MonotonicClock.now
        /// Closed for being idle (`releaseIdleMemory`): the next use opens the file again.
        var asleep = false
        /// Closed for good (`close`): never opened again.
        var closed = false
    }

    private init(path: String, schemaVersion: Int, connection: Connection, afterWrite: (@Sendable () -> Void)?) {
        self.path = path
        self.schemaVersion = schemaVersion
        self.connection = connection
        self.afterWrite = afterWrite
        readers = Self.isInMemory(path) ? nil : ReadConnections(path: path)
    }

    deinit {
        connection.close()
        readers?.close()
    }

    /// Opens and migrates the database at `path`, creating the file if it is missing
    /// unless `create` is false (then a missing file is `StoreError.missing`).
    ///
    /// Fails, leaving the file untouched, with `.notADatabase` for a file that is not
    /// SQLite and `.newerSchema` for a database from a newer build. Each pending
    /// migration runs with its `user_version` bump in one transaction. With
    /// `migrate: false` (backups, checks) the schema stays as found: a backup taken by a
    /// newer binary before an upgrade must still be the older version's data, and must
    /// not upgrade the database of the older server still running on it.
    /// `afterWrite` runs after each committed `write` (not after migrations), on the
    /// writing thread, once the write lock is released.
    public static func open(path: String, migrations: [Migration], migrate: Bool = true, create: Bool = true,
                            afterWrite: (@Sendable () -> Void)? = nil) throws -> Database {
        Migration.validate(migrations)
        let connection = try Connection.open(path: path, mode: create ? .create : .existing)
        do {
            try verifyDatabase(connection, path: path)
            // Checked before anything (such as switching to WAL) writes to the file.
            let found = try connection.userVersion()
            guard found <= migrations.count else {
                throw StoreError.newerSchema(path: path, found: found, supported: migrations.count)
            }
            try configure(connection, path: path)
            if migrate { try Self.migrate(connection, path: path, from: found, migrations: migrations) }
            let version = try connection.userVersion()
            return Database(path: path, schemaVersion: version, connection: connection, afterWrite: afterWrite)
        } catch {
            connection.close()
            throw error
        }
    }

    /// Runs `body` in a deferred (read) transaction on a read-only connection of its own,
    /// so its queries see one snapshot: the last write committed before it began, even
    /// while another write is in progress. Statements that would change the database
    /// throw `StoreError.writeInRead`.
    public func read<T>(_ body: (Connection) throws -> T) throws -> T {
        // No reader (in memory, closed, or none could be opened now): read on the writer.
        guard let readers, let reader = readers.lend() else {
            return try transaction(.deferred, access: .readOnly, body)
        }
        defer { readers.giveBack(reader) }
        return try Self.run(.deferred, access: .readOnly, on: reader, body)
    }

    /// Runs `body` in `BEGIN IMMEDIATE … COMMIT`; if it throws, everything it did is
    /// rolled back and the error rethrown.
    @discardableResult
    public func write<T>(_ body: (Connection) throws -> T) throws -> T {
        let result = try transaction(.immediate, access: .readWrite, body)
        afterWrite?()
        return result
    }

    /// Writes a consistent snapshot to `target` (a new file, mode 0600) with `VACUUM INTO`.
    /// Refuses a target that already exists; removes a half-written one on failure.
    public func backup(to target: String) throws {
        try StoreFiles.createNewFile(target, mode: 0o600)
        do {
            // VACUUM INTO accepts an empty existing file, which we just created.
            try lock.withLock { use in
                try wake(&use)
                try connection.vacuum(into: target)
            }
        } catch {
            try? StoreFiles.removeIfPresent(target)
            throw error
        }
    }

    /// `PRAGMA integrity_check`: the problems found, or `[]` when the database is sound.
    /// Damage bad enough that SQLite cannot finish the check is reported as a problem too.
    public func integrityCheck() throws -> [String] {
        let messages: [String]
        do {
            messages = try lock.withLock { use in
                try wake(&use)
                return try connection.query("PRAGMA integrity_check").map { $0.string(0) }
            }
        } catch StoreError.sqlite(let code, let message, _) where code & 0xFF == SQLITE_CORRUPT || code & 0xFF == SQLITE_NOTADB {
            return [message]
        }
        return messages == ["ok"] ? [] : messages
    }

    /// Closes the file: the writer once any write in progress is over, the readers as
    /// their reads end. Idempotent; every later call throws `StoreError.closed`.
    public func close() {
        readers?.close()
        lock.withLock { use in
            use.closed = true
            use.asleep = false
            connection.close()
        }
    }

    /// Gives back the memory of connections unused since `cutoff` (`MonotonicClock`): the
    /// idle readers and the writer are closed (parsed schema, statements and page cache
    /// with them: about 300 KiB for a member's database, mostly its triggers' parsed SQL);
    /// the next write, backup or check opens the writer again, as the next read opens a
    /// reader. A writer busy now is left for a later call. Returns how many connections
    /// gave something back.
    @discardableResult
    public func releaseIdleMemory(unusedSince cutoff: Duration) -> Int {
        var released = readers?.closeIdle(givenBackBefore: cutoff) ?? 0
        // An in-memory database (no readers) lives in its one connection: never closed here.
        guard readers != nil else { return released }
        let writer = lock.withLockIfAvailable { use -> Bool in
            guard !use.asleep, !use.closed, use.lastUsed < cutoff else { return false }
            connection.close()
            use.asleep = true
            return true
        }
        if writer == true { released += 1 }
        return released
    }

    private func transaction<T>(
        _ kind: Connection.TransactionKind,
        access: Connection.Access,
        _ body: (Connection) throws -> T
    ) throws -> T {
        try lock.withLock { use in
            try wake(&use)
            defer { use.lastUsed = MonotonicClock.now }
            return try Self.run(kind, access: access, on: connection, body)
        }
    }

    /// Opens the writer again if it was closed for being idle, configured as `open` left it
    /// (WAL is the file's own; foreign keys and the sync level are the connection's). Never
    /// creates the file: one removed meanwhile is `StoreError.missing`.
    private func wake(_ use: inout WriterUse) throws {
        guard use.asleep else { return }
        try connection.reopen(mode: .existing)
        do {
            try Self.configure(connection, path: path)
        } catch {
            connection.close()
            throw error
        }
        use.asleep = false
    }

    /// `body` between BEGIN and COMMIT on `connection`, rolled back if it throws.
    private static func run<T>(
        _ kind: Connection.TransactionKind,
        access: Connection.Access,
        on connection: Connection,
        _ body: (Connection) throws -> T
    ) throws -> T {
        try connection.begin(kind, access: access)
        do {
            let result = try body(connection)
            try connection.commit()
            return result
        } catch {
            connection.rollback()
            throw error
        }
    }

    /// `:memory:` and `""` (a temporary database) exist once per connection.
    private static func isInMemory(_ path: String) -> Bool {
        path == ":memory:" || path.isEmpty
    }

    // MARK: - Opening

    /// Reading the schema is the first thing that touches the file, so this is where a
    /// file that is not SQLite shows itself.
    private static func verifyDatabase(_ connection: Connection, path: String) throws {
        do {
            _ = try connection.queryOne("PRAGMA schema_version")
        } catch StoreError.sqlite(let code, let message, _) {
            if code & 0xFF == SQLITE_NOTADB {
                throw StoreError.notADatabase(path: path)
            }
            throw StoreError.cannotOpen(path: path, reason: message)
        }
    }

    private static func configure(_ connection: Connection, path: String) throws {
        let mode = try connection.queryOne("PRAGMA journal_mode = WAL")?.string(0) ?? ""
        let inMemory = path == ":memory:" && mode == "memory"
        guard mode == "wal" || inMemory else {
            throw StoreError.cannotOpen(path: path, reason: "could not switch to WAL journal mode (it stayed \"\(mode)\")")
        }
        // FULL: each commit syncs the WAL before COMMIT returns, so a write the server
        // acknowledged survives a power cut too (NORMAL survives a crashed or killed
        // process, but a power cut may take back the writes since the last checkpoint).
        // It costs one fsync per write (about 4 ms here); writes run on the worker pool.
        try connection.execute("PRAGMA foreign_keys = ON; PRAGMA synchronous = FULL")
    }

    private static func migrate(_ connection: Connection, path: String, from found: Int, migrations: [Migration]) throws {
        for migration in migrations where migration.version > found {
            do {
                try connection.begin(.immediate, access: .readWrite)
                do {
                    // Re-read under the write lock: another process may have migrated meanwhile.
                    let current = try connection.userVersion()
                    guard current < migration.version else {
                        try connection.commit()
                        continue
                    }
                    try connection.execute(migration.sql)
                    // PRAGMA takes no bound parameters; the version is an Int from our own list.
                    try connection.execute("PRAGMA user_version = \(migration.version)")
                    let violations = try connection.query("PRAGMA foreign_key_check")
                    if let first = violations.first {
                        throw StoreError.sqlite(
                            code: ExtendedResultCode.constraintForeignKey,
                            message: "\(violations.count) rows violate foreign keys (first in table \(first.string(0)))",
                            sql: "PRAGMA foreign_key_check"
                        )
                    }
                    try connection.commit()
                } catch {
                    connection.rollback()
                    throw error
                }
            } catch let error as StoreError {
                throw StoreError.migrationFailed(path: path, version: migration.version, underlying: error)
            }
        }
    }
}
