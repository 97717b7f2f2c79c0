import Accounts
import Store
import XCTest

final class SessionTests: XCTestCase {
    private var directory: TemporaryDirectory!
    private let clock = TestClock(1_700_000_000)
    private var family: Family!
    private var member: Member!

    override func setUpWithError() throws {
        directory = try TemporaryDirectory()
        family = try makeFamily(in: directory, clock: clock)
        member = try family.setUp()
    }

    func testStartStoresOnlyTheHash() throws {
        let (token, session) = try family.startSession(for: member.id)
        XCTAssertTrue(SessionToken.isWellFormed(token))
        XCTAssertEqual(session.tokenHash, SessionToken.hash(token))
        XCTAssertEqual(session.member, member)
        XCTAssertEqual(session.csrfToken.utf8.count, 43)
        XCTAssertNotEqual(session.csrfToken, token)
        XCTAssertEqual(session.createdAt, clock.now)
        let stored = try family.data.instance.read { try $0.query("SELECT token_hash, csrf_token FROM sessions") }
        XCTAssertEqual(stored.count, 1)
        XCTAssertEqual(stored[0].blob(0), SessionToken.hash(token))
        XCTAssertFalse(stored.contains { $0.string(1) == token || $0.blob(0) == Array(token.utf8) })

        let found = try XCTUnwrap(try family.session(forToken: token))
        XCTAssertEqual(found, session)
        assertThrows(.memberNotFound) { try family.startSession(for: MemberID(999)) }
    }

    func testMalformedUnknownAndForgedTokens() throws {
        let (token, session) = try family.startSession(for: member.id)
        let forged = [
            "", "not a token", token + "A", String(token.dropLast()), token.uppercased(),
            session.csrfToken,  // a CSRF token is not a session token
            String(decoding: session.tokenHash, as: UTF8.self),
            SessionToken.generate(),  // well-formed but unknown
            "' OR 1=1 --",
        ]
        for candidate in forged {
            XCTAssertNil(try family.session(forToken: candidate), candidate)
        }
        XCTAssertNotNil(try family.session(forToken: token))
    }

    func testExpiresAfterThirtyDaysIdleAndRowIsDeleted() throws {
        let start = clock.now
        let (idle, _) = try family.startSession(for: member.id)
        let (boundary, _) = try family.startSession(for: member.id)

        clock.set(start + Family.sessionIdleLimit)
        XCTAssertNotNil(try family.session(forToken: boundary), "exactly 30 days idle is not longer than the limit")

        clock.set(start + Family.sessionIdleLimit + 1)
        XCTAssertNil(try family.session(forToken: idle))
        XCTAssertNil(try family.storedLastSeen(SessionToken.hash(idle)), "the expired row is deleted when found")
        XCTAssertNotNil(try family.session(forToken: boundary), "it was used a second ago")
    }

    func testUseKeepsASessionAlive() throws {
        let start = clock.now
        let (token, _) = try family.startSession(for: member.id)
        clock.set(start + 20 * 86_400)
        XCTAssertNotNil(try family.session(forToken: token))
        clock.set(start + 45 * 86_400)
        XCTAssertNotNil(try family.session(forToken: token))
        clock.set(start + 76 * 86_400)
        XCTAssertNil(try family.session(forToken: token))
    }

    func testLastSeenUpdatedAtMostHourly() throws {
        let start = clock.now
        let (token, session) = try family.startSession(for: member.id)

        clock.set(start + Family.lastSeenResolution - 1)
        XCTAssertEqual(try family.session(forToken: token)?.lastSeenAt, start)
        XCTAssertEqual(try family.storedLastSeen(session.tokenHash), start, "no write within the hour")

        clock.set(start + Family.lastSeenResolution)
        XCTAssertEqual(try family.session(forToken: token)?.lastSeenAt, start + Family.lastSeenResolution)
        XCTAssertEqual(try family.storedLastSeen(session.tokenHash), start + Family.lastSeenResolution)

        clock.advance(by: 60)
        XCTAssertEqual(try family.session(forToken: token)?.lastSeenAt, start + Family.lastSeenResolution)
        XCTAssertEqual(try family.storedLastSeen(session.tokenHash), start + Family.lastSeenResolution)
        XCTAssertEqual(try family.session(forToken: token)?.createdAt, start)
    }

    func testEndSessionAndEndAll() throws {
        let (first, _) = try family.startSession(for: member.id)
        let (second, kept) = try family.startSession(for: member.id)
        let (third, _) = try family.startSession(for: member.id)

        try family.endSession(token: first)
        try family.endSession(token: "garbage")
        XCTAssertNil(try family.session(forToken: first))
        XCTAssertNotNil(try family.session(forToken: second))

        try family.endAllSessions(for: member.id, except: kept.tokenHash)
        XCTAssertNil(try family.session(forToken: third))
        XCTAssertNotNil(try family.session(forToken: second))

        try family.endAllSessions(for: member.id, except: nil)
        XCTAssertNil(try family.session(forToken: second))
        XCTAssertEqual(try family.count("sessions"), 0)
    }

    func testPruneExpiredSessions() throws {
        let start = clock.now
        _ = try family.startSession(for: member.id)
        clock.set(start + 10 * 86_400)
        let (recent, _) = try family.startSession(for: member.id)
        clock.set(start + Family.sessionIdleLimit + 1)
        XCTAssertEqual(try family.pruneExpiredSessions(), 1)
        XCTAssertEqual(try family.count("sessions"), 1)
        XCTAssertNotNil(try family.session(forToken: recent))
        XCTAssertEqual(try family.pruneExpiredSessions(), 0)
    }
}
