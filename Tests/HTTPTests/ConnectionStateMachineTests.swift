import HTTP
import XCTest

/// The connection life-cycle driven by a fake clock: no sockets, no sleeping.
final class ConnectionStateMachineTests: XCTestCase {
    private let second: UInt64 = 1_000_000_000

    private var limits: HTTPLimits {
        var l = HTTPLimits()
        l.headerTimeout = .seconds(10)
        l.bodyTimeout = .seconds(30)
        l.idleTimeout = .seconds(60)
        l.writeTimeout = .seconds(30)
        return l
    }

    func testSilentNewConnectionGets408AfterHeaderTimeout() {
        var m = ConnectionStateMachine(limits: limits, now: 0)
        XCTAssertEqual(m.nextDeadline, 10 * second)
        XCTAssertEqual(m.tick(now: 10 * second - 1), .none)
        XCTAssertEqual(m.tick(now: 10 * second), .requestTimeout)
        XCTAssertEqual(m.state, .lingering(since: 10 * second))
    }

    func testSlowHeadIsTimedFromItsStartNotFromTheLastByte() {
        var m = ConnectionStateMachine(limits: limits, now: 0)
        // A slowloris trickling one byte a second never resets the header clock.
        for t in 1...9 { m.bytesReceived(now: UInt64(t) * second) }
        XCTAssertEqual(m.tick(now: 9 * second), .none)
        XCTAssertEqual(m.tick(now: 10 * second), .requestTimeout)
    }

    func testBodyTimeoutCountsSilenceNotTotalTime() {
        var m = ConnectionStateMachine(limits: limits, now: 0)
        m.bytesReceived(now: 1 * second)
        m.headComplete(now: 2 * second)
        XCTAssertEqual(m.state, .readingBody(since: 2 * second, lastActivity: 2 * second))
        // Bytes every 20 s keep the body alive well past 30 s in total.
        m.bytesReceived(now: 22 * second)
        m.bytesReceived(now: 42 * second)
        XCTAssertEqual(m.tick(now: 71 * second), .none)
        XCTAssertEqual(m.tick(now: 72 * second), .requestTimeout)
    }

    func testATrickledBodyGetsATimeInAll() {
        var m = ConnectionStateMachine(limits: limits, now: 0)
        m.headComplete(now: 1 * second)
        // A byte every 29 s is never 30 s of silence, but the whole body has 120 s.
        var t: UInt64 = 1
        while t + 29 < 121 {
            t += 29
            m.bytesReceived(now: t * second)
            XCTAssertEqual(m.tick(now: t * second), .none)
        }
        XCTAssertEqual(m.nextDeadline, 121 * second)
        XCTAssertEqual(m.tick(now: 121 * second - 1), .none)
        XCTAssertEqual(m.tick(now: 121 * second), .requestTimeout)
        XCTAssertEqual(m.state, .lingering(since: 121 * second))
    }

    func testTheWholeBodyClockStartsWithTheBodyNotTheConnection() {
        var m = ConnectionStateMachine(limits: limits, now: 0)
        m.bytesReceived(now: 5 * second)
        m.headComplete(now: 9 * second)
        m.bytesReceived(now: 100 * second)
        XCTAssertEqual(m.tick(now: 128 * second), .none)
        XCTAssertEqual(m.tick(now: 129 * second), .requestTimeout)
    }

    func testNoReadTimeoutWhileTheHandlerRuns() {
        var m = ConnectionStateMachine(limits: limits, now: 0)
        m.requestComplete()
        XCTAssertEqual(m.state, .responding)
        XCTAssertNil(m.nextDeadline)
        XCTAssertEqual(m.tick(now: 1000 * second), .none)
    }

    func testKeepAliveIdleClosesSilentlyAfterIdleTimeout() {
        var m = ConnectionStateMachine(limits: limits, now: 0)
        m.requestComplete()
        m.responseQueued(now: 5 * second, keepAlive: true, hasBufferedInput: false)
        XCTAssertEqual(m.state, .idle(since: 5 * second))
        XCTAssertEqual(m.tick(now: 64 * second), .none)
        XCTAssertEqual(m.tick(now: 65 * second), .close)
        XCTAssertEqual(m.state, .closed)
    }

    func testFirstByteOfNextRequestStartsTheHeaderClock() {
        var m = ConnectionStateMachine(limits: limits, now: 0)
        m.requestComplete()
        m.responseQueued(now: 1 * second, keepAlive: true, hasBufferedInput: false)
        m.bytesReceived(now: 50 * second)
        XCTAssertEqual(m.state, .readingHead(since: 50 * second))
        XCTAssertEqual(m.tick(now: 59 * second), .none)
        XCTAssertEqual(m.tick(now: 60 * second), .requestTimeout)
    }

    func testPipelinedRequestGoesStraightToReadingHead() {
        var m = ConnectionStateMachine(limits: limits, now: 0)
        m.requestComplete()
        m.responseQueued(now: 3 * second, keepAlive: true, hasBufferedInput: true)
        XCTAssertEqual(m.state, .readingHead(since: 3 * second))
    }

    func testConnectionCloseLingersThenCloses() {
        var m = ConnectionStateMachine(limits: limits, now: 0, lingerTimeout: .seconds(2))
        m.requestComplete()
        m.responseQueued(now: 1 * second, keepAlive: false, hasBufferedInput: false)
        XCTAssertEqual(m.state, .lingering(since: 1 * second))
        XCTAssertEqual(m.tick(now: 2 * second), .none)
        XCTAssertEqual(m.tick(now: 3 * second), .close)
    }

    func testALongResponseIsNotCutByTheLingerOrIdleTimeoutWhileItIsWritten() {
        for keepAlive in [false, true] {
            var m = ConnectionStateMachine(limits: limits, now: 0, lingerTimeout: .seconds(2))
            m.requestComplete()
            m.responseQueued(now: 1 * second, keepAlive: keepAlive, hasBufferedInput: false)
            // A 27 MB export going out to a slow reader for 100 s, progressing all along.
            for t in stride(from: 1, through: 100, by: 1) {
                m.outputPending(now: UInt64(t) * second, progressed: true)
                XCTAssertEqual(m.tick(now: UInt64(t) * second + second / 2), .none, "\(keepAlive) at \(t) s")
                XCTAssertEqual(m.nextDeadline, UInt64(t) * second + 30 * second)
            }
            m.outputDrained()
            if keepAlive {
                XCTAssertNotNil(m.nextDeadline)
            } else {
                m.stopReading(now: 101 * second)  // the event loop does this once the output is out
                XCTAssertEqual(m.tick(now: 102 * second), .none)
                XCTAssertEqual(m.tick(now: 103 * second), .close)
            }
        }
    }

    func testStalledWriterIsClosedEvenWhileResponding() {
        var m = ConnectionStateMachine(limits: limits, now: 0)
        m.requestComplete()
        m.responseQueued(now: 0, keepAlive: true, hasBufferedInput: false)
        m.outputPending(now: 1 * second, progressed: false)
        // No progress: the first stall time stands.
        m.outputPending(now: 20 * second, progressed: false)
        XCTAssertEqual(m.tick(now: 30 * second), .none)
        XCTAssertEqual(m.tick(now: 31 * second), .close)
    }

    func testWriteProgressResetsTheWriteClock() {
        var m = ConnectionStateMachine(limits: limits, now: 0)
        m.requestComplete()
        m.outputPending(now: 0, progressed: false)
        m.outputPending(now: 25 * second, progressed: true)
        XCTAssertEqual(m.tick(now: 54 * second), .none)
        m.outputDrained()
        XCTAssertNil(m.writeStalledSince)
        XCTAssertEqual(m.tick(now: 1000 * second), .none)
    }

    func testDeadlineIsTheEarlierOfReadAndWrite() {
        var m = ConnectionStateMachine(limits: limits, now: 0)
        m.outputPending(now: 0, progressed: false)
        XCTAssertEqual(m.nextDeadline, 10 * second)  // header 10 s < write 30 s
        m.headComplete(now: 5 * second)
        XCTAssertEqual(m.nextDeadline, 30 * second)  // write 30 s < body 35 s
    }

    func testClosedMachineIgnoresEvents() {
        var m = ConnectionStateMachine(limits: limits, now: 0)
        m.close()
        m.bytesReceived(now: 1)
        m.requestComplete()
        m.responseQueued(now: 2, keepAlive: true, hasBufferedInput: true)
        XCTAssertEqual(m.state, .closed)
        XCTAssertNil(m.nextDeadline)
        XCTAssertEqual(m.tick(now: .max), .none)
    }
}
