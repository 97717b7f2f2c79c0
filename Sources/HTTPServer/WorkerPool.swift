import Locks

/// A fixed set of threads for slow work, with a bounded queue: when the queue is
/// full, `submit` refuses at once (the caller answers 503) instead of letting
/// work pile up without limit.
///
/// The server runs one for every slow request; an application may make more of its own
/// (Dawn hashes passwords on one) and hand them to the server with `Reply.onPool`, so
/// one kind of work cannot fill the queue another kind needs.
public final class WorkerPool: Sendable {
    public typealias Job = @Sendable () -> Void

    private struct Queue {
        /// Taken jobs leave a nil behind at once: a job holds its request (an upload
        /// can be a megabyte) and the loop that posted it, and must not outlive its run.
        var jobs: [Job?] = []
        var head = 0
        var stopped = false
        var pending: Int { jobs.count - head }
    }

    private let queue = Lock(Queue())
    private let available = Semaphore()
    private let capacity: Int
    private let threads = Lock<[PosixThread]>([])

    /// `name` names the threads (`name-0`, `name-1`…; Linux keeps 15 bytes of it).
    public init(threads: Int, capacity: Int, name: String = "dawn-worker") {
        self.capacity = max(1, capacity)
        let started = (0..<max(1, threads)).map { index in
            PosixThread(name: "\(name)-\(index)") { [self] in run() }
        }
        self.threads.withLock { $0 = started }
    }

    /// Queues `job`; false when the queue is full or the pool stopped.
    public func submit(_ job: @escaping Job) -> Bool {
        let accepted = queue.withLock { q -> Bool in
            guard !q.stopped, q.pending < capacity else { return false }
            q.jobs.append(job)
            return true
        }
        if accepted { available.signal() }
        return accepted
    }

    /// Runs what is queued, then stops the threads and waits for them.
    public func shutdown() {
        queue.withLock { $0.stopped = true }
        let running = threads.withLock { t in defer { t = [] }; return t }
        for _ in running { available.signal() }
        for thread in running { thread.join() }
    }

    private func run() {
        while true {
            available.wait()
            let next = queue.withLock { q -> Job? in
                guard q.pending > 0 else { return nil }
                let job = q.jobs[q.head]
                q.jobs[q.head] = nil
                q.head += 1
                if q.head > 64, q.head * 2 > q.jobs.count {
                    q.jobs.removeFirst(q.head)
                    q.head = 0
                }
                return job
            }
            if let next {
                next()
            } else if queue.withLock({ $0.stopped }) {
                return
            }
        }
    }
}
