import Domain
import TimeZones
import XCTest

final class DayNavigationTests: XCTestCase {
    func testFrom1900ToTwoCalendarYearsAhead() {
        let today = day("2026-11-22")
        XCTAssertEqual(DayNavigationConstants.firstDay, day("1900-01-01"))
        XCTAssertEqual(DayNavigationConstants.yearsAhead, 2)
        XCTAssertEqual(DayNavigation.range(today: today), day("1900-01-01")...day("2028-11-22"))
        XCTAssertTrue(DayNavigation.isAllowed(day("1900-01-01"), today: today))
        XCTAssertTrue(DayNavigation.isAllowed(day("2016-05-05"), today: today))
        XCTAssertTrue(DayNavigation.isAllowed(day("2024-11-21"), today: today), "more than two years back")
        XCTAssertTrue(DayNavigation.isAllowed(day("2028-11-22"), today: today))
        XCTAssertTrue(DayNavigation.isAllowed(today, today: today))
        XCTAssertFalse(DayNavigation.isAllowed(day("1899-12-31"), today: today))
        XCTAssertFalse(DayNavigation.isAllowed(day("2028-11-23"), today: today))
        XCTAssertFalse(DayNavigation.isAllowed(day("0001-01-01"), today: today))
        XCTAssertFalse(DayNavigation.isAllowed(day("9999-12-31"), today: today))
    }

    /// Vacations and pauses keep today ± two calendar years.
    func testThePlanningRangeIsTwoYearsEachWay() {
        XCTAssertEqual(DayNavigationConstants.planningYearsEachWay, 2)
        XCTAssertEqual(DayNavigation.planningRange(today: day("2026-11-22")), day("2024-11-22")...day("2028-11-22"))
        XCTAssertEqual(DayNavigation.planningRange(today: day("2028-02-29")), day("2026-02-28")...day("2030-02-28"))
    }

    func testFebruary29ClampsToFebruary28() {
        let today = day("2028-02-29")
        XCTAssertEqual(DayNavigation.range(today: today), day("1900-01-01")...day("2030-02-28"))
        XCTAssertFalse(DayNavigation.isAllowed(day("2030-03-01"), today: today))
        // Two years from a common year's Feb 28 is Feb 28 again, even in a leap year.
        XCTAssertEqual(DayNavigation.range(today: day("2026-02-28")).upperBound, day("2028-02-28"))
        XCTAssertFalse(DayNavigation.isAllowed(day("2028-02-29"), today: day("2026-02-28")))
    }

    func testPreviousAndNext() {
        let today = day("2026-11-22")
        XCTAssertEqual(DayNavigation.previous(today, today: today), day("2026-11-21"))
        XCTAssertEqual(DayNavigation.next(today, today: today), day("2026-11-23"))
        XCTAssertEqual(DayNavigation.next(day("2026-12-31"), today: today), day("2027-01-01"))
        XCTAssertEqual(DayNavigation.next(day("2028-02-28"), today: today), day("2028-02-29"))
        XCTAssertEqual(DayNavigation.previous(day("2024-11-22"), today: today), day("2024-11-21"))
        XCTAssertEqual(DayNavigation.previous(day("1900-01-02"), today: today), day("1900-01-01"))
        XCTAssertNil(DayNavigation.previous(day("1900-01-01"), today: today))
        XCTAssertEqual(DayNavigation.next(day("1900-01-01"), today: today), day("1900-01-02"))
        XCTAssertEqual(DayNavigation.next(day("2028-11-21"), today: today), day("2028-11-22"))
        XCTAssertNil(DayNavigation.next(day("2028-11-22"), today: today))
        // From outside the range only the step back in is offered.
        XCTAssertEqual(DayNavigation.previous(day("2028-11-23"), today: today), day("2028-11-22"))
        XCTAssertEqual(DayNavigation.next(day("1899-12-31"), today: today), day("1900-01-01"))
        XCTAssertNil(DayNavigation.previous(day("2030-01-01"), today: today))
        XCTAssertNil(DayNavigation.next(day("2030-01-01"), today: today))
    }

    /// The extremes of LocalDate must give nil, not trap in day arithmetic.
    func testExtremeDatesDoNotTrap() {
        let today = day("2026-11-22")
        let last = LocalDate(daysSince1970: LocalDate.supportedDays.upperBound)
        let first = LocalDate(daysSince1970: LocalDate.supportedDays.lowerBound)
        XCTAssertNil(DayNavigation.next(last, today: today))
        XCTAssertNil(DayNavigation.previous(last, today: today))
        XCTAssertNil(DayNavigation.previous(first, today: today))
        XCTAssertNil(DayNavigation.next(first, today: today))
    }

    /// The row and the grid are drawn around today, whatever day is selected: a day page in
    /// 1900 shows today's circles, none of them selected.
    func testTheRowAndGridDoNotFollowAnOldDay() {
        let today = day("2026-11-22")
        XCTAssertFalse(DayWindow(today: today).contains(day("1900-01-01")))
        XCTAssertFalse(DateGrid(today: today).contains(day("1900-01-01")))
        XCTAssertEqual(DayWindow(today: today).dates.first, day("2026-10-23"))
    }
}
