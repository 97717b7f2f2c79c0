import Locks

/// What every event loop of one server shares: all immutable or atomic.
final class ServerShared: Sendable {
    let configuration: ServerConfiguration
    let responder: any HTTPResponder
    let listener: ListeningSocket
    let workers: WorkerPool
    let metrics: ServerMetrics
    private let logLock = Lock(())

    init(configuration: ServerConfiguration, responder: any HTTPResponder, listener: ListeningSocket,
         workers: WorkerPool, metrics: ServerMetrics) {
        self.configuration = configuration
        self.responder = responder
        self.listener = listener
        self.workers = workers
        self.metrics = metrics
    }

    /// Writes a batch of access-log lines to stdout in one call, whole.
    func log(_ bytes: [UInt8]) {
        logLock.withLock { _ in System.write(1, bytes) }
    }

    /// One line for the operator on stderr (rare: a shortage of descriptors…).
    func warn(_ line: String) {
        logLock.withLock { _ in System.write(2, Array("dawn: \(line)\n".utf8)) }
    }
}
