import Domain
import XCTest

final class HabitFrequencyTests: XCTestCase {
    func testMostLoggedFirst() {
        let habits: [(id: Int64, createdAt: Int64, count: Int)] = [
            (id: 1, createdAt: 100, count: 3), (id: 2, createdAt: 200, count: 10), (id: 3, createdAt: 300, count: 0),
        ]
        XCTAssertEqual(HabitFrequency.sorted(habits), [2, 1, 3])
    }

    func testTiesGoToTheNewestThenTheHigherId() {
        let habits: [(id: Int64, createdAt: Int64, count: Int)] = [
            (id: 10, createdAt: 100, count: 5),
            (id: 11, createdAt: 300, count: 5),  // newer than 10 and 12
            (id: 12, createdAt: 200, count: 5),
            (id: 20, createdAt: 500, count: 5),  // same count and time as 21
            (id: 21, createdAt: 500, count: 5),
            (id: 30, createdAt: 900, count: 2),
            (id: 31, createdAt: 50, count: 7),
            (id: 40, createdAt: 0, count: 0),
            (id: 41, createdAt: 0, count: 0),
        ]
        let expected: [Int64] = [31, 21, 20, 11, 12, 10, 30, 41, 40]
        XCTAssertEqual(HabitFrequency.sorted(habits), expected)
        // The order never depends on the rows' order.
        XCTAssertEqual(HabitFrequency.sorted(habits.reversed()), expected)
        var generator = HabitTestRandom(seed: 7)
        for _ in 0..<20 {
            XCTAssertEqual(HabitFrequency.sorted(habits.shuffled(using: &generator)), expected)
        }
    }

    func testEmpty() {
        XCTAssertEqual(HabitFrequency.sorted([]), [])
    }
}
