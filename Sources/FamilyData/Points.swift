import Domain
import Store
import TimeZones

/// Children's points, in the instance database: a ledger of every credit and debit and
/// each child's balance beside it, changed together in one transaction.
///
/// A child earns an item's points (a family chore, or a habit of theirs a guardian gave
/// points to) when the item is done for a day, and loses them when it is undone. The
/// ledger holds one row per (member, item, day, kind): `settle` sets that row's amount
/// to what the item's state is worth now (the points when done, 0 when undone) and moves
/// the balance by the difference, so a double submit, a retry or a replayed request can
/// never count twice. A reward's approval is its own row (kind `reward`, item = the
/// request), debited in the same transaction that checks the balance.
package struct Points {
    package let instance: Database

    package init(instance: Database) {
        self.instance = instance
    }

    /// The points one chore or habit is worth, at most (0 = none).
    package static let maxPoints = 1000
    /// The most a reward may cost.
    package static let maxPrice = 100_000
    /// The most rewards a family keeps.
    package static let maxRewards = 100
    /// The most requests one child may have waiting.
    package static let maxPendingPerChild = 20
    /// The longest ledger reason kept (an item's name at the time).
    package static let maxReason = 200

    package enum Kind: String, Sendable, CaseIterable {
        case chore, habit, reward, allowance
    }

    package struct Entry: Equatable, Sendable {
        package let memberID: MemberID
        package let amount: Int64
        package let reason: String
        package let kind: Kind
        package let item: Int64
        package let day: LocalDate
        /// Who made the change (nil once removed, or for the server itself).
        package let by: MemberID?
        package let at: Int64
    }

    package struct Reward: Equatable, Sendable {
        package let id: Int64
        package let name: String
        package let price: Int64
        package let emoji: String?
    }

    package enum Status: String, Sendable {
        case pending, approved, declined
    }

    package struct Request: Equatable, Sendable {
        package let id: Int64
        package let rewardID: Int64
        package let memberID: MemberID
        /// The reward's name, emoji and price when it was asked for.
        package let name: String
        package let emoji: String?
        package let price: Int64
        package let status: Status
        package let requestedAt: Int64
    }

    /// Why a reward write was refused; nothing was written.
    package enum Refusal: Error, Equatable {
        case notFound
        /// The request was already approved or declined.
        case decided
        /// The balance does not cover the price.
        case notEnough(balance: Int64, price: Int64)
        /// The child already has `maxPendingPerChild` requests waiting.
        case tooManyPending
        /// The family already has `maxRewards` rewards.
        case tooManyRewards
    }

    // MARK: - Balances and the ledger

    package func balance(of member: MemberID) throws -> Int64 {
        try instance.read { try Self.balance(member, $0) }
    }

    /// Every member with a balance row.
    package func balances() throws -> [MemberID: Int64] {
        try instance.read { connection in
            var all: [MemberID: Int64] = [:]
            for row in try connection.query("SELECT member_id, balance FROM points_balances") {
                all[MemberID(row.int64(0))] = row.int64(1)
            }
            return all
        }
    }

    /// The member's ledger, newest first; rows whose amount went back to 0 (undone) included.
    package func ledger(of member: MemberID, limit: Int = 10_000) throws -> [Entry] {
        try instance.read { connection in
            try connection.query("""
                SELECT member_id, amount, reason, kind, item, day, by_member, at FROM points_ledger
                WHERE member_id = ? ORDER BY at DESC, id DESC LIMIT ?
                """, [.integer(member.rawValue), .integer(Int64(limit))]).compactMap { row in
                guard let kind = Kind(rawValue: row.string(3)), let day = LocalDate(iso: row.string(5)) else { return nil }
                return Entry(memberID: MemberID(row.int64(0)), amount: row.int64(1), reason: row.string(2), kind: kind,
                             item: row.int64(4), day: day, by: row.optionalInt64(6).map(MemberID.init), at: row.int64(7))
            }
        }
    }

    /// The instance migration that made the points' tables.
    package static let schemaVersion = 17

    /// What `dawn check` reports of an instance database: a line per member whose ledger
    /// does not sum to their balance.
    package static func problems(_ instance: Database) throws -> [String] {
        try Points(instance: instance).mismatches().map {
            "the points of member \($0.member.rawValue): the ledger sums to \($0.ledger), the balance is \($0.balance)"
        }
    }

    /// Members whose ledger sum and balance differ (`dawn check`): (member, sum, balance).
    package func mismatches() throws -> [(member: MemberID, ledger: Int64, balance: Int64)] {
        try instance.read { connection in
            try connection.query("""
                SELECT m.id, coalesce((SELECT sum(amount) FROM points_ledger WHERE member_id = m.id), 0),
                       coalesce((SELECT balance FROM points_balances WHERE member_id = m.id), 0)
                FROM members AS m
                """).compactMap { row in
                row.int64(1) == row.int64(2) ? nil : (MemberID(row.int64(0)), row.int64(1), row.int64(2))
            }
        }
    }

    /// Sets the ledger row of (member, item, day, kind) to what the item's state is worth:
    /// done keeps an earned amount (or earns `points`), not done sets it to 0. The balance
    /// moves by the difference in the same transaction. Only children earn: for anyone
    /// else nothing is written. Returns the change to the balance.
    @discardableResult
    package static func settle(_ connection: Connection, member: MemberID, kind: Kind, item: Int64, day: LocalDate,
                               done: Bool, points: Int, reason: String, by: MemberID?, now: Int64) throws -> Int64 {
        let existing = try connection.queryOne("""
            SELECT amount FROM points_ledger WHERE member_id = ? AND item = ? AND day = ? AND kind = ?
            """, [.integer(member.rawValue), .integer(item), .text(day.description), .text(kind.rawValue)])?.int64(0)
        let old = existing ?? 0
        let new: Int64 = done ? (old != 0 ? old : Int64(max(0, min(points, maxPoints)))) : 0
        guard new != old else { return 0 }
        if existing == nil {
            let isChild = try connection.queryOne("SELECT is_child FROM members WHERE id = ?", [.integer(member.rawValue)])?.int(0)
            guard isChild == 1 else { return 0 }
        }
        try connection.run("""
            INSERT INTO points_ledger (member_id, amount, reason, kind, item, day, by_member, at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (member_id, item, day, kind) DO UPDATE SET amount = excluded.amount, reason = excluded.reason,
                by_member = excluded.by_member, at = excluded.at
            """, [.integer(member.rawValue), .integer(new), .text(String(reason.prefix(maxReason))), .text(kind.rawValue),
                  .integer(item), .text(day.description), by.map { .integer($0.rawValue) } ?? .null, .integer(now)])
        try addToBalance(connection, member, new - old)
        return new - old
    }

    private static func addToBalance(_ connection: Connection, _ member: MemberID, _ delta: Int64) throws {
        try connection.run("""
            INSERT INTO points_balances (member_id, balance) VALUES (?, ?)
            ON CONFLICT (member_id) DO UPDATE SET balance = balance + excluded.balance
            """, [.integer(member.rawValue), .integer(delta)])
    }

    private static func balance(_ member: MemberID, _ connection: Connection) throws -> Int64 {
        try connection.queryOne("SELECT balance FROM points_balances WHERE member_id = ?",
                                [.integer(member.rawValue)])?.int64(0) ?? 0
    }

    // MARK: - Habits' points

    /// The points a guardian gave the child's habits, by habit.
    package func habitPoints(of member: MemberID) throws -> [Int64: Int] {
        try instance.read { connection in
            var points: [Int64: Int] = [:]
            for row in try connection.query("SELECT habit_id, points FROM habit_points WHERE member_id = ?",
                                            [.integer(member.rawValue)]) {
                points[row.int64(0)] = row.int(1)
            }
            return points
        }
    }

    /// Sets (0: removes) the points of the member's habit.
    package func setHabitPoints(_ points: Int, habit: Int64, of member: MemberID) throws {
        try instance.write { connection in
            if points == 0 {
                try connection.run("DELETE FROM habit_points WHERE member_id = ? AND habit_id = ?",
                                   [.integer(member.rawValue), .integer(habit)])
            } else {
                try connection.run("""
                    INSERT INTO habit_points (member_id, habit_id, points) VALUES (?, ?, ?)
                    ON CONFLICT (member_id, habit_id) DO UPDATE SET points = excluded.points
                    """, [.integer(member.rawValue), .integer(habit), .integer(Int64(points))])
            }
        }
    }

    /// After a check-off or undo of the member's habit: the ledger row of the habit's day
    /// set to `done` (the habit's points, if it has any). Nothing is written when the habit
    /// has no points and never earned any that day.
    @discardableResult
    package func settleHabit(_ habit: Int64, of member: MemberID, day: LocalDate, done: Bool, reason: String,
                             by: MemberID?, now: Int64) throws -> Int64 {
        // Read first: a habit without points, never earned that day, writes nothing.
        let known = try instance.read { connection in
            try connection.queryOne("""
                SELECT EXISTS (SELECT 1 FROM habit_points WHERE member_id = ?1 AND habit_id = ?2)
                    OR EXISTS (SELECT 1 FROM points_ledger WHERE member_id = ?1 AND item = ?2 AND day = ?3 AND kind = 'habit')
                """, [.integer(member.rawValue), .integer(habit), .text(day.description)])?.int(0) ?? 0
        }
        guard known == 1 else { return 0 }
        return try instance.write { connection in
            let points = try connection.queryOne("SELECT points FROM habit_points WHERE member_id = ? AND habit_id = ?",
                                                 [.integer(member.rawValue), .integer(habit)])?.int(0) ?? 0
            return try Self.settle(connection, member: member, kind: .habit, item: habit, day: day, done: done,
                                   points: points, reason: reason, by: by, now: now)
        }
    }

    // MARK: - Weekly allowance

    /// Each child's weekly allowance (none: absent).
    package func allowances() throws -> [MemberID: Int] {
        try instance.read { connection in
            var all: [MemberID: Int] = [:]
            for row in try connection.query("SELECT member_id, points FROM allowances") {
                all[MemberID(row.int64(0))] = row.int(1)
            }
            return all
        }
    }

    /// Sets (0: removes) the child's weekly allowance, credited from their next week start on.
    package func setAllowance(_ points: Int, of child: MemberID) throws {
        try instance.write { connection in
            if points == 0 {
                try connection.run("DELETE FROM allowances WHERE member_id = ?", [.integer(child.rawValue)])
            } else {
                try connection.run("""
                    INSERT INTO allowances (member_id, points) VALUES (?, ?)
                    ON CONFLICT (member_id) DO UPDATE SET points = excluded.points
                    """, [.integer(child.rawValue), .integer(Int64(points))])
            }
        }
    }

    /// Credits the child's allowance for the week starting `weekStart`, once (the ledger
    /// row of kind `allowance` for that day); 0 when it already was, or they have none.
    /// Read first, so a look that finds it done writes nothing.
    @discardableResult
    package func creditAllowance(_ child: MemberID, weekStart: LocalDate, now: Int64) throws -> Int64 {
        let pending = try instance.read { connection in
            try connection.queryOne("""
                SELECT 1 FROM allowances WHERE member_id = ?1
                    AND NOT EXISTS (SELECT 1 FROM points_ledger WHERE member_id = ?1 AND item = 0 AND day = ?2
                                    AND kind = 'allowance')
                """, [.integer(child.rawValue), .text(weekStart.description)]) != nil
        }
        guard pending else { return 0 }
        return try instance.write { connection in
            let points = try connection.queryOne("SELECT points FROM allowances WHERE member_id = ?",
                                                 [.integer(child.rawValue)])?.int(0) ?? 0
            return try Self.settle(connection, member: child, kind: .allowance, item: 0, day: weekStart, done: points > 0,
                                   points: points, reason: "allowance", by: nil, now: now)
        }
    }

    // MARK: - Rewards

    package func rewards() throws -> [Reward] {
        try instance.read { connection in
            try connection.query("SELECT id, name, price, emoji FROM rewards WHERE archived_at IS NULL ORDER BY price, id")
                .map { Reward(id: $0.int64(0), name: $0.string(1), price: $0.int64(2), emoji: $0.optionalString(3)) }
        }
    }

    package func reward(_ id: Int64) throws -> Reward? {
        try instance.read { connection in
            try connection.queryOne("SELECT id, name, price, emoji FROM rewards WHERE id = ? AND archived_at IS NULL",
                                    [.integer(id)])
                .map { Reward(id: $0.int64(0), name: $0.string(1), price: $0.int64(2), emoji: $0.optionalString(3)) }
        }
    }

    /// Adds a reward; `tooManyRewards` beyond `maxRewards` (counted in the write).
    package func addReward(name: String, price: Int64, emoji: String?, by: MemberID, now: Int64) throws -> Int64 {
        try instance.write { connection in
            let count = try connection.queryOne("SELECT count(*) FROM rewards WHERE archived_at IS NULL")?.int(0) ?? 0
            guard count < Self.maxRewards else { throw Refusal.tooManyRewards }
            try connection.run("INSERT INTO rewards (name, price, emoji, created_by, created_at) VALUES (?, ?, ?, ?, ?)",
                               [.text(name), .integer(price), emoji.map(SQLValue.text) ?? .null, .integer(by.rawValue),
                                .integer(now)])
            return connection.lastInsertRowID
        }
    }

    /// Takes a reward off the list (requests already made keep their copy).
    package func removeReward(_ id: Int64, now: Int64) throws -> Bool {
        try instance.write { connection in
            try connection.run("UPDATE rewards SET archived_at = ? WHERE id = ? AND archived_at IS NULL",
                               [.integer(now), .integer(id)]) == 1
        }
    }

    /// A child asks for a reward; the request keeps the reward's name and price as they are
    /// now. Throws `Refusal` (no such reward, too many waiting).
    package func request(_ reward: Int64, by child: MemberID, now: Int64) throws -> Request {
        try instance.write { connection in
            guard let row = try connection.queryOne("SELECT name, price, emoji FROM rewards WHERE id = ? AND archived_at IS NULL",
                                                    [.integer(reward)]) else { throw Refusal.notFound }
            let pending = try connection.queryOne("SELECT count(*) FROM reward_requests WHERE member_id = ? AND status = 'pending'",
                                                  [.integer(child.rawValue)])?.int(0) ?? 0
            guard pending < Self.maxPendingPerChild else { throw Refusal.tooManyPending }
            try connection.run("""
                INSERT INTO reward_requests (reward_id, member_id, name, emoji, price, status, requested_at)
                VALUES (?, ?, ?, ?, ?, 'pending', ?)
                """, [.integer(reward), .integer(child.rawValue), .text(row.string(0)), row.value(2), .integer(row.int64(1)),
                      .integer(now)])
            return Request(id: connection.lastInsertRowID, rewardID: reward, memberID: child, name: row.string(0),
                           emoji: row.optionalString(2), price: row.int64(1), status: .pending, requestedAt: now)
        }
    }

    package func requestByID(_ id: Int64) throws -> Request? {
        try instance.read { try Self.request(id, $0) }
    }

    /// The requests of `members`, waiting ones first, then the latest decided (at most `limit`).
    package func requests(of members: [MemberID], limit: Int = 200) throws -> [Request] {
        guard !members.isEmpty else { return [] }
        return try instance.read { connection in
            let marks = Array(repeating: "?", count: members.count).joined(separator: ", ")
            return try connection.query("""
                SELECT \(Self.requestColumns) FROM reward_requests WHERE member_id IN (\(marks))
                ORDER BY status <> 'pending', requested_at DESC, id DESC LIMIT ?
                """, members.map { .integer($0.rawValue) } + [.integer(Int64(limit))]).compactMap(Self.request)
        }
    }

    /// Waiting requests per child.
    package func pendingCounts() throws -> [MemberID: Int] {
        try instance.read { connection in
            var counts: [MemberID: Int] = [:]
            for row in try connection.query("SELECT member_id, count(*) FROM reward_requests WHERE status = 'pending' GROUP BY member_id") {
                counts[MemberID(row.int64(0))] = row.int(1)
            }
            return counts
        }
    }

    /// Approves a waiting request: in one transaction (`BEGIN IMMEDIATE`, so two approvals
    /// run one after the other), checks the child's balance covers the price, debits it
    /// and marks the request approved. `notEnough` refuses an overdraft; nothing written.
    package func approve(_ id: Int64, by guardian: MemberID, day: LocalDate, now: Int64) throws -> Request {
        try instance.write { connection in
            guard let request = try Self.request(id, connection) else { throw Refusal.notFound }
            guard request.status == .pending else { throw Refusal.decided }
            let balance = try Self.balance(request.memberID, connection)
            guard balance >= request.price else { throw Refusal.notEnough(balance: balance, price: request.price) }
            try connection.run("""
                INSERT INTO points_ledger (member_id, amount, reason, kind, item, day, by_member, at)
                VALUES (?, ?, ?, 'reward', ?, ?, ?, ?)
                """, [.integer(request.memberID.rawValue), .integer(-request.price), .text(String(request.name.prefix(Self.maxReason))),
                      .integer(id), .text(day.description), .integer(guardian.rawValue), .integer(now)])
            try Self.addToBalance(connection, request.memberID, -request.price)
            try connection.run("UPDATE reward_requests SET status = 'approved', decided_by = ?, decided_at = ? WHERE id = ?",
                               [.integer(guardian.rawValue), .integer(now), .integer(id)])
            return request
        }
    }

    /// Declines a waiting request; nothing is debited.
    package func decline(_ id: Int64, by guardian: MemberID, now: Int64) throws -> Request {
        try instance.write { connection in
            guard let request = try Self.request(id, connection) else { throw Refusal.notFound }
            guard request.status == .pending else { throw Refusal.decided }
            try connection.run("UPDATE reward_requests SET status = 'declined', decided_by = ?, decided_at = ? WHERE id = ?",
                               [.integer(guardian.rawValue), .integer(now), .integer(id)])
            return request
        }
    }

    private static let requestColumns = "id, reward_id, member_id, name, emoji, price, status, requested_at"

    private static func request(_ row: Row) -> Request? {
        guard let status = Status(rawValue: row.string(6)) else { return nil }
        return Request(id: row.int64(0), rewardID: row.int64(1), memberID: MemberID(row.int64(2)), name: row.string(3),
                       emoji: row.optionalString(4), price: row.int64(5), status: status, requestedAt: row.int64(7))
    }

    private static func request(_ id: Int64, _ connection: Connection) throws -> Request? {
        try connection.queryOne("SELECT \(requestColumns) FROM reward_requests WHERE id = ?", [.integer(id)]).flatMap(request)
    }
}
