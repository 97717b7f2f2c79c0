@testable import HTTPServer
import XCTest

/// When a loop watches its listening socket after accept4 runs out of descriptors,
/// driven by a fake clock.
final class ListenerBackoffTests: XCTestCase {
    private let ms: UInt64 = 1_000_000

    func testWatchesUntilAcceptRunsOutThenPausesFor100Milliseconds() {
        var b = ListenerBackoff(pause: .milliseconds(100))
        XCTAssertTrue(b.isWatching)
        XCTAssertNil(b.resumeDeadline)
        XCTAssertFalse(b.tick(now: 5_000 * ms), "nothing to resume while watching")
        XCTAssertTrue(b.outOfResources(now: 1_000 * ms))
        XCTAssertFalse(b.isWatching)
        XCTAssertEqual(b.resumeDeadline, 1_100 * ms)
        XCTAssertFalse(b.tick(now: 1_100 * ms - 1))
        XCTAssertFalse(b.isWatching)
        XCTAssertTrue(b.tick(now: 1_100 * ms))
        XCTAssertTrue(b.isWatching)
        XCTAssertNil(b.resumeDeadline)
        XCTAssertFalse(b.tick(now: 1_200 * ms), "resumed once, not again")
    }

    func testAClosedConnectionResumesAtOnce() {
        var b = ListenerBackoff(pause: .milliseconds(100))
        XCTAssertFalse(b.connectionClosed(), "already watching: nothing to do")
        _ = b.outOfResources(now: 0)
        XCTAssertTrue(b.connectionClosed())
        XCTAssertTrue(b.isWatching)
        XCTAssertFalse(b.tick(now: 100 * ms), "the timer is void once resumed")
        XCTAssertFalse(b.connectionClosed())
    }

    func testAShortageIsReportedOnceUntilAcceptsSucceedForTheQuietPeriod() {
        var b = ListenerBackoff(pause: .milliseconds(100))
        XCTAssertTrue(b.outOfResources(now: 0), "the first failure starts a shortage")
        XCTAssertTrue(b.tick(now: 100 * ms))
        XCTAssertFalse(b.outOfResources(now: 100 * ms), "still the same shortage")
        XCTAssertEqual(b.resumeDeadline, 200 * ms, "each failure pauses afresh")
        XCTAssertTrue(b.connectionClosed())
        XCTAssertFalse(b.outOfResources(now: 150 * ms))
        XCTAssertTrue(b.tick(now: 250 * ms))
        b.accepted(now: 260 * ms)
        XCTAssertTrue(b.inShortage, "one descriptor freed for a moment does not end the shortage")
        XCTAssertFalse(b.outOfResources(now: 270 * ms), "so running out again is not reported again")
        XCTAssertTrue(b.tick(now: 370 * ms))
        b.accepted(now: 270 * ms + 10_000 * ms - 1)
        XCTAssertTrue(b.inShortage)
        b.accepted(now: 270 * ms + 10_000 * ms)
        XCTAssertFalse(b.inShortage, "ten seconds of accepts since the last failure end it")
        XCTAssertTrue(b.outOfResources(now: 11_000 * ms), "and a new shortage is reported again")
    }

    func testAFailureWhilePausedPushesTheDeadline() {
        // Re-watching can itself fail (epoll_ctl out of memory): the loop pauses again.
        var b = ListenerBackoff(pause: .milliseconds(100))
        _ = b.outOfResources(now: 0)
        _ = b.outOfResources(now: 50 * ms)
        XCTAssertEqual(b.resumeDeadline, 150 * ms)
        XCTAssertFalse(b.tick(now: 100 * ms))
        XCTAssertTrue(b.tick(now: 150 * ms))
    }
}
