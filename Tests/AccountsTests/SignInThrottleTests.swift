import Accounts
import XCTest

final class SignInThrottleTests: XCTestCase {
    private let start: Int64 = 1_700_000_000

    func testFifthFailureBlocks() {
        let throttle = SignInThrottle()
        for attempt in 1...4 {
            throttle.recordFailure(username: "ana", address: "10.0.0.\(attempt)", now: start + Int64(attempt))
            XCTAssertFalse(throttle.isBlocked(username: "ana", address: "10.0.0.99", now: start + 10))
        }
        throttle.recordFailure(username: "ana", address: "10.0.0.5", now: start + 5)
        XCTAssertTrue(throttle.isBlocked(username: "ana", address: "10.0.0.99", now: start + 10))
        XCTAssertTrue(throttle.isBlocked(username: "  ANA ", address: "10.0.0.99", now: start + 10), "usernames are folded")
        XCTAssertFalse(throttle.isBlocked(username: "bob", address: "10.0.0.99", now: start + 10))
    }

    func testAddressBlockedAcrossUsernames() {
        let throttle = SignInThrottle()
        for index in 0..<5 {
            throttle.recordFailure(username: "user\(index)", address: "203.0.113.7", now: start)
        }
        XCTAssertTrue(throttle.isBlocked(username: "someone-new", address: "203.0.113.7", now: start + 1))
        XCTAssertFalse(throttle.isBlocked(username: "someone-new", address: "203.0.113.8", now: start + 1))
        XCTAssertFalse(throttle.isBlocked(username: "user0", address: "203.0.113.8", now: start + 1))
    }

    func testWindowExpiry() {
        let throttle = SignInThrottle()
        for second in 0..<5 {
            throttle.recordFailure(username: "ana", address: "10.0.0.1", now: start + Int64(second))
        }
        // Blocked until the oldest failure is a full window old.
        XCTAssertTrue(throttle.isBlocked(username: "ana", address: "10.0.0.2", now: start + SignInThrottle.window - 1))
        XCTAssertFalse(throttle.isBlocked(username: "ana", address: "10.0.0.2", now: start + SignInThrottle.window))
        XCTAssertFalse(throttle.isBlocked(username: "x", address: "10.0.0.1", now: start + SignInThrottle.window))
        // Old failures do not count towards new ones.
        throttle.recordFailure(username: "ana", address: "10.0.0.1", now: start + SignInThrottle.window + 10)
        XCTAssertFalse(throttle.isBlocked(username: "ana", address: "10.0.0.2", now: start + SignInThrottle.window + 10))
    }

    func testSuccessClearsTheUsernameOnly() {
        let throttle = SignInThrottle()
        for _ in 0..<5 {
            throttle.recordFailure(username: "ana", address: "10.0.0.1", now: start)
        }
        throttle.recordSuccess(username: "Ana")
        XCTAssertFalse(throttle.isBlocked(username: "ana", address: "10.0.0.2", now: start))
        XCTAssertTrue(throttle.isBlocked(username: "ana", address: "10.0.0.1", now: start), "the address keeps its failures")
    }

    func testMemoryIsBounded() {
        let throttle = SignInThrottle()
        for index in 0..<25_000 {
            throttle.recordFailure(username: "made-up-\(index)", address: "198.51.100.1", now: start + Int64(index / 100))
            XCTAssertLessThanOrEqual(throttle.trackedKeyCount, SignInThrottle.maxKeys)
        }
        XCTAssertGreaterThan(throttle.trackedKeyCount, SignInThrottle.maxKeys / 2)
        // The newest keys and the busy address survive eviction.
        let now = start + 250
        XCTAssertTrue(throttle.isBlocked(username: "x", address: "198.51.100.1", now: now))
        for _ in 0..<4 {
            throttle.recordFailure(username: "made-up-24999", address: "192.0.2.1", now: now)
        }
        XCTAssertTrue(throttle.isBlocked(username: "made-up-24999", address: "192.0.2.2", now: now))
    }

    func testHugeKeysAreCut() {
        let throttle = SignInThrottle()
        let huge = String(repeating: "a", count: 1_000_000)
        for _ in 0..<5 {
            throttle.recordFailure(username: huge, address: huge, now: start)
        }
        XCTAssertEqual(throttle.trackedKeyCount, 2)
        XCTAssertTrue(throttle.isBlocked(username: huge, address: "10.0.0.1", now: start))
    }
}
