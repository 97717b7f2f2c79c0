import Accounts
import Store
import XCTest

final class SignInThrottleTests: XCTestCase {
    private let start: Int64 = 1_700_000_000
    private let kid = MemberID(2)

    private func verdict(_ throttle: SignInThrottle, _ username: String, _ address: String,
                         device: KnownDevice? = nil, at now: Int64) -> SignInThrottle.Verdict {
        throttle.verdict(username: username, address: address, device: device, now: now)
    }

    private func fail(_ throttle: SignInThrottle, _ username: String, _ address: String,
                      device: KnownDevice? = nil, at now: Int64) {
        throttle.recordFailure(username: username, address: address, device: device, now: now)
    }

    func testFifthFailureBlocks() {
        let throttle = SignInThrottle()
        for attempt in 1...4 {
            fail(throttle, "ana", "10.0.0.\(attempt)", at: start + Int64(attempt))
            XCTAssertEqual(verdict(throttle, "ana", "10.0.0.99", at: start + 10), .allowed)
        }
        fail(throttle, "ana", "10.0.0.5", at: start + 5)
        XCTAssertEqual(verdict(throttle, "ana", "10.0.0.99", at: start + 10), .throttled)
        XCTAssertEqual(verdict(throttle, "  ANA ", "10.0.0.99", at: start + 10), .throttled, "usernames are folded")
        XCTAssertEqual(verdict(throttle, "bob", "10.0.0.99", at: start + 10), .allowed)
    }

    func testAddressBlockedAcrossUsernames() {
        let throttle = SignInThrottle()
        for index in 0..<5 {
            fail(throttle, "user\(index)", "203.0.113.7", at: start)
        }
        XCTAssertEqual(verdict(throttle, "someone-new", "203.0.113.7", at: start + 1), .throttled)
        XCTAssertEqual(verdict(throttle, "someone-new", "203.0.113.8", at: start + 1), .allowed)
        XCTAssertEqual(verdict(throttle, "user0", "203.0.113.8", at: start + 1), .allowed)
    }

    func testIPv6AddressesCountByTheir64AndMappedIPv4AsIPv4() {
        let throttle = SignInThrottle()
        for (index, address) in ["2001:db8:a:b::1", "2001:DB8:A:B::2", "2001:db8:a:b:ffff::3",
                                 "2001:0db8:000a:000b:0000:0000:0000:0004", "2001:db8:a:b:1:2:3:4"].enumerated() {
            fail(throttle, "ghost\(index)", address, at: start)
        }
        XCTAssertEqual(verdict(throttle, "new", "2001:db8:a:b:dead:beef::1", at: start), .throttled)
        XCTAssertEqual(verdict(throttle, "new", "2001:db8:a:c::1", at: start), .allowed)

        for index in 0..<5 {
            fail(throttle, "phantom\(index)", index.isMultiple(of: 2) ? "::ffff:192.0.2.9" : "192.0.2.9", at: start)
        }
        XCTAssertEqual(verdict(throttle, "new", "192.0.2.9", at: start), .throttled)
        XCTAssertEqual(verdict(throttle, "new", "::FFFF:192.0.2.9", at: start), .throttled)
        XCTAssertEqual(verdict(throttle, "new", "192.0.2.10", at: start), .allowed)
    }

    func testWindowExpiry() {
        let throttle = SignInThrottle()
        for second in 0..<5 {
            fail(throttle, "ana", "10.0.0.1", at: start + Int64(second))
        }
        // Blocked until the oldest failure is a full window old.
        XCTAssertEqual(verdict(throttle, "ana", "10.0.0.2", at: start + SignInThrottle.window - 1), .throttled)
        XCTAssertEqual(verdict(throttle, "ana", "10.0.0.2", at: start + SignInThrottle.window), .allowed)
        XCTAssertEqual(verdict(throttle, "x", "10.0.0.1", at: start + SignInThrottle.window), .allowed)
        // Old failures do not count towards new ones.
        fail(throttle, "ana", "10.0.0.1", at: start + SignInThrottle.window + 10)
        XCTAssertEqual(verdict(throttle, "ana", "10.0.0.2", at: start + SignInThrottle.window + 10), .allowed)
    }

    func testSuccessClearsTheUsernameOnly() {
        let throttle = SignInThrottle()
        for _ in 0..<5 {
            fail(throttle, "ana", "10.0.0.1", at: start)
        }
        throttle.recordSuccess(username: "Ana", device: nil)
        XCTAssertEqual(verdict(throttle, "ana", "10.0.0.2", at: start), .allowed)
        XCTAssertEqual(verdict(throttle, "ana", "10.0.0.1", at: start), .throttled, "the address keeps its failures")
    }

    func testAKnownDeviceGetsInWhileTheUsernameAndAddressAreThrottled() {
        let throttle = SignInThrottle()
        let tablet = KnownDevice(member: kid, generation: 0)
        for index in 0..<5 {
            fail(throttle, "kid", "198.51.100.\(index)", at: start)
            fail(throttle, "ghost\(index)", "198.51.100.200", at: start)
        }
        XCTAssertEqual(verdict(throttle, "kid", "198.51.100.9", at: start), .throttled)
        XCTAssertEqual(verdict(throttle, "kid", "198.51.100.9", device: tablet, at: start), .allowed)
        XCTAssertEqual(verdict(throttle, "kid", "198.51.100.200", device: tablet, at: start), .allowed,
                       "a family behind one address is not locked out by a guesser there")
        // The known device's success leaves the guesser throttled.
        throttle.recordSuccess(username: "kid", device: tablet)
        XCTAssertEqual(verdict(throttle, "kid", "198.51.100.9", at: start), .throttled)
        XCTAssertEqual(verdict(throttle, "kid", "198.51.100.9", device: KnownDevice(member: kid, generation: 0), at: start), .allowed,
                       "each known browser has a count of its own")
    }

    func testAKnownDeviceHasFiveWrongPasswordsOfItsOwn() {
        let throttle = SignInThrottle()
        let tablet = KnownDevice(member: kid, generation: 0)
        for _ in 0..<5 {
            XCTAssertEqual(verdict(throttle, "kid", "10.0.0.1", device: tablet, at: start), .allowed)
            fail(throttle, "kid", "10.0.0.1", device: tablet, at: start)
        }
        XCTAssertEqual(verdict(throttle, "kid", "10.0.0.1", device: tablet, at: start), .throttled)
        XCTAssertEqual(verdict(throttle, "kid", "10.0.0.2", device: tablet, at: start), .throttled, "whatever the address")
        XCTAssertEqual(verdict(throttle, "kid", "10.0.0.1", at: start), .allowed,
                       "a device's failures lock neither the username nor the address for others")
        XCTAssertEqual(verdict(throttle, "kid", "10.0.0.1", device: tablet, at: start + SignInThrottle.window), .allowed)
        fail(throttle, "kid", "10.0.0.1", device: tablet, at: start + 1)
        throttle.recordSuccess(username: "kid", device: tablet)
        XCTAssertEqual(verdict(throttle, "kid", "10.0.0.1", device: tablet, at: start + 2), .allowed, "success clears it")
    }

    func testTheServerWideBudgetStopsUnknownBrowsersOnly() {
        let throttle = SignInThrottle(failureBudget: 3)
        for index in 0..<3 {
            XCTAssertEqual(verdict(throttle, "ghost\(index)", "10.1.0.\(index)", at: start + 10), .allowed)
            fail(throttle, "ghost\(index)", "10.1.0.\(index)", at: start + 10 + Int64(index))
        }
        XCTAssertEqual(verdict(throttle, "kid", "10.2.0.1", at: start + 12), .overBudget)
        XCTAssertEqual(verdict(throttle, "kid", "10.2.0.1", device: KnownDevice(member: kid, generation: 0), at: start + 12), .allowed)
        // A minute after the oldest of the last three failures, there is room again.
        XCTAssertEqual(verdict(throttle, "kid", "10.2.0.1", at: start + 10 + SignInThrottle.budgetWindow - 1), .overBudget)
        XCTAssertEqual(verdict(throttle, "kid", "10.2.0.1", at: start + 10 + SignInThrottle.budgetWindow), .allowed)
        // Per-username and per-address throttling wins over the budget: 429, not 503.
        for _ in 0..<5 { fail(throttle, "ana", "10.3.0.1", at: start + 100) }
        XCTAssertEqual(verdict(throttle, "ana", "10.3.0.2", at: start + 100), .throttled)
        XCTAssertEqual(SignInThrottle(failureBudget: 0).failureBudget, 1, "at least one")
    }

    func testTheCurrentPasswordCheckCountsPerMemberApart() {
        let throttle = SignInThrottle()
        for _ in 0..<4 { throttle.recordFailure(currentPasswordOf: kid, now: start) }
        XCTAssertFalse(throttle.isBlocked(currentPasswordOf: kid, now: start))
        throttle.recordFailure(currentPasswordOf: kid, now: start)
        XCTAssertTrue(throttle.isBlocked(currentPasswordOf: kid, now: start))
        XCTAssertFalse(throttle.isBlocked(currentPasswordOf: MemberID(3), now: start))
        XCTAssertEqual(verdict(throttle, "kid", "10.0.0.1", at: start), .allowed, "sign-in is not locked by it")
        XCTAssertFalse(throttle.isBlocked(currentPasswordOf: kid, now: start + SignInThrottle.window))
        throttle.recordSuccess(currentPasswordOf: kid)
        XCTAssertFalse(throttle.isBlocked(currentPasswordOf: kid, now: start))
    }

    func testMemoryIsBounded() {
        let throttle = SignInThrottle(failureBudget: 1_000_000)
        for index in 0..<25_000 {
            fail(throttle, "made-up-\(index)", "198.51.100.1", at: start + Int64(index / 100))
            XCTAssertLessThanOrEqual(throttle.trackedKeyCount, SignInThrottle.maxKeys)
        }
        XCTAssertGreaterThan(throttle.trackedKeyCount, SignInThrottle.maxKeys / 2)
        // The newest keys and the busy address survive eviction.
        let now = start + 250
        XCTAssertEqual(verdict(throttle, "x", "198.51.100.1", at: now), .throttled)
        for _ in 0..<4 {
            fail(throttle, "made-up-24999", "192.0.2.1", at: now)
        }
        XCTAssertEqual(verdict(throttle, "made-up-24999", "192.0.2.2", at: now), .throttled)
    }

    func testHugeKeysAreCut() {
        let throttle = SignInThrottle()
        let huge = String(repeating: "a", count: 1_000_000)
        for _ in 0..<5 {
            fail(throttle, huge, huge, at: start)
        }
        XCTAssertEqual(throttle.trackedKeyCount, 2)
        XCTAssertEqual(verdict(throttle, huge, "10.0.0.1", at: start), .throttled)
    }
}
