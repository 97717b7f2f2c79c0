import Store

/// Members' email addresses (`member_emails` in `instance.sqlite`, instance migration 16).
/// A member gives one on `/account`; Dawn mails a one-time link to it, and following the
/// link (and pressing Confirm) verifies it. Only a verified address signs anyone in: a
/// trusted proxy's header holding an address, or, where the operator allows it, an ID
/// token's verified `email`. A verified address belongs to one member only. Giving a new
/// address replaces the old one and its verification. Read fresh on every sign-in, never
/// cached: a removed or changed address stops working at once.
extension Family {
    /// How long a confirmation link works: a day.
    public static let emailLinkLifetime: Int64 = 24 * 3600

    /// A member's address as `/account` shows it.
    public struct MemberEmail: Sendable, Equatable {
        public let address: String
        /// Nil until confirmed.
        public let verifiedAt: Int64?
        /// When the link out for it stops working; nil when none is out.
        public let linkExpiresAt: Int64?
        public var isVerified: Bool { verifiedAt != nil }
    }

    /// Why an address was not saved or confirmed; nothing is written then.
    public enum MemberEmailError: Error, Equatable, Sendable {
        /// Another member has verified this address.
        case takenByAnotherMember
        /// The link is malformed, unknown, used, run out, or another member's.
        case linkInvalid
        /// The database failed, or the member is gone.
        case account(AccountError)
    }

    /// The address `member` gave, if any.
    public func email(of member: MemberID) throws(AccountError) -> MemberEmail? {
        try data.readingAccounts { connection in
            try connection.queryOne("SELECT address, verified_at, token_expires_at FROM member_emails WHERE member_id = ?",
                                    [.integer(member.rawValue)])
                .map { MemberEmail(address: $0.string(0), verifiedAt: $0.optionalInt64(1), linkExpiresAt: $0.optionalInt64(2)) }
        }
    }

    /// The member whose verified address `address` is, ignoring ASCII case; nil for an
    /// address nobody has verified (an unconfirmed one included).
    public func member(verifiedEmail address: EmailAddress) throws(AccountError) -> Member? {
        try data.readingAccounts { connection in
            try connection.queryOne("""
                SELECT \(Member.columns) FROM member_emails JOIN members ON members.id = member_emails.member_id
                WHERE member_emails.address = ? COLLATE NOCASE AND member_emails.verified_at IS NOT NULL
                """, [.text(address.value)]).map { Member(row: $0) }
        }
    }

    /// Saves `address` as `member`'s unverified address, replacing what they had (and its
    /// verification, and any link out), and returns the secret of a new confirmation link,
    /// which works for `emailLinkLifetime`. Only its SHA-256 is kept.
    public func requestEmail(_ address: EmailAddress, for member: MemberID) throws(MemberEmailError) -> String {
        let token = RandomToken.generate()
        let now = self.now()
        try writingEmails { connection in
            try Self.refuseIfVerifiedByAnother(address, member, connection)
            try connection.run("""
                INSERT INTO member_emails (member_id, address, verified_at, token_hash, token_expires_at, created_at)
                VALUES (?, ?, NULL, ?, ?, ?)
                ON CONFLICT (member_id) DO UPDATE SET address = excluded.address, verified_at = NULL,
                    token_hash = excluded.token_hash, token_expires_at = excluded.token_expires_at, created_at = excluded.created_at
                """, [.integer(member.rawValue), .text(address.value), .blob(Self.emailLinkHash(token)),
                      .integer(now + Self.emailLinkLifetime), .integer(now)])
        }
        return token
    }

    /// The address a link of `member`'s would confirm, without using it up (the page that
    /// asks them to press Confirm).
    public func emailToConfirm(token: String, for member: MemberID) throws(MemberEmailError) -> String {
        guard RandomToken.isWellFormed(token) else { throw .linkInvalid }
        let now = self.now()
        let address: String?
        do {
            address = try data.readingAccounts { connection in
                try connection.queryOne("""
                    SELECT address FROM member_emails WHERE token_hash = ? AND member_id = ? AND token_expires_at > ?
                    """, [.blob(Self.emailLinkHash(token)), .integer(member.rawValue), .integer(now)])?.string(0)
            }
        } catch {
            throw .account(error)
        }
        guard let address else { throw .linkInvalid }
        return address
    }

    /// Uses a link of `member`'s: their address is verified from now on, and the link is
    /// spent. Returns the address.
    @discardableResult
    public func confirmEmail(token: String, for member: MemberID) throws(MemberEmailError) -> String {
        guard RandomToken.isWellFormed(token) else { throw .linkInvalid }
        let now = self.now()
        return try writingEmails { connection in
            guard let address = try connection.queryOne("""
                SELECT address FROM member_emails WHERE token_hash = ? AND member_id = ? AND token_expires_at > ?
                """, [.blob(Self.emailLinkHash(token)), .integer(member.rawValue), .integer(now)])?.string(0) else {
                throw MemberEmailError.linkInvalid
            }
            try Self.refuseIfVerifiedByAnother(try EmailAddress(address), member, connection)
            try connection.run("""
                UPDATE member_emails SET verified_at = ?, token_hash = NULL, token_expires_at = NULL WHERE member_id = ?
                """, [.integer(now), .integer(member.rawValue)])
            return address
        }
    }

    /// The operator's way (`dawn user email`): `address` becomes `member`'s verified address
    /// at once, for an install that cannot send mail, or a member locked out of theirs.
    public func setVerifiedEmail(_ address: EmailAddress, for member: MemberID) throws(MemberEmailError) {
        let now = self.now()
        try writingEmails { connection in
            try Self.refuseIfVerifiedByAnother(address, member, connection)
            try connection.run("""
                INSERT INTO member_emails (member_id, address, verified_at, token_hash, token_expires_at, created_at)
                VALUES (?, ?, ?, NULL, NULL, ?)
                ON CONFLICT (member_id) DO UPDATE SET address = excluded.address, verified_at = excluded.verified_at,
                    token_hash = NULL, token_expires_at = NULL, created_at = excluded.created_at
                """, [.integer(member.rawValue), .text(address.value), .integer(now), .integer(now)])
        }
    }

    /// Removes `member`'s address (and any link out for it); false when there was none.
    @discardableResult
    public func removeEmail(of member: MemberID) throws(AccountError) -> Bool {
        try data.writingAccounts { connection in
            try connection.run("DELETE FROM member_emails WHERE member_id = ?", [.integer(member.rawValue)]) == 1
        }
    }

    /// SHA-256 of a link's secret, as `member_emails.token_hash` keeps it.
    static func emailLinkHash(_ token: String) -> [UInt8] {
        SHA256.hash(Array(token.utf8))
    }

    private static func refuseIfVerifiedByAnother(_ address: EmailAddress, _ member: MemberID, _ connection: Connection) throws {
        if try connection.queryOne("""
            SELECT 1 FROM member_emails WHERE address = ? COLLATE NOCASE AND verified_at IS NOT NULL AND member_id <> ?
            """, [.text(address.value), .integer(member.rawValue)]) != nil {
            throw MemberEmailError.takenByAnotherMember
        }
        guard try connection.queryOne("SELECT 1 FROM members WHERE id = ?", [.integer(member.rawValue)]) != nil else {
            throw MemberEmailError.account(.memberNotFound)
        }
    }

    private func writingEmails<T>(_ body: (Connection) throws -> T) throws(MemberEmailError) -> T {
        do {
            return try data.instance.write(body)
        } catch let error as MemberEmailError {
            throw error
        } catch {
            throw .account(AccountError(error))
        }
    }
}
