import Locks
import XCTest

#if canImport(Glibc)
import Glibc
#endif

final class LockTests: XCTestCase {
    private final class Unguarded: @unchecked Sendable { var count = 0 }

    /// Two threads add through the lock to a counter the lock does not own: only mutual
    /// exclusion keeps the total right (and under ThreadSanitizer, only the annotations
    /// keep this test from being reported as a race).
    func testMutualExclusion() {
        let lock = Lock(())
        let counter = Unguarded()
        let perThread = 100_000
        PlainThreads.run(2) {
            for _ in 0..<perThread { lock.withLock { _ in counter.count += 1 } }
        }
        XCTAssertEqual(counter.count, 2 * perThread)
    }

    func testValueAndResultAndErrors() {
        struct Refused: Error, Equatable {}
        let lock = Lock([1, 2])
        XCTAssertEqual(lock.withLock { $0.append(3); return $0.count }, 3)
        XCTAssertThrowsError(try lock.withLock { (v: inout [Int]) throws(Refused) -> Int in
            v.append(4)
            throw Refused()
        }) { XCTAssertEqual($0 as? Refused, Refused()) }
        XCTAssertEqual(lock.withLock { $0 }, [1, 2, 3, 4], "a throwing body keeps what it changed, as Mutex does")
    }
}

/// Plain pthreads, joined before returning.
private enum PlainThreads {
    static func run(_ count: Int, _ body: @escaping @Sendable () -> Void) {
        final class Box: @unchecked Sendable { let body: @Sendable () -> Void; init(_ b: @escaping @Sendable () -> Void) { body = b } }
        var threads: [pthread_t] = []
        for _ in 0..<count {
            var thread = pthread_t()
            let box = Unmanaged.passRetained(Box(body)).toOpaque()
            pthread_create(&thread, nil, { raw in
                let box = Unmanaged<Box>.fromOpaque(raw!).takeRetainedValue()
                box.body()
                return nil
            }, box)
            threads.append(thread)
        }
        for thread in threads { pthread_join(thread, nil) }
    }
}
