import Files
import Locks

/// The DATA folder: `instance.sqlite` (accounts, sessions) and `users/<id>.sqlite`, one
/// private database per family member.
///
/// `member(_:)` is the only way to reach a member's database, and its file name comes
/// from the integer id alone, so no request text can ever name a file.
public final class DataDirectory: Sendable {
    public let root: String
    public let instance: Database

    /// What start-up changed to make the folder private (one line per folder or file,
    /// "tightened …: was 0644, now 0600"), for the caller to report; usually empty.
    public let tightened: [String]

    private let memberMigrations: [Migration]
    private let memberWritten: @Sendable (MemberID) -> Void
    private let members = Lock(OpenMembers())

    private struct OpenMembers {
        var databases: [MemberID: Database] = [:]
        /// Members removed while this process ran: never opened again (ids are not reused).
        var removed: Set<MemberID> = []
        var isClosed = false
    }

    /// Makes `root`, `root/users` and the databases in them private to their owner when
    /// group or others could read them (reported in `tightened`; `.notPrivate` when that
    /// is not possible), creates both folders (0700) when missing, checks both are
    /// writable, and opens and migrates `instance.sqlite` now, so a broken or newer
    /// instance database stops the server at start rather than on the first request.
    ///
    /// `memberWritten` is called after every committed write to a member's database, and
    /// `instanceWritten` after every committed write to `instance.sqlite` (see
    /// `Database.open`'s `afterWrite`): caches of their data are kept right there.
    public init(root: String, instanceMigrations: [Migration], memberMigrations: [Migration],
                memberWritten: @escaping @Sendable (MemberID) -> Void = { _ in },
                instanceWritten: @escaping @Sendable () -> Void = {}) throws {
        Migration.validate(memberMigrations)
        self.memberWritten = memberWritten
        let users = root + "/users"
        tightened = try StoreFiles.makeDataFolderPrivate(root)
        try StoreFiles.makeDirectories(root, mode: 0o700)
        try StoreFiles.makeDirectories(users, mode: 0o700)
        try StoreFiles.probeWritable(root)
        try StoreFiles.probeWritable(users)
        self.root = root
        self.memberMigrations = memberMigrations
        instance = try Database.open(path: root + "/instance.sqlite", migrations: instanceMigrations,
                                     afterWrite: instanceWritten)
    }

    /// Sets the process's umask to 077, so every file and folder it creates is private to
    /// its owner. Call once at start-up, before any thread or file is made.
    public static func restrictNewFilesToOwner() {
        StoreFiles.restrictNewFilesToOwner()
    }

    /// The member's database, opened (and migrated) on first use and cached afterwards.
    /// It is never created here: a missing file is `StoreError.missing`, so a request in
    /// flight while its member is removed cannot bring the file back (`createMember`
    /// makes it). Opening holds the directory's lock, so two threads never open the same
    /// file twice; other members wait only for that first open.
    public func member(_ id: MemberID) throws -> Database {
        try members.withLock { members in
            guard !members.isClosed else { throw StoreError.closed(path: root) }
            if let database = members.databases[id] { return database }
            guard !members.removed.contains(id) else { throw StoreError.missing(path: memberPath(id)) }
            let database = try Database.open(path: memberPath(id), migrations: memberMigrations, create: false,
                                             afterWrite: writeObserver(id))
            members.databases[id] = database
            return database
        }
    }

    /// Creates (or opens, if it is there) and migrates a new member's database: the only
    /// place a member's file is made.
    @discardableResult
    public func createMember(_ id: MemberID) throws -> Database {
        try members.withLock { members in
            guard !members.isClosed else { throw StoreError.closed(path: root) }
            // An id whose creation failed and was rolled back may be handed out again.
            members.removed.remove(id)
            if let database = members.databases[id] { return database }
            let database = try Database.open(path: memberPath(id), migrations: memberMigrations, create: true,
                                             afterWrite: writeObserver(id))
            members.databases[id] = database
            return database
        }
    }

    /// Whether the member's database is open here (kept for the pages since first asked for).
    public func isOpen(_ id: MemberID) -> Bool {
        members.withLock { $0.databases[id] != nil }
    }

    /// Reads the member's file through a read-only connection of its own, closed again
    /// before returning, so the file is not kept open: for a look that usually finds
    /// nothing (the reminder scheduler's, at a member without reminders). A missing file
    /// is `StoreError.missing`; the file is never migrated here.
    public func glance<T>(_ id: MemberID, _ body: (Connection) throws -> T) throws -> T {
        let connection = try Connection.open(path: memberPath(id), mode: .readOnly)
        defer { connection.close() }
        return try body(connection)
    }

    public func memberDatabaseExists(_ id: MemberID) -> Bool {
        StoreFiles.exists(memberPath(id))
    }

    /// Closes the member's database and deletes its files (WAL and shared memory first,
    /// so no stale log outlives the database it belongs to). From now on `member(id)`
    /// throws `.missing`. Closing waits for a write in progress (an import) to end, but
    /// outside the directory's lock, so other members' requests do not wait with it.
    public func removeMember(_ id: MemberID) throws {
        let database = members.withLock { members in
            members.removed.insert(id)
            return members.databases.removeValue(forKey: id)
        }
        database?.close()
        let path = memberPath(id)
        for file in [path + "-wal", path + "-shm", path + "-journal", path] {
            try StoreFiles.removeIfPresent(file)
        }
        // The member's photos go with them (`users/<id>/`, of which `photos/` is all so far).
        FileSystem.removeTree(memberFolder(id))
    }

    /// The member's own folder beside their database, `users/<id>/`: not made until needed.
    public func memberFolder(_ id: MemberID) -> String {
        root + "/users/\(id.rawValue)"
    }

    /// Where the member's photos are, `users/<id>/photos/`, named by their SHA-256.
    public func photosFolder(_ id: MemberID) -> String {
        memberFolder(id) + "/photos"
    }

    /// Gives back the memory of every open database's connections unused for `idle`
    /// (`Database.releaseIdleMemory`): a family's server is idle most of the day, and a
    /// member's parsed schema, statements and cached pages need not stay resident meanwhile.
    /// Returns how many connections gave something back.
    @discardableResult
    public func releaseIdleMemory(unusedFor idle: Duration) -> Int {
        let cutoff = MonotonicClock.now - idle
        let open = members.withLock { Array($0.databases.values) }
        return open.reduce(instance.releaseIdleMemory(unusedSince: cutoff)) {
            $0 + $1.releaseIdleMemory(unusedSince: cutoff)
        }
    }

    /// Closes every database, for a graceful shutdown; `member(_:)` then throws `.closed`.
    public func closeAll() {
        members.withLock { members in
            for database in members.databases.values {
                database.close()
            }
            members.databases.removeAll()
            members.isClosed = true
        }
        instance.close()
    }

    /// Bytes on disk of the instance database (with its write-ahead log), for `/metrics`.
    public var instanceBytes: Int { StoreFiles.databaseBytes(root + "/instance.sqlite") }

    /// Bytes on disk of a member's database (with its write-ahead log); 0 before its first use.
    public func memberBytes(_ id: MemberID) -> Int {
        StoreFiles.databaseBytes(memberPath(id))
    }

    private func writeObserver(_ id: MemberID) -> @Sendable () -> Void {
        let memberWritten = self.memberWritten
        return { memberWritten(id) }
    }

    private func memberPath(_ id: MemberID) -> String {
        "\(root)/users/\(id.rawValue).sqlite"
    }
}
