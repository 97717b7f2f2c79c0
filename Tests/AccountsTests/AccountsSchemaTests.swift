import Accounts
import FamilyData
import Store
import XCTest

final class AccountsSchemaTests: XCTestCase {
    func testInstallsAsInstanceMigrations() throws {
        let directory = try TemporaryDirectory()
        let database = try Database.open(path: directory.path + "/instance.sqlite", migrations: Fixtures.instanceMigrations)
        XCTAssertEqual(database.schemaVersion, InstanceSchema.migrations.count)
        let strict = try database.read { connection in
            try connection.query("SELECT name, strict FROM pragma_table_list WHERE schema = 'main' AND name IN ('members', 'secrets', 'sessions') ORDER BY name")
        }
        XCTAssertEqual(strict.map { $0.string(0) }, ["members", "secrets", "sessions"])
        XCTAssertTrue(strict.allSatisfy { $0.bool(1) })
        let indexes = try database.read { try $0.query("SELECT name FROM pragma_index_list('sessions')") }.map { $0.string(0) }
        XCTAssertTrue(indexes.contains("sessions_by_member"))
    }

    func testRefusesBadRows() throws {
        let directory = try TemporaryDirectory()
        let database = try Database.open(path: directory.path + "/instance.sqlite", migrations: Fixtures.instanceMigrations)
        XCTAssertThrowsError(try database.write {
            try $0.run("INSERT INTO members (username, display_name, password_hash, is_admin, created_at) VALUES ('a', 'A', 'h', 'yes', 0)")
        })
        XCTAssertThrowsError(try database.write {
            try $0.run("INSERT INTO sessions VALUES (x'00', 1, 'c', 0, 0)")
        }, "a session must point at a member and hold a 32-byte hash")
        XCTAssertThrowsError(try database.write {
            try $0.run("INSERT INTO secrets VALUES ('device_key', x'00')")
        }, "a secret is at least 16 bytes")
        try database.write {
            try $0.run("INSERT INTO members (username, display_name, password_hash, is_admin, created_at) VALUES ('a', 'A', 'h', 0, 0)")
        }
        XCTAssertEqual(try database.read { try $0.queryOne("SELECT time_zone FROM members")?.string(0) }, "UTC")
    }
}
