import CSQLite

#if canImport(Glibc)
import Glibc
#endif

/// One open sqlite3 handle with its prepared-statement cache.
///
/// Not Sendable and never handed out directly: code reaches it only inside
/// `Database.read` / `Database.write`, which hold the database's lock, so a Connection
/// is used by one thread at a time. Do not keep it past the closure.
///
/// Values are always bound (`?` parameters), never spliced into SQL. BEGIN, COMMIT,
/// ROLLBACK and SAVEPOINT are refused in caller SQL (through an SQLite authorizer),
/// because the Database owns the transaction and an early COMMIT would break a write's
/// all-or-nothing promise.
public final class Connection {
    enum Access {
        case readWrite
        /// Inside `Database.read`: statements that would change the database are refused.
        case readOnly
    }

    enum TransactionKind: String {
        case deferred = "BEGIN DEFERRED"
        case immediate = "BEGIN IMMEDIATE"
    }

    /// The database file, as opened: names whose data a connection reads (each member
    /// has a file of their own), for caches kept across connections.
    package let path: String
    private var handle: OpaquePointer?
    private var statements: [String: OpaquePointer] = [:]
    private var access = Access.readWrite
    /// Read by the authorizer callback; true only while this class runs its own
    /// transaction statements.
    private let transactionControlAllowed: UnsafeMutablePointer<Bool>

    /// SQLite copies text and blob arguments before the bind call returns.
    private static var transient: sqlite3_destructor_type {
        unsafeBitCast(-1, to: sqlite3_destructor_type.self)
    }

    private init(path: String, handle: OpaquePointer) {
        self.path = path
        self.handle = handle
        transactionControlAllowed = .allocate(capacity: 1)
        transactionControlAllowed.initialize(to: false)
        Self.setUp(handle, transactionControlAllowed: transactionControlAllowed)
    }

    /// What every handle of ours gets: extended result codes, the busy timeout, and the
    /// authorizer that refuses transaction control to caller SQL.
    private static func setUp(_ handle: OpaquePointer, transactionControlAllowed: UnsafeMutablePointer<Bool>) {
        sqlite3_extended_result_codes(handle, 1)
        sqlite3_busy_timeout(handle, StoreLimits.busyTimeoutMilliseconds)
        sqlite3_set_authorizer(handle, { context, action, _, _, _, _ in
            guard action == SQLITE_TRANSACTION || action == SQLITE_SAVEPOINT else { return SQLITE_OK }
            let allowed = context?.assumingMemoryBound(to: Bool.self).pointee ?? false
            return allowed ? SQLITE_OK : SQLITE_DENY
        }, transactionControlAllowed)
    }

    deinit {
        close()
        transactionControlAllowed.deallocate()
    }

    enum OpenMode {
        /// Read and write, creating the file when it is missing.
        case create
        /// Read and write an existing file; a missing one is `StoreError.missing`, never created.
        case existing
        /// Read only (`Database.read`'s connections): SQLite refuses every write.
        case readOnly

        var flags: Int32 {
            let common = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
            switch self {
            case .create: return SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | common
            case .existing: return SQLITE_OPEN_READWRITE | common
            case .readOnly: return SQLITE_OPEN_READONLY | common
            }
        }
    }

    /// Opens the file at `path` as `mode` says. Only opens the handle; checking the
    /// file and configuring it is `Database.open`'s job.
    static func open(path: String, mode: OpenMode = .create) throws -> Connection {
        Connection(path: path, handle: try openHandle(path: path, mode: mode))
    }

    /// Opens the file again after `close`, as `mode` says (the writer of an idle database
    /// closed to give its memory back: `Database.releaseIdleMemory`). Statements are
    /// prepared afresh as they are used.
    func reopen(mode: OpenMode) throws {
        guard handle == nil else { return }
        let fresh = try Self.openHandle(path: path, mode: mode)
        Self.setUp(fresh, transactionControlAllowed: transactionControlAllowed)
        handle = fresh
    }

    private static func openHandle(path: String, mode: OpenMode) throws -> OpaquePointer {
        var handle: OpaquePointer?
        let rc = sqlite3_open_v2(path, &handle, mode.flags, nil)
        guard rc == SQLITE_OK, let handle else {
            let reason = handle.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(rc))
            let outOfDescriptors = handle.map(isOutOfDescriptors) ?? false
            sqlite3_close_v2(handle)
            if outOfDescriptors { throw StoreError.outOfDescriptors(path: path) }
            if mode != .create, rc & 0xFF == SQLITE_CANTOPEN, !StoreFiles.exists(path) { throw StoreError.missing(path: path) }
            throw StoreError.cannotOpen(path: path, reason: reason)
        }
        // A negative size is in KiB. Only a number of ours is spliced in (PRAGMA binds nothing).
        sqlite3_exec(handle, "PRAGMA cache_size = -\(StoreLimits.pageCacheKiB)", nil, nil, nil)
        _ = dawn_sqlite3_set_lookaside(handle, StoreLimits.lookasideSlotBytes, StoreLimits.lookasideSlots)
        return handle
    }

    /// A database someone else made (an import's file), opened from a copy of its bytes in
    /// memory, read only: it never touches the disk and is never attached to a member's
    /// database. SQLite is told to distrust it (defensive mode, no functions from its schema's
    /// views or triggers, `query_only`), and it is refused unless `quick_check` finds it
    /// sound. A file in WAL mode is read as the rollback-journal file it then is (its header's
    /// two version bytes changed in the copy): the copy has no `-wal` beside it.
    public static func openImported(_ bytes: [UInt8]) throws -> Connection {
        let name = "imported database"
        guard bytes.count >= 512, bytes.starts(with: Array("SQLite format 3\u{0}".utf8)) else {
            throw StoreError.notADatabase(path: name)
        }
        var handle: OpaquePointer?
        let rc = sqlite3_open_v2(":memory:", &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE, nil)
        guard rc == SQLITE_OK, let handle else {
            sqlite3_close_v2(handle)
            throw StoreError.cannotOpen(path: name, reason: String(cString: sqlite3_errstr(rc)))
        }
        let connection = Connection(path: name, handle: handle)
        guard let buffer = sqlite3_malloc64(sqlite3_uint64(bytes.count)) else {
            throw StoreError.cannotOpen(path: name, reason: "out of memory")
        }
        let copy = buffer.bindMemory(to: UInt8.self, capacity: bytes.count)
        bytes.withUnsafeBufferPointer { copy.update(from: $0.baseAddress!, count: bytes.count) }
        if copy[18] == 2 || copy[19] == 2 { copy[18] = 1; copy[19] = 1 }
        // SQLite frees the copy when the connection closes, or at once when this fails.
        let flags = UInt32(SQLITE_DESERIALIZE_FREEONCLOSE | SQLITE_DESERIALIZE_READONLY)
        guard sqlite3_deserialize(handle, "main", copy, sqlite3_int64(bytes.count), sqlite3_int64(bytes.count), flags) == SQLITE_OK,
              dawn_sqlite3_distrust(handle) == SQLITE_OK else {
            throw StoreError.notADatabase(path: name)
        }
        try connection.execute("PRAGMA query_only = 1")
        let verdict: String
        do {
            verdict = try connection.queryOne("PRAGMA quick_check")?.string(0) ?? ""
        } catch {
            throw StoreError.notADatabase(path: name)
        }
        guard verdict == "ok" else { throw StoreError.notADatabase(path: name) }
        return connection
    }

    // MARK: - Public API

    /// Runs one or more statements without bindings (DDL, scripts). Not cached.
    public func execute(_ sql: String) throws {
        let handle = try openHandle()
        try sql.withCString { start in
            var next: UnsafePointer<CChar>? = start
            while let current = next, current.pointee != 0 {
                var statement: OpaquePointer?
                let rc = sqlite3_prepare_v2(handle, current, -1, &statement, &next)
                guard rc == SQLITE_OK else {
                    // Report the script from the failing statement on, not what already ran.
                    let rest = String(cString: current).drop { $0.isWhitespace }
                    throw failure(rc, sql: String(rest))
                }
                guard let statement else { continue }  // only whitespace or a comment was left
                StatementCounter.add()
                defer { sqlite3_finalize(statement) }
                let text = String(cString: sqlite3_sql(statement))
                try checkAccess(statement, sql: text)
                var step = sqlite3_step(statement)
                while step == SQLITE_ROW { step = sqlite3_step(statement) }
                guard step == SQLITE_DONE else { throw failure(step, sql: text) }
            }
        }
    }

    /// Runs one statement and returns all its rows.
    public func query(_ sql: String, _ bindings: [SQLValue] = []) throws -> [Row] {
        let statement = try prepared(sql, bindings)
        defer { release(statement) }
        let columns = sqlite3_column_count(statement)
        var rows: [Row] = []
        while true {
            switch sqlite3_step(statement) {
            case SQLITE_ROW: rows.append(row(of: statement, columns: columns))
            case SQLITE_DONE: return rows
            case let rc: throw failure(rc, sql: sql)
            }
        }
    }

    /// Runs one statement and returns its first row, if any.
    public func queryOne(_ sql: String, _ bindings: [SQLValue] = []) throws -> Row? {
        let statement = try prepared(sql, bindings)
        defer { release(statement) }
        switch sqlite3_step(statement) {
        case SQLITE_ROW: return row(of: statement, columns: sqlite3_column_count(statement))
        case SQLITE_DONE: return nil
        case let rc: throw failure(rc, sql: sql)
        }
    }

    /// Runs one statement to completion and returns how many rows it changed.
    @discardableResult
    public func run(_ sql: String, _ bindings: [SQLValue] = []) throws -> Int {
        let statement = try prepared(sql, bindings)
        defer { release(statement) }
        var rc = sqlite3_step(statement)
        while rc == SQLITE_ROW { rc = sqlite3_step(statement) }
        guard rc == SQLITE_DONE else { throw failure(rc, sql: sql) }
        return Int(sqlite3_changes64(handle))
    }

    /// The rowid of the last successful INSERT on this connection (0 if none).
    public var lastInsertRowID: Int64 {
        handle.map { sqlite3_last_insert_rowid($0) } ?? 0
    }

    // MARK: - Used by Database

    /// Starts a transaction; `access` holds until `commit` or `rollback`.
    /// (Database calls `body` itself between these: passing the caller's closure through
    /// here would tie its result to the closure and stop it crossing the lock.)
    func begin(_ kind: TransactionKind, access: Access) throws {
        try runTransactionControl(kind.rawValue)
        self.access = access
    }

    func commit() throws {
        do {
            try runTransactionControl("COMMIT")
            access = .readWrite
        } catch {
            rollback()
            throw error
        }
    }

    /// Ends the transaction if one is still open (SQLite rolls back by itself after some errors).
    func rollback() {
        access = .readWrite
        if let handle, sqlite3_get_autocommit(handle) == 0 {
            try? runTransactionControl("ROLLBACK")
        }
    }

    /// `VACUUM INTO target`: SQLite runs its own transaction inside, so the authorizer lets it.
    func vacuum(into target: String) throws {
        transactionControlAllowed.pointee = true
        defer { transactionControlAllowed.pointee = false }
        try run("VACUUM INTO ?", [.text(target)])
    }

    /// `PRAGMA user_version`: the last migration applied.
    func userVersion() throws -> Int {
        try queryOne("PRAGMA user_version")?.int(0) ?? 0
    }

    /// Finalizes every statement and closes the handle. Idempotent; afterwards every
    /// call throws `StoreError.closed`.
    func close() {
        guard let handle else { return }
        for statement in statements.values {
            sqlite3_finalize(statement)
        }
        statements.removeAll()
        sqlite3_close_v2(handle)
        self.handle = nil
    }

    /// Whether the last system call SQLite saw fail on `handle` ran out of descriptors.
    private static func isOutOfDescriptors(_ handle: OpaquePointer) -> Bool {
        let errno = sqlite3_system_errno(handle)
        return errno == EMFILE || errno == ENFILE
    }

    // MARK: - Statements

    private func openHandle() throws -> OpaquePointer {
        guard let handle else { throw StoreError.closed(path: path) }
        return handle
    }

    /// The cached statement for `sql` with `bindings` bound, ready to step.
    private func prepared(_ sql: String, _ bindings: [SQLValue]) throws -> OpaquePointer {
        StatementCounter.add()
        let statement = try cachedStatement(sql)
        try checkAccess(statement, sql: sql)
        do {
            try bind(bindings, to: statement, sql: sql)
        } catch {
            release(statement)
            throw error
        }
        return statement
    }

    private func cachedStatement(_ sql: String) throws -> OpaquePointer {
        let handle = try openHandle()
        if let statement = statements[sql] { return statement }
        if statements.count >= StoreLimits.statementCacheCapacity {
            for statement in statements.values {
                sqlite3_finalize(statement)
            }
            statements.removeAll()
        }
        let statement: OpaquePointer = try sql.withCString { start in
            var statement: OpaquePointer?
            var tail: UnsafePointer<CChar>?
            let flags = UInt32(SQLITE_PREPARE_PERSISTENT)
            let rc = sqlite3_prepare_v3(handle, start, -1, flags, &statement, &tail)
            guard rc == SQLITE_OK else { throw failure(rc, sql: sql) }
            guard let statement else {
                throw StoreError.sqlite(code: SQLITE_MISUSE, message: "no SQL statement given", sql: sql)
            }
            if let tail, tail.pointee != 0 {
                // Something follows the first statement: refuse it unless it is only comments.
                var extra: OpaquePointer?
                sqlite3_prepare_v2(handle, tail, -1, &extra, nil)
                if extra != nil {
                    sqlite3_finalize(extra)
                    sqlite3_finalize(statement)
                    throw StoreError.sqlite(
                        code: SQLITE_MISUSE,
                        message: "query and run take one statement; use execute for several",
                        sql: sql
                    )
                }
            }
            return statement
        }
        statements[sql] = statement
        return statement
    }

    private func checkAccess(_ statement: OpaquePointer, sql: String) throws {
        if access == .readOnly && sqlite3_stmt_readonly(statement) == 0 {
            throw StoreError.writeInRead(sql: sql)
        }
    }

    private func bind(_ values: [SQLValue], to statement: OpaquePointer, sql: String) throws {
        let expected = Int(sqlite3_bind_parameter_count(statement))
        guard expected == values.count else {
            throw StoreError.sqlite(
                code: SQLITE_RANGE,
                message: "the statement has \(expected) parameters but \(values.count) values were given",
                sql: sql
            )
        }
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let rc: Int32
            switch value {
            case .null:
                rc = sqlite3_bind_null(statement, index)
            case .integer(let integer):
                rc = sqlite3_bind_int64(statement, index, integer)
            case .real(let real):
                rc = sqlite3_bind_double(statement, index, real)
            case .text(var text):
                rc = text.withUTF8 { bytes in
                    guard let base = bytes.baseAddress, !bytes.isEmpty else {
                        return sqlite3_bind_text64(statement, index, "", 0, Self.transient, UInt8(SQLITE_UTF8))
                    }
                    let characters = UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self)
                    return sqlite3_bind_text64(
                        statement, index, characters, UInt64(bytes.count), Self.transient, UInt8(SQLITE_UTF8))
                }
            case .blob(let blob):
                rc = blob.withUnsafeBytes { bytes in
                    // A NULL pointer would bind SQL NULL; an empty blob must stay a blob.
                    guard let base = bytes.baseAddress, !bytes.isEmpty else {
                        return sqlite3_bind_zeroblob(statement, index, 0)
                    }
                    return sqlite3_bind_blob64(statement, index, base, UInt64(bytes.count), Self.transient)
                }
            }
            guard rc == SQLITE_OK else { throw failure(rc, sql: sql) }
        }
    }

    /// Makes a cached statement ready for its next use (and drops the bound values).
    private func release(_ statement: OpaquePointer) {
        sqlite3_reset(statement)
        sqlite3_clear_bindings(statement)
    }

    private func row(of statement: OpaquePointer, columns: Int32) -> Row {
        var values: [SQLValue] = []
        values.reserveCapacity(Int(columns))
        for column in 0..<columns {
            switch sqlite3_column_type(statement, column) {
            case SQLITE_INTEGER:
                values.append(.integer(sqlite3_column_int64(statement, column)))
            case SQLITE_FLOAT:
                values.append(.real(sqlite3_column_double(statement, column)))
            case SQLITE_TEXT:
                // Text first, then its byte count, as SQLite documents.
                let text = sqlite3_column_text(statement, column)
                let count = Int(sqlite3_column_bytes(statement, column))
                values.append(.text(text.map { String(decoding: UnsafeBufferPointer(start: $0, count: count), as: UTF8.self) } ?? ""))
            case SQLITE_BLOB:
                let bytes = sqlite3_column_blob(statement, column)
                let count = Int(sqlite3_column_bytes(statement, column))
                values.append(.blob(bytes.map { Array(UnsafeRawBufferPointer(start: $0, count: count)) } ?? []))
            default:
                values.append(.null)
            }
        }
        return Row(values)
    }

    private func runTransactionControl(_ sql: String) throws {
        transactionControlAllowed.pointee = true
        defer { transactionControlAllowed.pointee = false }
        let outer = access
        access = .readWrite
        defer { access = outer }
        try run(sql)
    }

    private func failure(_ rc: Int32, sql: String) -> StoreError {
        guard let handle else { return .closed(path: path) }
        let extended = sqlite3_extended_errcode(handle)
        let code = extended & 0xFF == rc & 0xFF ? extended : rc
        if code & 0xFF == SQLITE_CANTOPEN || code & 0xFF == SQLITE_IOERR, Self.isOutOfDescriptors(handle) {
            // The WAL, its shared memory or a temporary file could not be opened just now.
            return .outOfDescriptors(path: path)
        }
        if code & 0xFF == SQLITE_AUTH {
            return .sqlite(
                code: code,
                message: "BEGIN, COMMIT, ROLLBACK and SAVEPOINT are not allowed here: Database.read/write and migrations own the transaction",
                sql: sql
            )
        }
        let message = String(cString: sqlite3_errmsg(handle))
        if StoreError.meansStorageFull(resultCode: code, systemErrno: sqlite3_system_errno(handle)) {
            return .full(path: path, message: message, sql: sql)
        }
        return .sqlite(code: code, message: message, sql: sql)
    }
}
