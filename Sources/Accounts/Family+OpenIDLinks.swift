import Store

/// The identities members connect at the family's OpenID provider (`openid_links` in
/// `instance.sqlite`, instance migration 15): the provider's issuer and the `sub` it gives
/// the member. A member connects theirs on `/account` after signing in some other way;
/// from then on that identity signs them in. Each identity belongs to one member at most,
/// and a member has at most one per issuer (connecting again replaces it). Read fresh on
/// every sign-in, never cached: a disconnected identity stops working at once.
extension Family {
    /// A member's connected identity.
    public struct OpenIDLink: Sendable, Equatable {
        public let issuer: String
        public let subject: String
        /// What `/account` shows of it (`preferred_username`, `email` or `name`).
        public let label: String?
        public let createdAt: Int64
    }

    /// Why an identity was not connected; nothing is written then.
    public enum OpenIDLinkError: Error, Equatable, Sendable {
        /// Another member has connected this identity already.
        case takenByAnotherMember
        /// The database failed, or the member is gone.
        case account(AccountError)
    }

    /// The identity `member` connected at `issuer`, if any.
    public func openIDLink(of member: MemberID, issuer: String) throws(AccountError) -> OpenIDLink? {
        try data.readingAccounts { connection in
            try connection.queryOne("SELECT issuer, subject, label, created_at FROM openid_links WHERE member_id = ? AND issuer = ?",
                                    [.integer(member.rawValue), .text(issuer)])
                .map { OpenIDLink(issuer: $0.string(0), subject: $0.string(1), label: $0.optionalString(2), createdAt: $0.int64(3)) }
        }
    }

    /// The member who connected `subject` at `issuer`: who this ID token signs in.
    public func member(openIDIssuer issuer: String, subject: String) throws(AccountError) -> Member? {
        try data.readingAccounts { connection in
            try connection.queryOne("""
                SELECT \(Member.columns) FROM openid_links JOIN members ON members.id = openid_links.member_id
                WHERE openid_links.issuer = ? AND openid_links.subject = ?
                """, [.text(issuer), .text(subject)]).map { Member(row: $0) }
        }
    }

    /// Connects `subject` at `issuer` to `member`, replacing the member's earlier identity
    /// there. Refused when another member has it.
    public func linkOpenID(_ member: MemberID, issuer: String, subject: String, label: String?) throws(OpenIDLinkError) {
        let now = self.now()
        do {
            try data.instance.write { connection in
                if let owner = try connection.queryOne("SELECT member_id FROM openid_links WHERE issuer = ? AND subject = ?",
                                                       [.text(issuer), .text(subject)])?.int64(0),
                   owner != member.rawValue {
                    throw OpenIDLinkError.takenByAnotherMember
                }
                guard try connection.queryOne("SELECT 1 FROM members WHERE id = ?", [.integer(member.rawValue)]) != nil else {
                    throw OpenIDLinkError.account(.memberNotFound)
                }
                try connection.run("""
                    INSERT INTO openid_links (member_id, issuer, subject, label, created_at) VALUES (?, ?, ?, ?, ?)
                    ON CONFLICT (member_id, issuer) DO UPDATE SET subject = excluded.subject, label = excluded.label,
                        created_at = excluded.created_at
                    """, [.integer(member.rawValue), .text(issuer), .text(subject), label.map { .text($0) } ?? .null, .integer(now)])
            }
        } catch let error as OpenIDLinkError {
            throw error
        } catch {
            throw .account(AccountError(error))
        }
    }

    /// Disconnects the member's identity at `issuer`; false when there was none.
    @discardableResult
    public func unlinkOpenID(_ member: MemberID, issuer: String) throws(AccountError) -> Bool {
        try data.writingAccounts { connection in
            try connection.run("DELETE FROM openid_links WHERE member_id = ? AND issuer = ?",
                               [.integer(member.rawValue), .text(issuer)]) == 1
        }
    }

    /// The admins who have connected no identity at `issuer`, by username: password
    /// sign-in can be turned off only when there are none (`DAWN_PASSWORD_SIGNIN=0`).
    public func adminsWithoutOpenID(issuer: String) throws(AccountError) -> [Member] {
        try data.readingAccounts { connection in
            try connection.query("""
                SELECT \(Member.columns) FROM members
                WHERE is_admin = 1 AND NOT EXISTS (SELECT 1 FROM openid_links WHERE member_id = members.id AND issuer = ?)
                ORDER BY username
                """, [.text(issuer)]).map { Member(row: $0) }
        }
    }
}
