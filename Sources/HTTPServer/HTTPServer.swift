import HTTP
import Locks

#if canImport(Glibc)
import Glibc
#endif

/// Dawn's HTTP/1.1 server: one listening socket, `eventLoops` epoll threads, a
/// worker pool for slow work, graceful shutdown. Knows nothing of habits.
public final class HTTPServer: Sendable {
    public let configuration: ServerConfiguration
    private let responder: any HTTPResponder
    /// Counted while the server runs; `/metrics` reads them.
    public let metrics: ServerMetrics
    private let state = Lock(State())

    private struct State {
        var shared: ServerShared?
        var loops: [EventLoop] = []
        var threads: [PosixThread] = []
    }

    public init(configuration: ServerConfiguration, responder: any HTTPResponder, metrics: ServerMetrics = ServerMetrics()) {
        self.configuration = configuration
        self.responder = responder
        self.metrics = metrics
    }

    /// Binds and starts the loops; returns the bound port (useful with port 0).
    @discardableResult
    public func start() throws(ServerStartError) -> Int {
        System.ignoreSIGPIPE()
        System.raiseDescriptorLimit()
        let listener = try ListeningSocket.bind(host: configuration.host, port: configuration.port)
        let workers = WorkerPool(threads: configuration.workerThreads, capacity: configuration.workerQueueCapacity)
        let shared = ServerShared(configuration: configuration, responder: responder, listener: listener,
                                  workers: workers, metrics: metrics)
        var loops: [EventLoop] = []
        do {
            for _ in 0..<max(1, configuration.eventLoops) { loops.append(try EventLoop(shared: shared)) }
        } catch {
            System.close(listener.fd)
            throw .system(error)
        }
        let threads = loops.enumerated().map { index, loop in
            PosixThread(name: "dawn-loop-\(index)", stackSize: 1 << 20) { loop.run() }
        }
        state.withLock {
            $0.shared = shared
            $0.loops = loops
            $0.threads = threads
        }
        return listener.port
    }

    public var port: Int { state.withLock { $0.shared?.listener.port ?? configuration.port } }

    public var openConnections: Int { metrics.connections }

    /// Stops accepting, lets in-flight requests finish within `shutdownGrace`,
    /// closes what is left, and waits for the loops and workers to end.
    public func shutdown() {
        let (shared, loops, threads) = state.withLock { s in
            defer { s.loops = []; s.threads = [] }
            return (s.shared, s.loops, s.threads)
        }
        guard let shared, !threads.isEmpty else { return }
        let deadline = System.monotonicNanoseconds() &+ configuration.shutdownGrace.nanoseconds
        for loop in loops { loop.post(.drain(deadline: deadline)) }
        for thread in threads { thread.join() }
        System.close(shared.listener.fd)
        shared.workers.shutdown()
    }

    /// One malloc arena for every thread (call before any thread starts): glibc's default,
    /// an arena per thread up to eight a core, kept about 1 MiB more resident after a load
    /// (each arena's free space and fragments), and the server's threads mostly wait.
    public static func useOneMallocArena() {
        System.useOneMallocArena()
    }

    /// Blocks SIGTERM and SIGINT in every thread (call before `start`), so that
    /// `waitForTerminationSignal` can take them synchronously.
    public static func blockTerminationSignals() {
        var set = Self.terminationSignals()
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }

    /// Waits for SIGTERM or SIGINT and returns its number.
    public static func waitForTerminationSignal() -> Int32 {
        var set = Self.terminationSignals()
        var signal: Int32 = 0
        while sigwait(&set, &signal) != 0 {}
        return signal
    }

    /// Waits for SIGTERM or SIGINT and returns its number, calling `meanwhile` on this
    /// thread every `interval` until one comes: housekeeping that needs no thread of its own.
    public static func waitForTerminationSignal(every interval: Duration, meanwhile: () -> Void) -> Int32 {
        var set = Self.terminationSignals()
        let (seconds, attoseconds) = interval.components
        var timeout = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
        while true {
            let signal = sigtimedwait(&set, nil, &timeout)
            if signal > 0 { return signal }
            if errno == EAGAIN { meanwhile() }
        }
    }

    /// Gives the heap's free pages back to the system (`malloc_trim`), as the event loops
    /// do after a burst of requests.
    public static func releaseFreeMemory() {
        System.releaseFreeMemory()
    }

    private static func terminationSignals() -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGTERM)
        sigaddset(&set, SIGINT)
        return set
    }
}
