import Locks

/// The read-only connections of one database file, lent one per `Database.read`.
///
/// In WAL mode a reader sees the last committed snapshot without waiting for the writer,
/// so a long write transaction (an import) never holds up a page's read, and with one
/// connection per read in flight a long read (an export) never holds up another either.
/// Connections are opened on demand; at most `StoreLimits.idleReadConnections` are kept.
final class ReadConnections: Sendable {
    private let path: String
    private let state = Lock(State())
    /// Connections nobody is using, each with when it was given back (`MonotonicClock`).
    /// Only touched inside `state.withLock`; a connection taken out is used by the one
    /// thread that took it until it is given back.
    nonisolated(unsafe) private var idle: [(connection: Connection, since: Duration)] = []

    private struct State {
        var isClosed = false
    }

    init(path: String) {
        self.path = path
    }

    deinit {
        for entry in idle { entry.connection.close() }
    }

    /// A connection for one read, or nil when closed or when none can be opened now (out of
    /// descriptors, say): the caller then reads on the writer's connection, as before.
    func lend() -> Connection? {
        var lent: Connection?
        let isClosed = state.withLock { state in
            if !state.isClosed { lent = idle.popLast()?.connection }
            return state.isClosed
        }
        if isClosed { return nil }
        if let lent { return lent }
        return try? Connection.open(path: path, mode: .readOnly)
    }

    /// Takes a lent connection back (closing it when enough are idle or the database closed).
    func giveBack(_ connection: Connection) {
        let keep = state.withLock { state in
            guard !state.isClosed, idle.count < StoreLimits.idleReadConnections else { return false }
            idle.append((connection, MonotonicClock.now))
            return true
        }
        if !keep { connection.close() }
    }

    /// Closes the idle connections given back before `cutoff` (`MonotonicClock`): each
    /// holds the parsed schema, prepared statements and page cache of a database nobody
    /// has read for a while. The next read opens one again. Returns how many it closed.
    @discardableResult
    func closeIdle(givenBackBefore cutoff: Duration) -> Int {
        var closing: [Connection] = []
        state.withLock { _ in
            closing = idle.filter { $0.since < cutoff }.map(\.connection)
            idle.removeAll { $0.since < cutoff }
        }
        for connection in closing { connection.close() }
        return closing.count
    }

    /// Closes the idle connections now and the lent ones as they come back.
    func close() {
        var closing: [Connection] = []
        state.withLock { state in
            state.isClosed = true
            closing = idle.map(\.connection)
            idle.removeAll()
        }
        for connection in closing { connection.close() }
    }
}
