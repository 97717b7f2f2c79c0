/// Whether an event loop watches the listening socket, as a pure value driven by
/// monotonic timestamps.
///
/// When `accept4` fails for want of resources (EMFILE, ENFILE, ENOBUFS, ENOMEM) the
/// connection stays in the kernel's backlog and the level-triggered listener stays
/// readable: watching it would wake the loop again at once, for ever. So the loop
/// stops watching it, as nginx does, and watches again after `pause`, or sooner
/// when one of its own connections closes and frees a descriptor. Clients that
/// arrive meanwhile wait in the backlog and are served once descriptors free up,
/// instead of being refused (libuv's spare-descriptor trick accepts and closes them).
///
///     watching ──out of resources──▶ paused(until) ──time passes / a connection closes──▶ watching
struct ListenerBackoff: Equatable {
    enum State: Equatable {
        case watching
        case paused(until: UInt64)
    }

    private(set) var state = State.watching
    /// From the first failed accept until an accept succeeds `quiet` after the last
    /// failure, however many pauses it takes: a shortage is reported once, not every
    /// `pause`, nor each time a descriptor freed for a moment lets one accept through.
    private(set) var inShortage = false
    private var lastFailure: UInt64 = 0
    private let pause: UInt64
    private let quiet: UInt64

    init(pause: Duration, quiet: Duration = .seconds(10)) {
        self.pause = pause.nanoseconds
        self.quiet = quiet.nanoseconds
    }

    var isWatching: Bool { state == .watching }

    /// When the loop must wake to watch again, while paused.
    var resumeDeadline: UInt64? {
        if case let .paused(until) = state { return until }
        return nil
    }

    /// `accept4` failed for want of descriptors or memory: stop watching.
    /// - Returns: true when this starts a shortage (the loop says so once in its log).
    mutating func outOfResources(now: UInt64) -> Bool {
        state = .paused(until: now &+ pause)
        lastFailure = now
        defer { inShortage = true }
        return !inShortage
    }

    /// A connection was accepted: a shortage is over once accepts have gone on
    /// succeeding for `quiet` since its last failure.
    mutating func accepted(now: UInt64) {
        if inShortage, now &- lastFailure >= quiet { inShortage = false }
    }

    /// One of the loop's connections closed, freeing a descriptor.
    /// - Returns: true when the loop must watch the listener again now.
    mutating func connectionClosed() -> Bool {
        guard !isWatching else { return false }
        state = .watching
        return true
    }

    /// - Returns: true when the pause is over and the loop must watch the listener again.
    mutating func tick(now: UInt64) -> Bool {
        guard case let .paused(until) = state, now >= until else { return false }
        state = .watching
        return true
    }
}
