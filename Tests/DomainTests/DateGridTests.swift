import Domain
import TimeZones
import XCTest

final class DateGridTests: XCTestCase {
    private func assertShape(_ grid: DateGrid, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(grid.cells.count, 84, file: file, line: line)
        XCTAssertEqual(grid.cells.last, grid.today.adding(days: 4), file: file, line: line)
        for (older, newer) in zip(grid.cells, grid.cells.dropFirst()) {
            XCTAssertEqual(older.days(to: newer), 1, "\(older) → \(newer)", file: file, line: line)
        }
    }

    func testConstants() {
        XCTAssertEqual(DateGridConstants.rows, 6)
        XCTAssertEqual(DateGridConstants.circleSize, 22)
        XCTAssertEqual(DateGridConstants.horizontalPadding, 16)
        XCTAssertEqual(DateGridConstants.columns, 7...14)
        XCTAssertEqual(DateGridConstants.minimumGap, 8)
        XCTAssertEqual(DateGridConstants.maximumGap, 20)
        XCTAssertEqual(DateGridConstants.futureDays, 4)
        XCTAssertEqual(DateGridConstants.renderedCells, 84)
    }

    func testYearEnd() {
        let grid = DateGrid(today: day("2026-12-31"))
        assertShape(grid)
        XCTAssertEqual(grid.cells.last, day("2027-01-04"))
        XCTAssertEqual(grid.cells.first, day("2026-10-13"))
        XCTAssertEqual(grid.cells[79], day("2026-12-31"))
        XCTAssertEqual(grid.range, day("2026-10-13")...day("2027-01-04"))
        XCTAssertTrue(grid.contains(day("2026-10-13")))
        XCTAssertFalse(grid.contains(day("2026-10-12")))
        XCTAssertFalse(grid.contains(day("2027-01-05")))
    }

    func testLeapDay() {
        let grid = DateGrid(today: day("2028-02-27"))
        assertShape(grid)
        XCTAssertEqual(grid.cells.last, day("2028-03-02"))
        XCTAssertEqual(grid.cells.first, day("2027-12-10"))
        XCTAssertEqual(grid.cells.suffix(4), [day("2028-02-28"), day("2028-02-29"), day("2028-03-01"), day("2028-03-02")])

        let onLeapDay = DateGrid(today: day("2028-02-29"))
        assertShape(onLeapDay)
        XCTAssertEqual(onLeapDay.cells.last, day("2028-03-04"))
    }

    func testMonthEnd() {
        let grid = DateGrid(today: day("2026-04-30"))
        assertShape(grid)
        XCTAssertEqual(grid.cells.last, day("2026-05-04"))
        XCTAssertEqual(grid.cells.first, day("2026-02-10"))
    }

    /// CSS hides the oldest cells: what is left is the latest rows × columns, ending at today + 4.
    func testVisibleCells() {
        let grid = DateGrid(today: day("2026-11-22"))
        let seven = grid.visibleCells(columns: 7)
        XCTAssertEqual(seven.count, 42)
        XCTAssertEqual(seven.first, day("2026-10-16"))
        XCTAssertEqual(seven.last, day("2026-11-26"))
        XCTAssertEqual(grid.visibleCells(columns: 9).count, 54)
        XCTAssertEqual(grid.visibleCells(columns: 9).first, day("2026-10-04"))
        XCTAssertEqual(Array(grid.visibleCells(columns: 14)), grid.cells)
    }

    func testGridFromMemberDayAcrossDST() throws {
        let rome = try zone("Europe/Rome")
        let at0330 = utc(2026, 3, 29, 1, 30)
        XCTAssertEqual(DateGrid(today: MemberDay.today(at: at0330, rules: rome, dayStartHour: 0)).cells.last,
                       day("2026-04-02"))
        XCTAssertEqual(DateGrid(today: MemberDay.today(at: at0330, rules: rome, dayStartHour: 4)).cells.last,
                       day("2026-04-01"))
        let lordHowe = try zone("Australia/Lord_Howe")
        XCTAssertEqual(DateGrid(today: MemberDay.today(at: utc(2026, 12, 31, 13), rules: lordHowe, dayStartHour: 0))
                        .cells.last, day("2027-01-05"))  // 2027-01-01 00:00 +11
    }
}
