/// The life of one connection as a pure value: the event loop feeds it what
/// happened and when (monotonic nanoseconds), and asks it when the next
/// timeout falls due and what to do then. No sockets, no clocks: tests drive
/// it with a fake clock.
///
///     readingHead ──head──▶ readingBody ──body──▶ responding ──▶ idle ──byte──▶ readingHead
///          │                    │                      │            │
///          └── 408 ◀────────────┘                      └─ close ◀───┘ (silently)
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
        /// Close without a word (idle keep-alive, stalled writer, finished linger).
        case close
    }

    public private(set) var state: State
    /// When the output buffer last stopped making progress, while it is not empty.
    public private(set) var writeStalledSince: UInt64?

    private let headerTimeout: UInt64
    private let bodyTimeout: UInt64
    private let bodyTotalTimeout: UInt64
    private let idleTimeout: UInt64
    private let writeTimeout: UInt64
    private let lingerTimeout: UInt64

    /// A new connection starts reading a head at once: the header timeout runs
    /// from accept, so a client that never speaks is dropped like a slow one.
    public init(limits: HTTPLimits, now: UInt64, lingerTimeout: Duration = .seconds(2)) {
        state = .readingHead(since: now)
        headerTimeout = limits.headerTimeout.nanoseconds
        bodyTimeout = limits.bodyTimeout.nanoseconds
        bodyTotalTimeout = limits.bodyTotalTimeout.nanoseconds
        idleTimeout = limits.idleTimeout.nanoseconds
        writeTimeout = limits.writeTimeout.nanoseconds
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
    public mutating func headComplete(now: UInt64) {
        if case .readingHead = state { state = .readingBody(since: now, lastActivity: now) }
    }

    /// A whole request was parsed and handed to the handler.
    public mutating func requestComplete() {
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

    /// Output is waiting for the client. `progressed`: some bytes were written just now.
    public mutating func outputPending(now: UInt64, progressed: Bool) {
        if progressed || writeStalledSince == nil { writeStalledSince = now }
    }

    /// The output buffer is empty.
    public mutating func outputDrained() {
        writeStalledSince = nil
    }

    public mutating func close() {
        state = .closed
        writeStalledSince = nil
    }

    /// The moment the next timeout falls due, if any.
    public var nextDeadline: UInt64? {
        let readDeadline: UInt64?
        switch state {
        case .readingHead(let since): readDeadline = since &+ headerTimeout
        case .readingBody(let since, let last): readDeadline = min(last &+ bodyTimeout, since &+ bodyTotalTimeout)
        // While a response is still going out, only the write timeout applies to it.
        case .idle(let since): readDeadline = writeStalledSince == nil ? since &+ idleTimeout : nil
        case .lingering(let since): readDeadline = writeStalledSince == nil ? since &+ lingerTimeout : nil
        case .responding, .closed: readDeadline = nil
        }
        let writeDeadline = writeStalledSince.map { $0 &+ writeTimeout }
        switch (readDeadline, writeDeadline) {
        case let (r?, w?): return min(r, w)
        case let (r?, nil): return r
        case let (nil, w?): return w
        case (nil, nil): return nil
        }
    }

    /// Checks the deadlines at `now`. A stalled writer is closed whatever else is
    /// going on; a slow head or body gets 408 (unless our own output is still
    /// stuck, in which case a 408 could not be delivered either).
    public mutating func tick(now: UInt64) -> TimeoutAction {
        if let stalled = writeStalledSince, now >= stalled &+ writeTimeout {
            close()
            return .close
        }
        switch state {
        case .readingHead(let since) where now >= since &+ headerTimeout,
             .readingBody(_, let since) where now >= since &+ bodyTimeout,
             // A body trickled a byte at a time never falls silent: it gets a time in all.
             .readingBody(let since, _) where now >= since &+ bodyTotalTimeout:
            state = .lingering(since: now)
            return .requestTimeout
        // Not while the response is still being written (a large export to a slow client
        // with `Connection: close`): the write timeout above covers a client that stopped
        // reading, and lingering starts again once the output is out (`stopReading`).
        case .idle(let since) where writeStalledSince == nil && now >= since &+ idleTimeout,
             .lingering(let since) where writeStalledSince == nil && now >= since &+ lingerTimeout:
            close()
            return .close
        default:
            return .none
        }
    }
}
