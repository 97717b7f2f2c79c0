import Locks
import Foundation
import XCTest
@testable import Store

final class DataDirectoryTests: XCTestCase {
    private var directory: TemporaryDirectory!
    private var root: String { directory.file("DATA") }

    private let instanceMigrations = [
        Migration(version: 1, sql: "CREATE TABLE account (id INTEGER PRIMARY KEY, username TEXT NOT NULL UNIQUE)"),
    ]
    private let memberMigrations = [
        Migration(version: 1, sql: "CREATE TABLE habit (id INTEGER PRIMARY KEY, name TEXT NOT NULL)"),
        Migration(version: 2, sql: "CREATE TABLE note (id INTEGER PRIMARY KEY, text TEXT NOT NULL)"),
    ]

    override func setUpWithError() throws {
        directory = try TemporaryDirectory()
    }

    override func tearDown() {
        directory = nil
    }

    private func openData() throws -> DataDirectory {
        try DataDirectory(root: root, instanceMigrations: instanceMigrations, memberMigrations: memberMigrations)
    }

    private func permissions(_ path: String) throws -> Int? {
        (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue
    }

    func testCreatesTheFoldersAndMigratesTheInstanceDatabase() throws {
        let data = try openData()
        defer { data.closeAll() }
        XCTAssertEqual(data.root, root)
        XCTAssertEqual(try permissions(root), 0o700)
        XCTAssertEqual(try permissions(root + "/users"), 0o700)
        XCTAssertEqual(data.instance.path, root + "/instance.sqlite")
        XCTAssertEqual(data.instance.schemaVersion, 1)
        try data.instance.write { try $0.run("INSERT INTO account (username) VALUES (?)", ["ada"]) }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: root).sorted().filter { !$0.hasPrefix("instance.sqlite-") },
                       ["instance.sqlite", "users"])  // no probe file left behind
    }

    func testARootUnderARegularFileIsNotWritable() throws {
        let file = directory.file("plain.txt")
        try Data("not a folder".utf8).write(to: URL(fileURLWithPath: file))
        let root = file + "/DATA"
        XCTAssertThrowsError(try DataDirectory(root: root, instanceMigrations: instanceMigrations, memberMigrations: memberMigrations)) { error in
            guard case StoreError.notWritable(let path, let reason) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(path, root)
            XCTAssertFalse(reason.isEmpty)
        }
    }

    func testARootThatIsAFileIsNotWritable() throws {
        try Data("not a folder".utf8).write(to: URL(fileURLWithPath: root))
        XCTAssertThrowsError(try openData()) { error in
            guard case StoreError.notWritable = error else { return XCTFail("\(error)") }
        }
    }

    func testANewerInstanceDatabaseFailsAtStart() throws {
        let newer = instanceMigrations + [Migration(version: 2, sql: "CREATE TABLE session (id TEXT)")]
        try DataDirectory(root: root, instanceMigrations: newer, memberMigrations: memberMigrations).closeAll()
        XCTAssertThrowsError(try openData()) { error in
            XCTAssertEqual(error as? StoreError, .newerSchema(path: root + "/instance.sqlite", found: 2, supported: 1))
        }
    }

    func testMemberDatabasesAreCreatedMigratedCachedAndPrivate() throws {
        let data = try openData()
        defer { data.closeAll() }
        let ada = MemberID(1)
        let bob = MemberID(2)
        XCTAssertFalse(data.memberDatabaseExists(ada))

        let first = try data.member(ada)
        XCTAssertTrue(data.memberDatabaseExists(ada))
        XCTAssertTrue(FileManager.default.fileExists(atPath: root + "/users/1.sqlite"))
        XCTAssertEqual(first.path, root + "/users/1.sqlite")
        XCTAssertEqual(first.schemaVersion, 2)
        XCTAssertTrue(try data.member(ada) === first)

        try first.write { try $0.run("INSERT INTO note (text) VALUES (?)", ["Ada's secret"]) }
        let bobs = try data.member(bob)
        XCTAssertFalse(bobs === first)
        XCTAssertEqual(try bobs.read { try $0.queryOne("SELECT count(*) FROM note")?.int(0) }, 0)
        XCTAssertEqual(try first.read { try $0.queryOne("SELECT count(*) FROM note")?.int(0) }, 1)
    }

    func testConcurrentFirstAccessOpensOneDatabase() throws {
        let data = try openData()
        defer { data.closeAll() }
        let opened = Lock<[ObjectIdentifier]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            if let database = try? data.member(MemberID(5)) {
                opened.withLock { $0.append(ObjectIdentifier(database)) }
            }
        }
        let identities = opened.withLock { $0 }
        XCTAssertEqual(identities.count, 8)
        XCTAssertEqual(Set(identities).count, 1)
    }

    func testOutOfDescriptorsIsATransientErrorAndNothingIsCached() throws {
        let data = try openData()
        defer { data.closeAll() }
        let ada = MemberID(1)
        XCTAssertThrowsError(try withDescriptorsExhausted { try data.member(ada) }) { error in
            XCTAssertEqual(error as? StoreError, .outOfDescriptors(path: root + "/users/1.sqlite"))
            XCTAssertEqual((error as? StoreError)?.isTransient, true)
        }
        // Once descriptors are free again the same call works: no broken handle was kept.
        let database = try data.member(ada)
        try database.write { try $0.run("INSERT INTO habit (name) VALUES (?)", ["walk"]) }
        XCTAssertEqual(try database.read { try $0.queryOne("SELECT count(*) FROM habit")?.int(0) }, 1)
    }

    func testAnExistingMemberFileOutOfDescriptorsToo() throws {
        try openData().member(MemberID(2)).write { try $0.run("INSERT INTO note (text) VALUES ('x')") }
        let data = try openData()  // as after a restart: the file exists, nothing is open
        defer { data.closeAll() }
        for spare in 0...2 {
            // None, or too few descriptors left for the database, its WAL and shared memory.
            XCTAssertThrowsError(try withDescriptorsExhausted(leaving: spare) { try data.member(MemberID(2)) }, "\(spare)") {
                XCTAssertEqual(($0 as? StoreError)?.isTransient, true, "\(spare): \($0)")
            }
        }
        XCTAssertEqual(try data.member(MemberID(2)).read { try $0.queryOne("SELECT count(*) FROM note")?.int(0) }, 1)
    }

    func testOtherOpenFailuresAreNotTransient() {
        XCTAssertFalse(StoreError.cannotOpen(path: "x", reason: "permission denied").isTransient)
        XCTAssertFalse(StoreError.notADatabase(path: "x").isTransient)
        XCTAssertTrue(StoreError.migrationFailed(path: "x", version: 1, underlying: .outOfDescriptors(path: "x")).isTransient)
    }

    func testRemoveMemberClosesAndDeletesItsFiles() throws {
        let data = try openData()
        defer { data.closeAll() }
        let ada = MemberID(1)
        let database = try data.member(ada)
        try database.write { try $0.run("INSERT INTO note (text) VALUES (?)", ["bye"]) }
        let users = root + "/users"
        XCTAssertTrue(FileManager.default.fileExists(atPath: users + "/1.sqlite-wal"))

        try data.removeMember(ada)
        XCTAssertFalse(data.memberDatabaseExists(ada))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: users), [])
        XCTAssertThrowsError(try database.read { _ in }) { error in
            XCTAssertEqual(error as? StoreError, .closed(path: users + "/1.sqlite"))
        }
        // Asking again starts a fresh, empty database.
        let fresh = try data.member(ada)
        XCTAssertEqual(try fresh.read { try $0.queryOne("SELECT count(*) FROM note")?.int(0) }, 0)
        XCTAssertNoThrow(try data.removeMember(MemberID(99)))
    }

    func testCloseAllClosesEverything() throws {
        let data = try openData()
        let member = try data.member(MemberID(1))
        data.closeAll()
        XCTAssertThrowsError(try member.read { _ in })
        XCTAssertThrowsError(try data.instance.read { _ in })
        XCTAssertThrowsError(try data.member(MemberID(1))) { error in
            XCTAssertEqual(error as? StoreError, .closed(path: root))
        }
        data.closeAll()
    }

    func testMemberIDDescribesItsNumber() {
        XCTAssertEqual(MemberID(42).description, "42")
        XCTAssertEqual(MemberID(42), MemberID(42))
    }
}
