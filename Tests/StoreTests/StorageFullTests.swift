import CSQLite
import Glibc
import XCTest
@testable import Store

/// A full disk is reported as `StoreError.full`, and the write it stopped leaves nothing behind.
final class StorageFullTests: XCTestCase {
    private var directory: TemporaryDirectory!

    override func setUpWithError() throws {
        directory = try TemporaryDirectory()
    }

    override func tearDown() {
        directory = nil
    }

    private let notes = [Migration(version: 1, sql: "CREATE TABLE note (id INTEGER PRIMARY KEY, body TEXT NOT NULL);")]

    /// `max_page_count` makes SQLite answer SQLITE_FULL exactly as a full disk does.
    func testAWriteThatDoesNotFitIsRolledBackWholeAndReportedAsFull() throws {
        let database = try Database.open(path: directory.file("notes.sqlite"), migrations: notes)
        defer { database.close() }
        try database.write { try $0.run("INSERT INTO note (body) VALUES ('kept')") }
        let pages = try database.write { try $0.queryOne("PRAGMA page_count")?.int(0) ?? 0 }
        try database.write { _ = try $0.queryOne("PRAGMA max_page_count = \(pages + 2)") }
        let big = String(repeating: "x", count: 3_000)
        XCTAssertThrowsError(try database.write { connection in
            for _ in 0..<20 { try connection.run("INSERT INTO note (body) VALUES (?)", [.text(big)]) }
        }) { error in
            guard let error = error as? StoreError else { return XCTFail("\(error)") }
            XCTAssertTrue(error.isStorageFull, "\(error)")
            guard case let .full(path, message, sql) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(path, self.directory.file("notes.sqlite"))
            XCTAssertTrue(message.contains("full"), message)
            XCTAssertEqual(sql, "INSERT INTO note (body) VALUES (?)")
            XCTAssertTrue(error.description.hasPrefix("the disk holding \(path) is full"), error.description)
        }
        // Not one of the rows of the failed write, and the database is sound.
        XCTAssertEqual(try database.read { try $0.query("SELECT body FROM note").map { $0.string(0) } }, ["kept"])
        XCTAssertEqual(try database.integrityCheck(), [])
        // Room again: the same write succeeds.
        try database.write { _ = try $0.queryOne("PRAGMA max_page_count = 1000000") }
        try database.write { connection in
            for _ in 0..<20 { try connection.run("INSERT INTO note (body) VALUES (?)", [.text(big)]) }
        }
        XCTAssertEqual(try database.read { try $0.queryOne("SELECT count(*) FROM note")?.int(0) }, 21)
    }

    func testWhichFailuresMeanAFullDisk() {
        let ioerrWrite = SQLITE_IOERR | (3 << 8)
        let ioerrShmSize = SQLITE_IOERR | (19 << 8)
        let ioerrFsync = SQLITE_IOERR | (4 << 8)
        XCTAssertTrue(StoreError.meansStorageFull(resultCode: SQLITE_FULL, systemErrno: 0))
        XCTAssertTrue(StoreError.meansStorageFull(resultCode: ioerrWrite, systemErrno: ENOSPC))
        XCTAssertTrue(StoreError.meansStorageFull(resultCode: ioerrShmSize, systemErrno: ENOSPC))
        XCTAssertTrue(StoreError.meansStorageFull(resultCode: ioerrFsync, systemErrno: EDQUOT))
        XCTAssertFalse(StoreError.meansStorageFull(resultCode: ioerrWrite, systemErrno: EIO))
        XCTAssertFalse(StoreError.meansStorageFull(resultCode: ioerrWrite, systemErrno: 0))
        XCTAssertFalse(StoreError.meansStorageFull(resultCode: SQLITE_CONSTRAINT, systemErrno: ENOSPC))
        XCTAssertFalse(StoreError.meansStorageFull(resultCode: SQLITE_CORRUPT, systemErrno: 0))
        XCTAssertFalse(StoreError.meansStorageFull(resultCode: SQLITE_BUSY, systemErrno: ENOSPC))
    }

    func testIsStorageFullLooksThroughAFailedMigration() {
        let full = StoreError.full(path: "a", message: "database or disk is full", sql: "INSERT")
        XCTAssertTrue(full.isStorageFull)
        XCTAssertTrue(StoreError.migrationFailed(path: "a", version: 2, underlying: full).isStorageFull)
        XCTAssertFalse(StoreError.sqlite(code: SQLITE_IOERR, message: "disk I/O error", sql: "x").isStorageFull)
        XCTAssertFalse(StoreError.notWritable(path: "a", reason: "No space left on device").isStorageFull)
        XCTAssertNil(full.resultCode)
        XCTAssertFalse(full.isConstraintViolation)
    }
}
