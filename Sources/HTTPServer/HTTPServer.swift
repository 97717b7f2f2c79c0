import Foundation
import HTTP
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Dawn's HTTP/1.1 server: one listening socket, `eventLoops` epoll threads, a
/// worker pool for slow work, graceful shutdown. Knows nothing of habits.
public final class HTTPServer: Sendable {
    public let configuration: ServerConfiguration
    private let responder: any HTTPResponder
    private let state = Mutex(State())

    private struct State {
        var shared: ServerShared?
        var loops: [EventLoop] = []
        var stopped: DispatchGroup?
    }

    public init(configuration: ServerConfiguration, responder: any HTTPResponder) {
        self.configuration = configuration
        self.responder = responder
    }

    /// Binds and starts the loops; returns the bound port (useful with port 0).
    @discardableResult
    public func start() throws(ServerStartError) -> Int {
        System.ignoreSIGPIPE()
        System.raiseDescriptorLimit()
        let listener = try ListeningSocket.bind(host: configuration.host, port: configuration.port)
        let workers = WorkerPool(threads: configuration.workerThreads, capacity: configuration.workerQueueCapacity)
        let shared = ServerShared(configuration: configuration, responder: responder, listener: listener, workers: workers)
        var loops: [EventLoop] = []
        do {
            for _ in 0..<max(1, configuration.eventLoops) { loops.append(try EventLoop(shared: shared)) }
        } catch {
            System.close(listener.fd)
            throw .system(error)
        }
        let stopped = DispatchGroup()
        for (index, loop) in loops.enumerated() {
            stopped.enter()
            let thread = Thread {
                loop.run()
                stopped.leave()
            }
            thread.name = "dawn-loop-\(index)"
            thread.stackSize = 1 << 20
            thread.start()
        }
        state.withLock {
            $0.shared = shared
            $0.loops = loops
            $0.stopped = stopped
        }
        return listener.port
    }

    public var port: Int { state.withLock { $0.shared?.listener.port ?? configuration.port } }

    public var openConnections: Int { state.withLock { $0.shared?.openConnections.load(ordering: .relaxed) ?? 0 } }

    /// Stops accepting, lets in-flight requests finish within `shutdownGrace`,
    /// closes what is left, and waits for the loops and workers to end.
    public func shutdown() {
        let (shared, loops, stopped) = state.withLock { s in
            defer { s.loops = []; s.stopped = nil }
            return (s.shared, s.loops, s.stopped)
        }
        guard let shared, let stopped else { return }
        let deadline = System.monotonicNanoseconds() &+ configuration.shutdownGrace.nanoseconds
        for loop in loops { loop.post(.drain(deadline: deadline)) }
        stopped.wait()
        System.close(shared.listener.fd)
        shared.workers.shutdown()
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

    private static func terminationSignals() -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGTERM)
        sigaddset(&set, SIGINT)
        return set
    }
}
