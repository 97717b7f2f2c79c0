import Store
import Synchronization
import XCTest
@testable import DawnApp

/// Every committed member write is announced through `MemberWrites`: a server lives for
/// months of writes, so announcing the hundred-thousandth costs what the first did. (Kept
/// as a closure in the lock's value, the handler grew a thunk per call, and some thousands
/// of notes later calling it overflowed a worker thread's stack and killed the server.)
final class MemberWritesTests: XCTestCase {
    func testAHundredThousandWritesAreAnnouncedWithoutTheHandlerGrowing() {
        let writes = MemberWrites()
        let seen = Atomic<Int>(0)
        writes.setHandler { id in
            XCTAssertEqual(id, MemberID(7))
            seen.add(1, ordering: .relaxed)
        }
        for _ in 0..<100_000 { writes.notify(MemberID(7)) }
        XCTAssertEqual(seen.load(ordering: .relaxed), 100_000)
    }

    func testWritesBeforeTheHandlerIsSetAreIgnored() {
        let writes = MemberWrites()
        writes.notify(MemberID(1))
        let seen = Atomic<Int>(0)
        writes.setHandler { _ in seen.add(1, ordering: .relaxed) }
        writes.notify(MemberID(1))
        XCTAssertEqual(seen.load(ordering: .relaxed), 1)
    }
}
