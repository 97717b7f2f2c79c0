import Domain
import TimeZones
import XCTest

final class DayNavigationTests: XCTestCase {
    func testTwoCalendarYearsEachWay() {
        let today = day("2026-11-22")
        XCTAssertEqual(DayNavigationConstants.yearsEachWay, 2)
        XCTAssertEqual(DayNavigation.range(today: today), day("2024-11-22")...day("2028-11-22"))
        XCTAssertTrue(DayNavigation.isAllowed(day("2024-11-22"), today: today))
        XCTAssertTrue(DayNavigation.isAllowed(day("2028-11-22"), today: today))
        XCTAssertTrue(DayNavigation.isAllowed(today, today: today))
        XCTAssertFalse(DayNavigation.isAllowed(day("2024-11-21"), today: today))
        XCTAssertFalse(DayNavigation.isAllowed(day("2028-11-23"), today: today))
        XCTAssertFalse(DayNavigation.isAllowed(day("0001-01-01"), today: today))
        XCTAssertFalse(DayNavigation.isAllowed(day("9999-12-31"), today: today))
    }

    func testFebruary29ClampsToFebruary28() {
        let today = day("2028-02-29")
        XCTAssertEqual(DayNavigation.range(today: today), day("2026-02-28")...day("2030-02-28"))
        XCTAssertFalse(DayNavigation.isAllowed(day("2026-02-27"), today: today))
        XCTAssertFalse(DayNavigation.isAllowed(day("2030-03-01"), today: today))
        // Two years from a common year's Feb 28 is Feb 28 again, even in a leap year.
        XCTAssertEqual(DayNavigation.range(today: day("2026-02-28")), day("2024-02-28")...day("2028-02-28"))
        XCTAssertFalse(DayNavigation.isAllowed(day("2028-02-29"), today: day("2026-02-28")))
    }

    func testPreviousAndNext() {
        let today = day("2026-11-22")
        XCTAssertEqual(DayNavigation.previous(today, today: today), day("2026-11-21"))
        XCTAssertEqual(DayNavigation.next(today, today: today), day("2026-11-23"))
        XCTAssertEqual(DayNavigation.next(day("2026-12-31"), today: today), day("2027-01-01"))
        XCTAssertEqual(DayNavigation.next(day("2028-02-28"), today: today), day("2028-02-29"))
        XCTAssertEqual(DayNavigation.previous(day("2024-11-23"), today: today), day("2024-11-22"))
        XCTAssertNil(DayNavigation.previous(day("2024-11-22"), today: today))
        XCTAssertEqual(DayNavigation.next(day("2028-11-21"), today: today), day("2028-11-22"))
        XCTAssertNil(DayNavigation.next(day("2028-11-22"), today: today))
        // From outside the range only the step back in is offered.
        XCTAssertEqual(DayNavigation.previous(day("2028-11-23"), today: today), day("2028-11-22"))
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
}
