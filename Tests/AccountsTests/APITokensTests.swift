@testable import Accounts
import Store
import XCTest

/// API tokens over a real instance schema: their shape, their hash alone stored, the name
/// rules, 20 at most, a child's read only, revoked and removed members' tokens gone from
/// memory at once, a check that runs no SQL, last use written at most once a minute, and the
/// per-token rate limit on a clock.
final class APITokensTests: XCTestCase {
    private var directory: TemporaryDirectory!
    private var clock: TestClock!
    private var family: Family!

    override func setUpWithError() throws {
        directory = try TemporaryDirectory()
        clock = TestClock()
        family = try makeFamily(in: directory, clock: clock)
        try family.setUp()
    }

    private var mum: Member { get throws { try XCTUnwrap(family.member(username: Username("mum"))) } }

    private func lastUse(_ id: Int64) throws -> (Int64?, String?) {
        try family.data.instance.read { connection in
            let row = try XCTUnwrap(connection.queryOne("SELECT last_used_at, last_address FROM api_tokens WHERE id = ?", [.integer(id)]))
            return (row.optionalInt64(0), row.optionalString(1))
        }
    }

    func testATokenIsDawnAnd43RandomCharactersAndOnlyItsHashIsKept() throws {
        let made = try family.apiTokens.create(for: mum, name: " Home Assistant ", scope: .write, journal: true, now: clock.now)
        XCTAssertEqual(made.token.count, 48)
        XCTAssertTrue(made.token.hasPrefix("dawn_") && APIToken.isWellFormed(made.token))
        XCTAssertEqual(made.grant, APITokens.Grant(id: made.grant.id, memberID: try mum.id, scope: .write, journal: true))
        let stored = try family.data.instance.read { try $0.queryOne("SELECT token_hash, name FROM api_tokens")! }
        XCTAssertEqual(stored.blob(0), SHA256.hash(Array(made.token.utf8)))
        XCTAssertEqual(stored.string(1), "Home Assistant", "trimmed")
        for bad in ["", "dawn_", String(made.token.dropFirst(5)), made.token + "A", "Dawn_" + made.token.dropFirst(5),
                    "dawn_" + String(repeating: "!", count: 43)] {
            XCTAssertFalse(APIToken.isWellFormed(bad), bad)
            XCTAssertNil(try family.apiTokens.grant(forToken: bad), bad)
        }
        XCTAssertEqual(Set((0..<500).map { _ in APIToken.generate() }).count, 500)
    }

    func testANameIsOneLineOf1To40Characters() {
        XCTAssertEqual(try APITokens.name("  Shortcut  "), "Shortcut")
        XCTAssertEqual(try APITokens.name(String(repeating: "é", count: 40)).count, 40)
        for bad in ["", "   ", String(repeating: "x", count: 41), "two\nlines", "tab\there", "nul\u{0}"] {
            XCTAssertThrowsError(try APITokens.name(bad), bad) { XCTAssertEqual($0 as? APITokens.Refusal, .nameInvalid) }
        }
    }

    func testTwentyAtMostAndAChildsReadOnlyWithNothingWritten() throws {
        let me = try mum
        for n in 1...20 { _ = try family.apiTokens.create(for: me, name: "t\(n)", scope: .read, journal: false, now: clock.now) }
        XCTAssertThrowsError(try family.apiTokens.create(for: me, name: "t21", scope: .read, journal: false, now: clock.now)) {
            XCTAssertEqual($0 as? APITokens.Refusal, .tooMany)
        }
        XCTAssertEqual(try family.count("api_tokens"), 20)
        let kid = try family.add("kid", child: true)
        XCTAssertThrowsError(try family.apiTokens.create(for: kid, name: "Tablet", scope: .write, journal: false, now: clock.now)) {
            XCTAssertEqual($0 as? APITokens.Refusal, .childReadOnly)
        }
        XCTAssertEqual(try family.apiTokens.tokens(of: kid.id), [])
        XCTAssertNoThrow(try family.apiTokens.create(for: kid, name: "Tablet", scope: .read, journal: true, now: clock.now))
    }

    func testRevokedOrRemovedStopsAtOnceAndOnlyItsMemberMayRevoke() throws {
        let me = try mum
        let dad = try family.add("dad")
        let mine = try family.apiTokens.create(for: me, name: "Mine", scope: .read, journal: false, now: clock.now)
        let his = try family.apiTokens.create(for: dad, name: "His", scope: .write, journal: false, now: clock.now)
        XCTAssertEqual(try family.apiTokens.grant(forToken: his.token)?.memberID, dad.id)
        XCTAssertFalse(try family.apiTokens.revoke(his.grant.id, of: me.id), "not Mum's to revoke")
        XCTAssertNotNil(try family.apiTokens.grant(forToken: his.token))
        XCTAssertTrue(try family.apiTokens.revoke(mine.grant.id, of: me.id))
        XCTAssertNil(try family.apiTokens.grant(forToken: mine.token))
        XCTAssertFalse(try family.apiTokens.revoke(mine.grant.id, of: me.id))
        try family.removeMember(dad.id, by: me.id)
        XCTAssertNil(try family.apiTokens.grant(forToken: his.token))
        XCTAssertEqual(try family.count("api_tokens"), 0, "the cascade took the row")
    }

    func testACheckIsAHashAndALookupWithNoSQL() throws {
        let made = try family.apiTokens.create(for: mum, name: "Sensor", scope: .read, journal: false, now: clock.now)
        XCTAssertNotNil(try family.apiTokens.grant(forToken: made.token))
        let before = StatementCounter.total
        for _ in 0..<1_000 {
            XCTAssertEqual(try family.apiTokens.grant(forToken: made.token), made.grant)
            XCTAssertNil(try family.apiTokens.grant(forToken: "dawn_" + String(repeating: "A", count: 43)))
        }
        XCTAssertEqual(StatementCounter.total - before, 0)
        // A second process's view: a fresh store reads the tokens written by the first.
        let other = Family(data: family.data, now: { 0 }, sessionCacheSeconds: 0)
        XCTAssertEqual(try other.apiTokens.grant(forToken: made.token), made.grant)
    }

    func testLastUseIsWrittenFirstThenAtMostOnceAMinuteAndAllAtShutdown() throws {
        let made = try family.apiTokens.create(for: mum, name: "Sensor", scope: .read, journal: false, now: clock.now)
        let tokens = family.apiTokens
        let t0 = clock.now
        XCTAssertTrue(tokens.noteUse(made.grant, at: t0, address: "192.0.2.7"), "never written since start")
        tokens.writeLastUse(of: made.grant.id)
        XCTAssertEqual(try lastUse(made.grant.id).0, t0)
        XCTAssertFalse(tokens.noteUse(made.grant, at: t0 + 30, address: "192.0.2.8"))
        XCTAssertFalse(tokens.noteUse(made.grant, at: t0 + 59, address: "192.0.2.9"))
        XCTAssertEqual(try lastUse(made.grant.id).0, t0, "nothing written within the minute")
        XCTAssertEqual(try tokens.tokens(of: mum.id).first?.lastUsedAt, t0 + 59, "the list shows memory")
        XCTAssertEqual(try tokens.tokens(of: mum.id).first?.lastAddress, "192.0.2.9")
        XCTAssertTrue(tokens.noteUse(made.grant, at: t0 + 60, address: "192.0.2.10"))
        tokens.writeLastUse(of: made.grant.id)
        XCTAssertFalse(tokens.noteUse(made.grant, at: t0 + 70, address: "2001:db8::1"))
        tokens.writeLastUses()
        XCTAssertEqual(try lastUse(made.grant.id).0, t0 + 70)
        XCTAssertEqual(try lastUse(made.grant.id).1, "2001:db8::1")
        let before = StatementCounter.total
        tokens.writeLastUses()
        XCTAssertEqual(StatementCounter.total - before, 0, "nothing left to write")
    }

    func testSixHundredRequestsAMinutePerToken() {
        let limit = APIRateLimit()
        let t0: Int64 = 1_000
        for n in 0..<600 { XCTAssertNil(limit.admit(1, now: t0 + Int64(n / 20)), "request \(n + 1)") }
        XCTAssertEqual(limit.admit(1, now: t0 + 29), 31)
        XCTAssertNil(limit.admit(2, now: t0 + 29), "another token counts apart")
        XCTAssertEqual(limit.admit(1, now: t0 + 59), 1)
        XCTAssertNil(limit.admit(1, now: t0 + 60), "a new minute")
    }
}
