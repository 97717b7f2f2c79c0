import Locks

/// The DATA folder: `instance.sqlite` (accounts, sessions) and `users/<id>.sqlite`, one
/// private database per family member.
///
/// `member(_:)` is the only way to reach a member's database, and its file name comes
/// from the integer id alone, so no request text can ever name a file.
public final class DataDirectory: Sendable {
    public let root: String
    public let instance: Database

    private let memberMigrations: [Migration]
    private let members = Lock(OpenMembers())

    private struct OpenMembers {
        var databases: [MemberID: Database] = [:]
        var isClosed = false
    }

    /// Creates `root` and `root/users` (0700) when missing, checks both are writable, and
    /// opens and migrates `instance.sqlite` now, so a broken or newer instance database
    /// stops the server at start rather than on the first request.
    public init(root: String, instanceMigrations: [Migration], memberMigrations: [Migration]) throws {
        Migration.validate(memberMigrations)
        let users = root + "/users"
        try FileSystem.makeDirectories(root, mode: 0o700)
        try FileSystem.makeDirectories(users, mode: 0o700)
        try FileSystem.probeWritable(root)
        try FileSystem.probeWritable(users)
        self.root = root
        self.memberMigrations = memberMigrations
        instance = try Database.open(path: root + "/instance.sqlite", migrations: instanceMigrations)
    }

    /// The member's database, opened (created and migrated if new) on first use and
    /// cached afterwards. Opening holds the directory's lock, so two threads never open
    /// the same file twice; other members wait only for that first open.
    public func member(_ id: MemberID) throws -> Database {
        try members.withLock { members in
            guard !members.isClosed else { throw StoreError.closed(path: root) }
            if let database = members.databases[id] { return database }
            let database = try Database.open(path: memberPath(id), migrations: memberMigrations)
            members.databases[id] = database
            return database
        }
    }

    public func memberDatabaseExists(_ id: MemberID) -> Bool {
        FileSystem.exists(memberPath(id))
    }

    /// Closes the member's database and deletes its files (WAL and shared memory first,
    /// so no stale log outlives the database it belongs to).
    public func removeMember(_ id: MemberID) throws {
        try members.withLock { members in
            members.databases.removeValue(forKey: id)?.close()
            let path = memberPath(id)
            for file in [path + "-wal", path + "-shm", path + "-journal", path] {
                try FileSystem.removeIfPresent(file)
            }
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
    public var instanceBytes: Int { FileSystem.databaseBytes(root + "/instance.sqlite") }

    /// Bytes on disk of a member's database (with its write-ahead log); 0 before its first use.
    public func memberBytes(_ id: MemberID) -> Int {
        FileSystem.databaseBytes(memberPath(id))
    }

    private func memberPath(_ id: MemberID) -> String {
        "\(root)/users/\(id.rawValue).sqlite"
    }
}
