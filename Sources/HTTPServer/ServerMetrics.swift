import Synchronization
import Locks

/// The live figures of one server, shared between its event loops (which record)
/// and whoever reads them (`/metrics`). Each loop records into its own tally, so
/// recording never waits on another loop; reading adds the tallies up.
public final class ServerMetrics: Sendable {
    /// Connections open now, across every loop.
    let openConnections = Atomic<Int>(0)
    private let tallies = Lock<[Tally]>([])

    public init() {}

    /// One event loop's counts; only that loop records into it.
    final class Tally: Sendable {
        private let metrics = Lock(RequestMetrics())

        func record(status: Int, microseconds: Int) {
            metrics.withLock { $0.record(status: status, microseconds: microseconds) }
        }

        func count(status: Int) {
            metrics.withLock { $0.count(status: status) }
        }

        var snapshot: RequestMetrics { metrics.withLock { $0 } }
    }

    func makeTally() -> Tally {
        let tally = Tally()
        tallies.withLock { $0.append(tally) }
        return tally
    }

    public var connections: Int { openConnections.load(ordering: .relaxed) }

    /// This process's resident memory, in bytes.
    public var residentBytes: Int { System.residentBytes() }

    /// Descriptors this process has open (sockets, databases, files).
    public var openDescriptors: Int { System.openDescriptorCount() }

    /// Every loop's counts added up.
    public var requests: RequestMetrics {
        tallies.withLock { $0 }.reduce(into: RequestMetrics()) { $0.add($1.snapshot) }
    }
}
