@testable import HTTPServer
import XCTest

/// The table of connections per client address the event loops share.
final class ClientSlotsTests: XCTestCase {
    func testAnAddressGetsItsLimitAndNoMore() {
        var slots = ClientSlots(limit: 3)
        XCTAssertTrue(slots.take("192.0.2.1"))
        XCTAssertTrue(slots.take("192.0.2.1"))
        XCTAssertTrue(slots.take("192.0.2.1"))
        XCTAssertFalse(slots.take("192.0.2.1"))
        XCTAssertFalse(slots.take("192.0.2.1"), "refusing takes nothing")
        XCTAssertEqual(slots.count(of: "192.0.2.1"), 3)
        // Another address is not affected.
        XCTAssertTrue(slots.take("192.0.2.2"))
        XCTAssertEqual(slots.count(of: "192.0.2.2"), 1)
    }

    func testGivingOneBackFreesOne() {
        var slots = ClientSlots(limit: 2)
        XCTAssertTrue(slots.take("a"))
        XCTAssertTrue(slots.take("a"))
        XCTAssertFalse(slots.take("a"))
        slots.release("a")
        XCTAssertTrue(slots.take("a"))
        XCTAssertFalse(slots.take("a"))
    }

    func testAnAddressLeavesTheTableWithItsLastSlot() {
        var slots = ClientSlots(limit: 64)
        for i in 0..<1000 {
            XCTAssertTrue(slots.take("10.0.\(i / 256).\(i % 256)"))
        }
        XCTAssertEqual(slots.held.count, 1000)
        for i in 0..<1000 { slots.release("10.0.\(i / 256).\(i % 256)") }
        XCTAssertEqual(slots.held, [:], "memory goes back with the connections")
    }

    func testReleasingWhatWasNeverTakenChangesNothing() {
        var slots = ClientSlots(limit: 1)
        slots.release("a")
        XCTAssertEqual(slots.held, [:])
        XCTAssertTrue(slots.take("a"))
        slots.release("b")
        XCTAssertEqual(slots.held, ["a": 1])
    }
}
