import Domain
import TimeZones
import XCTest

final class MonthNavigationTests: XCTestCase {
    func testANewMemberKeepsTwoYearsBackAndAhead() {
        let months = MonthNavigation(periods: PeriodNavigation(today: day("2026-11-22"), firstWeekday: .monday))
        XCTAssertEqual(months.months, day("2024-11-01")...day("2028-11-01"))
        XCTAssertTrue(months.isAllowed(day("2024-11-30")))
        XCTAssertFalse(months.isAllowed(day("2024-10-31")))
        XCTAssertTrue(months.isAllowed(day("2028-11-30")), "the month of the last day page")
        XCTAssertFalse(months.isAllowed(day("2028-12-01")))
        XCTAssertNil(months.previous(day("2024-11-15")))
        XCTAssertEqual(months.previous(day("2024-12-31")), day("2024-11-01"))
        XCTAssertNil(months.next(day("2028-11-01")))
        XCTAssertEqual(months.next(day("2028-10-31")), day("2028-11-01"))
        XCTAssertNil(months.previous(day("2030-01-01")), "from outside, no arrow")
        XCTAssertNil(months.next(day("2020-01-01")))
        // The statistics' year 2024 starts before the first month: its link goes to that month.
        XCTAssertEqual(months.clamped(day("2024-01-01")), day("2024-11-01"))
        XCTAssertEqual(months.clamped(day("2025-06-17")), day("2025-06-01"))
        XCTAssertEqual(months.clamped(day("2031-01-01")), day("2028-11-01"))
    }

    func testTheEarliestDataReachesFurtherBack() {
        let periods = PeriodNavigation(today: day("2026-11-22"), firstWeekday: .sunday, earliestData: day("2016-05-05"))
        let months = MonthNavigation(periods: periods)
        XCTAssertEqual(months.months.lowerBound, day("2016-05-01"))
        XCTAssertFalse(months.isAllowed(day("2016-04-30")))
        XCTAssertNil(months.previous(day("2016-05-01")))
        XCTAssertEqual(months.clamped(day("2016-01-01")), day("2016-05-01"))
        // Every month each statistics period starts in is a calendar month, at every granularity.
        for granularity in Granularity.allCases {
            var p: Period? = periods.current(granularity)
            while let period = p {
                XCTAssertTrue(months.isAllowed(months.clamped(period.first)), "\(period.id)")
                p = periods.previous(from: period)
            }
        }
    }
}
