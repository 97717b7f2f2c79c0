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
    /// Connections nobody is using. Only touched inside `state.withLock`; a connection taken
    /// out is used by the one thread that took it until it is given back.
    nonisolated(unsafe) private var idle: [Connection] = []

    private struct State {
        var isClosed = false
    }

    init(path: String) {
        self.path = path
    }

    deinit {
        for connection in idle { connection.close() }
    }

    /// A connection for one read, or nil when closed or when none can be opened now (out of
    /// descriptors, say): the caller then reads on the writer's connection, as before.
    func lend() -> Connection? {
        var lent: Connection?
        let isClosed = state.withLock { state in
            if !state.isClosed { lent = idle.popLast() }
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
            idle.append(connection)
            return true
        }
        if !keep { connection.close() }
    }

    /// Closes the idle connections now and the lent ones as they come back.
    func close() {
        var closing: [Connection] = []
        state.withLock { state in
            state.isClosed = true
            closing = idle
            idle.removeAll()
        }
        for connection in closing { connection.close() }
    }
}
