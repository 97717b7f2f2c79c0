import Locks
import MemberData
import Store
import XCTest
@testable import DawnApp

/// The delivery queue's rules with the network replaced: retries with back-off inside the
/// window, one target never waiting for another, a bounded queue.
final class NotificationDeliveryTests: XCTestCase {
    private let member = MemberID(7)
    private let ntfy = NotificationTarget.ntfy(NotifyTargets.Ntfy(url: "https://ntfy.example.org/a", token: nil))
    private let email = NotificationTarget.email("kid@example.org")
    private let message = NotificationMessage(title: "🏃 Run", body: "Time for Run (07:30)")

    /// Waits (at most 10 s) until `condition` holds.
    private func eventually(_ condition: () -> Bool) -> Bool {
        let deadline = ContinuousClock.now + .seconds(10)
        while ContinuousClock.now < deadline {
            if condition() { return true }
            usleep(5_000)
        }
        return condition()
    }

    func testAFailingTargetIsTriedWithDoublingWaitsUntilTheWindowCloses() {
        let attempts = Lock<[Int64]>([])
        let delivery = NotificationDelivery(retryBaseMilliseconds: 10, targets: { [ntfy] _ in [ntfy] },
                                            deliver: { _, _, _ in
                                                attempts.withLock { $0.append(NotificationDelivery.monotonicMilliseconds()) }
                                                return .failed("HTTP 500")
                                            }, record: { _, _, _ in })
        defer { delivery.shutdown() }
        delivery.send(DueReminder(member: member, habitID: 1, title: message.title, body: message.body, dueAt: 0))
        // Retries at +10, +30, +70, +150, +310 ms; the next (+630) is past 60 × 10 ms.
        XCTAssertTrue(eventually { attempts.withLock { $0.count } == 6 && delivery.pendingCount == 0 })
        usleep(800_000)
        let times = attempts.withLock { $0 }
        XCTAssertEqual(times.count, 6, "gave up after the window")
        let gaps = zip(times.dropFirst(), times).map { $0 - $1 }
        for (index, gap) in gaps.enumerated() { XCTAssertGreaterThanOrEqual(gap, 10 << Int64(index), "\(gaps)") }
    }

    func testSuccessGoneAndRefusedAreNeverRetried() {
        for outcome in [DeliveryOutcome.delivered, .gone("HTTP 410"), .refused("HTTP 400")] {
            let attempts = Lock(0)
            let recorded = Lock<[DeliveryOutcome]>([])
            let delivery = NotificationDelivery(retryBaseMilliseconds: 5, targets: { [ntfy] _ in [ntfy] },
                                                deliver: { _, _, _ in attempts.withLock { $0 += 1 }; return outcome },
                                                record: { _, _, result in recorded.withLock { $0.append(result) } })
            delivery.send(DueReminder(member: member, habitID: 1, title: "t", body: "b", dueAt: 0))
            XCTAssertTrue(eventually { recorded.withLock { $0.count } == 1 })
            usleep(100_000)
            delivery.shutdown()
            XCTAssertEqual(attempts.withLock { $0 }, 1)
            XCTAssertEqual(recorded.withLock { $0 }, [outcome])
        }
    }

    func testAHangingTargetNeverHoldsUpTheOthers() {
        let release = Lock(false)
        let delivered = Lock<[String]>([])
        let delivery = NotificationDelivery(retryBaseMilliseconds: 1000, targets: { [ntfy, email] _ in [ntfy, email] },
                                            deliver: { _, target, _ in
                                                if case .ntfy = target { while !release.withLock({ $0 }) { usleep(1000) } }
                                                delivered.withLock { $0.append(target.key) }
                                                return .delivered
                                            }, record: { _, _, _ in })
        defer { delivery.shutdown() }
        for id in 1...3 { delivery.send(DueReminder(member: member, habitID: Int64(id), title: "t", body: "b", dueAt: 0)) }
        // Every email goes while the first ntfy attempt hangs (and the other ntfy jobs wait for it, not for a thread).
        XCTAssertTrue(eventually { delivered.withLock { $0.filter { $0 == "email" }.count } == 3 })
        XCTAssertFalse(delivered.withLock { $0.contains("ntfy") })
        release.withLock { $0 = true }
        XCTAssertTrue(eventually { delivered.withLock { $0.filter { $0 == "ntfy" }.count } == 3 })
    }

    func testTheQueueIsBoundedAndTheTestButtonSaysSo() {
        let block = Lock(true)
        let delivery = NotificationDelivery(threads: 1, capacity: 3, retryBaseMilliseconds: 1000, targets: { _ in [] },
                                            deliver: { _, _, _ in while block.withLock({ $0 }) { usleep(1000) }; return .delivered },
                                            record: { _, _, _ in })
        defer {
            block.withLock { $0 = false }
            delivery.shutdown()
        }
        XCTAssertTrue(delivery.sendAndWait(message, to: [ntfy, email, ntfy], of: member, waitMilliseconds: 1))
        XCTAssertFalse(delivery.sendAndWait(message, to: [email, email], of: member, waitMilliseconds: 1))
    }

    func testTheTestButtonWaitsForEveryFirstAttempt() {
        let delivery = NotificationDelivery(retryBaseMilliseconds: 1000, targets: { _ in [] },
                                            deliver: { _, _, _ in usleep(50_000); return .failed("HTTP 503") },
                                            record: { _, _, _ in })
        defer { delivery.shutdown() }
        let started = ContinuousClock.now
        XCTAssertTrue(delivery.sendAndWait(message, to: [ntfy, email], of: member, waitMilliseconds: 5000))
        XCTAssertGreaterThanOrEqual(ContinuousClock.now - started, .milliseconds(50))
        XCTAssertEqual(delivery.pendingCount, 2, "each failed target waits for its retry")
    }
}
