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

    /// Every open database, the instance's and each member's, gives back the memory of its
    /// connections unused for the given time; a member's database reads on afterwards.
    func testIdleMemoryIsGivenBackForEveryOpenDatabase() throws {
        let data = try openData()
        defer { data.closeAll() }
        let member = try data.createMember(MemberID(7))
        try member.write { try $0.run("INSERT INTO note (text) VALUES (?)", ["Walked"]) }
        _ = try member.read { try $0.query("SELECT text FROM note") }
        _ = try data.instance.read { try $0.query("SELECT username FROM account") }
        XCTAssertEqual(data.releaseIdleMemory(unusedFor: .seconds(3_600)), 0)
        // The instance's reader and writer, the member's reader and writer.
        XCTAssertEqual(data.releaseIdleMemory(unusedFor: .zero), 4)
        XCTAssertEqual(try member.read { try $0.queryOne("SELECT text FROM note")?.string(0) }, "Walked")
    }

    func testMemberDatabasesAreCreatedMigratedCachedAndPrivate() throws {
        let data = try openData()
        defer { data.closeAll() }
        let ada = MemberID(1)
        let bob = MemberID(2)
        XCTAssertFalse(data.memberDatabaseExists(ada))

        let first = try data.createMember(ada)
        XCTAssertTrue(data.memberDatabaseExists(ada))
        XCTAssertTrue(FileManager.default.fileExists(atPath: root + "/users/1.sqlite"))
        XCTAssertEqual(first.path, root + "/users/1.sqlite")
        XCTAssertEqual(first.schemaVersion, 2)
        XCTAssertTrue(try data.member(ada) === first)

        try first.write { try $0.run("INSERT INTO note (text) VALUES (?)", ["Ada's secret"]) }
        let bobs = try data.createMember(bob)
        XCTAssertFalse(bobs === first)
        XCTAssertEqual(try bobs.read { try $0.queryOne("SELECT count(*) FROM note")?.int(0) }, 0)
        XCTAssertEqual(try first.read { try $0.queryOne("SELECT count(*) FROM note")?.int(0) }, 1)
    }

    func testConcurrentFirstAccessOpensOneDatabase() throws {
        try openData().createMember(MemberID(5))
        let data = try openData()  // as after a restart: the file exists, nothing is open
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
        XCTAssertThrowsError(try withDescriptorsExhausted { try data.createMember(ada) }) { error in
            XCTAssertEqual(error as? StoreError, .outOfDescriptors(path: root + "/users/1.sqlite"))
            XCTAssertEqual((error as? StoreError)?.isTransient, true)
        }
        // Once descriptors are free again the same call works: no broken handle was kept.
        let database = try data.createMember(ada)
        try database.write { try $0.run("INSERT INTO habit (name) VALUES (?)", ["walk"]) }
        XCTAssertEqual(try database.read { try $0.queryOne("SELECT count(*) FROM habit")?.int(0) }, 1)
    }

    func testAnExistingMemberFileOutOfDescriptorsToo() throws {
        try openData().createMember(MemberID(2)).write { try $0.run("INSERT INTO note (text) VALUES ('x')") }
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
        let database = try data.createMember(ada)
        try database.write { try $0.run("INSERT INTO note (text) VALUES (?)", ["bye"]) }
        let users = root + "/users"
        XCTAssertTrue(FileManager.default.fileExists(atPath: users + "/1.sqlite-wal"))

        try data.removeMember(ada)
        XCTAssertFalse(data.memberDatabaseExists(ada))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: users), [])
        XCTAssertThrowsError(try database.read { _ in }) { error in
            XCTAssertEqual(error as? StoreError, .closed(path: users + "/1.sqlite"))
        }
        // A request still in flight that asks again does not bring the file back.
        XCTAssertThrowsError(try data.member(ada)) { error in
            XCTAssertEqual(error as? StoreError, .missing(path: users + "/1.sqlite"))
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: users), [])
        XCTAssertNoThrow(try data.removeMember(MemberID(99)))
    }

    func testMemberNeverCreatesAMissingDatabaseOnlyCreateMemberDoes() throws {
        let data = try openData()
        defer { data.closeAll() }
        let users = root + "/users"
        XCTAssertThrowsError(try data.member(MemberID(7))) { error in
            XCTAssertEqual(error as? StoreError, .missing(path: users + "/7.sqlite"))
        }
        XCTAssertFalse(data.memberDatabaseExists(MemberID(7)))
        let created = try data.createMember(MemberID(7))
        XCTAssertEqual(created.schemaVersion, 2)
        XCTAssertTrue(try data.member(MemberID(7)) === created)
        // A member file removed behind the server's back (another process) is not re-created either.
        let other = try data.createMember(MemberID(8))
        try data.removeMember(MemberID(8))
        XCTAssertThrowsError(try other.read { _ in })
        XCTAssertFalse(data.memberDatabaseExists(MemberID(8)))
        // A failed creation that was rolled back may hand its id out again: creating clears the removal.
        XCTAssertNoThrow(try data.createMember(MemberID(8)))
        XCTAssertTrue(data.memberDatabaseExists(MemberID(8)))
    }

    func testRemovingAMemberDoesNotHoldUpOtherMembersWhileItsWriteRuns() throws {
        let data = try openData()
        defer { data.closeAll() }
        let ada = try data.createMember(MemberID(1))
        try data.createMember(MemberID(2))
        let writing = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let removed = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            try? ada.write { db in
                try db.run("INSERT INTO note (text) VALUES (?)", ["long import"])
                writing.signal()
                _ = release.wait(timeout: .now() + 30)
            }
        }
        XCTAssertEqual(writing.wait(timeout: .now() + 10), .success)
        Thread.detachNewThread {
            try? data.removeMember(MemberID(1))  // waits for ada's write to end
            removed.signal()
        }
        // Meanwhile another member's database, and a new one, open at once.
        let other = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            if (try? data.member(MemberID(2)).read { try $0.queryOne("SELECT count(*) FROM note") }) != nil,
               (try? data.createMember(MemberID(3))) != nil {
                other.signal()
            }
        }
        let answered = other.wait(timeout: .now() + 10)
        release.signal()
        XCTAssertEqual(answered, .success, "another member waited for the removal")
        XCTAssertEqual(removed.wait(timeout: .now() + 10), .success)
        XCTAssertFalse(data.memberDatabaseExists(MemberID(1)))
    }

    // MARK: - File modes

    func testPrivateModeDropsGroupAndOtherBitsOnly() {
        XCTAssertEqual(StoreFiles.privateMode(0o644), 0o600)
        XCTAssertEqual(StoreFiles.privateMode(0o755), 0o700)
        XCTAssertEqual(StoreFiles.privateMode(0o604), 0o600)
        XCTAssertEqual(StoreFiles.privateMode(0o640 | S_IFREG), 0o600)
        XCTAssertEqual(StoreFiles.privateMode(0o1777), 0o700)
        XCTAssertEqual(StoreFiles.privateMode(0o500 | 0o050), 0o500, "the owner's own bits are kept")
        XCTAssertNil(StoreFiles.privateMode(0o600))
        XCTAssertNil(StoreFiles.privateMode(0o700 | S_IFDIR))
        XCTAssertNil(StoreFiles.privateMode(0o400))
        XCTAssertEqual(StoreFiles.octal(0o644), "0644")
        XCTAssertEqual(StoreFiles.octal(0o7), "0007")
        XCTAssertTrue(StoreFiles.isDatabaseFileName("instance.sqlite"))
        XCTAssertTrue(StoreFiles.isDatabaseFileName("12.sqlite-wal"))
        XCTAssertTrue(StoreFiles.isDatabaseFileName("12.sqlite-shm"))
        XCTAssertTrue(StoreFiles.isDatabaseFileName("12.sqlite-journal"))
        XCTAssertFalse(StoreFiles.isDatabaseFileName("notes.txt"))
        XCTAssertFalse(StoreFiles.isDatabaseFileName("12.sqlite.bak"))
    }

    func testOpeningTightensAFolderAndDatabasesOthersCouldRead() throws {
        try openData().closeAll()
        let users = root + "/users"
        try openData().createMember(MemberID(1))
        let files = [root + "/instance.sqlite", users + "/1.sqlite"]
        XCTAssertEqual(chmod(root, 0o755), 0)
        XCTAssertEqual(chmod(users, 0o750), 0)
        for file in files { XCTAssertEqual(chmod(file, 0o644), 0) }
        // Neither a stray file nor a symlink is touched.
        try Data("x".utf8).write(to: URL(fileURLWithPath: root + "/notes.txt"))
        XCTAssertEqual(chmod(root + "/notes.txt", 0o644), 0)
        XCTAssertEqual(symlink("/etc/hostname", users + "/9.sqlite"), 0)

        let data = try openData()
        defer { data.closeAll() }
        XCTAssertEqual(data.tightened, [
            "tightened \(root) to its owner only: was 0755, now 0700",
            "tightened \(root)/instance.sqlite to its owner only: was 0644, now 0600",
            "tightened \(users) to its owner only: was 0750, now 0700",
            "tightened \(users)/1.sqlite to its owner only: was 0644, now 0600",
        ])
        XCTAssertEqual(try permissions(root), 0o700)
        XCTAssertEqual(try permissions(users), 0o700)
        for file in files { XCTAssertEqual(try permissions(file), 0o600) }
        XCTAssertEqual(try permissions(root + "/notes.txt"), 0o644)
        XCTAssertEqual(try permissions("/etc/hostname").map { $0 & 0o044 }, 0o044)
        // Already private: nothing to say the next time.
        XCTAssertEqual(try openData().tightened, [])
    }

    func testAModeThatCannotBeTightenedIsReportedWithItsPath() {
        let error = StoreError.notPrivate(path: "/srv/dawn/instance.sqlite", mode: 0o644, reason: "Operation not permitted")
        XCTAssertEqual(error.description, "/srv/dawn/instance.sqlite can be read by group or others (mode 0644) and cannot be "
                       + "made private to its owner: Operation not permitted; chown it to the user running Dawn, or chmod go-rwx it")
    }

    func testCloseAllClosesEverything() throws {
        let data = try openData()
        let member = try data.createMember(MemberID(1))
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
