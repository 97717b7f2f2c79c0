import Store

/// Wrong family-screen PINs, per member and across every enrolled screen, kept in
/// `instance.sqlite` (`pin_failures`, instance migration 11), so a restart forgets nothing
/// and a second screen gives no fresh tries.
///
/// Two lifetimes share each row:
/// - **The lockout** counts the failures since the member's last right PIN (or an admin's
///   unlock): `Lockout.state`. 5 lock the member's name on every screen for 15 minutes,
///   10 for an hour, 15 until an admin unlocks it on `/family`. Password sign-in is never
///   locked by PINs.
/// - **The notice** ("3 wrong PINs on Kitchen at 18:02" on the member's day page) lists the
///   failures the member has not seen: until they dismiss it or sign in with their password.
///
/// A member keeps at most `maxRows` rows (the oldest go); a row neither counted nor unseen
/// is deleted at once.
public final class PINFailures: Sendable {
    public static let maxRows = 50

    /// The lockout rule: pure, on the counted failures' times.
    public enum Lockout {
        /// Failures that lock, and for how long (nil: until an admin unlocks).
        public static let steps: [(failures: Int, seconds: Int64?)] = [(5, 15 * 60), (10, 60 * 60), (15, nil)]

        public enum State: Equatable, Sendable {
            case open
            /// Locked until this unix second.
            case lockedUntil(Int64)
            /// Locked until an admin unlocks.
            case lockedUntilUnlocked

            public var isLocked: Bool { self != .open }
        }

        /// The state after the counted failures at `times` (oldest first): the last step
        /// reached counts from the failure that reached it.
        public static func state(failureTimes times: [Int64], now: Int64) -> State {
            guard let step = steps.last(where: { times.count >= $0.failures }) else { return .open }
            guard let seconds = step.seconds else { return .lockedUntilUnlocked }
            let until = times[step.failures - 1] + seconds
            return until > now ? .lockedUntil(until) : .open
        }
    }

    /// Unseen failures on one screen, for the member's notice.
    public struct Unseen: Equatable, Sendable {
        public let screen: String
        public let count: Int
        /// The latest of them.
        public let last: Int64
    }

    /// A member's counted failures, for the admins' list.
    public struct Counted: Equatable, Sendable {
        public let member: MemberID
        public let count: Int
        public let lastScreen: String
        public let last: Int64
        public let state: Lockout.State
    }

    private let data: DataDirectory
    private let now: @Sendable () -> Int64

    public init(data: DataDirectory, now: @escaping @Sendable () -> Int64) {
        self.data = data
        self.now = now
    }

    /// The member's lockout now.
    public func state(of member: MemberID) throws(AccountError) -> Lockout.State {
        let time = now()
        return try data.readingAccounts { connection in
            Lockout.state(failureTimes: try Self.countedTimes(member, connection), now: time)
        }
    }

    /// A wrong PIN for `member` on the screen labelled `screen`; returns the lockout after it.
    @discardableResult
    public func recordWrong(_ member: MemberID, screen: String) throws(AccountError) -> Lockout.State {
        let time = now()
        return try data.writingAccounts { connection in
            try connection.run("INSERT INTO pin_failures (member_id, screen_label, failed_at) VALUES (?, ?, ?)",
                               [.integer(member.rawValue), .text(screen), .integer(time)])
            try connection.run("""
                DELETE FROM pin_failures WHERE member_id = ? AND id NOT IN
                    (SELECT id FROM pin_failures WHERE member_id = ? ORDER BY id DESC LIMIT ?)
                """, [.integer(member.rawValue), .integer(member.rawValue), .integer(Int64(Self.maxRows))])
            return Lockout.state(failureTimes: try Self.countedTimes(member, connection), now: time)
        }
    }

    /// A right PIN, or an admin's unlock: the lockout starts again from nothing (the notice
    /// stays until seen). Returns whether anything changed.
    @discardableResult
    public func clearLockout(_ member: MemberID) throws(AccountError) -> Bool {
        try data.writingAccounts { connection in
            let changed = try connection.run("UPDATE pin_failures SET counted = 0 WHERE member_id = ? AND counted = 1",
                                             [.integer(member.rawValue)])
            try Self.deleteSpent(member, connection)
            return changed > 0
        }
    }

    /// The member saw their notice (dismissed it, or signed in with their password).
    /// Returns whether there was anything unseen.
    @discardableResult
    public func markSeen(_ member: MemberID) throws(AccountError) -> Bool {
        try data.writingAccounts { connection in
            let changed = try connection.run("UPDATE pin_failures SET seen = 1 WHERE member_id = ? AND seen = 0",
                                             [.integer(member.rawValue)])
            try Self.deleteSpent(member, connection)
            return changed > 0
        }
    }

    /// The member's unseen failures, per screen, the latest screen first.
    public func unseen(_ member: MemberID) throws(AccountError) -> [Unseen] {
        try data.readingAccounts { connection in
            try connection.query("""
                SELECT screen_label, count(*), max(failed_at) FROM pin_failures WHERE member_id = ? AND seen = 0
                GROUP BY screen_label ORDER BY max(id) DESC
                """, [.integer(member.rawValue)]).map { Unseen(screen: $0.string(0), count: $0.int(1), last: $0.int64(2)) }
        }
    }

    /// Every member with counted failures, for the admins on `/family`.
    public func counted() throws(AccountError) -> [MemberID: Counted] {
        let time = now()
        return try data.readingAccounts { connection in
            let rows = try connection.query("""
                SELECT member_id, screen_label, failed_at FROM pin_failures WHERE counted = 1 ORDER BY member_id, id
                """)
            var byMember: [MemberID: [(screen: String, at: Int64)]] = [:]
            for row in rows { byMember[MemberID(row.int64(0)), default: []].append((row.string(1), row.int64(2))) }
            return byMember.reduce(into: [:]) { result, entry in
                guard let last = entry.value.last else { return }
                result[entry.key] = Counted(member: entry.key, count: entry.value.count, lastScreen: last.screen, last: last.at,
                                            state: Lockout.state(failureTimes: entry.value.map(\.at), now: time))
            }
        }
    }

    // MARK: -

    private static func countedTimes(_ member: MemberID, _ connection: Connection) throws -> [Int64] {
        try connection.query("SELECT failed_at FROM pin_failures WHERE member_id = ? AND counted = 1 ORDER BY id",
                             [.integer(member.rawValue)]).map { $0.int64(0) }
    }

    private static func deleteSpent(_ member: MemberID, _ connection: Connection) throws {
        try connection.run("DELETE FROM pin_failures WHERE member_id = ? AND counted = 0 AND seen = 1", [.integer(member.rawValue)])
    }
}
