import HTTPServer
import Locks
import MemberData
import Store

/// The delivery queue behind `ReminderOutbox` and `WebhookOutbox`: every due reminder
/// becomes one job per target of its member (Web Push subscriptions, ntfy, email), every
/// habit event one job for the member's webhook, run on the queue's own threads (never an
/// event loop, never the scheduler's thread nor a request's). Each target is on its
/// own: a failed attempt is tried again after 1, 2, 4, 8… times `retryBase` until
/// `retryWindow` (60 times the base: an hour) after the first attempt; no two attempts
/// at the same target run at once, so a hanging receiver holds one thread for at most
/// the outbound timeout and never the other targets or members. The queue is bounded
/// (`capacity` jobs, `perMemberCapacity` of one member); beyond, new jobs are dropped
/// and said so on stderr. Time, targets and the sending itself are given, so the rules
/// are tested without a network.
final class NotificationDelivery: ReminderOutbox, WebhookOutbox, Sendable {
    static let defaultCapacity = 1000
    static let perMemberCapacity = 100
    static let defaultThreads = 4

    struct Job: Sendable {
        let member: MemberID
        /// Nil: look the member's targets up first (on a delivery thread).
        let target: NotificationTarget?
        let content: NotificationContent
        /// Attempts made so far.
        var attempts = 0
        /// Monotonic milliseconds: not before then.
        var notBefore: Int64
        /// Monotonic milliseconds of the first attempt, once made.
        var firstAttempt: Int64?
        /// Told after the first attempt (the "send a test" button waits on it).
        var firstAttemptDone: Semaphore?
    }

    private struct State {
        var pending: [Job] = []
        var inFlight: Set<String> = []
        var stopping = false
    }

    private let state = Lock(State())
    private let wake = Semaphore()
    private let capacity: Int
    private let retryBaseMilliseconds: Int64
    private let targets: @Sendable (MemberID) throws -> [NotificationTarget]
    private let deliver: @Sendable (MemberID, NotificationTarget, NotificationContent) -> DeliveryOutcome
    private let record: @Sendable (MemberID, NotificationTarget, DeliveryOutcome) -> Void
    private let clock: @Sendable () -> Int64
    private let threads: Lock<[PosixThread]> = Lock([])

    /// The whole window of retries: 60 times the base (an hour at the default minute).
    var retryWindowMilliseconds: Int64 { retryBaseMilliseconds * 60 }

    init(threads threadCount: Int = defaultThreads, capacity: Int = defaultCapacity, retryBaseMilliseconds: Int,
         clock: @escaping @Sendable () -> Int64 = NotificationDelivery.monotonicMilliseconds,
         targets: @escaping @Sendable (MemberID) throws -> [NotificationTarget],
         deliver: @escaping @Sendable (MemberID, NotificationTarget, NotificationContent) -> DeliveryOutcome,
         record: @escaping @Sendable (MemberID, NotificationTarget, DeliveryOutcome) -> Void) {
        self.capacity = capacity
        self.retryBaseMilliseconds = Int64(max(1, retryBaseMilliseconds))
        self.clock = clock
        self.targets = targets
        self.deliver = deliver
        self.record = record
        let started = (0..<threadCount).map { index in
            PosixThread(name: "dawn-notify-\(index)", stackSize: 1 << 20) { [unowned self] in self.run() }
        }
        threads.withLock { $0 = started }
    }

    /// Milliseconds on the monotonic clock: what retries are timed by.
    static let monotonicMilliseconds: @Sendable () -> Int64 = {
        let components = MonotonicClock.now.components
        return components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000
    }

    // MARK: putting work in

    /// `ReminderOutbox`: returns at once; the member's targets are looked up and sent to
    /// on the delivery threads.
    func send(_ reminder: DueReminder) {
        _ = enqueue([Job(member: reminder.member, target: nil,
                         content: .message(NotificationMessage(title: reminder.title, body: reminder.body)), notBefore: clock())])
    }

    /// `WebhookOutbox`: returns at once; the call and its retries run on the delivery threads,
    /// one at a time for the member's webhook, so its calls leave in the order of their events.
    func send(_ event: WebhookEvent, to webhook: NotifyTargets.Webhook, of member: MemberID) {
        _ = enqueue([Job(member: member, target: .webhook(webhook), content: .webhook(event), notBefore: clock())])
    }

    /// Sends `message` to each of `targets` now and waits (at most `waitMilliseconds`) for
    /// every first attempt: the "send a test" button. False when the queue had no room.
    func sendAndWait(_ message: NotificationMessage, to targets: [NotificationTarget], of member: MemberID,
                     waitMilliseconds: Int) -> Bool {
        let done = Semaphore()
        let now = clock()
        guard enqueue(targets.map { Job(member: member, target: $0, content: .message(message), notBefore: now,
                                        firstAttemptDone: done) }) else {
            return false
        }
        let deadline = now + Int64(waitMilliseconds)
        for _ in targets {
            let left = deadline - clock()
            guard left > 0, done.wait(milliseconds: Int(left)) else { break }
        }
        return true
    }

    /// Adds the jobs, all or none; false (and a line on stderr) when they do not fit.
    private func enqueue(_ jobs: [Job]) -> Bool {
        guard let member = jobs.first?.member else { return true }
        let added = state.withLock { state -> Bool in
            let ofMember = state.pending.reduce(0) { $0 + ($1.member == member ? 1 : 0) }
            guard !state.stopping, state.pending.count + jobs.count <= capacity,
                  ofMember + jobs.count <= Self.perMemberCapacity else { return false }
            state.pending += jobs
            return true
        }
        if added {
            for _ in jobs { wake.signal() }
        } else {
            StandardError.line("notifications: the delivery queue is full; \(jobs.count) notification(s) for member \(member.rawValue) dropped")
        }
        return added
    }

    /// Jobs waiting (for tests and the operator).
    var pendingCount: Int { state.withLock { $0.pending.count } }

    // MARK: the threads

    /// Takes the earliest job that is due and whose target is not busy, runs it, repeats;
    /// sleeps until the next job is due or new work comes.
    private func run() {
        while true {
            let now = clock()
            enum Next { case stop, job(Job), sleep(Int64?) }
            let next = state.withLock { state -> Next in
                if state.stopping { return .stop }
                var best: Int?
                var earliest: Int64?
                for (index, job) in state.pending.enumerated() {
                    let key = Self.busyKey(job)
                    if state.inFlight.contains(key) { continue }
                    if job.notBefore <= now {
                        if best == nil || job.notBefore < state.pending[best!].notBefore { best = index }
                    } else {
                        earliest = min(earliest ?? job.notBefore, job.notBefore)
                    }
                }
                guard let best else { return .sleep(earliest.map { $0 - now }) }
                let job = state.pending.remove(at: best)
                state.inFlight.insert(Self.busyKey(job))
                return .job(job)
            }
            switch next {
            case .stop:
                return
            case let .sleep(milliseconds):
                // Woken early by new work or a finished job (its target may have more waiting).
                if let milliseconds { _ = wake.wait(milliseconds: Int(max(1, milliseconds))) } else { wake.wait() }
            case let .job(job):
                let followUps = attempt(job)
                state.withLock { state in
                    state.inFlight.remove(Self.busyKey(job))
                    if !state.stopping {
                        let room = max(0, capacity - state.pending.count)
                        state.pending += followUps.prefix(room)
                    }
                }
                // Its result is recorded and its retry queued: what the test button waits for.
                job.firstAttemptDone?.signal()
                wake.signal()
            }
        }
    }

    /// A member's lookup job and a target's jobs never wait for one another.
    private static func busyKey(_ job: Job) -> String {
        "\(job.member.rawValue)/\(job.target?.key ?? "*lookup")"
    }

    /// One job: either the member's targets (one job each), or one attempt at a target and,
    /// if it failed, its next attempt.
    private func attempt(_ job: Job) -> [Job] {
        guard let target = job.target else {
            let found = (try? targets(job.member)) ?? []
            return found.map { Job(member: job.member, target: $0, content: job.content, notBefore: job.notBefore) }
        }
        let outcome = deliver(job.member, target, job.content)
        record(job.member, target, outcome)
        guard case .failed = outcome else { return [] }
        let now = clock()
        let first = job.firstAttempt ?? now
        let attempts = job.attempts + 1
        let next = now + retryBaseMilliseconds << Int64(min(attempts - 1, 20))
        guard next - first <= retryWindowMilliseconds else { return [] }
        var retry = job
        retry.attempts = attempts
        retry.firstAttempt = first
        retry.notBefore = next
        retry.firstAttemptDone = nil
        return [retry]
    }

    /// Stops the threads; jobs still queued are dropped (reminders are not kept across a
    /// restart by the queue: the scheduler decides what is still due).
    func shutdown() {
        state.withLock { $0.stopping = true }
        let all = threads.withLock { threads in
            let all = threads
            threads = []
            return all
        }
        for _ in all { wake.signal() }
        for thread in all { thread.join() }
    }
}
