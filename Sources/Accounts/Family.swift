#if canImport(Glibc)
import Glibc
#endif
import Store
import Locks

/// The family's accounts and sign-in sessions, over `DATA/instance.sqlite`, plus the
/// lifecycle of each member's own `DATA/users/<id>.sqlite`.
///
/// Password hashes arrive already computed: hashing takes tens of milliseconds, so the
/// caller does it (with `PasswordHasher`) on the worker pool, and no method here holds
/// the database lock for that long.
///
/// Times are unix seconds from the injected clock `now`, so expiry is testable.
public final class Family: Sendable {
    /// A session unused for longer than this is over (30 days).
    public static let sessionIdleLimit: Int64 = 30 * 24 * 60 * 60
    /// `last_seen_at` moves at most this often per session (an hour), so ordinary
    /// requests only read the database.
    public static let lastSeenResolution: Int64 = 60 * 60
    /// Longer than any IANA time zone name ("America/Argentina/ComodRivadavia" is 32).
    public static let timeZoneMaximumLength = 64

    public static let wallClock: @Sendable () -> Int64 = { Int64(time(nil)) }

    public let data: DataDirectory
    /// The injected clock (also for `Family+Guardians.swift`).
    let now: @Sendable () -> Int64

    private let sessionCacheSeconds: Int64
    /// Members' API tokens: the active ones held in memory (`APITokens`).
    public let apiTokens: APITokens
    /// Members' calendar feed links: their hashes held in memory (`FeedTokens`).
    public let feedTokens: FeedTokens

    public init(data: DataDirectory, now: @escaping @Sendable () -> Int64 = Family.wallClock,
                sessionCacheSeconds: Int64 = Family.defaultSessionCacheSeconds) {
        self.sessionCacheSeconds = sessionCacheSeconds
        self.data = data
        apiTokens = APITokens(data: data)
        feedTokens = FeedTokens(data: data)
        self.now = now
        // libgcrypt reads /proc on its first call and aborts the process if it cannot
        // (out of descriptors, say): make that call now, at start-up, not in a request.
        _ = SHA256.hash([])
    }

    // MARK: - Members

    /// True until the first admin exists; `/setup` is open only then.
    public var needsSetup: Bool {
        get throws(AccountError) {
            try reading { try !Self.anyMemberExists($0) }
        }
    }

    /// Creates the first member, an admin. The "nobody yet" check runs in the same write
    /// transaction as the insert, so of two racing setups exactly one wins; the other
    /// gets `.setupAlreadyDone`.
    public func createFirstAdmin(
        username: Username, displayName: DisplayName, passwordHash: String, timeZone: String
    ) throws(AccountError) -> Member {
        try insertMember(
            username: username, displayName: displayName, passwordHash: passwordHash,
            isAdmin: true, isChild: false, timeZone: timeZone, onlyIfFirst: true)
    }

    /// Adds a member (checking who may do it is the caller's job). `.usernameTaken` when
    /// the name exists; `.childCannotBeAdmin` for a child admin.
    public func addMember(
        username: Username, displayName: DisplayName, passwordHash: String, isAdmin: Bool, timeZone: String,
        isChild: Bool = false
    ) throws(AccountError) -> Member {
        guard !(isChild && isAdmin) else { throw .childCannotBeAdmin }
        return try insertMember(
            username: username, displayName: displayName, passwordHash: passwordHash,
            isAdmin: isAdmin, isChild: isChild, timeZone: timeZone, onlyIfFirst: false)
    }

    /// Everyone, by username.
    public func members() throws(AccountError) -> [Member] {
        try reading { connection in
            try connection.query("SELECT \(Member.columns) FROM members ORDER BY username").map { Member(row: $0) }
        }
    }

    public func member(id: MemberID) throws(AccountError) -> Member? {
        try reading { connection in
            try connection.queryOne("SELECT \(Member.columns) FROM members WHERE id = ?", [.integer(id.rawValue)])
                .map { Member(row: $0) }
        }
    }

    public func member(username: Username) throws(AccountError) -> Member? {
        try reading { connection in
            try connection.queryOne("SELECT \(Member.columns) FROM members WHERE username = ?", [.text(username.value)])
                .map { Member(row: $0) }
        }
    }

    /// The member and stored hash for a sign-in form's username (normalised like
    /// `Username`), or nil when there is no such member. On nil, verify the password
    /// against `PasswordHasher.decoyHash` anyway, so the answer takes the same time.
    /// `deviceGeneration` is the generation a device cookie must carry to be trusted.
    public func credentials(username: String) throws(AccountError) -> (member: Member, passwordHash: String, deviceGeneration: Int64)? {
        guard let name = Username.normalized(username) else { return nil }
        return try reading { connection in
            try connection.queryOne(
                "SELECT \(Member.columns), members.password_hash, members.device_generation FROM members WHERE username = ?",
                [.text(name)]
            ).map { (Member(row: $0), $0.string(Member.columnCount), $0.int64(Member.columnCount + 1)) }
        }
    }

    /// Stores a new password hash and signs out every other session of the member: all of
    /// them, or all but `tokenHash` (the browser that made the change). Every browser's
    /// device cookie for the member stops being trusted (`KnownDevice`'s generation).
    public func setPasswordHash(_ hash: String, for id: MemberID, keepingSession tokenHash: [UInt8]?) throws(AccountError) {
        Self.checkIsHash(hash)
        try writing { connection in
            let changed = try connection.run(
                "UPDATE members SET password_hash = ? WHERE id = ?", [.text(hash), .integer(id.rawValue)])
            guard changed == 1 else { throw AccountError.memberNotFound }
            try Self.deleteSessions(of: id, except: tokenHash, in: connection)
            try Self.forgetDevices(of: id, in: connection)
        }
    }

    public func setDisplayName(_ name: DisplayName, for id: MemberID) throws(AccountError) {
        try updateMember(id, "UPDATE members SET display_name = ? WHERE id = ?", .text(name.value))
    }

    /// `timeZone` must be an IANA name the app has checked against tzdata; here it is only
    /// held to the shape of one (letters, digits, `_ + -`, `/` between parts, no dots).
    public func setTimeZone(_ timeZone: String, for id: MemberID) throws(AccountError) {
        guard Self.isPlausibleTimeZone(timeZone) else { throw .timeZoneInvalid }
        try updateMember(id, "UPDATE members SET time_zone = ? WHERE id = ?", .text(timeZone))
    }

    /// Removes a member: the row (and, by cascade, their sessions) and then their database
    /// files. `actor` must be an admin and someone else, so an admin always remains.
    public func removeMember(_ id: MemberID, by actor: MemberID) throws(AccountError) {
        guard id != actor else { throw .cannotRemoveYourself }
        try remove(id, requiringAdmin: actor)
    }

    /// Removes a member on the operator's word (`dawn user remove`), who has the data
    /// folder in hand anyway: no admin actor is needed, but the last admin stays.
    public func removeMemberAsOperator(_ id: MemberID) throws(AccountError) {
        try remove(id, requiringAdmin: nil)
    }

    private func remove(_ id: MemberID, requiringAdmin actor: MemberID?) throws(AccountError) {
        try writing { connection in
            if let actor {
                let actorIsAdmin = try connection.queryOne(
                    "SELECT is_admin FROM members WHERE id = ?", [.integer(actor.rawValue)])?.bool(0) ?? false
                guard actorIsAdmin else { throw AccountError.adminRequired }
            } else {
                let otherAdmins = try connection.queryOne(
                    "SELECT count(*) FROM members WHERE is_admin = 1 AND id != ?", [.integer(id.rawValue)])?.int(0) ?? 0
                let isAdmin = try connection.queryOne(
                    "SELECT is_admin FROM members WHERE id = ?", [.integer(id.rawValue)])?.bool(0) ?? false
                guard !isAdmin || otherAdmins > 0 else { throw AccountError.lastAdmin }
            }
            let deleted = try connection.run("DELETE FROM members WHERE id = ?", [.integer(id.rawValue)])
            guard deleted == 1 else { throw AccountError.memberNotFound }
        }
        // Their tokens and feed link went with the row (cascade): they stop working now.
        apiTokens.memberRemoved(id)
        feedTokens.memberRemoved(id)
        // The row is gone first, so no request can reach the files while they are deleted.
        // Ids are never reused, so files left by a failure here cannot reach a new member.
        do {
            try data.removeMember(id)
        } catch {
            throw AccountError(error)
        }
    }

    // MARK: - Device cookies

    /// The key that signs device cookies: read from `secrets`, or made (from the system
    /// CSPRNG) and stored on first use. Of two processes racing to make it, the first
    /// insert wins and both read that one.
    public func deviceKey() throws(AccountError) -> DeviceKey {
        let select = "SELECT value FROM secrets WHERE name = 'device_key'"
        if let row = try reading({ try $0.queryOne(select) }) { return try Self.deviceKey(row.blob(0)) }
        let stored = try writing { connection in
            try connection.run("INSERT OR IGNORE INTO secrets (name, value) VALUES ('device_key', ?)",
                               [.blob(DeviceKey.generate().bytes)])
            return try connection.queryOne(select)?.blob(0) ?? []
        }
        return try Self.deviceKey(stored)
    }

    private static func deviceKey(_ bytes: [UInt8]) throws(AccountError) -> DeviceKey {
        guard let key = DeviceKey(bytes: bytes) else {
            throw .storage("the device key in instance.sqlite is not \(DeviceKey.byteCount) bytes long")
        }
        return key
    }

    // MARK: - Sessions

    /// Signs `id` in: a new random token (for the cookie; only its SHA-256 is stored) and
    /// a fresh CSRF token.
    public func startSession(for id: MemberID) throws(AccountError) -> (token: String, session: Session) {
        let token = SessionToken.generate()
        let tokenHash = SessionToken.hash(token)
        let csrfToken = CSRFToken.generate()
        let time = now()
        let member = try writing { connection in
            guard let row = try connection.queryOne(
                "SELECT \(Member.columns) FROM members WHERE id = ?", [.integer(id.rawValue)])
            else { throw AccountError.memberNotFound }
            try connection.run(
                """
                INSERT INTO sessions (token_hash, member_id, csrf_token, created_at, last_seen_at)
                VALUES (?, ?, ?, ?, ?)
                """,
                [.blob(tokenHash), .integer(id.rawValue), .text(csrfToken), .integer(time), .integer(time)])
            return Member(row: row)
        }
        let session = Session(member: member, csrfToken: csrfToken, tokenHash: tokenHash, createdAt: time, lastSeenAt: time)
        return (token, session)
    }

    /// The live session for a cookie's token, or nil: for a malformed token (refused
    /// before any database access), an unknown one, or one idle longer than
    /// `sessionIdleLimit` (its row is deleted then). Refreshes `last_seen_at` when it is
    /// at least `lastSeenResolution` old, so most requests do not write.
    public func session(forToken token: String) throws(AccountError) -> Session? {
        let time = now()
        // Keyed by the cookie's token itself: a page view in the cache's seconds costs one
        // dictionary lookup, not a SHA-256. Only a token checked against the database is
        // ever a key, and the database keeps hashes alone.
        let (hit, generation) = recentSessions.withLock { ($0.sessions[token], $0.generation) }
        if let hit, time - hit.checkedAt < sessionCacheSeconds, time >= hit.checkedAt {
            return hit.session
        }
        guard SessionToken.isWellFormed(token) else { return nil }
        let tokenHash = SessionToken.hash(token)
        let found = try reading { connection in
            try connection.queryOne(
                """
                SELECT sessions.csrf_token, sessions.created_at, sessions.last_seen_at, \(Member.columns)
                FROM sessions JOIN members ON members.id = sessions.member_id
                WHERE sessions.token_hash = ?
                """,
                [.blob(tokenHash)])
        }
        guard let found else { return nil }
        var lastSeen = found.int64(2)
        if time - lastSeen > Self.sessionIdleLimit {
            try writing { connection in
                try connection.run(
                    "DELETE FROM sessions WHERE token_hash = ? AND last_seen_at < ?",
                    [.blob(tokenHash), .integer(time - Self.sessionIdleLimit)])
            }
            return nil
        }
        if time - lastSeen >= Self.lastSeenResolution {
            // Only bookkeeping for the idle limit: a page must not fail because it could
            // not be written (a full disk). The next request tries again.
            do {
                try writing { connection in
                    try connection.run(
                        "UPDATE sessions SET last_seen_at = ? WHERE token_hash = ?", [.integer(time), .blob(tokenHash)])
                }
                lastSeen = time
            } catch {}
        }
        let session = Session(
            member: Member(row: found, at: 3), csrfToken: found.string(0), tokenHash: tokenHash,
            createdAt: found.int64(1), lastSeenAt: lastSeen)
        recentSessions.withLock { cache in
            // A write since our read may have ended this session: then don't remember it.
            guard cache.generation == generation else { return }
            if cache.sessions.count >= Self.sessionCacheCapacity { cache.sessions.removeAll(keepingCapacity: true) }
            cache.sessions[token] = (session, time)
        }
        return session
    }

    /// Sessions checked in the last few seconds, so a page view costs no database read.
    /// Every change to members or sessions made here clears it; a change made by another
    /// process (`dawn user passwd`) takes effect within `sessionCacheSeconds` (0: no cache).
    public static let defaultSessionCacheSeconds: Int64 = 5
    static let sessionCacheCapacity = 10_000

    private struct RecentSessions {
        /// By the cookie's token (never stored anywhere else: the database has its hash).
        var sessions: [String: (session: Session, checkedAt: Int64)] = [:]
        /// Members read for an API token's requests (`recentMember`), by id.
        var members: [MemberID: (member: Member, checkedAt: Int64)] = [:]
        /// Bumped by every write, so a lookup that raced a write does not cache what it read.
        var generation: UInt64 = 0
    }

    private let recentSessions = Lock(RecentSessions())

    /// The member `id` as an API token's request needs them (name, time zone, child or not),
    /// believed as long as a checked cookie is (`DAWN_SESSION_CACHE`), so a script's requests
    /// cost no database read; every change to members made here applies at once. Nil when
    /// there is no such member.
    public func recentMember(_ id: MemberID) throws(AccountError) -> Member? {
        let time = now()
        let (hit, generation) = recentSessions.withLock { ($0.members[id], $0.generation) }
        if let hit, time - hit.checkedAt < sessionCacheSeconds, time >= hit.checkedAt { return hit.member }
        guard let member = try member(id: id) else { return nil }
        recentSessions.withLock { cache in
            guard cache.generation == generation else { return }
            if cache.members.count >= Self.sessionCacheCapacity { cache.members.removeAll(keepingCapacity: true) }
            cache.members[id] = (member, time)
        }
        return member
    }

    /// Signs one browser out. Unknown or malformed tokens are ignored.
    public func endSession(token: String) throws(AccountError) {
        guard SessionToken.isWellFormed(token) else { return }
        let tokenHash = SessionToken.hash(token)
        try writing { connection in
            try connection.run("DELETE FROM sessions WHERE token_hash = ?", [.blob(tokenHash)])
        }
    }

    /// Signs the member out everywhere, except the session `tokenHash` when given, and ends
    /// every browser's device trust for them.
    public func endAllSessions(for id: MemberID, except tokenHash: [UInt8]?) throws(AccountError) {
        try writing { connection in
            try Self.deleteSessions(of: id, except: tokenHash, in: connection)
            try Self.forgetDevices(of: id, in: connection)
        }
    }

    /// Deletes every session idle longer than `sessionIdleLimit`; returns how many.
    @discardableResult
    public func pruneExpiredSessions() throws(AccountError) -> Int {
        let cutoff = now() - Self.sessionIdleLimit
        return try writing { connection in
            try connection.run("DELETE FROM sessions WHERE last_seen_at < ?", [.integer(cutoff)])
        }
    }

    // MARK: - Helpers

    private func insertMember(
        username: Username, displayName: DisplayName, passwordHash: String,
        isAdmin: Bool, isChild: Bool, timeZone: String, onlyIfFirst: Bool
    ) throws(AccountError) -> Member {
        Self.checkIsHash(passwordHash)
        guard Self.isPlausibleTimeZone(timeZone) else { throw .timeZoneInvalid }
        let createdAt = now()
        // Set just before the member's file is created, so a failure after that point
        // (even halfway through creating it) removes what was made.
        var createdFiles: MemberID?
        do {
            // The file is created inside the transaction: if that fails, the row rolls back
            // with it, and no member ever exists without a database.
            return try data.instance.write { connection in
                if onlyIfFirst, try Self.anyMemberExists(connection) {
                    throw AccountError.setupAlreadyDone
                }
                do {
                    try connection.run(
                        """
                        INSERT INTO members (username, display_name, password_hash, is_admin, time_zone, created_at, is_child)
                        VALUES (?, ?, ?, ?, ?, ?, ?)
                        """,
                        [.text(username.value), .text(displayName.value), .text(passwordHash),
                         SQLValue(isAdmin), .text(timeZone), .integer(createdAt), SQLValue(isChild)])
                } catch let error as StoreError where error.isUniqueViolation {
                    throw AccountError.usernameTaken
                }
                let id = MemberID(connection.lastInsertRowID)
                // A file already there is someone's old data (e.g. instance.sqlite was
                // replaced but users/ kept): never hand it to a new member, never delete it.
                guard !data.memberDatabaseExists(id) else {
                    throw AccountError.storage(
                        "\(data.root)/users/\(id.rawValue).sqlite already exists but belongs to no member; move it away and try again")
                }
                createdFiles = id
                try data.createMember(id)
                return Member(
                    id: id, username: username.value, displayName: displayName.value,
                    isAdmin: isAdmin, timeZone: timeZone, createdAt: createdAt, isChild: isChild)
            }
        } catch {
            if let id = createdFiles {
                try? data.removeMember(id)
            }
            throw AccountError(error)
        }
    }

    private func updateMember(_ id: MemberID, _ sql: String, _ value: SQLValue) throws(AccountError) {
        try writing { connection in
            guard try connection.run(sql, [value, .integer(id.rawValue)]) == 1 else {
                throw AccountError.memberNotFound
            }
        }
    }

    private func reading<T>(_ body: (Connection) throws -> T) throws(AccountError) -> T {
        try data.readingAccounts(body)
    }

    @discardableResult
    private func writing<T>(_ body: (Connection) throws -> T) throws(AccountError) -> T {
        defer {
            recentSessions.withLock {
                $0.generation &+= 1
                $0.sessions.removeAll(keepingCapacity: true)
                $0.members.removeAll(keepingCapacity: true)
            }
        }
        return try data.writingAccounts(body)
    }

    private static func anyMemberExists(_ connection: Connection) throws -> Bool {
        try connection.queryOne("SELECT EXISTS (SELECT 1 FROM members)")?.bool(0) ?? false
    }

    /// Moves the member's device generation on: every device cookie made before stops
    /// letting its browser past a throttled username.
    private static func forgetDevices(of id: MemberID, in connection: Connection) throws {
        try connection.run("UPDATE members SET device_generation = device_generation + 1 WHERE id = ?", [.integer(id.rawValue)])
    }

    private static func deleteSessions(of id: MemberID, except tokenHash: [UInt8]?, in connection: Connection) throws {
        if let tokenHash {
            try connection.run(
                "DELETE FROM sessions WHERE member_id = ? AND token_hash <> ?", [.integer(id.rawValue), .blob(tokenHash)])
        } else {
            try connection.run("DELETE FROM sessions WHERE member_id = ?", [.integer(id.rawValue)])
        }
    }

    /// A password (rather than its hash) reaching the database would be a disaster worth
    /// stopping for; only a programming error can cause it.
    private static func checkIsHash(_ hash: String) {
        precondition(
            hash.hasPrefix(PasswordHasher.yescryptPrefix) && hash.utf8.count < 256,
            "pass PasswordHasher.hash(_:)'s result, never a password")
    }

    static func isPlausibleTimeZone(_ name: String) -> Bool {
        let bytes = name.utf8
        guard (1...timeZoneMaximumLength).contains(bytes.count) else { return false }
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        return parts.allSatisfy { part in
            !part.isEmpty && part.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "+"), UInt8(ascii: "-"):
                    true
                default:
                    false
                }
            }
        }
    }
}
