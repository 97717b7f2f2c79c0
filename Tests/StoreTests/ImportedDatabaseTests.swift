import Foundation
import XCTest
@testable import Store

/// A database someone else made, opened from its bytes: read only, distrusted, checked.
final class ImportedDatabaseTests: XCTestCase {
    private var directory: TemporaryDirectory!

    override func setUpWithError() throws {
        directory = try TemporaryDirectory()
    }

    /// A small database file's bytes, made with a connection of our own.
    private func file(journalMode: String = "DELETE", _ sql: String) throws -> [UInt8] {
        let path = directory.file("made-\(UUID().uuidString).db")
        do {
            let connection = try Connection.open(path: path)
            _ = try connection.queryOne("PRAGMA journal_mode = \(journalMode)")
            try connection.execute(sql)
            if journalMode == "WAL" { _ = try connection.queryOne("PRAGMA wal_checkpoint(TRUNCATE)") }
        }
        return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    func testItReadsAndNothingWrites() throws {
        let bytes = try file("CREATE TABLE t (x); INSERT INTO t VALUES (1), (2); PRAGMA user_version = 26;")
        let db = try Connection.openImported(bytes)
        XCTAssertEqual(try db.queryOne("PRAGMA user_version")?.int(0), 26)
        XCTAssertEqual(try db.query("SELECT x FROM t ORDER BY x").map { $0.int(0) }, [1, 2])
        XCTAssertThrowsError(try db.run("INSERT INTO t VALUES (3)"))
        XCTAssertThrowsError(try db.execute("CREATE TABLE u (y)"))
        XCTAssertThrowsError(try db.execute("ATTACH DATABASE '\(directory.file("other.db"))' AS other"))
        XCTAssertFalse(directory.exists("other.db"), "nothing was made on disk")
    }

    func testAFileInWALModeReads() throws {
        let bytes = try file(journalMode: "WAL", "CREATE TABLE t (x); INSERT INTO t VALUES (7);")
        XCTAssertEqual(bytes[18], 2, "the header says WAL")
        XCTAssertEqual(try Connection.openImported(bytes).queryOne("SELECT x FROM t")?.int(0), 7)
    }

    func testNotADatabaseOrDamagedIsRefused() throws {
        XCTAssertThrowsError(try Connection.openImported(Array("not a database".utf8)))
        XCTAssertThrowsError(try Connection.openImported(Array(repeating: 0, count: 4096)))
        var bytes = try file("CREATE TABLE t (x); INSERT INTO t VALUES (randomblob(9000));")
        XCTAssertNoThrow(try Connection.openImported(bytes))
        for i in stride(from: 1100, to: min(bytes.count, 6000), by: 7) { bytes[i] ^= 0x5A }
        XCTAssertThrowsError(try Connection.openImported(bytes)) { error in
            XCTAssertEqual(error as? StoreError, .notADatabase(path: "imported database"))
        }
        XCTAssertThrowsError(try Connection.openImported(Array(try file("CREATE TABLE t (x);").prefix(600))))
    }

    /// Its schema is not trusted (its views and triggers may call only innocuous functions),
    /// SQLite guards it defensively, and no statement may write.
    func testItIsOpenedDistrusted() throws {
        let db = try Connection.openImported(try file("CREATE TABLE t (x);"))
        XCTAssertEqual(try db.queryOne("PRAGMA trusted_schema")?.int(0), 0)
        XCTAssertEqual(try db.queryOne("PRAGMA query_only")?.int(0), 1)
        XCTAssertThrowsError(try db.execute("PRAGMA writable_schema = ON; DELETE FROM sqlite_master"))
    }
}
