import Locks
import Store

/// Members' calendar feed links (`feed_tokens` in `instance.sqlite`, migration 14): the
/// secret in `/ical/{token}.ics`, which a calendar app fetches without signing in. A link is
/// not an API token: it sits in a URL, so in calendar apps, proxies and logs, and it only
/// ever reads a member's habits (never their journal).
///
/// At most one link a member. Only its SHA-256 is stored; the link itself is shown once, on
/// the page that made it. Making a new one replaces the row, so the old address answers 404
/// at once. A check is one SHA-256 and one dictionary lookup (`member(forToken:)`): the
/// hashes are read once and changed only by this type's own writes (`replace`, `remove`)
/// and `memberRemoved` after `Family` removes a member (whose row goes by cascade).
public final class FeedTokens: Sendable {
    /// How many feed requests one link may make a minute (a calendar app asks every few
    /// minutes to every few hours; each answer is computed on the worker pool).
    public static let requestsPerMinute = 30

    /// What a member's card shows of their link: when it was made, never the secret.
    public struct Link: Sendable, Equatable {
        public let createdAt: Int64
    }

    private let data: DataDirectory
    /// By token hash; nil until first read.
    private let active = Lock<[[UInt8]: MemberID]?>(nil)

    init(data: DataDirectory) {
        self.data = data
    }

    /// A new secret: 256 random bits as 43 base64url characters (`RandomToken`), safe in a URL path.
    static func generate() -> String {
        RandomToken.generate()
    }

    /// SHA-256 of the token's UTF-8 bytes, as `feed_tokens.token_hash` keeps it.
    static func hash(_ token: String) -> [UInt8] {
        SHA256.hash(Array(token.utf8))
    }

    // MARK: The request path

    /// The member whose feed `token` opens, or nil for a malformed, unknown or replaced one:
    /// one SHA-256 and one lookup, no database (after the first call).
    public func member(forToken token: String) throws(AccountError) -> MemberID? {
        guard RandomToken.isWellFormed(token) else { return nil }
        let hash = Self.hash(token)
        return try withActive { $0[hash] }
    }

    // MARK: The member's card, and the one write path

    /// The member's link as their card shows it, or nil when they have none.
    public func link(of member: MemberID) throws(AccountError) -> Link? {
        try data.readingAccounts { connection in
            try connection.queryOne("SELECT created_at FROM feed_tokens WHERE member_id = ?", [.integer(member.rawValue)])
                .map { Link(createdAt: $0.int64(0)) }
        }
    }

    /// Makes the member a new link, returned once; any link they had stops working at once.
    /// The write happens under the lock that guards the hashes in memory, so two racing
    /// forms leave memory and the database naming the same link.
    public func replace(for member: MemberID, now: Int64) throws(AccountError) -> String {
        let token = Self.generate()
        let hash = Self.hash(token)
        try change { (active: inout [[UInt8]: MemberID]) throws(AccountError) in
            try data.writingAccounts { connection in
                try connection.run("""
                    INSERT INTO feed_tokens (member_id, token_hash, created_at) VALUES (?, ?, ?)
                    ON CONFLICT (member_id) DO UPDATE SET token_hash = excluded.token_hash, created_at = excluded.created_at
                    """, [.integer(member.rawValue), .blob(hash), .integer(now)])
            }
            active = active.filter { $0.value != member }
            active[hash] = member
        }
        return token
    }

    /// Turns the member's feed off: their link stops working at once. False when they had none.
    public func remove(for member: MemberID) throws(AccountError) -> Bool {
        var removed = false
        try change { (active: inout [[UInt8]: MemberID]) throws(AccountError) in
            removed = try data.writingAccounts { connection in
                try connection.run("DELETE FROM feed_tokens WHERE member_id = ?", [.integer(member.rawValue)]) == 1
            }
            active = active.filter { $0.value != member }
        }
        return removed
    }

    /// After the member's row was deleted (their link with it, by cascade): forgets theirs.
    func memberRemoved(_ member: MemberID) {
        active.withLock { active in
            active = active?.filter { $0.value != member }
        }
    }

    // MARK: Loading

    /// Reads the links when they have not been yet (once, normally at start-up).
    public func ensureLoaded() throws(AccountError) {
        _ = try withActive { _ in () }
    }

    private func withActive<T>(_ body: ([[UInt8]: MemberID]) -> T) throws(AccountError) -> T {
        try active.withLock { (active: inout [[UInt8]: MemberID]?) throws(AccountError) -> T in
            if let active { return body(active) }
            let loaded = try load()
            active = loaded
            return body(loaded)
        }
    }

    /// `body` over the hashes in memory (read first if need be), under their lock.
    private func change(_ body: (inout [[UInt8]: MemberID]) throws(AccountError) -> Void) throws(AccountError) {
        try active.withLock { (active: inout [[UInt8]: MemberID]?) throws(AccountError) in
            var loaded: [[UInt8]: MemberID]
            if let active { loaded = active } else { loaded = try load() }
            try body(&loaded)
            active = loaded
        }
    }

    private func load() throws(AccountError) -> [[UInt8]: MemberID] {
        try data.readingAccounts { connection in
            var active: [[UInt8]: MemberID] = [:]
            for row in try connection.query("SELECT token_hash, member_id FROM feed_tokens") {
                active[row.blob(0)] = MemberID(row.int64(1))
            }
            return active
        }
    }
}
