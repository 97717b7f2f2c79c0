@testable import HTTPServer
import XCTest

final class WorkerPoolTests: XCTestCase {
    private final class Upload: Sendable {}

    /// A job holds its request (an upload can be a megabyte) and the loop that posted
    /// it; once run, the pool must let go of it, or a cycle outlives the server.
    func testARunJobIsReleased() {
        let pool = WorkerPool(threads: 1, capacity: 4)
        defer { pool.shutdown() }
        let ran = Semaphore()
        weak var watched: Upload?
        do {
            let upload = Upload()
            watched = upload
            XCTAssertTrue(pool.submit { withExtendedLifetime(upload) { ran.signal() } })
        }
        ran.wait()
        // The worker drops its own reference right after the call returns.
        for _ in 0..<200 where watched != nil { usleep(1_000) }
        XCTAssertNil(watched)
    }

    func testAFullQueueRefusesAndAStoppedPoolRefuses() {
        let pool = WorkerPool(threads: 1, capacity: 1)
        let gate = Semaphore()
        let started = Semaphore()
        XCTAssertTrue(pool.submit { started.signal(); gate.wait() })
        started.wait()
        XCTAssertTrue(pool.submit {})
        XCTAssertFalse(pool.submit {}, "one job may wait; the second is refused")
        gate.signal()
        pool.shutdown()
        XCTAssertFalse(pool.submit {})
    }
}
