import Store

/// The kitchen screen's records in `instance.sqlite` (migration 8): members' PINs and
/// opt-ins, enrolment codes, enrolled screens and the short visits a right PIN opens;
/// wrong PINs are `pinFailures` (migration 11).
///
/// Every secret here (enrolment code, screen token, visit token) is random and stored only
/// as SHA-256; PINs arrive already hashed (yescrypt, on the password pool). Times are unix
/// seconds from the injected clock, so expiry is testable.
public final class FamilyScreens: Sendable {
    /// An enrolment code works this long after it is made (15 minutes), once.
    public static let codeLifetime: Int64 = 15 * 60
    /// A right PIN shows that member's checklist on that screen until "Done", or until this
    /// long (60 s) passes without a tap: each check-off and "More time" starts it again.
    public static let visitLifetime: Int64 = 60
    /// Enrolled screens at most; an admin revokes one to enrol another.
    public static let maxScreens = 20
    /// A screen's label, in characters.
    public static let maxLabelCharacters = 40
    /// `last_seen_at` moves at most this often per screen (an hour).
    static let lastSeenResolution: Int64 = 60 * 60

    /// An enrolled browser.
    public struct Screen: Sendable, Equatable {
        public let id: Int64
        public let label: String
        /// What the screen's forms carry (the CSRF check of `/family-screen` POSTs).
        public let csrfToken: String
        public let enrolledAt: Int64
        public let lastSeenAt: Int64
    }

    /// Why enrolment refused a code.
    public enum EnrolmentRefusal: Error, Equatable, Sendable {
        /// Not a code, an unknown one, a used one or an expired one: the same answer for all.
        case wrongCode
        case tooManyScreens
    }

    public let data: DataDirectory
    /// Enrolment codes' wrong tries (never sign-in's), in memory.
    public let throttle = ScreenThrottle()
    /// Wrong PINs per member, across screens and restarts.
    public let pinFailures: PINFailures
    /// The digits typed so far on each screen's keypad without JavaScript.
    public let keypad = ScreenKeypad()
    private let now: @Sendable () -> Int64

    public init(data: DataDirectory, now: @escaping @Sendable () -> Int64) {
        self.data = data
        self.now = now
        pinFailures = PINFailures(data: data, now: now)
    }

    // MARK: - Members' PINs and opt-ins

    /// Whether the member has a PIN and shows on the family screen.
    public func profile(_ id: MemberID) throws(AccountError) -> (hasPIN: Bool, onScreen: Bool) {
        try reading { connection in
            guard let row = try connection.queryOne(
                "SELECT pin_hash IS NOT NULL, on_family_screen FROM members WHERE id = ?", [.integer(id.rawValue)])
            else { throw AccountError.memberNotFound }
            return (row.bool(0), row.bool(1))
        }
    }

    /// Stores `hash` (a `PasswordHasher.hash(_: PIN)` result) as the member's PIN, or clears
    /// it (nil). Clearing also ends the member's visits on every screen.
    public func setPINHash(_ hash: String?, for id: MemberID) throws(AccountError) {
        if let hash { precondition(hash.hasPrefix(PasswordHasher.yescryptPrefix), "pass PasswordHasher.hash(_:)'s result, never a PIN") }
        try writing { connection in
            guard try connection.run("UPDATE members SET pin_hash = ? WHERE id = ?",
                                     [SQLValue(hash), .integer(id.rawValue)]) == 1 else { throw AccountError.memberNotFound }
            try connection.run("DELETE FROM screen_visits WHERE member_id = ?", [.integer(id.rawValue)])
        }
    }

    /// Opts the member in or out of the family screen. Out also ends their visits.
    public func setOnScreen(_ on: Bool, for id: MemberID) throws(AccountError) {
        try writing { connection in
            guard try connection.run("UPDATE members SET on_family_screen = ? WHERE id = ?",
                                     [SQLValue(on), .integer(id.rawValue)]) == 1 else { throw AccountError.memberNotFound }
            if !on { try connection.run("DELETE FROM screen_visits WHERE member_id = ?", [.integer(id.rawValue)]) }
        }
    }

    /// The members the screen offers: opted in and with a PIN, by display name.
    public func shownMembers() throws(AccountError) -> [Member] {
        try reading { connection in
            try connection.query("""
                SELECT \(Member.columns) FROM members
                WHERE on_family_screen = 1 AND pin_hash IS NOT NULL ORDER BY display_name, id
                """).map { Member(row: $0) }
        }
    }

    /// A member the screen offers, with their PIN's hash; nil when there is no such member,
    /// or they are not opted in or have no PIN.
    public func shownMember(_ id: MemberID) throws(AccountError) -> (member: Member, pinHash: String)? {
        try reading { connection in
            try connection.queryOne("""
                SELECT \(Member.columns), members.pin_hash FROM members
                WHERE id = ? AND on_family_screen = 1 AND pin_hash IS NOT NULL
                """, [.integer(id.rawValue)]).map { (Member(row: $0), $0.string(Member.columnCount)) }
        }
    }

    // MARK: - Enrolment codes

    /// A new enrolment code for a screen to be called `label`: returned once, stored as a
    /// hash, valid `codeLifetime`. Earlier unused codes stop working (one live code at a time).
    public func newCode(label: String) throws(AccountError) -> (code: String, expiresAt: Int64) {
        let code = EnrolmentCode.generate()
        let hash = EnrolmentCode.hash(EnrolmentCode.normalized(code) ?? code)
        let time = now()
        try writing { connection in
            try connection.run("DELETE FROM screen_codes")
            try connection.run("INSERT INTO screen_codes (code_hash, label, created_at, expires_at) VALUES (?, ?, ?, ?)",
                               [.blob(hash), .text(label), .integer(time), .integer(time + Self.codeLifetime)])
        }
        return (code, time + Self.codeLifetime)
    }

    /// The live code's label and expiry, if one is waiting (its text is never kept).
    public func pendingCode() throws(AccountError) -> (label: String, expiresAt: Int64)? {
        let time = now()
        return try reading { connection in
            try connection.queryOne("SELECT label, expires_at FROM screen_codes WHERE expires_at > ? ORDER BY created_at DESC",
                                    [.integer(time)]).map { ($0.string(0), $0.int64(1)) }
        }
    }

    /// Enrols this browser with `typed`: the code is used up and a new screen made in one
    /// transaction, so a code enrols one screen. Returns the screen's token for its cookie.
    public func enrol(code typed: String) throws -> (token: String, screen: Screen) {
        guard let normalized = EnrolmentCode.normalized(typed) else { throw EnrolmentRefusal.wrongCode }
        let hash = EnrolmentCode.hash(normalized)
        let token = SessionToken.generate()
        let csrf = CSRFToken.generate()
        let time = now()
        do {
            return try data.instance.write { connection in
                guard let code = try connection.queryOne("SELECT label, expires_at FROM screen_codes WHERE code_hash = ?",
                                                         [.blob(hash)]) else { throw EnrolmentRefusal.wrongCode }
                try connection.run("DELETE FROM screen_codes WHERE code_hash = ?", [.blob(hash)])
                guard code.int64(1) > time else { throw EnrolmentRefusal.wrongCode }
                let count = try connection.queryOne("SELECT count(*) FROM screens")?.int(0) ?? 0
                guard count < Self.maxScreens else { throw EnrolmentRefusal.tooManyScreens }
                try connection.run("""
                    INSERT INTO screens (token_hash, csrf_token, label, enrolled_at, last_seen_at) VALUES (?, ?, ?, ?, ?)
                    """, [.blob(SessionToken.hash(token)), .text(csrf), .text(code.string(0)), .integer(time), .integer(time)])
                let screen = Screen(id: connection.lastInsertRowID, label: code.string(0), csrfToken: csrf,
                                    enrolledAt: time, lastSeenAt: time)
                return (token, screen)
            }
        } catch EnrolmentRefusal.wrongCode {
            // A used-up expired code is deleted even so (the transaction above rolled back).
            _ = try? data.instance.write { try $0.run("DELETE FROM screen_codes WHERE expires_at <= ?", [.integer(time)]) }
            throw EnrolmentRefusal.wrongCode
        } catch let refusal as EnrolmentRefusal {
            throw refusal
        } catch {
            throw AccountError(error)
        }
    }

    // MARK: - Screens

    /// The enrolled screen a cookie's token names, or nil (malformed, unknown, revoked).
    /// Read from the database on every request: a revoked screen stops at once.
    public func screen(forToken token: String?) throws(AccountError) -> Screen? {
        guard let token, SessionToken.isWellFormed(token) else { return nil }
        let hash = SessionToken.hash(token)
        let time = now()
        guard let screen = try reading({ connection in
            try connection.queryOne("SELECT id, label, csrf_token, enrolled_at, last_seen_at FROM screens WHERE token_hash = ?",
                                    [.blob(hash)]).map(Self.screen)
        }) else { return nil }
        if time - screen.lastSeenAt >= Self.lastSeenResolution {
            // Bookkeeping only: a failure here must not stop the screen.
            _ = try? data.instance.write { try $0.run("UPDATE screens SET last_seen_at = ? WHERE id = ?", [.integer(time), .integer(screen.id)]) }
        }
        return screen
    }

    /// Every enrolled screen, oldest first.
    public func screens() throws(AccountError) -> [Screen] {
        try reading { connection in
            try connection.query("SELECT id, label, csrf_token, enrolled_at, last_seen_at FROM screens ORDER BY id").map(Self.screen)
        }
    }

    /// Revokes a screen: its cookie stops working on its next request, its visits end.
    /// False when there was no such screen.
    public func revoke(_ id: Int64) throws(AccountError) -> Bool {
        try writing { try $0.run("DELETE FROM screens WHERE id = ?", [.integer(id)]) == 1 }
    }

    // MARK: - Visits

    /// After a right PIN: `member` on `screen` for `visitLifetime`. Returns the visit's
    /// token (for its cookie). Expired visits are swept here.
    public func startVisit(screen: Int64, member: MemberID) throws(AccountError) -> String {
        let token = SessionToken.generate()
        let time = now()
        try writing { connection in
            try connection.run("DELETE FROM screen_visits WHERE expires_at <= ?", [.integer(time)])
            try connection.run("INSERT INTO screen_visits (token_hash, screen_id, member_id, expires_at) VALUES (?, ?, ?, ?)",
                               [.blob(SessionToken.hash(token)), .integer(screen), .integer(member.rawValue),
                                .integer(time + Self.visitLifetime)])
        }
        return token
    }

    /// The member of a live visit on `screen`, or nil: a malformed or unknown token, one
    /// started on another screen, or one older than `visitLifetime`.
    public func visitor(token: String?, screen: Int64) throws(AccountError) -> MemberID? {
        guard let token, SessionToken.isWellFormed(token) else { return nil }
        let time = now()
        return try reading { connection in
            try connection.queryOne("SELECT member_id FROM screen_visits WHERE token_hash = ? AND screen_id = ? AND expires_at > ?",
                                    [.blob(SessionToken.hash(token)), .integer(screen), .integer(time)]).map { MemberID($0.int64(0)) }
        }
    }

    /// The member of a live visit on `screen`, whose minute starts again from now (a tap:
    /// a check-off or "More time"); nil as `visitor` says.
    public func extendVisit(token: String?, screen: Int64) throws(AccountError) -> MemberID? {
        guard let token, SessionToken.isWellFormed(token) else { return nil }
        let time = now()
        let hash = SessionToken.hash(token)
        return try writing { connection in
            guard let row = try connection.queryOne(
                "SELECT member_id FROM screen_visits WHERE token_hash = ? AND screen_id = ? AND expires_at > ?",
                [.blob(hash), .integer(screen), .integer(time)]) else { return nil }
            try connection.run("UPDATE screen_visits SET expires_at = ? WHERE token_hash = ?",
                               [.integer(time + Self.visitLifetime), .blob(hash)])
            return MemberID(row.int64(0))
        }
    }

    /// Ends a visit ("Done").
    public func endVisit(token: String?) throws(AccountError) {
        guard let token, SessionToken.isWellFormed(token) else { return }
        try writing { try $0.run("DELETE FROM screen_visits WHERE token_hash = ?", [.blob(SessionToken.hash(token))]) }
    }

    // MARK: -

    private static func screen(_ row: Row) -> Screen {
        Screen(id: row.int64(0), label: row.string(1), csrfToken: row.string(2), enrolledAt: row.int64(3), lastSeenAt: row.int64(4))
    }

    private func reading<T>(_ body: (Connection) throws -> T) throws(AccountError) -> T {
        try data.readingAccounts(body)
    }

    @discardableResult
    private func writing<T>(_ body: (Connection) throws -> T) throws(AccountError) -> T {
        try data.writingAccounts(body)
    }
}
