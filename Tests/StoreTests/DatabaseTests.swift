import Locks
import Foundation
import XCTest
@testable import Store

final class DatabaseTests: XCTestCase {
    private var directory: TemporaryDirectory!

    private let habits = [
        Migration(version: 1, sql: """
            CREATE TABLE habit (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
            CREATE TABLE instance (id INTEGER PRIMARY KEY, habit_id INTEGER NOT NULL REFERENCES habit(id));
            """),
    ]

    override func setUpWithError() throws {
        directory = try TemporaryDirectory()
    }

    override func tearDown() {
        directory = nil
    }

    private func openHabits() throws -> Database {
        try Database.open(path: directory.file("habits.sqlite"), migrations: habits)
    }

    private func habitCount(_ database: Database) throws -> Int {
        try database.read { try $0.queryOne("SELECT count(*) FROM habit")?.int(0) ?? -1 }
    }

    // MARK: - Opening

    func testOpenCreatesTheFileInWALModeWithForeignKeysOn() throws {
        let database = try openHabits()
        defer { database.close() }
        XCTAssertTrue(directory.exists("habits.sqlite"))
        XCTAssertEqual(database.path, directory.file("habits.sqlite"))
        XCTAssertEqual(database.schemaVersion, 1)
        // Setting pragmas can write, so read() refuses even their getters; write() is fine.
        let (journal, foreignKeys, synchronous) = try database.write { db in
            (
                try db.queryOne("PRAGMA journal_mode")?.string(0),
                try db.queryOne("PRAGMA foreign_keys")?.int(0),
                try db.queryOne("PRAGMA synchronous")?.int(0)
            )
        }
        XCTAssertEqual(journal, "wal")
        XCTAssertEqual(foreignKeys, 1)
        XCTAssertEqual(synchronous, 2)  // FULL: acknowledged writes survive a power cut
    }

    /// Every connection, the writer's and each reader's, keeps a small page cache (in KiB,
    /// hence negative), not SQLite's 2,000 KiB default: a family's connections stay small.
    func testEveryConnectionKeepsASmallPageCache() throws {
        let database = try openHabits()
        defer { database.close() }
        let writer = try database.write { try $0.queryOne("PRAGMA cache_size")?.int(0) }
        XCTAssertEqual(writer, -StoreLimits.pageCacheKiB)
        let reader = try Connection.open(path: database.path, mode: .readOnly)
        defer { reader.close() }
        XCTAssertEqual(try reader.queryOne("PRAGMA cache_size")?.int(0), -StoreLimits.pageCacheKiB)
        XCTAssertEqual(StoreLimits.pageCacheKiB, 1024)
    }

    func testAnInMemoryDatabaseIsAllowedForTests() throws {
        let database = try Database.open(path: ":memory:", migrations: habits)
        defer { database.close() }
        try database.write { try $0.run("INSERT INTO habit (name) VALUES (?)", ["Read"]) }
        XCTAssertEqual(try habitCount(database), 1)
    }

    func testForeignKeysAreEnforced() throws {
        let database = try openHabits()
        defer { database.close() }
        XCTAssertThrowsError(try database.write { try $0.run("INSERT INTO instance (habit_id) VALUES (?)", [42]) }) { error in
            XCTAssertTrue((error as? StoreError)?.isConstraintViolation == true, "\(error)")
        }
    }

    func testANonSQLiteFileIsRefusedAndLeftUnchanged() throws {
        let path = directory.file("notes.sqlite")
        let text = Data(String(repeating: "Dear diary, today was fine.\n", count: 147).utf8.prefix(4096))
        XCTAssertEqual(text.count, 4096)
        try text.write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try Database.open(path: path, migrations: habits)) { error in
            XCTAssertEqual(error as? StoreError, .notADatabase(path: path))
            XCTAssertTrue("\(error)".contains(path))
        }
        XCTAssertEqual(try directory.bytes(of: "notes.sqlite"), text)
        XCTAssertFalse(directory.exists("notes.sqlite-wal"))
    }

    func testADirectoryInTheWayCannotBeOpened() throws {
        let path = directory.file("folder.sqlite")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        XCTAssertThrowsError(try Database.open(path: path, migrations: habits)) { error in
            guard case StoreError.cannotOpen(let failedPath, _) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(failedPath, path)
        }
    }

    // MARK: - Transactions

    func testAWriteThatThrowsRollsBackEverything() throws {
        let database = try openHabits()
        defer { database.close() }
        try database.write { try $0.run("INSERT INTO habit (name) VALUES (?)", ["Read"]) }
        struct Abandon: Error {}
        XCTAssertThrowsError(try database.write { db in
            try db.run("INSERT INTO habit (name) VALUES (?)", ["Run"])
            try db.run("DELETE FROM habit WHERE name = ?", ["Read"])
            throw Abandon()
        }) { error in
            XCTAssertTrue(error is Abandon)
        }
        XCTAssertEqual(try database.read { try $0.query("SELECT name FROM habit").map { $0.string(0) } }, ["Read"])
    }

    func testAConstraintViolationIsReportedAndChangesNothing() throws {
        let database = try openHabits()
        defer { database.close() }
        try database.write { try $0.run("INSERT INTO habit (name) VALUES (?)", ["Read"]) }
        XCTAssertThrowsError(try database.write { db in
            try db.run("INSERT INTO habit (name) VALUES (?)", ["Walk"])
            try db.run("INSERT INTO habit (name) VALUES (?)", ["Read"])
        }) { error in
            guard let error = error as? StoreError else { return XCTFail("\(error)") }
            XCTAssertTrue(error.isConstraintViolation)
            XCTAssertTrue(error.isUniqueViolation)
            XCTAssertEqual(error.resultCode, 2067)  // SQLITE_CONSTRAINT_UNIQUE
            guard case .sqlite(_, let message, let sql) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(message.contains("UNIQUE constraint failed: habit.name"), message)
            XCTAssertEqual(sql, "INSERT INTO habit (name) VALUES (?)")
        }
        XCTAssertEqual(try habitCount(database), 1)
        XCTAssertFalse(StoreError.notADatabase(path: "x").isConstraintViolation)
    }

    func testReadRefusesStatementsThatWrite() throws {
        let database = try openHabits()
        defer { database.close() }
        XCTAssertThrowsError(try database.read { try $0.run("INSERT INTO habit (name) VALUES (?)", ["Read"]) }) { error in
            XCTAssertEqual(error as? StoreError, .writeInRead(sql: "INSERT INTO habit (name) VALUES (?)"))
        }
        XCTAssertThrowsError(try database.read { try $0.execute("DELETE FROM habit") })
        XCTAssertEqual(try habitCount(database), 0)
        // The refusal does not leak into the next write.
        try database.write { try $0.run("INSERT INTO habit (name) VALUES (?)", ["Read"]) }
        XCTAssertEqual(try habitCount(database), 1)
    }

    func testCallersCannotEndTheTransactionEarly() throws {
        let database = try openHabits()
        defer { database.close() }
        struct Abandon: Error {}
        for sql in ["COMMIT", "ROLLBACK", "BEGIN", "SAVEPOINT s", "END"] {
            XCTAssertThrowsError(try database.write { db in
                try db.run("INSERT INTO habit (name) VALUES (?)", ["Read"])
                try db.execute(sql)
                throw Abandon()
            }, sql) { error in
                XCTAssertEqual((error as? StoreError)?.resultCode, 23, "\(sql): \(error)")  // SQLITE_AUTH
            }
        }
        XCTAssertEqual(try habitCount(database), 0)
    }

    // MARK: - Closing

    func testCloseIsIdempotentAndLaterCallsThrowClosed() throws {
        let database = try openHabits()
        database.close()
        database.close()
        XCTAssertThrowsError(try habitCount(database)) { error in
            XCTAssertEqual(error as? StoreError, .closed(path: database.path))
        }
        XCTAssertThrowsError(try database.write { _ in })
        XCTAssertThrowsError(try database.integrityCheck())
        XCTAssertThrowsError(try database.backup(to: directory.file("backup.sqlite")))
        XCTAssertFalse(directory.exists("backup.sqlite"))
    }

    // MARK: - Concurrency

    func testConcurrentWritersAllLand() throws {
        let database = try openHabits()
        defer { database.close() }
        let threads = 8
        let insertsPerThread = 200
        let failures = Lock(0)
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for index in 0..<insertsPerThread {
                do {
                    try database.write { try $0.run("INSERT INTO habit (name) VALUES (?)", [.text("\(thread)-\(index)")]) }
                    _ = try database.read { try $0.queryOne("SELECT count(*) FROM habit") }
                } catch {
                    failures.withLock { $0 += 1 }
                }
            }
        }
        XCTAssertEqual(failures.withLock { $0 }, 0)
        XCTAssertEqual(try habitCount(database), threads * insertsPerThread)
    }

    func testAReadDoesNotWaitForAWriteTransactionInProgress() throws {
        let database = try openHabits()
        defer { database.close() }
        try database.write { try $0.run("INSERT INTO habit (name) VALUES (?)", ["Read"]) }
        let writing = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            try? database.write { db in
                try db.run("INSERT INTO habit (name) VALUES (?)", ["Run"])
                writing.signal()
                // Holds the write transaction (and the writer's lock) open until the test says so.
                _ = release.wait(timeout: .now() + 30)
            }
            finished.signal()
        }
        XCTAssertEqual(writing.wait(timeout: .now() + 10), .success)
        // A read on this thread, meanwhile: it answers from the last committed snapshot.
        let read = DispatchSemaphore(value: 0)
        let seen = Lock<[String]?>(nil)
        Thread.detachNewThread {
            let names = try? database.read { try $0.query("SELECT name FROM habit ORDER BY id").map { $0.string(0) } }
            seen.withLock { $0 = names }
            read.signal()
        }
        let answered = read.wait(timeout: .now() + 10)
        release.signal()
        XCTAssertEqual(answered, .success, "the read waited for the write transaction")
        XCTAssertEqual(seen.withLock { $0 }, ["Read"], "the uncommitted row is not visible")
        XCTAssertEqual(finished.wait(timeout: .now() + 10), .success)
        // Once committed, the next read sees it.
        XCTAssertEqual(try database.read { try $0.query("SELECT name FROM habit ORDER BY id").map { $0.string(0) } }, ["Read", "Run"])
    }

    func testAReadOnlyConnectionRefusesWritesEvenWithoutTheCheck() throws {
        let database = try openHabits()
        defer { database.close() }
        // Reads' connections are opened like this: SQLite refuses a write that got past the check.
        let connection = try Connection.open(path: database.path, mode: .readOnly)
        defer { connection.close() }
        XCTAssertThrowsError(try connection.run("INSERT INTO habit (name) VALUES (?)", ["Sneaky"])) { error in
            XCTAssertEqual((error as? StoreError)?.resultCode.map { $0 & 0xFF }, 8)  // SQLITE_READONLY
        }
        XCTAssertEqual(try habitCount(database), 0)
    }

    func testManyReadsAtOnceEachGetAConnection() throws {
        let database = try openHabits()
        defer { database.close() }
        try database.write { try $0.run("INSERT INTO habit (name) VALUES (?)", ["Read"]) }
        // Four reads inside each other's lifetimes: none waits for another.
        let inside = DispatchSemaphore(value: 0)
        let leave = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        let counts = Lock<[Int]>([])
        for _ in 0..<4 {
            Thread.detachNewThread {
                let count = try? database.read { db -> Int in
                    inside.signal()
                    _ = leave.wait(timeout: .now() + 30)
                    return try db.queryOne("SELECT count(*) FROM habit")?.int(0) ?? -1
                }
                counts.withLock { $0.append(count ?? -1) }
                done.signal()
            }
        }
        for _ in 0..<4 { XCTAssertEqual(inside.wait(timeout: .now() + 10), .success, "a read waited for another") }
        for _ in 0..<4 { leave.signal() }
        for _ in 0..<4 { XCTAssertEqual(done.wait(timeout: .now() + 10), .success) }
        XCTAssertEqual(counts.withLock { $0 }, [1, 1, 1, 1])
        XCTAssertEqual(try habitCount(database), 1)
    }

    // MARK: - Idle memory

    /// Fills the database with a few hundred KiB and reads it all, so the writer's and a
    /// reader's page caches hold pages.
    private func fillAndReadAll(_ database: Database) throws {
        let text = String(repeating: "a long enough name ", count: 40)
        try database.write { db in
            for i in 0..<1_000 { try db.run("INSERT INTO habit (name) VALUES (?)", [.text("\(i) \(text)")]) }
            _ = try db.query("SELECT name FROM habit")
        }
        _ = try database.read { try $0.query("SELECT name FROM habit") }
    }

    /// Connections unused since the cutoff give their memory back (the idle reader and the
    /// writer closed); the database reads and writes as before after it.
    func testIdleConnectionsGiveTheirMemoryBackAndTheDatabaseStillWorks() throws {
        let database = try openHabits()
        defer { database.close() }
        try fillAndReadAll(database)
        let before = MonotonicClock.now - .seconds(3_600)
        XCTAssertEqual(database.releaseIdleMemory(unusedSince: before), 0, "used since the cutoff: kept")
        let held = SQLiteMemory.bytesInUse
        XCTAssertEqual(database.releaseIdleMemory(unusedSince: MonotonicClock.now), 2, "the idle reader and the writer")
        let released = held - SQLiteMemory.bytesInUse
        XCTAssertGreaterThan(released, 400_000, "the two page caches and both schemas are given back")
        XCTAssertEqual(database.releaseIdleMemory(unusedSince: MonotonicClock.now), 0, "nothing left to give back")
        XCTAssertEqual(try habitCount(database), 1_000)
        try database.write { try $0.run("INSERT INTO habit (name) VALUES (?)", ["After"]) }
        XCTAssertEqual(try habitCount(database), 1_001)
    }

    /// A writer closed for being idle opens again as `open` configured it: foreign keys
    /// enforced, FULL sync, its statements prepared afresh; a backup and a check wake it too.
    func testAWriterClosedForIdlenessOpensAgainConfiguredAsBefore() throws {
        let database = try openHabits()
        defer { database.close() }
        try database.write { try $0.run("INSERT INTO habit (name) VALUES (?)", ["Walk"]) }
        XCTAssertEqual(database.releaseIdleMemory(unusedSince: MonotonicClock.now), 1, "the writer (no reader was opened)")
        XCTAssertThrowsError(try database.write { try $0.run("INSERT INTO instance (habit_id) VALUES (?)", [.integer(999)]) }) {
            guard case StoreError.sqlite(let code, _, _) = $0 else { return XCTFail("\($0)") }
            XCTAssertEqual(code, ExtendedResultCode.constraintForeignKey)
        }
        let (foreignKeys, synchronous) = try database.write { db in
            (try db.queryOne("PRAGMA foreign_keys")?.int(0), try db.queryOne("PRAGMA synchronous")?.int(0))
        }
        XCTAssertEqual(foreignKeys, 1)
        XCTAssertEqual(synchronous, 2)
        XCTAssertEqual(database.releaseIdleMemory(unusedSince: MonotonicClock.now), 1)
        XCTAssertEqual(try database.integrityCheck(), [])
        XCTAssertEqual(database.releaseIdleMemory(unusedSince: MonotonicClock.now), 1)
        try database.backup(to: directory.file("copy.sqlite"))
        let copy = try Database.open(path: directory.file("copy.sqlite"), migrations: habits)
        defer { copy.close() }
        XCTAssertEqual(try habitCount(copy), 1)
        // Transaction control is still refused to caller SQL on the reopened handle.
        XCTAssertEqual(database.releaseIdleMemory(unusedSince: MonotonicClock.now), 1)
        XCTAssertThrowsError(try database.write { try $0.execute("COMMIT") })
        XCTAssertEqual(try habitCount(database), 1)
    }

    /// A file removed while its writer slept is not made again, empty: the write fails.
    func testAWriterDoesNotCreateAFileRemovedWhileItWasClosed() throws {
        let database = try openHabits()
        defer { database.close() }
        try database.write { try $0.run("INSERT INTO habit (name) VALUES (?)", ["Walk"]) }
        XCTAssertEqual(database.releaseIdleMemory(unusedSince: MonotonicClock.now), 1)
        try FileManager.default.removeItem(atPath: database.path)
        XCTAssertThrowsError(try database.write { try $0.run("INSERT INTO habit (name) VALUES (?)", ["Again"]) }) {
            XCTAssertEqual($0 as? StoreError, .missing(path: database.path), "\($0)")
        }
        XCTAssertFalse(directory.exists("habits.sqlite"))
    }

    /// An in-memory database is its one connection: giving idle memory back never closes it.
    func testAnInMemoryDatabaseKeepsItsConnectionWhenIdle() throws {
        let database = try Database.open(path: ":memory:", migrations: habits)
        defer { database.close() }
        try database.write { try $0.run("INSERT INTO habit (name) VALUES (?)", ["Kept"]) }
        XCTAssertEqual(database.releaseIdleMemory(unusedSince: MonotonicClock.now), 0)
        XCTAssertEqual(try habitCount(database), 1)
    }

    /// A database closed for good stays closed, asleep or not when it was closed.
    func testCloseAfterIdlenessStaysClosed() throws {
        let database = try openHabits()
        try database.write { try $0.run("INSERT INTO habit (name) VALUES (?)", ["Walk"]) }
        XCTAssertEqual(database.releaseIdleMemory(unusedSince: MonotonicClock.now), 1)
        database.close()
        XCTAssertThrowsError(try database.write { try $0.run("INSERT INTO habit (name) VALUES (?)", ["Again"]) }) {
            XCTAssertEqual($0 as? StoreError, .closed(path: database.path), "\($0)")
        }
        // Nor by giving idle memory back after it was closed (the main thread may hold it still).
        XCTAssertEqual(database.releaseIdleMemory(unusedSince: MonotonicClock.now), 0)
        XCTAssertThrowsError(try database.write { try $0.run("INSERT INTO habit (name) VALUES (?)", ["Again"]) }) {
            XCTAssertEqual($0 as? StoreError, .closed(path: database.path), "\($0)")
        }
    }

    /// A reader lent to a read in progress and a writer inside its transaction are left
    /// alone: only what nobody is using is given back.
    func testConnectionsInUseAreNotTouched() throws {
        let database = try openHabits()
        defer { database.close() }
        try fillAndReadAll(database)
        let inside = DispatchSemaphore(value: 0)
        let leave = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        let count = Lock<Int?>(nil)
        Thread.detachNewThread {
            let read = try? database.read { db -> Int in
                inside.signal()
                _ = leave.wait(timeout: .now() + 30)
                return try db.queryOne("SELECT count(*) FROM habit")?.int(0) ?? -1
            }
            count.withLock { $0 = read }
            done.signal()
        }
        XCTAssertEqual(inside.wait(timeout: .now() + 10), .success)
        let released = try database.write { _ in database.releaseIdleMemory(unusedSince: MonotonicClock.now) }
        XCTAssertEqual(released, 0, "the lent reader and the writer in its transaction are in use")
        leave.signal()
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
        XCTAssertEqual(count.withLock { $0 }, 1_000)
    }

    func testAnInMemoryDatabaseReadsOnItsOneConnection() throws {
        let database = try Database.open(path: ":memory:", migrations: habits)
        defer { database.close() }
        try database.write { try $0.run("INSERT INTO habit (name) VALUES (?)", ["Read"]) }
        XCTAssertEqual(try habitCount(database), 1)
    }

    func testCloseAlsoClosesAReadInProgressWhenItEnds() throws {
        let database = try openHabits()
        let inside = DispatchSemaphore(value: 0)
        let leave = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            _ = try? database.read { db -> Int? in
                inside.signal()
                _ = leave.wait(timeout: .now() + 30)
                return try db.queryOne("SELECT count(*) FROM habit")?.int(0)
            }
            done.signal()
        }
        XCTAssertEqual(inside.wait(timeout: .now() + 10), .success)
        database.close()
        leave.signal()
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
        XCTAssertThrowsError(try habitCount(database)) { error in
            XCTAssertEqual(error as? StoreError, .closed(path: database.path))
        }
    }

    func testOpeningWithoutCreateRefusesAMissingFileAndMakesNone() throws {
        let path = directory.file("gone.sqlite")
        XCTAssertThrowsError(try Database.open(path: path, migrations: habits, create: false)) { error in
            XCTAssertEqual(error as? StoreError, .missing(path: path))
        }
        XCTAssertFalse(directory.exists("gone.sqlite"))
        try Database.open(path: path, migrations: habits).close()
        XCTAssertNoThrow(try Database.open(path: path, migrations: habits, create: false).close())
    }

    // MARK: - Backup and integrity

    func testBackupIsAConsistentCopyThatOpens() throws {
        let database = try openHabits()
        defer { database.close() }
        try database.write { db in
            for name in ["Read", "Run", "Ünïcødé 🌅"] {
                try db.run("INSERT INTO habit (name) VALUES (?)", [.text(name)])
            }
        }
        let target = directory.file("backup.sqlite")
        try database.backup(to: target)
        let attributes = try FileManager.default.attributesOfItem(atPath: target)
        XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o600)

        let copy = try Database.open(path: target, migrations: habits)
        defer { copy.close() }
        XCTAssertEqual(copy.schemaVersion, 1)
        XCTAssertEqual(try copy.integrityCheck(), [])
        let names = { (db: Database) in try db.read { try $0.query("SELECT id, name FROM habit ORDER BY id").map { [$0.value(0), $0.value(1)] } } }
        XCTAssertEqual(try names(copy), try names(database))
        XCTAssertEqual(try names(copy).count, 3)
    }

    func testBackupRefusesAnExistingTarget() throws {
        let database = try openHabits()
        defer { database.close() }
        let target = directory.file("existing.sqlite")
        let original = Data("keep me".utf8)
        try original.write(to: URL(fileURLWithPath: target))
        XCTAssertThrowsError(try database.backup(to: target)) { error in
            XCTAssertEqual(error as? StoreError, .fileExists(path: target))
        }
        XCTAssertEqual(try directory.bytes(of: "existing.sqlite"), original)
    }

    func testIntegrityCheckIsEmptyForASoundDatabase() throws {
        let database = try openHabits()
        defer { database.close() }
        try database.write { try $0.run("INSERT INTO habit (name) VALUES (?)", ["Read"]) }
        XCTAssertEqual(try database.integrityCheck(), [])
    }

    func testIntegrityCheckReportsADamagedDatabase() throws {
        let path = directory.file("damaged.sqlite")
        let database = try Database.open(path: path, migrations: habits)
        try database.write { db in
            try db.execute("CREATE INDEX habit_by_name_length ON habit(length(name))")
            for index in 0..<2000 {
                try db.run("INSERT INTO habit (name) VALUES (?)", [.text("habit number \(index) with some padding")])
            }
        }
        database.close()
        // Overwrite the middle of the file (table and index pages), leaving the header intact.
        let handle = try XCTUnwrap(FileHandle(forUpdatingAtPath: path))
        let size = try handle.seekToEnd()
        try handle.seek(toOffset: size / 2)
        try handle.write(contentsOf: Data(repeating: 0x5A, count: 8192))
        try handle.close()

        let damaged = try Database.open(path: path, migrations: habits)
        defer { damaged.close() }
        let problems = try damaged.integrityCheck()
        XCTAssertFalse(problems.isEmpty)
    }
}
