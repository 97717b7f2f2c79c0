/// The life of one connection as a pure value: the event loop feeds it what
/// happened and when (monotonic nanoseconds), and asks it when the next
/// timeout falls due and what to do then. No sockets, no clocks: tests drive
/// it with a fake clock.
///
///     readingHead ──head──▶ readingBody ──body──▶ responding ──▶ idle ──byte──▶ readingHead
///          │                    │                      │            │
///          └── 408 ◀────────────┘                      └─ close ◀───┘ (silently)
///
/// Whatever the state, while our output waits for the client the write rules hold: it is
/// closed after `writeTimeout` without taking anything, or once it took less than
/// `minSendRate` bytes a second over a `sendRateWindow`. Idle and linger time wait for
/// the output to be out.
public struct ConnectionStateMachine: Sendable, Equatable {
    public enum State: Sendable, Equatable {
        /// Waiting for (the rest of) a request head; `since` is when it started.
        case readingHead(since: UInt64)
        /// Head parsed, body arriving since `since`; `lastActivity` is the last time bytes came.
        case readingBody(since: UInt64, lastActivity: UInt64)
        /// A request is with the handler or its response is queued: no read timeout runs.
        case responding
        /// Keep-alive: waiting for the first byte of the next request.
        case idle(since: UInt64)
        /// We sent an error or our last response and shut our side: drain briefly, then close.
        case lingering(since: UInt64)
        case closed
    }

    /// What the event loop must do when `tick` finds a deadline passed.
    public enum TimeoutAction: Sendable, Equatable {
        case none
        /// Answer 408 Request Timeout, then close.
        case requestTimeout
        /// Close without a word (idle keep-alive, stalled or too slow a reader, finished linger).
        case close
    }

    public private(set) var state: State
    /// While output waits for the client: the last time it was seen to make progress.
    public private(set) var writeStalledSince: UInt64?
    /// While output waits for the client: when the current send-rate window began.
    public private(set) var sendWindowStart: UInt64?
    /// The client's running total of bytes taken (see `outputPending`): when the
    /// window began, and at the last look.
    public private(set) var deliveredAtWindowStart: UInt64 = 0
    public private(set) var lastDelivered: UInt64 = 0

    private let headerTimeout: UInt64
    private let bodyTimeout: UInt64
    private let defaultBodyTotalTimeout: UInt64
    /// The current body's time in all: `bodyTotalTimeout`, or a spooled upload's own.
    private var bodyTotalTimeout: UInt64
    private let idleTimeout: UInt64
    private let writeTimeout: UInt64
    private let sendRateWindow: UInt64
    /// The bytes a send-rate window must see (`minSendRate` × the window); 0: no minimum.
    private let minimumWindowBytes: UInt64
    private let lingerTimeout: UInt64

    /// A new connection starts reading a head at once: the header timeout runs
    /// from accept, so a client that never speaks is dropped like a slow one.
    public init(limits: HTTPLimits, now: UInt64, lingerTimeout: Duration = .seconds(2)) {
        state = .readingHead(since: now)
        headerTimeout = limits.headerTimeout.nanoseconds
        bodyTimeout = limits.bodyTimeout.nanoseconds
        defaultBodyTotalTimeout = limits.bodyTotalTimeout.nanoseconds
        bodyTotalTimeout = defaultBodyTotalTimeout
        idleTimeout = limits.idleTimeout.nanoseconds
        writeTimeout = limits.writeTimeout.nanoseconds
        sendRateWindow = limits.sendRateWindow.nanoseconds
        let perWindow = (Double(max(0, limits.minSendRate)) * Double(sendRateWindow) / 1e9).rounded(.up)
        minimumWindowBytes = perWindow < Double(UInt64.max) ? UInt64(perWindow) : .max
        self.lingerTimeout = lingerTimeout.nanoseconds
    }

    /// Bytes arrived from the client.
    public mutating func bytesReceived(now: UInt64) {
        switch state {
        case .idle: state = .readingHead(since: now)
        case .readingBody(let since, _): state = .readingBody(since: since, lastActivity: now)
        case .readingHead, .responding, .lingering, .closed: break
        }
    }

    /// The parser has a whole head and now waits for a body.
    /// `totalTimeout`: this body's time in all, when not `bodyTotalTimeout` (a spooled upload).
    public mutating func headComplete(now: UInt64, totalTimeout: Duration? = nil) {
        if case .readingHead = state {
            state = .readingBody(since: now, lastActivity: now)
            bodyTotalTimeout = totalTimeout?.nanoseconds ?? defaultBodyTotalTimeout
        }
    }

    /// A whole request was parsed and handed to the handler.
    public mutating func requestComplete() {
        bodyTotalTimeout = defaultBodyTotalTimeout
        switch state {
        case .readingHead, .readingBody, .idle: state = .responding
        case .responding, .lingering, .closed: break
        }
    }

    /// The response to the current request is queued for writing.
    /// - Parameters:
    ///   - keepAlive: whether the connection stays open after it.
    ///   - hasBufferedInput: whether bytes of a next (pipelined) request are already here.
    public mutating func responseQueued(now: UInt64, keepAlive: Bool, hasBufferedInput: Bool) {
        guard state == .responding else { return }
        if !keepAlive {
            state = .lingering(since: now)
        } else if hasBufferedInput {
            state = .readingHead(since: now)
        } else {
            state = .idle(since: now)
        }
    }

    /// We answered an error (or are shutting down): no more requests on this connection.
    public mutating func stopReading(now: UInt64) {
        if state != .closed { state = .lingering(since: now) }
    }

    /// Output is waiting for the client: the socket took `sent` bytes of it just now, not all.
    /// `delivered` is the client's running total of bytes taken on this connection (all the
    /// socket took, minus what it still holds unacknowledged); it is asked for only when the
    /// clocks start. The socket's own take is no measure: the kernel says there is room only
    /// once a third of a buffer of up to 4 MiB is free, minutes apart for a slow reader.
    public mutating func outputPending(now: UInt64, sent: Int, delivered: @autoclosure () -> UInt64) {
        guard state != .closed else { return }
        guard writeStalledSince != nil else {
            // The clocks start once output has to wait: what the socket took at once
            // (a response that fits its buffer) is never judged.
            let total = delivered()
            writeStalledSince = now
            lastDelivered = total
            if minimumWindowBytes > 0 {
                sendWindowStart = now
                deliveredAtWindowStart = total
            }
            return
        }
        // The socket had room again: the client took some.
        if sent > 0 { writeStalledSince = now }
    }

    /// The output buffer is empty.
    public mutating func outputDrained(now: UInt64) {
        if isOutputWaiting {
            // Idle and linger time count from when the output was all out, not from when the
            // response was queued: a long download is the write rules' business.
            switch state {
            case .idle: state = .idle(since: now)
            case .lingering: state = .lingering(since: now)
            case .readingHead, .readingBody, .responding, .closed: break
            }
        }
        forgetOutput()
    }

    public mutating func close() {
        state = .closed
        forgetOutput()
    }

    /// Output waits for the client (the socket did not take it all).
    public var isOutputWaiting: Bool { writeStalledSince != nil }

    private mutating func forgetOutput() {
        writeStalledSince = nil
        sendWindowStart = nil
        deliveredAtWindowStart = 0
        lastDelivered = 0
    }

    /// The moment the next timeout falls due, if any.
    public var nextDeadline: UInt64? {
        let readDeadline: UInt64?
        switch state {
        case .readingHead(let since): readDeadline = since &+ headerTimeout
        case .readingBody(let since, let last): readDeadline = min(last &+ bodyTimeout, since &+ bodyTotalTimeout)
        case .idle(let since): readDeadline = isOutputWaiting ? nil : since &+ idleTimeout
        case .lingering(let since): readDeadline = isOutputWaiting ? nil : since &+ lingerTimeout
        case .responding, .closed: readDeadline = nil
        }
        return Self.earliest(readDeadline, writeDeadline)
    }

    /// When the client's progress must next be looked at, while output waits.
    private var writeDeadline: UInt64? {
        Self.earliest(writeStalledSince.map { $0 &+ writeTimeout }, sendWindowStart.map { $0 &+ sendRateWindow })
    }

    private static func earliest(_ a: UInt64?, _ b: UInt64?) -> UInt64? {
        switch (a, b) {
        case let (a?, b?): return min(a, b)
        case let (a?, nil): return a
        case let (nil, b?): return b
        case (nil, nil): return nil
        }
    }

    /// Checks the deadlines at `now`. A reader that took nothing for `writeTimeout`, or
    /// fewer than `minSendRate` bytes a second over a whole send-rate window, is closed
    /// whatever else is going on; a slow head or body gets 408 (unless our own output is
    /// still stuck, in which case a 408 could not be delivered either). `delivered` (the
    /// client's running total, as for `outputPending`) is asked for only when a write
    /// deadline is due.
    public mutating func tick(now: UInt64, delivered: @autoclosure () -> UInt64 = 0) -> TimeoutAction {
        if let stalled = writeStalledSince, let due = writeDeadline, now >= due {
            let total = max(delivered(), lastDelivered)
            if total > lastDelivered {
                lastDelivered = total
                writeStalledSince = now
            } else if now >= stalled &+ writeTimeout {
                close()
                return .close
            }
            if let start = sendWindowStart, now >= start &+ sendRateWindow {
                // Reading a byte now and then keeps a response, and its slot, for ever otherwise.
                if total &- deliveredAtWindowStart < minimumWindowBytes {
                    close()
                    return .close
                }
                sendWindowStart = now
                deliveredAtWindowStart = total
            }
        }
        switch state {
        case .readingHead(let since) where now >= since &+ headerTimeout,
             .readingBody(_, let since) where now >= since &+ bodyTimeout,
             // A body trickled a byte at a time never falls silent: it gets a time in all.
             .readingBody(let since, _) where now >= since &+ bodyTotalTimeout:
            state = .lingering(since: now)
            return .requestTimeout
        // Not while our response still goes out: that is neither idle nor a finished linger.
        case .idle(let since) where !isOutputWaiting && now >= since &+ idleTimeout,
             .lingering(let since) where !isOutputWaiting && now >= since &+ lingerTimeout:
            close()
            return .close
        default:
            return .none
        }
    }
}
