import Domain
import Store
import TimeZones
import XCTest
@testable import FamilyData

/// Family chores as stored in the instance database: the limit, one completion per chore
/// and day, the refusals (future, not due, archived, someone else's), a removed member's
/// completions kept as "a former member", archiving hiding a chore from every day, the
/// revision every change bumps, and the statistics counted by hand.
final class FamilyChoresStoreTests: XCTestCase {
    private var folder = ""
    private let today = LocalDate(iso: "2026-03-11")!  // a Wednesday

    override func tearDown() {
        if !folder.isEmpty { _ = try? FileManager.default.removeItem(atPath: folder) }
    }

    private func store() throws -> FamilyChores {
        folder = NSTemporaryDirectory() + "dawn-chores-\(UInt64.random(in: 0...UInt64.max))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return FamilyChores(instance: try Database.open(path: folder + "/instance.sqlite", migrations: InstanceSchema.migrations))
    }

    private func member(_ chores: FamilyChores, _ name: String) throws -> MemberID {
        try chores.instance.write { connection in
            try connection.run("""
                INSERT INTO members (username, display_name, password_hash, is_admin, created_at) VALUES (?, ?, 'x', 0, 0)
                """, [.text(name.lowercased()), .text(name)])
            return MemberID(connection.lastInsertRowID)
        }
    }

    private func add(_ chores: FamilyChores, _ name: String, _ schedule: HabitSchedule = .daily,
                     startsOn: LocalDate? = nil) throws -> Int64 {
        try chores.add(name: HabitName(name), mark: HabitEmoji("🐕"), color: nil, schedule: schedule,
                       startsOn: startsOn ?? LocalDate(iso: "2026-03-01")!, now: 1)
    }

    private func count(_ chores: FamilyChores, _ sql: String) throws -> Int {
        try chores.instance.read { try $0.queryOne(sql)?.int(0) ?? -1 }
    }

    func testAtMostOneHundredChoresArchivedOnesIncluded() throws {
        let chores = try store()
        XCTAssertEqual(FamilyChores.maxChores, 100)
        for index in 1...FamilyChores.maxChores {
            let id = try add(chores, "Chore \(index)")
            if index % 2 == 0 { XCTAssertTrue(try chores.setArchived(id, true, now: 2)) }
        }
        XCTAssertThrowsError(try add(chores, "One too many")) { error in
            XCTAssertEqual(error as? FamilyChores.LimitReached, FamilyChores.LimitReached(limit: 100))
        }
        XCTAssertEqual(try count(chores, "SELECT count(*) FROM chores"), 100, "nothing added")
    }

    func testOneCompletionPerChoreAndDayAndWhoDidIt() throws {
        let chores = try store()
        let anna = try member(chores, "Anna"), ben = try member(chores, "Ben")
        let dog = try add(chores, "Walk the dog")
        XCTAssertEqual(try chores.check(dog, on: today, by: anna, today: today, now: 100), .checked)
        guard case let .alreadyDone(first) = try chores.check(dog, on: today, by: ben, today: today, now: 101) else {
            return XCTFail("a second check-off must not replace the first")
        }
        XCTAssertEqual(first.memberID, anna)
        XCTAssertEqual(try count(chores, "SELECT count(*) FROM chore_completions"), 1)
        let day = try chores.day(today)
        XCTAssertEqual(day.map(\.chore.name), ["Walk the dog"])
        XCTAssertEqual(day.first?.done?.displayName, "Anna")
        // The table refuses a second row for the same day whatever the code does.
        XCTAssertThrowsError(try chores.instance.write { connection in
            try connection.run("INSERT INTO chore_completions (chore_id, day, member_id, done_at) VALUES (?, ?, ?, 1)",
                               [.integer(dog), .text(today.description), .integer(ben.rawValue)])
        })
        // Yesterday is its own day.
        XCTAssertEqual(try chores.check(dog, on: today.adding(days: -1), by: ben, today: today, now: 102), .checked)
        XCTAssertEqual(try chores.day(today.adding(days: -1)).first?.done?.memberID, ben)
    }

    func testRefusalsWriteNothing() throws {
        let chores = try store()
        let anna = try member(chores, "Anna"), ben = try member(chores, "Ben")
        let dog = try add(chores, "Walk the dog")
        let bins = try add(chores, "Bins", .weekdays([.monday]))  // 2026-03-11 is a Wednesday
        let fresh = try add(chores, "New", startsOn: today)
        func refused(_ expected: FamilyChores.Refusal, _ body: () throws -> Any) {
            XCTAssertThrowsError(try body()) { XCTAssertEqual($0 as? FamilyChores.Refusal, expected) }
        }
        refused(.future) { try chores.check(dog, on: today.adding(days: 1), by: anna, today: today, now: 1) }
        refused(.notDue) { try chores.check(bins, on: today, by: anna, today: today, now: 1) }
        refused(.notDue) { try chores.check(fresh, on: today.adding(days: -1), by: anna, today: today, now: 1) }
        refused(.notFound) { try chores.check(9_999, on: today, by: anna, today: today, now: 1) }
        XCTAssertTrue(try chores.setArchived(dog, true, now: 5))
        refused(.archived) { try chores.check(dog, on: today, by: anna, today: today, now: 1) }
        XCTAssertEqual(try count(chores, "SELECT count(*) FROM chore_completions"), 0)

        // Undo: one's own, or an admin's of anyone's; another member's is refused.
        XCTAssertEqual(try chores.check(fresh, on: today, by: anna, today: today, now: 1), .checked)
        refused(.notYours) { try chores.undo(fresh, on: today, by: ben, mayUndoOthers: false, today: today) }
        XCTAssertEqual(try count(chores, "SELECT count(*) FROM chore_completions"), 1)
        XCTAssertTrue(try chores.undo(fresh, on: today, by: ben, mayUndoOthers: true, today: today))
        XCTAssertFalse(try chores.undo(fresh, on: today, by: anna, mayUndoOthers: false, today: today), "nothing to undo")
        XCTAssertEqual(try chores.check(fresh, on: today, by: anna, today: today, now: 1), .checked)
        XCTAssertTrue(try chores.undo(fresh, on: today, by: anna, mayUndoOthers: false, today: today))
        XCTAssertEqual(try count(chores, "SELECT count(*) FROM chore_completions"), 0)
    }

    func testARemovedMembersCompletionsStayAsAFormerMember() throws {
        let chores = try store()
        let anna = try member(chores, "Anna"), ben = try member(chores, "Ben")
        let dog = try add(chores, "Walk the dog")
        _ = try chores.check(dog, on: today, by: anna, today: today, now: 1)
        let before = try chores.revision()
        try chores.instance.write { try $0.run("DELETE FROM members WHERE id = ?", [.integer(anna.rawValue)]) }
        XCTAssertGreaterThan(try chores.revision(), before, "pages showing Anna's name change")
        let done = try XCTUnwrap(chores.day(today).first?.done)
        XCTAssertNil(done.memberID)
        XCTAssertNil(done.displayName)
        // Only an admin can undo a former member's check-off.
        XCTAssertThrowsError(try chores.undo(dog, on: today, by: ben, mayUndoOthers: false, today: today))
        XCTAssertTrue(try chores.undo(dog, on: today, by: ben, mayUndoOthers: true, today: today))
    }

    func testArchivingHidesAChoreFromEveryDayAndRestoringBringsItBack() throws {
        let chores = try store()
        let anna = try member(chores, "Anna")
        let dog = try add(chores, "Walk the dog"), cat = try add(chores, "Feed the cat")
        _ = try chores.check(dog, on: today, by: anna, today: today, now: 1)
        XCTAssertTrue(try chores.setArchived(dog, true, now: 2))
        XCTAssertEqual(try chores.day(today).map(\.chore.id), [cat])
        XCTAssertEqual(try chores.day(today.adding(days: -3)).map(\.chore.id), [cat])
        XCTAssertEqual(try chores.all().map(\.id), [cat, dog], "archived ones last")
        XCTAssertTrue(try chores.setArchived(dog, false, now: 3))
        XCTAssertEqual(try chores.day(today).map(\.chore.id), [dog, cat])
        XCTAssertEqual(try chores.day(today).first?.done?.memberID, anna, "its completions were kept")
        XCTAssertFalse(try chores.setArchived(9_999, true, now: 4))
    }

    func testEditChangesScheduleAndEveryChangeBumpsTheRevision() throws {
        let chores = try store()
        let anna = try member(chores, "Anna")
        var revision = try chores.revision()
        func bumped(_ line: UInt = #line) throws {
            let now = try chores.revision()
            XCTAssertGreaterThan(now, revision, line: line)
            revision = now
        }
        let dog = try add(chores, "Walk the dog")
        try bumped()
        XCTAssertTrue(try chores.edit(dog, name: HabitName("Walk Rex"), mark: HabitEmoji("🦮"), color: HabitColor.mint.rgb,
                                      schedule: .weekdays([.monday, .wednesday])))
        try bumped()
        let edited = try XCTUnwrap(chores.chore(dog))
        XCTAssertEqual([edited.name, edited.mark, edited.color], ["Walk Rex", "🦮", "#48DBAB"])
        XCTAssertTrue(edited.isDue(on: today))
        XCTAssertFalse(edited.isDue(on: today.adding(days: 1)))
        _ = try chores.check(dog, on: today, by: anna, today: today, now: 1)
        try bumped()
        try chores.instance.write { try $0.run("UPDATE members SET display_name = 'Annie' WHERE id = ?", [.integer(anna.rawValue)]) }
        try bumped()
        _ = try chores.undo(dog, on: today, by: anna, mayUndoOthers: false, today: today)
        try bumped()
        XCTAssertFalse(try chores.edit(9_999, name: HabitName("x"), mark: HabitEmoji("🦮"), color: nil, schedule: .daily))
    }

    /// Hand-counted: March 2–8 2026 (Monday to Sunday), today Wednesday the 11th.
    func testTallyCountsWhoDidItAndDueDaysNobodyDid() throws {
        let chores = try store()
        let anna = try member(chores, "Anna"), ben = try member(chores, "Ben"), carl = try member(chores, "Carl")
        let dog = try add(chores, "Walk the dog")  // every day from March 1
        let bins = try add(chores, "Bins", .weekdays([.monday, .thursday]))
        let late = try add(chores, "Late", startsOn: LocalDate(iso: "2026-03-06")!)
        func check(_ id: Int64, _ day: String, _ who: MemberID) throws {
            XCTAssertEqual(try chores.check(id, on: LocalDate(iso: day)!, by: who, today: today, now: 1), .checked)
        }
        try check(dog, "2026-03-02", anna)
        try check(dog, "2026-03-03", anna)
        try check(dog, "2026-03-04", ben)
        try check(dog, "2026-03-08", carl)
        try check(dog, "2026-03-09", anna)  // outside the week
        try check(bins, "2026-03-05", ben)  // Thursday; Monday the 2nd not done
        try check(late, "2026-03-07", carl)
        try chores.instance.write { try $0.run("DELETE FROM members WHERE id = ?", [.integer(carl.rawValue)]) }
        let tally = try chores.tally(from: LocalDate(iso: "2026-03-02")!, through: LocalDate(iso: "2026-03-08")!)
        XCTAssertEqual(tally.map(\.chore.id), [dog, bins, late])
        XCTAssertEqual(tally[0].doers.map { [$0.displayName ?? "former", String($0.count)] },
                       [["Anna", "2"], ["Ben", "1"], ["former", "1"]])
        XCTAssertEqual([tally[0].dueDays, tally[0].notDone], [7, 3])
        XCTAssertEqual([tally[1].dueDays, tally[1].notDone], [2, 1])
        XCTAssertEqual(tally[1].doers.map(\.memberID), [ben])
        XCTAssertEqual([tally[2].dueDays, tally[2].notDone], [3, 2], "due from March 6 only")
        // A stretch ending before it starts counts nothing.
        let none = try chores.tally(from: LocalDate(iso: "2026-03-02")!, through: LocalDate(iso: "2026-03-01")!)
        XCTAssertEqual(none.map(\.dueDays), [0, 0, 0])
    }
}
