import Domain
import XCTest

final class StatsChartScaleTests: XCTestCase {
    func testNiceMaximum() {
        let expected = [
            0: 1, 1: 1, 2: 2, 3: 5, 5: 5, 6: 10, 7: 10, 10: 10, 11: 20, 12: 20, 20: 20, 21: 50, 50: 50,
            51: 100, 100: 100, 101: 200, 999: 1_000, 1_441: 2_000, 10_080: 20_000,
        ]
        for (max, nice) in expected {
            XCTAssertEqual(StatsChartScale.niceMaximum(for: max), nice, "\(max)")
        }
    }

    func testNeverBelowOne() {
        XCTAssertEqual(StatsChartScale.niceMaximum(for: -5), 1)
        XCTAssertEqual(StatsChartScale.niceMaximum(for: Int.min), 1)
    }

    /// One huge value neither overflows nor loops.
    func testHugeValues() {
        XCTAssertEqual(StatsChartScale.niceMaximum(for: 5_000_000_000_000_000_000), 5_000_000_000_000_000_000)
        XCTAssertEqual(StatsChartScale.niceMaximum(for: 2_000_000_000_000_000_001), 5_000_000_000_000_000_000)
        XCTAssertEqual(StatsChartScale.niceMaximum(for: 5_000_000_000_000_000_001), Int.max)
        XCTAssertEqual(StatsChartScale.niceMaximum(for: Int.max), Int.max)
    }
}
