import Locks
import PlainText
import Store

/// Members' API tokens (`api_tokens` in `instance.sqlite`, migration 13), and the one thing
/// the API asks of them on every request: which token is this?
///
/// A check is one SHA-256 and one dictionary lookup (`grant(forToken:)`): the active tokens'
/// hashes are held in memory, read once, and changed only by this type's own writes —
/// `create`, `revoke`, and `memberRemoved` after `Family` removes a member (whose tokens the
/// database drops by cascade). A token revoked here stops working at once.
///
/// "Last used" (when, and from which address) is bookkeeping that must not cost a write per
/// request: `noteUse` keeps it in memory and says when the row is due (at most once every
/// `lastUseWriteInterval` per token); `writeLastUses` writes what is due, and everything at
/// shutdown. The list of a member's tokens shows the newer of the row and memory.
public final class APITokens: Sendable {
    /// Tokens a member may hold at once; revoke one to make another.
    public static let maxPerMember = 20
    /// A token's name ("Home Assistant"), in characters as `PlainText.length` counts them.
    public static let maxNameCharacters = 40
    /// 40 scalars of at most 4 bytes each: checked before anything scans the text.
    static let maxNameBytes = 160
    /// "Last used" reaches the database at most this often per token (a minute).
    public static let lastUseWriteInterval: Int64 = 60
    /// The longest client address kept (an IPv6 address is at most 45 characters).
    static let maxAddressLength = 64

    /// What an active token lets its bearer do, and for whom.
    public struct Grant: Sendable, Equatable {
        public let id: Int64
        public let memberID: MemberID
        public let scope: APIToken.Scope
        /// May read the journal (entries, notes) and, with `write`, add notes.
        public let journal: Bool

        public init(id: Int64, memberID: MemberID, scope: APIToken.Scope, journal: Bool) {
            self.id = id
            self.memberID = memberID
            self.scope = scope
            self.journal = journal
        }
    }

    /// A token as its member's list shows it (never the secret, which is shown once).
    public struct Token: Sendable, Equatable {
        public let id: Int64
        public let name: String
        public let scope: APIToken.Scope
        public let journal: Bool
        public let createdAt: Int64
        public let lastUsedAt: Int64?
        public let lastAddress: String?
    }

    /// Why `create` made nothing.
    public enum Refusal: Error, Equatable, Sendable {
        /// Blank, longer than `maxNameCharacters`, or not one line.
        case nameInvalid
        /// The member already holds `maxPerMember`.
        case tooMany
        /// A child account's tokens read only.
        case childReadOnly
    }

    private struct LastUse {
        var at: Int64
        var address: String
        /// When this token's row was last brought up to date (nil: not since start).
        var writtenAt: Int64?
    }

    private struct State {
        /// By token hash; nil until first read.
        var active: [[UInt8]: Grant]?
        var lastUses: [Int64: LastUse] = [:]
    }

    private let data: DataDirectory
    private let state = Lock(State())

    init(data: DataDirectory) {
        self.data = data
    }

    // MARK: The request path

    /// The grant of `token` (the text after `Bearer `), or nil for a malformed, unknown or
    /// revoked one: one SHA-256 and one lookup, no database (after the first call).
    public func grant(forToken token: String) throws(AccountError) -> Grant? {
        guard APIToken.isWellFormed(token) else { return nil }
        let hash = APIToken.hash(token)
        return try withActive { $0[hash] }
    }

    /// Notes a use of `grant` at `now` from `address`, in memory. True when its row is due
    /// to be written (`writeLastUse`): never written since start, or a minute ago or more.
    public func noteUse(_ grant: Grant, at now: Int64, address: String) -> Bool {
        let address = String(address.utf8.prefix(Self.maxAddressLength)) ?? ""
        return state.withLock { state in
            var use = state.lastUses[grant.id] ?? LastUse(at: now, address: address, writtenAt: nil)
            use.at = max(use.at, now)
            use.address = address
            state.lastUses[grant.id] = use
            guard let written = use.writtenAt else { return true }
            return now - written >= Self.lastUseWriteInterval || now < written
        }
    }

    /// Writes `id`'s last use as held in memory. Bookkeeping only: a failure (a full disk)
    /// is ignored, and the next use tries again.
    public func writeLastUse(of id: Int64) {
        guard let use = state.withLock({ $0.lastUses[id] }) else { return }
        do {
            try data.writingAccounts { connection in
                try connection.run("UPDATE api_tokens SET last_used_at = ?, last_address = ? WHERE id = ?",
                                   [.integer(use.at), .text(use.address), .integer(id)])
            }
            state.withLock { state in
                if state.lastUses[id] != nil { state.lastUses[id]?.writtenAt = use.at }
            }
        } catch {}
    }

    /// Writes every last use not yet in the database, in one transaction (at shutdown).
    public func writeLastUses() {
        let due = state.withLock { state in state.lastUses.filter { $0.value.writtenAt != $0.value.at } }
        guard !due.isEmpty else { return }
        do {
            try data.writingAccounts { connection in
                for (id, use) in due {
                    try connection.run("UPDATE api_tokens SET last_used_at = ?, last_address = ? WHERE id = ?",
                                       [.integer(use.at), .text(use.address), .integer(id)])
                }
            }
            state.withLock { state in
                for (id, use) in due where state.lastUses[id] != nil { state.lastUses[id]?.writtenAt = use.at }
            }
        } catch {}
    }

    // MARK: The member's list, and the one write path

    /// The member's tokens, oldest first, each with its latest use.
    public func tokens(of member: MemberID) throws(AccountError) -> [Token] {
        let rows = try data.readingAccounts { connection in
            try connection.query("""
                SELECT id, name, scope, journal, created_at, last_used_at, last_address
                FROM api_tokens WHERE member_id = ? ORDER BY id
                """, [.integer(member.rawValue)]).map { row in
                Token(id: row.int64(0), name: row.string(1), scope: APIToken.Scope(rawValue: row.string(2)) ?? .read,
                      journal: row.bool(3), createdAt: row.int64(4), lastUsedAt: row.optionalInt64(5),
                      lastAddress: row.optionalString(6))
            }
        }
        let uses = state.withLock { $0.lastUses }
        return rows.map { token in
            guard let use = uses[token.id], use.at >= (token.lastUsedAt ?? .min) else { return token }
            return Token(id: token.id, name: token.name, scope: token.scope, journal: token.journal,
                         createdAt: token.createdAt, lastUsedAt: use.at, lastAddress: use.address)
        }
    }

    /// The name a token may have: trimmed, 1–40 characters, one line.
    public static func name(_ raw: String) throws(Refusal) -> String {
        let trimmed = PlainText.trimmed(raw)
        guard trimmed.utf8.count <= maxNameBytes, (1...maxNameCharacters).contains(PlainText.length(trimmed)),
              PlainText.isSingleLine(trimmed) else { throw .nameInvalid }
        return String(trimmed)
    }

    /// Makes a token for `member`: returned once, stored as its hash. The count is checked in
    /// the insert's transaction, so two racing forms cannot make a 21st.
    public func create(for member: Member, name raw: String, scope: APIToken.Scope, journal: Bool,
                       now: Int64) throws -> (token: String, grant: Grant) {
        let name = try Self.name(raw)
        guard !(member.isChild && scope == .write) else { throw Refusal.childReadOnly }
        let token = APIToken.generate()
        let hash = APIToken.hash(token)
        try ensureLoaded()
        let made: Int64? = try data.writingAccounts { connection in
            let held = try connection.queryOne("SELECT count(*) FROM api_tokens WHERE member_id = ?",
                                               [.integer(member.id.rawValue)])?.int(0) ?? 0
            guard held < Self.maxPerMember else { return nil }
            try connection.run("""
                INSERT INTO api_tokens (token_hash, member_id, name, scope, journal, created_at) VALUES (?, ?, ?, ?, ?, ?)
                """, [.blob(hash), .integer(member.id.rawValue), .text(name), .text(scope.rawValue), SQLValue(journal),
                      .integer(now)])
            return connection.lastInsertRowID
        }
        guard let id = made else { throw Refusal.tooMany }
        let grant = Grant(id: id, memberID: member.id, scope: scope, journal: journal)
        state.withLock { $0.active?[hash] = grant }
        return (token, grant)
    }

    /// Revokes the member's token `id`: it stops working at once. False when the member has
    /// no such token.
    public func revoke(_ id: Int64, of member: MemberID) throws(AccountError) -> Bool {
        try ensureLoaded()
        let deleted = try data.writingAccounts { connection in
            try connection.run("DELETE FROM api_tokens WHERE id = ? AND member_id = ?", [.integer(id), .integer(member.rawValue)])
        }
        guard deleted == 1 else { return false }
        state.withLock { state in
            state.active = state.active?.filter { $0.value.id != id }
            state.lastUses[id] = nil
        }
        return true
    }

    /// After the member's row was deleted (their tokens with it, by cascade): forgets theirs.
    func memberRemoved(_ member: MemberID) {
        state.withLock { state in
            let gone = Set(state.active?.values.filter { $0.memberID == member }.map(\.id) ?? [])
            state.active = state.active?.filter { $0.value.memberID != member }
            for id in gone { state.lastUses[id] = nil }
        }
    }

    // MARK: Loading

    /// Reads the active tokens when they have not been yet (once, normally at start-up).
    public func ensureLoaded() throws(AccountError) {
        _ = try withActive { _ in () }
    }

    /// `body` over the active tokens, read first if need be. The read happens under the
    /// lock, once, so no create or revoke can slip between the read and keeping it.
    private func withActive<T>(_ body: ([[UInt8]: Grant]) -> T) throws(AccountError) -> T {
        try state.withLock { (state: inout State) throws(AccountError) -> T in
            if let active = state.active { return body(active) }
            let active = try data.readingAccounts { connection in
                var active: [[UInt8]: Grant] = [:]
                for row in try connection.query("SELECT id, token_hash, member_id, scope, journal FROM api_tokens") {
                    active[row.blob(1)] = Grant(id: row.int64(0), memberID: MemberID(row.int64(2)),
                                                scope: APIToken.Scope(rawValue: row.string(3)) ?? .read, journal: row.bool(4))
                }
                return active
            }
            state.active = active
            return body(active)
        }
    }
}
