import Domain
import XCTest

final class DateGridLayoutTests: XCTestCase {
    /// Container widths include the 16 px padding on each side (W = width − 32).
    func testCommonViewportWidths() {
        XCTAssertEqual(DateGridLayout.columns(containerWidth: 320), 9)  // W 288: (288 + 8) / 30 = 9.87
        XCTAssertEqual(DateGridLayout.columns(containerWidth: 375), 11)  // W 343: 11.7
        XCTAssertEqual(DateGridLayout.columns(containerWidth: 768), 14)  // W 736: 24.8, clamped
        XCTAssertEqual(DateGridLayout.columns(containerWidth: 1280), 14)
        XCTAssertEqual(DateGridLayout.gap(containerWidth: 320, columns: 9), 11.25)  // (288 − 198) / 8
        XCTAssertEqual(DateGridLayout.gap(containerWidth: 375, columns: 11), 10.1, accuracy: 1e-9)  // (343 − 242) / 10
        XCTAssertEqual(DateGridLayout.gap(containerWidth: 768, columns: 14), 20)  // 32.9, clamped
    }

    func testNarrowAndNonsenseWidthsGetTheMinimum() {
        XCTAssertEqual(DateGridLayout.columns(containerWidth: 0), 7)
        XCTAssertEqual(DateGridLayout.columns(containerWidth: -500), 7)
        XCTAssertEqual(DateGridLayout.columns(containerWidth: 200), 7)
        XCTAssertEqual(DateGridLayout.columns(containerWidth: .nan), 7)
        XCTAssertEqual(DateGridLayout.columns(containerWidth: -.infinity), 7)
        XCTAssertEqual(DateGridLayout.columns(containerWidth: .infinity), 14)
        XCTAssertEqual(DateGridLayout.gap(containerWidth: 0, columns: 7), 8)
        XCTAssertEqual(DateGridLayout.gap(containerWidth: .nan, columns: 7), 8)
        XCTAssertEqual(DateGridLayout.gap(containerWidth: .infinity, columns: 14), 20)
    }

    func testBreakpoints() {
        let breakpoints = DateGridLayout.breakpoints
        XCTAssertEqual(breakpoints.map(\.columns), Array(8...14))
        // 30 × columns − 8 + 32, worked out by hand from the formula.
        XCTAssertEqual(breakpoints.map(\.minContainerWidth), [264, 294, 324, 354, 384, 414, 444])
        for (width, columns) in breakpoints {
            XCTAssertEqual(DateGridLayout.columns(containerWidth: width), columns, "at \(width)")
            XCTAssertEqual(DateGridLayout.columns(containerWidth: width - 1), columns - 1, "1 px below \(width)")
            XCTAssertEqual(DateGridLayout.columns(containerWidth: width - 0.01), columns - 1, "just below \(width)")
            // At its breakpoint a column count just fits, with the minimum gap.
            XCTAssertEqual(DateGridLayout.gap(containerWidth: width, columns: columns), 8, "at \(width)")
        }
        XCTAssertEqual(DateGridLayout.columns(containerWidth: breakpoints[0].minContainerWidth - 1), 7)
    }

    /// Every width from 0 to 2000 px (and half pixels): columns never shrink as the
    /// width grows, match the breakpoint table, and the gap stays within 8...20 and fits.
    func testEveryWidth() {
        var previous = 7
        for halfPixels in 0...4_000 {
            let width = Double(halfPixels) / 2
            let columns = DateGridLayout.columns(containerWidth: width)
            XCTAssertTrue((7...14).contains(columns))
            XCTAssertGreaterThanOrEqual(columns, previous, "at \(width)")
            previous = columns
            let expected = DateGridLayout.breakpoints.last { $0.minContainerWidth <= width }?.columns ?? 7
            XCTAssertEqual(columns, expected, "at \(width)")

            let gap = DateGridLayout.gap(containerWidth: width, columns: columns)
            XCTAssertTrue((8...20).contains(gap), "gap \(gap) at \(width)")
            let contentWidth = width - 32
            if contentWidth >= 7 * 22 + 6 * 8 {
                XCTAssertLessThanOrEqual(Double(columns) * 22 + Double(columns - 1) * gap, contentWidth + 1e-9, "at \(width)")
            }
        }
    }

    func testHiddenCells() {
        XCTAssertEqual(DateGridLayout.hiddenCells(columns: 7), 42)
        XCTAssertEqual(DateGridLayout.hiddenCells(columns: 9), 30)
        XCTAssertEqual(DateGridLayout.hiddenCells(columns: 11), 18)
        XCTAssertEqual(DateGridLayout.hiddenCells(columns: 14), 0)
        for columns in 7...14 {
            XCTAssertEqual(84 - DateGridLayout.hiddenCells(columns: columns), 6 * columns)
        }
    }
}
