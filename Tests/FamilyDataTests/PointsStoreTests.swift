import Domain
import Store
import TimeZones
import XCTest
@testable import FamilyData

/// Children's points as stored in the instance database: a chore's check-off credits the
/// child once however often it is repeated, an undo takes the points back, adults earn
/// nothing, a habit's points follow its done state, approvals never overdraw, and after
/// hundreds of random writes the ledger's sum is every balance.
final class PointsStoreTests: XCTestCase {
    private var folder = ""
    private let today = LocalDate(iso: "2026-03-11")!

    override func tearDown() {
        if !folder.isEmpty { _ = try? FileManager.default.removeItem(atPath: folder) }
    }

    private func database() throws -> Database {
        folder = NSTemporaryDirectory() + "dawn-points-\(UInt64.random(in: 0...UInt64.max))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return try Database.open(path: folder + "/instance.sqlite", migrations: InstanceSchema.migrations)
    }

    private func member(_ instance: Database, _ name: String, child: Bool) throws -> MemberID {
        try instance.write { connection in
            try connection.run("""
                INSERT INTO members (username, display_name, password_hash, is_admin, created_at, is_child)
                VALUES (?, ?, 'x', 0, 0, ?)
                """, [.text(name.lowercased()), .text(name), .integer(child ? 1 : 0)])
            return MemberID(connection.lastInsertRowID)
        }
    }

    private func chore(_ chores: FamilyChores, points: Int) throws -> Int64 {
        try chores.add(name: HabitName("Walk the dog"), mark: HabitEmoji("🐕"), color: nil, schedule: .daily,
                       startsOn: LocalDate(iso: "2026-03-01")!, points: points, now: 1)
    }

    private func ledgerSum(_ instance: Database, _ member: MemberID) throws -> Int64 {
        try instance.read {
            try $0.queryOne("SELECT coalesce(sum(amount), 0) FROM points_ledger WHERE member_id = ?",
                            [.integer(member.rawValue)])?.int64(0) ?? -1
        }
    }

    func testAChoreCreditsTheChildOnceAndAnUndoTakesItBack() throws {
        let instance = try database()
        let chores = FamilyChores(instance: instance), points = Points(instance: instance)
        let kid = try member(instance, "Kid", child: true)
        let dog = try chore(chores, points: 15)
        XCTAssertEqual(try chores.check(dog, on: today, by: kid, today: today, now: 10), .checked)
        for _ in 0..<3 { _ = try chores.check(dog, on: today, by: kid, today: today, now: 11) }
        XCTAssertEqual(try points.balance(of: kid), 15, "credited once")
        XCTAssertEqual(try points.ledger(of: kid).count, 1)
        XCTAssertTrue(try chores.undo(dog, on: today, by: kid, mayUndoOthers: false, today: today, now: 12))
        XCTAssertEqual(try points.balance(of: kid), 0, "the undo takes the points back")
        XCTAssertEqual(try ledgerSum(instance, kid), 0)
        XCTAssertEqual(try chores.check(dog, on: today, by: kid, today: today, now: 13), .checked)
        XCTAssertEqual(try points.balance(of: kid), 15, "done again, earned again")
        XCTAssertEqual(try points.ledger(of: kid).count, 1, "still one row for the chore's day")
    }

    func testAdultsEarnNothingAndPointsOutOfRangeAreRefusedByTheSchema() throws {
        let instance = try database()
        let chores = FamilyChores(instance: instance), points = Points(instance: instance)
        let adult = try member(instance, "Anna", child: false)
        let dog = try chore(chores, points: 15)
        _ = try chores.check(dog, on: today, by: adult, today: today, now: 10)
        XCTAssertEqual(try points.balance(of: adult), 0)
        XCTAssertTrue(try points.ledger(of: adult).isEmpty)
        XCTAssertThrowsError(try chore(chores, points: 1001), "the CHECK holds 0–1,000")
        XCTAssertEqual(try instance.read { try $0.queryOne("SELECT count(*) FROM chores")?.int(0) }, 1, "nothing added")
    }

    func testAHabitsPointsFollowItsDoneStateAndAChangedValueKeepsWhatWasEarned() throws {
        let instance = try database()
        let points = Points(instance: instance)
        let kid = try member(instance, "Kid", child: true)
        XCTAssertEqual(try points.settleHabit(7, of: kid, day: today, done: true, reason: "🦷 Teeth", by: kid, now: 1), 0,
                       "no points on the habit: nothing written")
        try points.setHabitPoints(5, habit: 7, of: kid)
        XCTAssertEqual(try points.settleHabit(7, of: kid, day: today, done: true, reason: "🦷 Teeth", by: kid, now: 2), 5)
        XCTAssertEqual(try points.settleHabit(7, of: kid, day: today, done: true, reason: "🦷 Teeth", by: kid, now: 3), 0,
                       "a retry changes nothing")
        try points.setHabitPoints(0, habit: 7, of: kid)
        XCTAssertEqual(try points.settleHabit(7, of: kid, day: today, done: false, reason: "🦷 Teeth", by: kid, now: 4), -5,
                       "points removed later: an undo still takes back what was earned")
        XCTAssertEqual(try points.balance(of: kid), 0)
    }

    func testAnApprovalBeyondTheBalanceIsRefusedAndNothingIsSpent() throws {
        let instance = try database()
        let chores = FamilyChores(instance: instance), points = Points(instance: instance)
        let kid = try member(instance, "Kid", child: true), mum = try member(instance, "Mum", child: false)
        _ = try chores.check(try chore(chores, points: 10), on: today, by: kid, today: today, now: 1)
        let ice = try points.addReward(name: "Ice cream", price: 25, emoji: "🍦", by: mum, now: 2)
        let request = try points.request(ice, by: kid, now: 3)
        XCTAssertThrowsError(try points.approve(request.id, by: mum, day: today, now: 4)) { error in
            XCTAssertEqual(error as? Points.Refusal, .notEnough(balance: 10, price: 25))
        }
        XCTAssertEqual(try points.balance(of: kid), 10)
        XCTAssertEqual(try points.requestByID(request.id)?.status, .pending, "still waiting")
        XCTAssertEqual(try points.ledger(of: kid).count, 1, "no debit written")
    }

    func testTwoApprovalsCannotSpendTheSamePoints() throws {
        let instance = try database()
        let chores = FamilyChores(instance: instance), points = Points(instance: instance)
        let kid = try member(instance, "Kid", child: true), mum = try member(instance, "Mum", child: false)
        _ = try chores.check(try chore(chores, points: 30), on: today, by: kid, today: today, now: 1)
        let toy = try points.addReward(name: "Toy", price: 20, emoji: nil, by: mum, now: 2)
        let first = try points.request(toy, by: kid, now: 3), second = try points.request(toy, by: kid, now: 4)
        let results = Results(), day = today
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            let id = index == 0 ? first.id : second.id
            do {
                _ = try points.approve(id, by: mum, day: day, now: 5)
                results.add(true)
            } catch {
                results.add(false)
            }
        }
        XCTAssertEqual(results.values.filter { $0 }.count, 1, "exactly one approval")
        XCTAssertEqual(try points.balance(of: kid), 10)
        XCTAssertEqual(try ledgerSum(instance, kid), 10)
    }

    func testADecidedRequestCannotBeDecidedAgainAndTheWaitingAreBounded() throws {
        let instance = try database()
        let points = Points(instance: instance)
        let kid = try member(instance, "Kid", child: true), mum = try member(instance, "Mum", child: false)
        let toy = try points.addReward(name: "Toy", price: 1, emoji: nil, by: mum, now: 1)
        let request = try points.request(toy, by: kid, now: 2)
        _ = try points.decline(request.id, by: mum, now: 3)
        XCTAssertThrowsError(try points.approve(request.id, by: mum, day: today, now: 4)) {
            XCTAssertEqual($0 as? Points.Refusal, .decided)
        }
        for _ in 0..<Points.maxPendingPerChild { _ = try points.request(toy, by: kid, now: 5) }
        XCTAssertThrowsError(try points.request(toy, by: kid, now: 6)) { XCTAssertEqual($0 as? Points.Refusal, .tooManyPending) }
        XCTAssertEqual(try points.pendingCounts()[kid], Points.maxPendingPerChild)
    }

    /// 500 random check-offs, undos, requests, approvals and declines over two children:
    /// the ledger's sum is each balance, no balance goes below 0 by an approval, and
    /// `mismatches` (what `dawn check` reports) finds nothing.
    func testTheLedgerSumIsTheBalanceAfterFiveHundredRandomWrites() throws {
        let instance = try database()
        let chores = FamilyChores(instance: instance), points = Points(instance: instance)
        let kids = [try member(instance, "Kid", child: true), try member(instance, "Tot", child: true)]
        let mum = try member(instance, "Mum", child: false)
        let choreIDs = try (1...3).map { try chore(chores, points: $0 * 7) }
        let rewards = try [5, 12, 40].map { try points.addReward(name: "R\($0)", price: Int64($0), emoji: nil, by: mum, now: 1) }
        var random = SystemRandomNumberGenerator()
        var seed = UInt64.random(in: 0...UInt64.max, using: &random)
        func next(_ bound: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int((seed >> 33) % UInt64(bound))
        }
        let days = (0..<4).map { today.adding(days: -$0) }
        var pending: [Int64] = []
        for step in 0..<500 {
            let kid = kids[next(2)], day = days[next(4)], now = Int64(step + 10)
            switch next(5) {
            case 0, 1: _ = try chores.check(choreIDs[next(3)], on: day, by: kid, today: today, now: now)
            case 2: _ = try chores.undo(choreIDs[next(3)], on: day, by: mum, mayUndoOthers: true, today: today, now: now)
            case 3:
                if let request = try? points.request(rewards[next(3)], by: kid, now: now) { pending.append(request.id) }
            default:
                guard !pending.isEmpty else { continue }
                let id = pending.remove(at: next(pending.count))
                if next(3) == 0 {
                    _ = try points.decline(id, by: mum, now: now)
                } else {
                    let before = try points.balance(of: try XCTUnwrap(points.requestByID(id)).memberID)
                    do {
                        _ = try points.approve(id, by: mum, day: today, now: now)
                    } catch Points.Refusal.notEnough(let balance, let price) {
                        XCTAssertEqual(balance, before)
                        XCTAssertLessThan(balance, price)
                    }
                }
            }
        }
        for kid in kids {
            XCTAssertEqual(try ledgerSum(instance, kid), try points.balance(of: kid), "seed \(seed)")
        }
        XCTAssertTrue(try points.mismatches().isEmpty)
        // A hand-edited balance is what `mismatches` reports.
        try instance.write { try $0.run("UPDATE points_balances SET balance = balance + 1 WHERE member_id = ?", [.integer(kids[0].rawValue)]) }
        XCTAssertEqual(try points.mismatches().map(\.member), [kids[0]])
    }
}

private final class Results: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [Bool] = []
    func add(_ value: Bool) { lock.withLock { list.append(value) } }
    var values: [Bool] { lock.withLock { list } }
}
