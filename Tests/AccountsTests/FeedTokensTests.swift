@testable import Accounts
import Store
import XCTest

/// Calendar feed links over a real instance schema: one a member, only the hash stored, a
/// new link stopping the old one at once, turned off, gone with their member, checked with no
/// SQL, and read again by another process; the feed's own rate limit on a clock.
final class FeedTokensTests: XCTestCase {
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

    func testALinkIs43RandomCharactersAndOnlyItsHashIsKept() throws {
        let me = try mum
        XCTAssertNil(try family.feedTokens.link(of: me.id))
        let token = try family.feedTokens.replace(for: me.id, now: clock.now)
        XCTAssertEqual(token.utf8.count, 43)
        XCTAssertTrue(token.utf8.allSatisfy { base64URLAlphabet.contains($0) }, token)
        let stored = try family.data.instance.read { try $0.queryOne("SELECT token_hash, created_at FROM feed_tokens")! }
        XCTAssertEqual(stored.blob(0), SHA256.hash(Array(token.utf8)))
        XCTAssertEqual(stored.int64(1), clock.now)
        XCTAssertEqual(try family.feedTokens.link(of: me.id), FeedTokens.Link(createdAt: clock.now))
        XCTAssertEqual(try family.feedTokens.member(forToken: token), me.id)
        for bad in ["", String(token.dropLast()), token + "A", token.uppercased() == token ? token.lowercased() : token.uppercased(),
                    String(repeating: "!", count: 43), "../" + token] {
            XCTAssertNil(try family.feedTokens.member(forToken: bad), bad)
        }
    }

    func testANewLinkStopsTheOldOneAtOnceAndOneMemberHasOne() throws {
        let me = try mum
        let old = try family.feedTokens.replace(for: me.id, now: clock.now)
        clock.advance(by: 60)
        let new = try family.feedTokens.replace(for: me.id, now: clock.now)
        XCTAssertNotEqual(old, new)
        XCTAssertNil(try family.feedTokens.member(forToken: old))
        XCTAssertEqual(try family.feedTokens.member(forToken: new), me.id)
        XCTAssertEqual(try family.count("feed_tokens"), 1)
        XCTAssertEqual(try family.feedTokens.link(of: me.id)?.createdAt, clock.now)
        // Another process reads the same: the old link is unknown there too.
        let other = Family(data: family.data, now: { 0 }, sessionCacheSeconds: 0)
        XCTAssertNil(try other.feedTokens.member(forToken: old))
        XCTAssertEqual(try other.feedTokens.member(forToken: new), me.id)
    }

    func testTurnedOffOrRemovedWithItsMemberItStopsAtOnce() throws {
        let me = try mum
        let dad = try family.add("dad")
        let mine = try family.feedTokens.replace(for: me.id, now: clock.now)
        let his = try family.feedTokens.replace(for: dad.id, now: clock.now)
        XCTAssertEqual(try family.feedTokens.member(forToken: his), dad.id, "each member's link names only them")
        XCTAssertTrue(try family.feedTokens.remove(for: me.id))
        XCTAssertFalse(try family.feedTokens.remove(for: me.id), "nothing left to turn off")
        XCTAssertNil(try family.feedTokens.member(forToken: mine))
        XCTAssertNil(try family.feedTokens.link(of: me.id))
        XCTAssertEqual(try family.feedTokens.member(forToken: his), dad.id)
        try family.removeMember(dad.id, by: me.id)
        XCTAssertNil(try family.feedTokens.member(forToken: his))
        XCTAssertEqual(try family.count("feed_tokens"), 0, "the cascade took the row")
    }

    func testACheckIsAHashAndALookupWithNoSQL() throws {
        let token = try family.feedTokens.replace(for: try mum.id, now: clock.now)
        XCTAssertNotNil(try family.feedTokens.member(forToken: token))
        let before = StatementCounter.total
        for _ in 0..<1_000 {
            XCTAssertNotNil(try family.feedTokens.member(forToken: token))
            XCTAssertNil(try family.feedTokens.member(forToken: String(repeating: "A", count: 43)))
        }
        XCTAssertEqual(StatementCounter.total - before, 0)
    }

    func testTheFeedsRateLimitIsItsOwn() {
        let limit = APIRateLimit(requestsPerWindow: FeedTokens.requestsPerMinute)
        for n in 0..<FeedTokens.requestsPerMinute { XCTAssertNil(limit.admit(1, now: 1_000), "request \(n + 1)") }
        XCTAssertEqual(limit.admit(1, now: 1_010), 50)
        XCTAssertNil(limit.admit(2, now: 1_010), "another link counts apart")
        XCTAssertNil(limit.admit(1, now: 1_060), "a new minute")
    }

    private let base64URLAlphabet = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
}
