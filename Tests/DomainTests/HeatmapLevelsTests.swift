import Domain
import XCTest

/// The heatmap's quartile rule against quartiles computed by hand (R-7: h = (n − 1)·p,
/// interpolated between the neighbours of ⌊h⌋; a level is 1 plus the cut points reached).
final class HeatmapLevelsTests: XCTestCase {
    private func levels(_ figures: [Int], _ values: [Int]) -> [Int] {
        let levels = HeatmapLevels(figures: figures)
        return values.map { levels.level(of: $0) }
    }

    /// 1…8: h = 1.75, 3.5, 5.25 → 2 + .75·1 = 2.75, 4 + .5·1 = 4.5, 6 + .25·1 = 6.25.
    func testEightDistinctFiguresFallTwoToALevel() {
        let figures = Array(1...8)
        XCTAssertEqual(HeatmapLevels(figures: figures).quartiles, [2.75, 4.5, 6.25])
        XCTAssertEqual(levels(figures, figures), [1, 1, 2, 2, 3, 3, 4, 4])
        XCTAssertEqual(levels(figures, [0, 100]), [0, 4], "nothing is level 0; above every cut is 4")
    }

    /// The order the figures come in does not matter, and zero days are not counted:
    /// [13, 0, 2, 8, 1, 0, 5, 3, 2] → 1, 2, 2, 3, 5, 8, 13; h = 1.5, 3, 4.5 → 2, 3, 6.5.
    func testZerosAreLeftOutAndOrderDoesNotMatter() {
        let figures = [13, 0, 2, 8, 1, 0, 5, 3, 2]
        XCTAssertEqual(HeatmapLevels(figures: figures).quartiles, [2, 3, 6.5])
        XCTAssertEqual(levels(figures, [1, 2, 3, 5, 8, 13]), [1, 2, 3, 3, 4, 4])
    }

    /// Ties go up: [1, 1, 1, 2] → h = .75, 1.5, 2.25 → 1, 1, 1.25: a 1 reaches two cuts (level 3).
    func testTiesTakeTheHigherLevel() {
        let figures = [1, 1, 1, 2]
        XCTAssertEqual(HeatmapLevels(figures: figures).quartiles, [1, 1, 1.25])
        XCTAssertEqual(levels(figures, [1, 2]), [3, 4])
        // [2, 2, 5, 5, 5, 9]: h = 1.25, 2.5, 3.75 → 2 + .25·3 = 2.75, 5, 5: 2 → 1, 3 → 2, 5 and 9 → 4.
        XCTAssertEqual(HeatmapLevels(figures: [2, 2, 5, 5, 5, 9]).quartiles, [2.75, 5, 5])
        XCTAssertEqual(levels([2, 2, 5, 5, 5, 9], [2, 3, 5, 9]), [1, 2, 4, 4])
    }

    /// One active day is as dark as it gets.
    func testASingleActiveDayIsLevelFour() {
        XCTAssertEqual(HeatmapLevels(figures: [0, 0, 7, 0]).quartiles, [7, 7, 7])
        XCTAssertEqual(levels([0, 0, 7, 0], [0, 7, 1, 20]), [0, 4, 1, 4])
    }

    /// Every active day the same (a habit logged once a day): all level 4.
    func testAllDaysEqualAreLevelFour() {
        let figures = Array(repeating: 3, count: 200) + Array(repeating: 0, count: 165)
        XCTAssertEqual(HeatmapLevels(figures: figures).quartiles, [3, 3, 3])
        XCTAssertEqual(levels(figures, [3, 0]), [4, 0])
    }

    /// Two figures: h = .25, .5, .75 → 10 + 2.5, 15, 17.5.
    func testTwoFiguresInterpolate() {
        XCTAssertEqual(HeatmapLevels(figures: [20, 10]).quartiles, [12.5, 15, 17.5])
        XCTAssertEqual(levels([20, 10], [10, 12, 13, 15, 17, 18, 20]), [1, 1, 2, 3, 3, 4, 4])
    }

    /// No activity at all: every day is level 0, and there are no cuts.
    func testNoActivity() {
        XCTAssertEqual(HeatmapLevels(figures: [0, 0]).quartiles, [])
        XCTAssertEqual(HeatmapLevels(figures: []).level(of: 0), 0)
        XCTAssertEqual(HeatmapLevels(figures: []).level(of: -3), 0)
    }

    /// Amounts in thousandths (a habit's 2.5 km is 2,500) and huge figures stay exact or clamp.
    func testLargeFigures() {
        let milli = [2_500, 5_000, 10_000, 42_195]
        // h = .75, 1.5, 2.25 → 2500 + .75·2500 = 4375, 7500, 10000 + .25·32195 = 18048.75.
        XCTAssertEqual(HeatmapLevels(figures: milli).quartiles, [4_375, 7_500, 18_048.75])
        XCTAssertEqual(levels(milli, milli), [1, 2, 3, 4])
        XCTAssertEqual(levels([1, Int.max], [Int.max, 1]), [4, 1])
    }
}
