import Accounts
import FamilyData
import Foundation
import Store
import Synchronization
import XCTest

/// A fresh directory under the system temp folder, removed when the test is done.
final class TemporaryDirectory {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "accounts-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    func exists(_ relativePath: String) -> Bool {
        FileManager.default.fileExists(atPath: path + "/" + relativePath)
    }
}

/// A clock the test moves by hand.
final class TestClock: Sendable {
    private let seconds: Atomic<Int64>

    init(_ start: Int64 = 1_700_000_000) {
        seconds = Atomic(start)
    }

    var now: Int64 { seconds.load(ordering: .relaxed) }

    func set(_ value: Int64) {
        seconds.store(value, ordering: .relaxed)
    }

    func advance(by delta: Int64) {
        seconds.add(delta, ordering: .relaxed)
    }
}

enum Fixtures {
    /// The real instance schema: the accounts' tables live in it (`FamilyData`'s `InstanceSchema`).
    static let instanceMigrations = InstanceSchema.migrations
    static let memberMigrations = [
        Migration(version: 1, sql: "CREATE TABLE member_settings (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL) STRICT;")
    ]

    static let password = "correct horse battery"
    /// Hashed once for the whole run: yescrypt is slow on purpose.
    static let passwordHash: String = try! PasswordHasher.hash(Password(password))
}

/// A family over a new data directory in `directory`, on `clock`. The session cache is
/// off unless asked for, so tests see every database effect at once.
func makeFamily(
    in directory: TemporaryDirectory, clock: TestClock = TestClock(),
    memberMigrations: [Migration] = Fixtures.memberMigrations, sessionCacheSeconds: Int64 = 0
) throws -> Family {
    let data = try DataDirectory(
        root: directory.path + "/data", instanceMigrations: Fixtures.instanceMigrations, memberMigrations: memberMigrations)
    return Family(data: data, now: { clock.now }, sessionCacheSeconds: sessionCacheSeconds)
}

extension Family {
    @discardableResult
    func add(_ username: String, admin: Bool = false, child: Bool = false, timeZone: String = "UTC") throws -> Member {
        try addMember(
            username: Username(username), displayName: DisplayName(username.capitalized),
            passwordHash: Fixtures.passwordHash, isAdmin: admin, timeZone: timeZone, isChild: child)
    }

    @discardableResult
    func setUp(admin username: String = "mum") throws -> Member {
        try createFirstAdmin(
            username: Username(username), displayName: DisplayName("Mum"), passwordHash: Fixtures.passwordHash,
            timeZone: "Europe/Rome")
    }

    func count(_ table: String) throws -> Int {
        try data.instance.read { try $0.queryOne("SELECT count(*) FROM \(table)")?.int(0) ?? -1 }
    }

    func storedLastSeen(_ tokenHash: [UInt8]) throws -> Int64? {
        try data.instance.read {
            try $0.queryOne("SELECT last_seen_at FROM sessions WHERE token_hash = ?", [.blob(tokenHash)])?.int64(0)
        }
    }
}

/// Fails unless `body` throws exactly `expected`.
func assertThrows<T>(
    _ expected: AccountError, file: StaticString = #filePath, line: UInt = #line,
    _ body: () throws -> T
) {
    do {
        _ = try body()
        XCTFail("expected \(expected), but nothing was thrown", file: file, line: line)
    } catch {
        XCTAssertEqual(error as? AccountError, expected, file: file, line: line)
    }
}
