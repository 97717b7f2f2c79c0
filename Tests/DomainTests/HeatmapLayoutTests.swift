import Domain
import TimeZones
import XCTest

/// The heatmap's 53 × 7 layout: weeks from each first weekday, years starting on every
/// weekday, ISO years with a 53rd week, leap years (and the 54-column one), a habit's
/// last 53 weeks.
final class HeatmapLayoutTests: XCTestCase {
    private func cell(_ layout: HeatmapLayout, _ iso: String) -> HeatmapLayout.Cell? {
        layout.cells.first { $0.date == day(iso) }
    }

    private func place(_ layout: HeatmapLayout, _ iso: String) -> [Int]? {
        cell(layout, iso).map { [$0.week, $0.row] }
    }

    /// 2026 begins on a Thursday and ends on one (an ISO year with a week 53).
    func test2026FromMonday() {
        let layout = HeatmapLayout.year(2026, firstWeekday: .monday)
        XCTAssertEqual(layout.weekCount, 53)
        XCTAssertEqual(layout.cells.count, 365)
        XCTAssertEqual(layout.weekdayOrder, [.monday, .tuesday, .wednesday, .thursday, .friday, .saturday, .sunday])
        XCTAssertEqual(place(layout, "2026-01-01"), [0, 3], "Thursday, the first week's fourth row")
        XCTAssertEqual(place(layout, "2026-01-04"), [0, 6])
        XCTAssertEqual(place(layout, "2026-01-05"), [1, 0], "the first Monday opens the second column")
        XCTAssertEqual(place(layout, "2026-12-28"), [52, 0], "ISO week 53 is the 53rd column")
        XCTAssertEqual(place(layout, "2026-12-31"), [52, 3])
        XCTAssertNil(cell(layout, "2025-12-31"), "the days before 1 January in its column are not drawn")
        XCTAssertEqual(layout.monthStarts.map(\.week), [0, 4, 8, 13, 17, 22, 26, 30, 35, 39, 43, 48])
        XCTAssertEqual(layout.monthStarts.map(\.month.month), Array(1...12))
        // Monday 1 June: day 152, 3 + 151 = 154 = 22 × 7, the top of column 22.
        XCTAssertEqual(place(layout, "2026-06-01"), [22, 0])
    }

    func test2026FromSundayAndSaturday() {
        let sunday = HeatmapLayout.year(2026, firstWeekday: .sunday)
        XCTAssertEqual(sunday.weekCount, 53)
        XCTAssertEqual(sunday.weekdayOrder.first, .sunday)
        XCTAssertEqual(place(sunday, "2026-01-01"), [0, 4])
        XCTAssertEqual(place(sunday, "2026-01-04"), [1, 0], "a Sunday opens a column")
        XCTAssertEqual(place(sunday, "2026-12-31"), [52, 4])
        let saturday = HeatmapLayout.year(2026, firstWeekday: .saturday)
        XCTAssertEqual(place(saturday, "2026-01-01"), [0, 5])
        XCTAssertEqual(place(saturday, "2026-01-03"), [1, 0])
        XCTAssertEqual(place(saturday, "2026-12-31"), [52, 5])
        XCTAssertEqual(saturday.weekCount, 53)
    }

    /// 2028 is a leap year that begins on a Saturday: with weeks from Sunday, 1 January is
    /// alone in the first column and 31 December (a Sunday) alone in a 54th.
    func testTheLeapYearThatNeedsAFiftyFourthColumn() {
        let sunday = HeatmapLayout.year(2028, firstWeekday: .sunday)
        XCTAssertEqual(sunday.cells.count, 366)
        XCTAssertEqual(sunday.weekCount, 54)
        XCTAssertEqual(place(sunday, "2028-01-01"), [0, 6])
        XCTAssertEqual(place(sunday, "2028-01-02"), [1, 0])
        XCTAssertEqual(place(sunday, "2028-02-29"), [9, 2])
        XCTAssertEqual(place(sunday, "2028-12-31"), [53, 0])
        // The same year from Monday fits 53: Saturday 1 January is row 5, Sunday 31 December row 6.
        let monday = HeatmapLayout.year(2028, firstWeekday: .monday)
        XCTAssertEqual(monday.weekCount, 53)
        XCTAssertEqual(place(monday, "2028-01-01"), [0, 5])
        XCTAssertEqual(place(monday, "2028-12-31"), [52, 6])
        // 2012 began on a Sunday: 54 columns with weeks from Monday.
        XCTAssertEqual(HeatmapLayout.year(2012, firstWeekday: .monday).weekCount, 54)
        XCTAssertEqual(place(HeatmapLayout.year(2012, firstWeekday: .monday), "2012-12-31"), [53, 0])
        XCTAssertEqual(HeatmapLayout.year(2012, firstWeekday: .sunday).weekCount, 53)
    }

    /// 2020: a leap year from a Wednesday, an ISO year of 53 weeks.
    func testALeapYearWithAnISOWeek53() {
        let layout = HeatmapLayout.year(2020, firstWeekday: .monday)
        XCTAssertEqual(layout.weekCount, 53)
        XCTAssertEqual(place(layout, "2020-01-01"), [0, 2])
        XCTAssertEqual(place(layout, "2020-02-29"), [8, 5])
        XCTAssertEqual(place(layout, "2020-03-01"), [8, 6])
        XCTAssertEqual(place(layout, "2020-12-28"), [52, 0])
        XCTAssertEqual(place(layout, "2020-12-31"), [52, 3])
    }

    /// Every year from 1900 to 2100 from every first weekday: each day once, in its weekday's
    /// row, columns advancing with the weeks; 53 columns unless a leap year begins on the
    /// week's last day (54).
    func testEveryYearFromEveryFirstWeekday() {
        for year in 1900...2100 {
            let january = LocalDate(year: year, month: 1, day: 1)!
            for firstWeekday in Weekday.allCases {
                let layout = HeatmapLayout.year(year, firstWeekday: firstWeekday)
                let lastWeekday = layout.weekdayOrder.last!
                let expected = january.isLeapYear && january.weekday == lastWeekday ? 54 : 53
                XCTAssertEqual(layout.weekCount, expected, "\(year) from \(firstWeekday)")
                XCTAssertEqual(layout.cells.count, january.isLeapYear ? 366 : 365)
                XCTAssertEqual(layout.cells.first?.week, 0)
                XCTAssertEqual(layout.cells.last?.week, expected - 1)
                XCTAssertEqual(Set(layout.cells.map { [$0.week, $0.row] }).count, layout.cells.count)
                for cell in layout.cells where layout.weekdayOrder[cell.row] != cell.date.weekday {
                    XCTFail("\(cell.date) drawn in \(layout.weekdayOrder[cell.row])'s row")
                }
                for (a, b) in zip(layout.cells, layout.cells.dropFirst()) where
                    b.date != a.date.adding(days: 1) || (b.row == 0 ? b.week != a.week + 1 : b.week != a.week || b.row != a.row + 1) {
                    XCTFail("\(a) then \(b)")
                }
                XCTAssertEqual(layout.monthStarts.count, 12)
            }
        }
    }

    /// A habit's heatmap: 53 whole weeks, the last holding today.
    func testTheLastFiftyThreeWeeks() {
        let monday = HeatmapLayout.weeks(endingWith: day("2026-11-24"), firstWeekday: .monday)
        XCTAssertEqual(monday.weekCount, 53)
        XCTAssertEqual(monday.cells.count, 371)
        XCTAssertEqual(monday.first, day("2025-11-24"))
        XCTAssertEqual(monday.last, day("2026-11-29"))
        XCTAssertEqual(place(monday, "2026-11-24"), [52, 1])
        XCTAssertEqual(monday.monthStarts.first?.month, day("2025-12-01"), "November 2025 began before: no label")
        XCTAssertEqual(monday.monthStarts.first?.week, 1)
        let sunday = HeatmapLayout.weeks(endingWith: day("2026-11-24"), firstWeekday: .sunday)
        XCTAssertEqual(sunday.first, day("2025-11-23"))
        XCTAssertEqual(sunday.last, day("2026-11-28"))
        XCTAssertEqual(place(sunday, "2026-11-24"), [52, 2])
        // Across a leap day, from a week's first day.
        let leap = HeatmapLayout.weeks(endingWith: day("2028-03-05"), firstWeekday: .sunday)
        XCTAssertEqual(leap.first, day("2027-03-07"))
        XCTAssertEqual(leap.last, day("2028-03-11"))
        XCTAssertEqual(place(leap, "2028-02-29"), [51, 2])
        XCTAssertEqual(place(leap, "2028-03-05"), [52, 0])
    }
}
