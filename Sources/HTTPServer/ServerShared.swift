import HTTP
import Locks
import Synchronization

/// What every event loop of one server shares: all immutable, atomic or behind a lock.
final class ServerShared: Sendable {
    let configuration: ServerConfiguration
    let responder: any HTTPResponder
    let listener: ListeningSocket
    let workers: WorkerPool
    let metrics: ServerMetrics
    /// The compressors responses made on a pool are gzipped with, on that pool's thread.
    let poolCompressors: PoolCompressors
    /// Connections per client address, for `limits.maxConnectionsPerClient`.
    private let slots: Lock<ClientSlots>
    private let logLock = Lock(())
    /// Upload bytes admitted and not yet answered, over every loop (`limits.maxUploadBytesInFlight`).
    private let uploadBytesInFlight = Atomic<Int>(0)
    /// Spooled upload bytes on disk and not yet answered (`limits.maxSpooledBytesInFlight`).
    private let spooledBytesInFlight = Atomic<Int>(0)

    init(configuration: ServerConfiguration, responder: any HTTPResponder, listener: ListeningSocket,
         workers: WorkerPool, metrics: ServerMetrics) {
        self.configuration = configuration
        self.responder = responder
        self.listener = listener
        self.workers = workers
        self.metrics = metrics
        poolCompressors = PoolCompressors(level: configuration.gzipLevel)
        slots = Lock(ClientSlots(limit: configuration.limits.maxConnectionsPerClient))
    }

    /// Takes one of `client`'s connection slots; false when it holds them all already.
    func takeSlot(_ client: String) -> Bool {
        slots.withLock { $0.take(client) }
    }

    func releaseSlot(_ client: String) {
        slots.withLock { $0.release(client) }
    }

    /// The parser's question about an upload head: the application admits the client, then
    /// the bytes must fit in what the server still has for uploads.
    func admitUpload(_ head: HTTPRequest, bytes: Int, peer: SocketAddress) -> RequestParser.UploadDecision {
        let context = RequestContext(peer: peer, receivedAt: System.monotonicNanoseconds(),
                                     acceptsGzip: false)
        let spools = configuration.limits.spools(method: head.method, target: head.target)
        if spools, configuration.spoolDirectory == nil { return .refuse }
        guard responder.admitsUpload(head, context: context) else { return .refuse }
        return spools ? Self.reserve(bytes, in: spooledBytesInFlight, budget: configuration.limits.maxSpooledBytesInFlight)
            : Self.reserve(bytes, in: uploadBytesInFlight, budget: configuration.limits.maxUploadBytesInFlight)
    }

    private static func reserve(_ bytes: Int, in counter: borrowing Atomic<Int>, budget: Int) -> RequestParser.UploadDecision {
        var held = counter.load(ordering: .relaxed)
        while true {
            guard bytes <= budget - held else { return .busy }
            let (exchanged, original) = counter.compareExchange(
                expected: held, desired: held + bytes, ordering: .relaxed)
            if exchanged { return .admit }
            held = original
        }
    }

    func releaseUpload(_ bytes: Int) {
        if bytes > 0 { uploadBytesInFlight.subtract(bytes, ordering: .relaxed) }
    }

    func releaseSpooled(_ bytes: Int) {
        if bytes > 0 { spooledBytesInFlight.subtract(bytes, ordering: .relaxed) }
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
