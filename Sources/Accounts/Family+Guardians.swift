import Store

/// Guardians: an admin lets one adult member (a parent) see and log the habits of a child
/// account under `/members/{child}/…`; never an adult's, so nobody reads another adult's
/// habits, statistics and calendar, and a child is nobody's guardian. Grants live in
/// `instance.sqlite` (`guardians`, instance migration 7; migration 10 dropped the grants
/// over adults and holds the rule with a trigger) and are read fresh on every request,
/// never cached: a revoked guardian loses access on the very next request. Removing either
/// member removes the grant (foreign keys, `ON DELETE CASCADE`).
extension Family {
    /// One grant: `guardian` looks after `child`.
    public struct Guardianship: Sendable, Equatable {
        public let guardian: Member
        public let child: Member
    }

    /// Why a grant was refused; nothing is written then.
    public enum GuardianshipError: Error, Equatable, Sendable {
        /// A member cannot be their own guardian.
        case sameMember
        case alreadyGranted
        /// The "child" is not a child account (an adult or an admin).
        case notAChild
        /// The guardian is a child account themselves.
        case guardianIsChild
        /// Both the wrong way round: a child account as the guardian of an adult.
        case childOverAdult
        /// No such member (removed meanwhile), or no such grant to revoke.
        case notFound
        /// The database failed (`AccountError.storage`/`.storageFull`).
        case account(AccountError)
    }

    /// Makes `guardian` the guardian of `child` (who may do it is the caller's job).
    public func grantGuardianship(guardian: MemberID, child: MemberID) throws(GuardianshipError) {
        guard guardian != child else { throw .sameMember }
        let now = self.now
        do {
            try data.instance.write { connection in
                let rows = try connection.query("SELECT id, is_child FROM members WHERE id IN (?, ?)",
                                                [.integer(guardian.rawValue), .integer(child.rawValue)])
                guard rows.count == 2 else { throw GuardianshipError.notFound }
                let isChild = Dictionary(uniqueKeysWithValues: rows.map { ($0.int64(0), $0.bool(1)) })
                // Said as one mistake, not as two halves of it.
                if isChild[guardian.rawValue] == true, isChild[child.rawValue] == false { throw GuardianshipError.childOverAdult }
                guard isChild[child.rawValue] == true else { throw GuardianshipError.notAChild }
                guard isChild[guardian.rawValue] == false else { throw GuardianshipError.guardianIsChild }
                guard try connection.queryOne("SELECT 1 FROM guardians WHERE guardian_id = ? AND child_id = ?",
                                              [.integer(guardian.rawValue), .integer(child.rawValue)]) == nil else {
                    throw GuardianshipError.alreadyGranted
                }
                try connection.run("INSERT INTO guardians (guardian_id, child_id, created_at) VALUES (?, ?, ?)",
                                   [.integer(guardian.rawValue), .integer(child.rawValue), .integer(now())])
            }
        } catch let error as GuardianshipError {
            throw error
        } catch {
            throw .account(AccountError(error))
        }
    }

    /// Ends a grant; `.notFound` when there was none.
    public func revokeGuardianship(guardian: MemberID, child: MemberID) throws(GuardianshipError) {
        let removed: Int
        do {
            removed = try data.instance.write { connection in
                try connection.run("DELETE FROM guardians WHERE guardian_id = ? AND child_id = ?",
                                   [.integer(guardian.rawValue), .integer(child.rawValue)])
            }
        } catch {
            throw .account(AccountError(error))
        }
        guard removed == 1 else { throw .notFound }
    }

    /// Whether `guardian` is `child`'s guardian now: a primary-key look-up, on every
    /// request under `/members/{child}/…`.
    public func isGuardian(_ guardian: MemberID, of child: MemberID) throws(AccountError) -> Bool {
        try data.readingAccounts { connection in
            try connection.queryOne("SELECT 1 FROM guardians WHERE guardian_id = ? AND child_id = ?",
                                    [.integer(guardian.rawValue), .integer(child.rawValue)]) != nil
        }
    }

    /// The members `guardian` looks after, by display name.
    public func children(of guardian: MemberID) throws(AccountError) -> [Member] {
        try data.readingAccounts { connection in
            try connection.query("""
                SELECT \(Member.columns) FROM guardians JOIN members ON members.id = guardians.child_id
                WHERE guardians.guardian_id = ? ORDER BY members.display_name, members.username
                """, [.integer(guardian.rawValue)]).map { Member(row: $0) }
        }
    }

    /// The guardians of `child`, by display name.
    public func guardians(of child: MemberID) throws(AccountError) -> [Member] {
        try data.readingAccounts { connection in
            try connection.query("""
                SELECT \(Member.columns) FROM guardians JOIN members ON members.id = guardians.guardian_id
                WHERE guardians.child_id = ? ORDER BY members.display_name, members.username
                """, [.integer(child.rawValue)]).map { Member(row: $0) }
        }
    }

    /// Every grant, by the guardian's then the child's username (the admin's list).
    public func guardianships() throws(AccountError) -> [Guardianship] {
        try data.readingAccounts { connection in
            try connection.query("""
                SELECT \(Member.columns(as: "g")),
                       \(Member.columns(as: "c"))
                FROM guardians JOIN members AS g ON g.id = guardians.guardian_id
                JOIN members AS c ON c.id = guardians.child_id
                ORDER BY g.username, c.username
                """).map { Guardianship(guardian: Member(row: $0), child: Member(row: $0, at: Member.columnCount)) }
        }
    }
}

extension Family {
    /// The grants instance migration 10 dropped (over an adult, or by a child), one line
    /// each for the server's stderr, forgotten once returned: each is reported once.
    public func takeDroppedGuardianships() throws(AccountError) -> [String] {
        try data.writingAccounts { connection in
            let lines = try connection.query("SELECT guardian, child, reason FROM dropped_guardianships ORDER BY rowid").map {
                "dropped the grant that made \($0.string(0)) the guardian of \($0.string(1)) (\($0.string(2)))"
            }
            if !lines.isEmpty { try connection.run("DELETE FROM dropped_guardianships") }
            return lines
        }
    }
}
