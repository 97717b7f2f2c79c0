import Glibc
import HTTPServer
import Locks
import Store

/// Imports of spooled uploads (up to 200 MB), run one at a time on a thread of their own, off
/// the event loops and the request workers: the POST answers at once with the address of
/// the progress page (`/import/progress/<token>`), which reads the job's state from here.
/// Only the member who started a job sees it; a finished one is kept an hour, then forgotten.
final class ImportJobs: Sendable {
    enum State: Sendable, Equatable {
        /// Opening the file and checking every record.
        case reading
        /// Photos taken from the zip and made ready, `done` of `total`.
        case photos(done: Int, total: Int)
        /// Records written, `done` of `total`.
        case writing(done: Int, total: Int)
        /// Done: the address of the notice (the same as a quick import's).
        case finished(location: String)
        /// Refused: what the import page would have said, the file and record named.
        case failed(message: String)

        var isOver: Bool {
            switch self {
            case .finished, .failed: true
            case .reading, .photos, .writing: false
            }
        }
    }

    private struct Job {
        let member: MemberID
        var state: State
        /// Wall-clock seconds of its last change.
        var changed: Double
    }

    static let keptSeconds = 3600.0
    /// Jobs remembered at once, running, waiting or finished; more are refused until some expire.
    static let maxJobs = 64

    private let jobs = Lock<[String: Job]>([:])
    private let pool: WorkerPool

    init(queue: Int = 8) {
        pool = WorkerPool(threads: 1, capacity: queue, name: "dawn-import")
    }

    /// Queues `work` for `member`; nil when too many imports wait already. `work` reports its
    /// progress through the function it is given and returns how it ended.
    func start(for member: MemberID, _ work: @escaping @Sendable (_ report: @escaping @Sendable (State) -> Void) -> State) -> String? {
        let digits = Array("0123456789abcdef".utf8)
        let token = String(decoding: (0..<32).map { _ in digits[Int.random(in: 0..<16)] }, as: UTF8.self)
        let now = Self.now
        let admitted = jobs.withLock { jobs -> Bool in
            jobs = jobs.filter { !$0.value.state.isOver || now - $0.value.changed < Self.keptSeconds }
            guard jobs.count < Self.maxJobs else { return false }
            jobs[token] = Job(member: member, state: .reading, changed: now)
            return true
        }
        guard admitted else { return nil }
        let accepted = pool.submit { [self] in
            let end = work { [self] state in set(token, state) }
            set(token, end)
        }
        if !accepted { _ = jobs.withLock { $0.removeValue(forKey: token) } }
        return accepted ? token : nil
    }

    /// The job's state, for the member who started it only.
    func state(_ token: String, for member: MemberID) -> State? {
        jobs.withLock { jobs in jobs[token].flatMap { $0.member == member ? $0.state : nil } }
    }

    /// Finishes the running import and those waiting, then stops the thread.
    func shutdown() {
        pool.shutdown()
    }

    private func set(_ token: String, _ state: State) {
        let now = Self.now
        jobs.withLock { jobs in
            jobs[token]?.state = state
            jobs[token]?.changed = now
        }
    }

    private static var now: Double { Double(time(nil)) }
}
