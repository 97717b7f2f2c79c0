import Foundation
import XCTest
@testable import Store

final class MigrationTests: XCTestCase {
    private var directory: TemporaryDirectory!
    private var path: String { directory.file("member.sqlite") }

    private let history = [
        Migration(version: 1, sql: "CREATE TABLE habit (id INTEGER PRIMARY KEY, name TEXT NOT NULL)"),
        Migration(version: 2, sql: "ALTER TABLE habit ADD COLUMN emoji TEXT NOT NULL DEFAULT '🙂'"),
        Migration(version: 3, sql: "INSERT INTO habit (name, emoji) VALUES ('Read', '📚')"),
    ]

    override func setUpWithError() throws {
        directory = try TemporaryDirectory()
    }

    override func tearDown() {
        directory = nil
    }

    private func tables(_ database: Database) throws -> [String] {
        try database.read { try $0.query("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").map { $0.string(0) } }
    }

    private func userVersion(_ database: Database) throws -> Int {
        try database.read { try $0.queryOne("PRAGMA user_version")?.int(0) ?? -1 }
    }

    func testMigrationsApplyInOrder() throws {
        let database = try Database.open(path: path, migrations: history)
        defer { database.close() }
        XCTAssertEqual(database.schemaVersion, 3)
        XCTAssertEqual(try userVersion(database), 3)
        let row = try database.read { try $0.queryOne("SELECT name, emoji FROM habit") }
        XCTAssertEqual(row?.string(0), "Read")
        XCTAssertEqual(row?.string(1), "📚")
    }

    func testReopeningRunsNothingTwice() throws {
        try Database.open(path: path, migrations: history).close()
        let database = try Database.open(path: path, migrations: history)
        defer { database.close() }
        XCTAssertEqual(database.schemaVersion, 3)
        XCTAssertEqual(try database.read { try $0.queryOne("SELECT count(*) FROM habit")?.int(0) }, 1)
    }

    func testOnlyNewMigrationsRunOnUpgrade() throws {
        let old = try Database.open(path: path, migrations: Array(history.prefix(1)))
        XCTAssertEqual(old.schemaVersion, 1)
        try old.write { try $0.run("INSERT INTO habit (name) VALUES (?)", ["Walk"]) }
        old.close()

        let upgraded = try Database.open(path: path, migrations: history)
        defer { upgraded.close() }
        XCTAssertEqual(upgraded.schemaVersion, 3)
        let rows = try upgraded.read { try $0.query("SELECT name, emoji FROM habit ORDER BY id").map { [$0.string(0), $0.string(1)] } }
        XCTAssertEqual(rows, [["Walk", "🙂"], ["Read", "📚"]])
    }

    /// Backups and checks open a database as found: an older one stays older, and a
    /// snapshot of it is the older version's data (what a rollback needs).
    func testOpeningWithoutMigratingLeavesTheSchemaAsFound() throws {
        let old = try Database.open(path: path, migrations: Array(history.prefix(1)))
        try old.write { try $0.run("INSERT INTO habit (name) VALUES (?)", ["Walk"]) }
        old.close()

        let asFound = try Database.open(path: path, migrations: history, migrate: false)
        XCTAssertEqual(asFound.schemaVersion, 1)
        XCTAssertEqual(try userVersion(asFound), 1)
        let snapshot = directory.file("snapshot.sqlite")
        try asFound.backup(to: snapshot)
        asFound.close()
        let copy = try Database.open(path: snapshot, migrations: history, migrate: false)
        XCTAssertEqual(copy.schemaVersion, 1)
        XCTAssertEqual(try copy.read { try $0.query("PRAGMA table_info(habit)").map { $0.string(1) } }, ["id", "name"])
        copy.close()

        // Still refused when newer than this build knows.
        XCTAssertThrowsError(try Database.open(path: path, migrations: [], migrate: false)) {
            guard case StoreError.newerSchema = $0 else { return XCTFail("\($0)") }
        }
    }

    func testAFailingMigrationLeavesVersionAndSchemaUntouched() throws {
        let broken = history.prefix(1) + [
            Migration(version: 2, sql: """
                CREATE TABLE journal (day TEXT PRIMARY KEY);
                ALTER TABLE habit ADD COLUMN colour TEXT;
                INSERT INTO no_such_table VALUES (1);
                """),
        ]
        XCTAssertThrowsError(try Database.open(path: path, migrations: Array(broken))) { error in
            guard case StoreError.migrationFailed(let failedPath, let version, let underlying) = error else {
                return XCTFail("\(error)")
            }
            XCTAssertEqual(failedPath, path)
            XCTAssertEqual(version, 2)
            guard case .sqlite(_, let message, let sql) = underlying else { return XCTFail("\(underlying)") }
            XCTAssertTrue(message.contains("no such table: no_such_table"), message)
            XCTAssertTrue(sql.hasPrefix("INSERT INTO no_such_table VALUES (1);"), sql)
        }
        let database = try Database.open(path: path, migrations: Array(history.prefix(1)))
        defer { database.close() }
        XCTAssertEqual(try userVersion(database), 1)
        XCTAssertEqual(try tables(database), ["habit"])
        let columns = try database.read { try $0.query("SELECT name FROM pragma_table_info('habit')").map { $0.string(0) } }
        XCTAssertEqual(columns, ["id", "name"])
    }

    func testAMigrationBreakingForeignKeysIsRolledBack() throws {
        let migrations = [
            Migration(version: 1, sql: """
                CREATE TABLE habit (id INTEGER PRIMARY KEY);
                CREATE TABLE instance (habit_id INTEGER REFERENCES habit(id) DEFERRABLE INITIALLY DEFERRED);
                """),
            Migration(version: 2, sql: "INSERT INTO instance VALUES (7)"),
        ]
        XCTAssertThrowsError(try Database.open(path: path, migrations: migrations)) { error in
            XCTAssertTrue((error as? StoreError)?.isConstraintViolation == true, "\(error)")
        }
        let database = try Database.open(path: path, migrations: Array(migrations.prefix(1)))
        defer { database.close() }
        XCTAssertEqual(try userVersion(database), 1)
        XCTAssertEqual(try database.read { try $0.queryOne("SELECT count(*) FROM instance")?.int(0) }, 0)
    }

    func testAMigrationCannotCommitHalfway() throws {
        let migrations = history.prefix(1) + [
            Migration(version: 2, sql: "CREATE TABLE early (x); COMMIT; CREATE TABLE late (x)"),
        ]
        XCTAssertThrowsError(try Database.open(path: path, migrations: Array(migrations)))
        let database = try Database.open(path: path, migrations: Array(history.prefix(1)))
        defer { database.close() }
        XCTAssertEqual(try userVersion(database), 1)
        XCTAssertEqual(try tables(database), ["habit"])
    }

    func testANewerDatabaseIsRefusedAndLeftByteForByteUnchanged() throws {
        let current = try Database.open(path: path, migrations: history)
        // A VACUUM INTO copy is in rollback-journal mode, so switching it to WAL before the
        // version check would change its header: this catches that as well.
        try current.backup(to: directory.file("rollback-journal.sqlite"))
        current.close()

        for name in ["member.sqlite", "rollback-journal.sqlite"] {
            let before = try directory.bytes(of: name)
            XCTAssertFalse(directory.exists(name + "-wal"))
            XCTAssertThrowsError(try Database.open(path: directory.file(name), migrations: Array(history.prefix(2)))) { error in
                XCTAssertEqual(error as? StoreError, .newerSchema(path: directory.file(name), found: 3, supported: 2))
                XCTAssertTrue("\(error)".contains("newer"))
            }
            XCTAssertEqual(try directory.bytes(of: name), before, name)
            XCTAssertFalse(directory.exists(name + "-wal"), name)
        }
    }

    func testAnEmptyMigrationListOpensAtVersionZero() throws {
        let database = try Database.open(path: path, migrations: [])
        defer { database.close() }
        XCTAssertEqual(database.schemaVersion, 0)
    }
}
