@testable import Accounts
import Store
import XCTest

/// The few-second session cache: page views skip the database, but every change
/// made through `Family` is seen at once.
final class SessionCacheTests: XCTestCase {
    private var directory: TemporaryDirectory!
    private var family: Family!
    private let clock = TestClock()
    private var member: Member!

    override func setUpWithError() throws {
        directory = try TemporaryDirectory()
        family = try makeFamily(in: directory, clock: clock, sessionCacheSeconds: 5)
        member = try family.setUp()
    }

    /// Deletes the session row behind Family's back, as another process would.
    private func deleteBehindTheBack() throws {
        try family.data.instance.write { try $0.run("DELETE FROM sessions") }
    }

    func testCachedForAFewSecondsThenCheckedAgain() throws {
        let (token, _) = try family.startSession(for: member.id)
        XCTAssertNotNil(try family.session(forToken: token))
        try deleteBehindTheBack()
        clock.advance(by: 4)
        XCTAssertNotNil(try family.session(forToken: token), "within the window the cache answers")
        clock.advance(by: 1)
        XCTAssertNil(try family.session(forToken: token), "after it, the database decides")
    }

    func testEndingASessionIsSeenAtOnce() throws {
        let (token, _) = try family.startSession(for: member.id)
        XCTAssertNotNil(try family.session(forToken: token))
        try family.endSession(token: token)
        XCTAssertNil(try family.session(forToken: token))
    }

    func testPasswordChangeAndRemovalAreSeenAtOnce() throws {
        let kid = try family.add("kid")
        let (kept, keptSession) = try family.startSession(for: kid.id)
        let (other, _) = try family.startSession(for: kid.id)
        XCTAssertNotNil(try family.session(forToken: other))
        try family.setPasswordHash(Fixtures.passwordHash, for: kid.id, keepingSession: keptSession.tokenHash)
        XCTAssertNil(try family.session(forToken: other))
        XCTAssertNotNil(try family.session(forToken: kept))
        try family.removeMember(kid.id, by: member.id)
        XCTAssertNil(try family.session(forToken: kept))
    }

    func testDisplayNameChangeIsSeenAtOnce() throws {
        let (token, _) = try family.startSession(for: member.id)
        XCTAssertEqual(try family.session(forToken: token)?.member.displayName, member.displayName)
        try family.setDisplayName(try DisplayName("Nonna"), for: member.id)
        XCTAssertEqual(try family.session(forToken: token)?.member.displayName, "Nonna")
    }
}
