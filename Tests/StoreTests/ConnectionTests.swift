import XCTest
@testable import Store

final class ConnectionTests: XCTestCase {
    private var directory: TemporaryDirectory!
    private var database: Database!

    override func setUpWithError() throws {
        directory = try TemporaryDirectory()
        database = try Database.open(path: directory.file("test.sqlite"), migrations: [
            Migration(version: 1, sql: "CREATE TABLE item (id INTEGER PRIMARY KEY, value ANY)"),
        ])
    }

    override func tearDown() {
        database.close()
        database = nil
        directory = nil
    }

    func testEveryValueKindRoundTrips() throws {
        let values: [SQLValue] = [
            .null,
            .integer(Int64.max),
            .integer(Int64.min),
            .real(-2.5),
            .text("Ünïcødé 🌅 家族 \u{0} after NUL"),
            .text(""),
            .blob([0, 0, 255, 0, 1]),
            .blob([]),
        ]
        try database.write { db in
            for value in values {
                try db.run("INSERT INTO item (value) VALUES (?)", [value])
            }
        }
        let read = try database.read { db in
            try db.query("SELECT value FROM item ORDER BY id").map { $0.value(0) }
        }
        XCTAssertEqual(read, values)
    }

    func testTypedAccessors() throws {
        let row = try database.read { db in
            try db.queryOne("SELECT 42, 1.5, 'héllo', NULL, x'00FF00', 0, 7")
        }
        let unwrapped = try XCTUnwrap(row)
        XCTAssertEqual(unwrapped.count, 7)
        XCTAssertEqual(unwrapped.int(0), 42)
        XCTAssertEqual(unwrapped.int64(0), 42)
        XCTAssertEqual(unwrapped.double(1), 1.5)
        XCTAssertEqual(unwrapped.string(2), "héllo")
        XCTAssertEqual(unwrapped.optionalString(2), "héllo")
        XCTAssertNil(unwrapped.optionalString(3))
        XCTAssertNil(unwrapped.optionalInt(3))
        XCTAssertTrue(unwrapped.isNull(3))
        XCTAssertEqual(unwrapped.string(3), "")
        XCTAssertEqual(unwrapped.int(3), 0)
        XCTAssertEqual(unwrapped.blob(4), [0, 255, 0])
        XCTAssertFalse(unwrapped.bool(5))
        XCTAssertTrue(unwrapped.bool(6))
    }

    func testConvenienceInitialisersAndLiterals() {
        XCTAssertEqual(SQLValue(3), .integer(3))
        XCTAssertEqual(SQLValue(true), .integer(1))
        XCTAssertEqual(SQLValue(false), .integer(0))
        XCTAssertEqual(SQLValue(nil as String?), .null)
        XCTAssertEqual(SQLValue("a" as String?), .text("a"))
        let literals: [SQLValue] = [nil, 1, 2.5, "x", true]
        XCTAssertEqual(literals, [.null, .integer(1), .real(2.5), .text("x"), .integer(1)])
    }

    func testRunReturnsChangesAndLastInsertRowID() throws {
        let (id, changed) = try database.write { db in
            try db.run("INSERT INTO item (value) VALUES (?)", ["a"])
            let id = db.lastInsertRowID
            try db.run("INSERT INTO item (value) VALUES (?)", ["b"])
            return (id, try db.run("UPDATE item SET value = ?", ["c"]))
        }
        XCTAssertEqual(id, 1)
        XCTAssertEqual(changed, 2)
    }

    func testQueryOneReturnsNilWithoutRows() throws {
        XCTAssertNil(try database.read { try $0.queryOne("SELECT value FROM item WHERE id = ?", [99]) })
    }

    func testBoundTextIsNeverParsedAsSQL() throws {
        let hostile = "x'); DROP TABLE item; --"
        try database.write { try $0.run("INSERT INTO item (value) VALUES (?)", [.text(hostile)]) }
        let stored = try database.read { try $0.queryOne("SELECT value FROM item")?.string(0) }
        XCTAssertEqual(stored, hostile)
    }

    func testWrongNumberOfBindingsIsAnError() {
        XCTAssertThrowsError(try database.write { try $0.run("INSERT INTO item (value) VALUES (?)", []) }) { error in
            guard case StoreError.sqlite(_, let message, let sql) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(message.contains("1 parameters but 0"), message)
            XCTAssertEqual(sql, "INSERT INTO item (value) VALUES (?)")
        }
    }

    func testSeveralStatementsAreRefusedOutsideExecute() throws {
        XCTAssertThrowsError(try database.write { try $0.run("DELETE FROM item; DROP TABLE item") })
        XCTAssertNoThrow(try database.read { try $0.query("SELECT 1; -- a comment is fine") })
        XCTAssertEqual(try database.read { try $0.query("SELECT name FROM sqlite_master WHERE name = 'item'").count }, 1)
    }

    func testExecuteRunsScripts() throws {
        try database.write { db in
            try db.execute("""
                CREATE TABLE a (x);  -- first
                INSERT INTO a VALUES (1);
                INSERT INTO a VALUES (2);
                """)
        }
        XCTAssertEqual(try database.read { try $0.queryOne("SELECT sum(x) FROM a")?.int(0) }, 3)
    }

    func testErrorsCarryMessageAndSQLButNotValues() throws {
        XCTAssertThrowsError(try database.read { try $0.query("SELECT nope FROM item WHERE value = ?", ["secret"]) }) { error in
            guard case StoreError.sqlite(let code, let message, let sql) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(code, 1)  // SQLITE_ERROR
            XCTAssertTrue(message.contains("no such column: nope"), message)
            XCTAssertEqual(sql, "SELECT nope FROM item WHERE value = ?")
            XCTAssertFalse("\(error)".contains("secret"))
        }
    }

    func testCachedStatementIsReusableAfterAnError() throws {
        try database.write { try $0.execute("CREATE UNIQUE INDEX one_value ON item(value)") }
        let insert = "INSERT INTO item (value) VALUES (?)"
        try database.write { try $0.run(insert, ["a"]) }
        XCTAssertThrowsError(try database.write { try $0.run(insert, ["a"]) })
        try database.write { try $0.run(insert, ["b"]) }
        XCTAssertEqual(try database.read { try $0.query("SELECT value FROM item ORDER BY value").map { $0.string(0) } }, ["a", "b"])
    }

    func testMoreDistinctStatementsThanTheCacheHolds() throws {
        let count = StoreLimits.statementCacheCapacity + 10
        let sums = try database.read { db in
            try (0..<count).map { offset in try db.queryOne("SELECT ? + \(offset)", [1])?.int(0) }
        }
        XCTAssertEqual(sums, (0..<count).map { $0 + 1 })
    }
}
