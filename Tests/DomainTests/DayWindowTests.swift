import Domain
import TimeZones
import XCTest

final class DayWindowTests: XCTestCase {
    /// Oldest first, one day apart, today at index 30.
    private func assertShape(_ window: DayWindow, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(window.dates.count, 33, file: file, line: line)
        XCTAssertEqual(window.dates[30], window.today, file: file, line: line)
        for (older, newer) in zip(window.dates, window.dates.dropFirst()) {
            XCTAssertEqual(older.days(to: newer), 1, "\(older) → \(newer)", file: file, line: line)
        }
    }

    func testConstants() {
        XCTAssertEqual(DayWindowConstants.pastDays, 30)
        XCTAssertEqual(DayWindowConstants.futureDays, 2)
        XCTAssertEqual(DayWindowConstants.dayCount, 33)
    }

    func testOrdinaryDay() {
        let window = DayWindow(today: day("2026-11-22"))
        assertShape(window)
        XCTAssertEqual(window.dates.first, day("2026-10-23"))
        XCTAssertEqual(window.dates.last, day("2026-11-24"))
        XCTAssertEqual(window.range, day("2026-10-23")...day("2026-11-24"))
        XCTAssertTrue(window.contains(day("2026-10-23")))
        XCTAssertTrue(window.contains(day("2026-11-24")))
        XCTAssertFalse(window.contains(day("2026-10-22")))
        XCTAssertFalse(window.contains(day("2026-11-25")))
        XCTAssertEqual(window.index(of: day("2026-10-23")), 0)
        XCTAssertEqual(window.index(of: day("2026-11-22")), 30)
        XCTAssertEqual(window.index(of: day("2026-11-24")), 32)
        XCTAssertNil(window.index(of: day("2026-11-25")))
    }

    func testYearEnd() {
        let window = DayWindow(today: day("2026-12-31"))
        assertShape(window)
        XCTAssertEqual(window.dates.first, day("2026-12-01"))
        XCTAssertEqual(window.dates.suffix(2), [day("2027-01-01"), day("2027-01-02")])
    }

    func testMonthEnds() {
        let march = DayWindow(today: day("2026-03-31"))
        assertShape(march)
        XCTAssertEqual(march.dates.first, day("2026-03-01"))
        XCTAssertEqual(march.dates.last, day("2026-04-02"))
        let firstOfMay = DayWindow(today: day("2026-05-01"))
        assertShape(firstOfMay)
        XCTAssertEqual(firstOfMay.dates.first, day("2026-04-01"))
    }

    func testLeapDay() {
        let onLeapDay = DayWindow(today: day("2028-02-29"))
        assertShape(onLeapDay)
        XCTAssertEqual(onLeapDay.dates.first, day("2028-01-30"))
        XCTAssertEqual(onLeapDay.dates.suffix(2), [day("2028-03-01"), day("2028-03-02")])

        let afterLeapDay = DayWindow(today: day("2028-03-01"))
        assertShape(afterLeapDay)
        XCTAssertEqual(afterLeapDay.dates.first, day("2028-01-31"))
        XCTAssertTrue(afterLeapDay.contains(day("2028-02-29")))

        // A common year has no February 29 to skip over.
        let commonYear = DayWindow(today: day("2027-03-01"))
        assertShape(commonYear)
        XCTAssertEqual(commonYear.dates.first, day("2027-01-30"))
        XCTAssertEqual(commonYear.dates[29], day("2027-02-28"))
    }

    /// The window follows the member's today, which depends on the zone and the day start.
    func testWindowFromMemberDayAcrossDST() throws {
        let newYork = try zone("America/New_York")
        let oneThirtyEST = utc(2026, 11, 1, 6, 30)
        XCTAssertEqual(DayWindow(today: MemberDay.today(at: oneThirtyEST, rules: newYork, dayStartHour: 0)).dates.last,
                       day("2026-11-03"))
        XCTAssertEqual(DayWindow(today: MemberDay.today(at: oneThirtyEST, rules: newYork, dayStartHour: 4)).dates.last,
                       day("2026-11-02"))

        let rome = try zone("Europe/Rome")
        let window = DayWindow(today: MemberDay.today(at: utc(2026, 3, 28, 23, 30), rules: rome, dayStartHour: 0))
        XCTAssertEqual(window.today, day("2026-03-29"))
        XCTAssertEqual(window.dates.first, day("2026-02-27"))
    }
}
