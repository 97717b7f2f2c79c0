import CSQLite

/// Everything the Store can fail with, carrying what a person needs to act on it:
/// the file concerned, SQLite's own message and extended result code, and the SQL text
/// (never the bound values, which may be private).
public enum StoreError: Error, CustomStringConvertible, Equatable, Sendable {
    /// SQLite could not open or read the file (missing directory, permissions, corruption…).
    case cannotOpen(path: String, reason: String)
    /// The database file does not exist, and was not created: a member's database is
    /// created only when the member is added, so a request still in flight when its member
    /// was removed cannot bring the file back.
    case missing(path: String)
    /// The process (or the system) is out of file descriptors: nothing is wrong with the
    /// file, and the same call may succeed once descriptors are freed.
    case outOfDescriptors(path: String)
    /// The file exists but is not an SQLite database. It was not modified.
    case notADatabase(path: String)
    /// The database was written by a newer Dawn (its `user_version` is above the last
    /// migration this build knows). It was not modified.
    case newerSchema(path: String, found: Int, supported: Int)
    /// A directory could not be created or written to.
    case notWritable(path: String, reason: String)
    /// Group or others may read a folder or database file of the data folder, and its mode
    /// could not be narrowed to the owner (e.g. the file belongs to another user).
    case notPrivate(path: String, mode: UInt32, reason: String)
    /// A file that must not be overwritten (e.g. a backup target) already exists.
    case fileExists(path: String)
    /// Migration `version` failed and was rolled back; the database is still at `version - 1`.
    indirect case migrationFailed(path: String, version: Int, underlying: StoreError)
    /// `Database.read` was given a statement that changes the database; use `write`.
    case writeInRead(sql: String)
    /// The database (or data directory) was closed.
    case closed(path: String)
    /// SQLite reported an error running `sql`. `code` is the extended result code.
    case sqlite(code: Int32, message: String, sql: String)
    /// The disk (or the owner's quota) is full: SQLite could not grow a file while running
    /// `sql`. The transaction was rolled back whole; the same write can succeed once
    /// space is freed, and reading goes on working meanwhile.
    case full(path: String, message: String, sql: String)

    /// SQLITE_CONSTRAINT of any kind (UNIQUE, NOT NULL, CHECK, FOREIGN KEY…), e.g. to turn
    /// a taken username into a form error.
    public var isConstraintViolation: Bool {
        resultCode.map { $0 & 0xFF == SQLITE_CONSTRAINT } ?? false
    }

    /// SQLITE_CORRUPT of any kind, a virtual table's (`SQLITE_CORRUPT_VTAB`: an FTS5 index
    /// that disagrees with its text) included.
    public var isCorruption: Bool {
        resultCode.map { $0 & 0xFF == SQLITE_CORRUPT } ?? false
    }

    /// A UNIQUE or PRIMARY KEY constraint was violated.
    public var isUniqueViolation: Bool {
        resultCode == ExtendedResultCode.constraintUnique || resultCode == ExtendedResultCode.constraintPrimaryKey
    }

    /// The disk is full (see `.full`), also when it stopped a migration.
    public var isStorageFull: Bool {
        switch self {
        case .full: true
        case .migrationFailed(_, _, let underlying): underlying.isStorageFull
        default: false
        }
    }

    /// Whether SQLite's `resultCode` (extended) with the failing system call's errno means
    /// a full disk: SQLITE_FULL itself (a short write, or `max_page_count` reached), or an
    /// I/O error whose cause was ENOSPC or EDQUOT (growing the WAL index, truncating, syncing).
    static func meansStorageFull(resultCode: Int32, systemErrno: Int32) -> Bool {
        switch resultCode & 0xFF {
        case SQLITE_FULL: true
        case SQLITE_IOERR: StoreFiles.isOutOfSpace(systemErrno)
        default: false
        }
    }

    /// A shortage that passes (out of file descriptors), as opposed to a broken file or query.
    public var isTransient: Bool {
        switch self {
        case .outOfDescriptors: true
        case .migrationFailed(_, _, let underlying): underlying.isTransient
        default: false
        }
    }

    /// The extended SQLite result code, when SQLite reported the error.
    public var resultCode: Int32? {
        switch self {
        case .sqlite(let code, _, _): code
        case .migrationFailed(_, _, let underlying): underlying.resultCode
        default: nil
        }
    }

    public var description: String {
        switch self {
        case .cannotOpen(let path, let reason):
            "cannot open database \(path): \(reason)"
        case .missing(let path):
            "\(path) does not exist (it is created only when its member is added; was the member removed?)"
        case .outOfDescriptors(let path):
            "cannot open \(path) or its journal now: too many open files"
        case .notADatabase(let path):
            "\(path) is not an SQLite database (left unchanged)"
        case .newerSchema(let path, let found, let supported):
            "\(path) has schema version \(found) but this build of Dawn knows only up to \(supported); "
                + "it was written by a newer version — upgrade Dawn (the file was left unchanged)"
        case .notWritable(let path, let reason):
            "cannot write to \(path): \(reason)"
        case .notPrivate(let path, let mode, let reason):
            "\(path) can be read by group or others (mode \(StoreFiles.octal(mode))) and cannot be made private to its owner: "
                + "\(reason); chown it to the user running Dawn, or chmod go-rwx it"
        case .fileExists(let path):
            "\(path) already exists; refusing to overwrite it"
        case .migrationFailed(let path, let version, let underlying):
            "migration \(version) of \(path) failed and was rolled back: \(underlying)"
        case .writeInRead(let sql):
            "Database.read cannot run a statement that changes the database (use write): \(sql)"
        case .closed(let path):
            "\(path) has been closed"
        case .sqlite(let code, let message, let sql):
            "SQLite error \(code) (\(String(cString: sqlite3_errstr(code)))): \(message) — in: \(sql)"
        case .full(let path, let message, let sql):
            "the disk holding \(path) is full: \(message) — in: \(sql)"
        }
    }
}
