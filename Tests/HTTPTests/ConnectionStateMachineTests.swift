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

    func testStalledWriterIsClosedEvenWhileResponding() {
        var m = ConnectionStateMachine(limits: limits, now: 0)
        m.requestComplete()
        m.responseQueued(now: 0, keepAlive: true, hasBufferedInput: false)
        m.outputPending(now: 1 * second, sent: 0, delivered: 500)
        // No progress: the first stall time stands.
        m.outputPending(now: 20 * second, sent: 0, delivered: 500)
        XCTAssertEqual(m.tick(now: 30 * second, delivered: 500), .none)
        XCTAssertEqual(m.tick(now: 31 * second, delivered: 500), .close)
    }

    func testWriteProgressResetsTheWriteClock() {
        var m = ConnectionStateMachine(limits: limits, now: 0)
        m.requestComplete()
        m.outputPending(now: 0, sent: 0, delivered: 0)
        // The socket had room again at 25 s: the client took some.
        m.outputPending(now: 25 * second, sent: 64 * 1024, delivered: 0)
        XCTAssertEqual(m.writeStalledSince, 25 * second)
        XCTAssertEqual(m.tick(now: 54 * second, delivered: 64 * 1024), .none)
        m.outputDrained(now: 54 * second)
        XCTAssertNil(m.writeStalledSince)
        XCTAssertEqual(m.tick(now: 1000 * second), .none)
    }

    func testWhatTheClientTookCountsAsProgressThoughTheSocketNeverSaidSo() {
        // A 4 MiB socket buffer says "room" only once a third of it is free: a client
        // steadily taking 16 KiB/s would look stalled for over a minute.
        var m = ConnectionStateMachine(limits: limits, now: 0)
        m.requestComplete()
        m.outputPending(now: 0, sent: 0, delivered: 4 << 20)
        XCTAssertEqual(m.nextDeadline, 30 * second)
        XCTAssertEqual(m.tick(now: 30 * second, delivered: (4 << 20) + 480 * 1024), .none)
        XCTAssertEqual(m.writeStalledSince, 30 * second)
        XCTAssertEqual(m.tick(now: 60 * second, delivered: (4 << 20) + 960 * 1024), .none)
        // Then it stops taking anything: closed a write timeout after the last look that saw progress.
        XCTAssertEqual(m.tick(now: 89 * second, delivered: (4 << 20) + 960 * 1024), .none)
        XCTAssertEqual(m.tick(now: 90 * second, delivered: (4 << 20) + 960 * 1024), .close)
    }

    func testDeadlineIsTheEarlierOfReadAndWrite() {
        var m = ConnectionStateMachine(limits: limits, now: 0)
        m.outputPending(now: 0, sent: 0, delivered: 0)
        XCTAssertEqual(m.nextDeadline, 10 * second)  // header 10 s < write 30 s
        m.headComplete(now: 5 * second)
        XCTAssertEqual(m.nextDeadline, 30 * second)  // write 30 s < body 35 s
    }

    func testTheClientsTotalIsAskedForOnlyWhenAClockStartsOrFallsDue() {
        // It costs the event loop a system call.
        var asked = 0
        func total() -> UInt64 { asked += 1; return 0 }
        var m = ConnectionStateMachine(limits: limits, now: 0)
        m.requestComplete()
        m.responseQueued(now: 0, keepAlive: true, hasBufferedInput: false)
        m.outputPending(now: 0, sent: 10, delivered: total())
        m.outputPending(now: 1 * second, sent: 10, delivered: total())
        XCTAssertEqual(m.tick(now: 29 * second, delivered: total()), .none)
        XCTAssertEqual(asked, 1)
        XCTAssertEqual(m.tick(now: 30 * second, delivered: total()), .close)
        XCTAssertEqual(asked, 2)
    }

    // MARK: the minimum send rate (1 KiB/s over 30 s by default)

    /// A response that waits for the client since `t = 0`, who has taken `delivered` bytes by then.
    private func waitingResponse(_ limits: HTTPLimits? = nil, delivered: UInt64 = 0) -> ConnectionStateMachine {
        var m = ConnectionStateMachine(limits: limits ?? self.limits, now: 0)
        m.requestComplete()
        m.responseQueued(now: 0, keepAlive: true, hasBufferedInput: false)
        m.outputPending(now: 0, sent: 0, delivered: delivered)
        return m
    }

    func testAReaderTakingAByteEvery25SecondsIsClosedAfterOneWindow() {
        // Never 30 s without progress, so the stalled-writer timeout alone would keep it for ever.
        var m = waitingResponse()
        XCTAssertEqual(m.sendWindowStart, 0)
        m.outputPending(now: 25 * second, sent: 1, delivered: 1)
        XCTAssertEqual(m.nextDeadline, 30 * second)
        XCTAssertEqual(m.tick(now: 30 * second - 1, delivered: 1), .none)
        XCTAssertEqual(m.tick(now: 30 * second, delivered: 2), .close)
        XCTAssertEqual(m.state, .closed)
        XCTAssertNil(m.sendWindowStart)
    }

    func testAReaderJustBelowTheMinimumIsClosedAndOneAtItIsNot() {
        // What counts is what the client took in the window, from whatever it had taken before.
        var slow = waitingResponse(delivered: 1_000_000)
        var steady = waitingResponse(delivered: 1_000_000)
        XCTAssertEqual(slow.tick(now: 30 * second, delivered: 1_000_000 + 30 * 1024 - 1), .close)
        XCTAssertEqual(steady.tick(now: 30 * second, delivered: 1_000_000 + 30 * 1024), .none)  // exactly 1 KiB/s
        XCTAssertEqual(steady.sendWindowStart, 30 * second, "a new window opens")
        XCTAssertEqual(steady.deliveredAtWindowStart, 1_000_000 + 30 * 1024)
    }

    func testAReaderKeepingUpIsNeverClosedHoweverLongTheResponse() {
        var m = waitingResponse()
        // 2 KiB/s for ten minutes: a big export to a phone on a bad line, the socket never
        // saying it has room.
        for t in 1...600 {
            XCTAssertEqual(m.tick(now: UInt64(t) * second, delivered: UInt64(t) * 2048), .none, "at \(t) s")
        }
        XCTAssertNotEqual(m.state, .closed)
    }

    func testEachWindowIsJudgedOnItsOwn() {
        // A fast first window earns nothing for the next: a burst, then a trickle, is closed.
        var m = waitingResponse()
        XCTAssertEqual(m.tick(now: 30 * second, delivered: 1 << 20), .none)
        XCTAssertEqual(m.tick(now: 60 * second - 1, delivered: (1 << 20) + 1), .none)
        XCTAssertEqual(m.tick(now: 60 * second, delivered: (1 << 20) + 2), .close)
    }

    func testWhatTheClientTookBeforeOutputWaitedIsNotCredit() {
        // The window opens when output starts to wait; what went out before does not count.
        var m = ConnectionStateMachine(limits: limits, now: 0)
        m.requestComplete()
        m.responseQueued(now: 0, keepAlive: true, hasBufferedInput: false)
        m.outputPending(now: 0, sent: 2 << 20, delivered: 2 << 20)
        XCTAssertEqual(m.deliveredAtWindowStart, 2 << 20)
        XCTAssertEqual(m.tick(now: 30 * second, delivered: (2 << 20) + 10), .close)
    }

    func testAResponseSentInFullIsNeverJudged() {
        // Slow to start with, but all of it taken before the window ends: nothing to judge.
        var m = waitingResponse()
        m.outputPending(now: 20 * second, sent: 300, delivered: 0)
        m.outputDrained(now: 20 * second)
        XCTAssertNil(m.sendWindowStart)
        XCTAssertEqual(m.nextDeadline, 80 * second, "only the idle timeout runs, from the last byte out")
        XCTAssertEqual(m.tick(now: 30 * second), .none)
        XCTAssertEqual(m.tick(now: 79 * second), .none)
        XCTAssertEqual(m.tick(now: 80 * second), .close)
    }

    func testTheIdleTimeoutWaitsForTheResponseToGoOut() {
        // A ten-minute download at a steady pace is not "idle" after 60 s.
        var m = waitingResponse()
        for t in 1...600 {
            m.outputPending(now: UInt64(t) * second, sent: 4096, delivered: 0)
            XCTAssertEqual(m.tick(now: UInt64(t) * second, delivered: UInt64(t) * 4096), .none)
        }
        m.outputDrained(now: 600 * second)
        XCTAssertEqual(m.state, .idle(since: 600 * second))
        XCTAssertEqual(m.tick(now: 659 * second), .none)
        XCTAssertEqual(m.tick(now: 660 * second), .close)
    }

    func testTheLingerAfterALastResponseStartsWhenItIsOut() {
        // Connection: close on a big response: closing 2 s after queueing it would cut it short.
        var m = ConnectionStateMachine(limits: limits, now: 0, lingerTimeout: .seconds(2))
        m.requestComplete()
        m.responseQueued(now: 0, keepAlive: false, hasBufferedInput: false)
        m.outputPending(now: 0, sent: 0, delivered: 0)
        for t in 1...10 {
            XCTAssertEqual(m.tick(now: UInt64(t) * second, delivered: UInt64(t) * 50_000), .none)
        }
        m.outputDrained(now: 10 * second)
        XCTAssertEqual(m.state, .lingering(since: 10 * second))
        XCTAssertEqual(m.tick(now: 11 * second), .none)
        XCTAssertEqual(m.tick(now: 12 * second), .close)
    }

    func testIdleAndReadingConnectionsAreNotJudged() {
        var m = ConnectionStateMachine(limits: limits, now: 0)
        XCTAssertNil(m.sendWindowStart)
        XCTAssertEqual(m.tick(now: 9 * second), .none)
        m.requestComplete()
        m.responseQueued(now: 9 * second, keepAlive: true, hasBufferedInput: false)
        XCTAssertEqual(m.state, .idle(since: 9 * second))
        XCTAssertEqual(m.nextDeadline, 69 * second)
        XCTAssertEqual(m.tick(now: 68 * second), .none)
    }

    func testAZeroMinimumTurnsTheRuleOff() {
        var l = limits
        l.minSendRate = 0
        var m = waitingResponse(l)
        XCTAssertNil(m.sendWindowStart)
        XCTAssertEqual(m.tick(now: 25 * second, delivered: 1), .none)
        XCTAssertEqual(m.tick(now: 30 * second, delivered: 2), .none, "progress, however little")
        XCTAssertEqual(m.tick(now: 59 * second, delivered: 2), .none)
        XCTAssertEqual(m.tick(now: 60 * second, delivered: 2), .close, "only the stalled-writer timeout is left")
    }

    func testTheWindowAndTheRateAreSettable() {
        var l = limits
        l.minSendRate = 100
        l.sendRateWindow = .seconds(3)
        var m = waitingResponse(l)
        XCTAssertEqual(m.nextDeadline, 3 * second)
        XCTAssertEqual(m.tick(now: 3 * second, delivered: 299), .close)
        var n = waitingResponse(l)
        XCTAssertEqual(n.tick(now: 3 * second, delivered: 300), .none)
    }

    func testClosedMachineIgnoresEvents() {
        var m = ConnectionStateMachine(limits: limits, now: 0)
        m.close()
        m.bytesReceived(now: 1)
        m.requestComplete()
        m.responseQueued(now: 2, keepAlive: true, hasBufferedInput: true)
        m.outputPending(now: 3, sent: 0, delivered: 0)
        XCTAssertEqual(m.state, .closed)
        XCTAssertNil(m.writeStalledSince)
        XCTAssertNil(m.nextDeadline)
        XCTAssertEqual(m.tick(now: .max), .none)
    }
}
