import Domain
import TimeZones
import XCTest

final class StreakTests: XCTestCase {
    private let today = LocalDate(year: 2026, month: 11, day: 22)!

    private func streak(_ offsets: [Int]) -> Streak {
        Streak(activeDates: Set(offsets.map { today.adding(days: $0) }), today: today)
    }

    func testEmptyHistory() {
        XCTAssertEqual(streak([]).current, 0)
        XCTAssertEqual(streak([]).best, 0)
    }

    func testOnlyToday() {
        XCTAssertEqual(streak([0]).current, 1)
        XCTAssertEqual(streak([0]).best, 1)
    }

    func testYesterdayAndToday() {
        XCTAssertEqual(streak([-1, 0]).current, 2)
        XCTAssertEqual(streak([-1, 0]).best, 2)
    }

    /// Today without activity yet does not break the streak.
    func testYesterdayOnly() {
        XCTAssertEqual(streak([-1]).current, 1)
        XCTAssertEqual(streak([-3, -2, -1]).current, 3)
        XCTAssertEqual(streak([-3, -2, -1]).best, 3)
    }

    func testGap() {
        // Yesterday inactive, today active: a fresh run of 1.
        XCTAssertEqual(streak([-3, -2, 0]).current, 1)
        XCTAssertEqual(streak([-3, -2, 0]).best, 2)
        // Yesterday and today inactive: no current streak.
        XCTAssertEqual(streak([-3, -2]).current, 0)
        XCTAssertEqual(streak([-3, -2]).best, 2)
    }

    func testLongBestInThePastShortCurrent() {
        let longAgo = Array(-300 ..< -290)  // 10 days
        let shorter = Array(-100 ..< -94)  // 6 days
        let result = streak(longAgo + shorter + [-2, -1])
        XCTAssertEqual(result.current, 2)
        XCTAssertEqual(result.best, 10)
    }

    func testCurrentIsTheBest() {
        let result = streak(Array(-40...0) + Array(-60 ..< -50))
        XCTAssertEqual(result.current, 41)
        XCTAssertEqual(result.best, 41)
    }

    func testAcrossYearEndAndLeapDay() {
        let newYear = day("2027-01-02")
        let dates = ["2026-12-29", "2026-12-30", "2026-12-31", "2027-01-01", "2027-01-02"].map { day($0) }
        XCTAssertEqual(Streak(activeDates: dates, today: newYear).current, 5)
        let leap = ["2028-02-27", "2028-02-28", "2028-02-29", "2028-03-01"].map { day($0) }
        XCTAssertEqual(Streak(activeDates: leap, today: day("2028-03-02")).current, 4)
        // Without February 29 the run breaks.
        let broken = ["2028-02-27", "2028-02-28", "2028-03-01"].map { day($0) }
        let result = Streak(activeDates: broken, today: day("2028-03-02"))
        XCTAssertEqual(result.current, 1)
        XCTAssertEqual(result.best, 2)
    }

    /// Someone wrote ahead: future days count for neither streak.
    func testFutureDatesAreIgnored() {
        XCTAssertEqual(streak([1, 2]).current, 0)
        XCTAssertEqual(streak([1, 2]).best, 0)
        XCTAssertEqual(streak([-1, 0, 1, 2, 3]).current, 2)
        XCTAssertEqual(streak([-1, 0, 1, 2, 3]).best, 2)
    }

    /// An unsorted array with duplicates gives the same as a set.
    func testArrayInputWithDuplicates() {
        let offsets = [0, -5, -1, -6, -1, -7, 0, -2]
        let fromArray = Streak(activeDates: offsets.map { today.adding(days: $0) }, today: today)
        XCTAssertEqual(fromArray, streak(offsets))
        XCTAssertEqual(fromArray.current, 3)
        XCTAssertEqual(fromArray.best, 3)
        XCTAssertEqual(Streak.current(activeDates: Set(offsets.map { today.adding(days: $0) }), today: today), 3)
    }

    /// Night owls: an activity at 02:00 with the day starting at 03:00 belongs to the day before.
    func testDayStartHourDecidesWhichDayAnActivityCounts() throws {
        let rome = try zone("Europe/Rome")  // CET, UTC+1, in November
        let now = utc(2026, 11, 22, 9)  // 10:00 in Rome
        let activities = [
            utc(2026, 11, 20, 22),  // 2026-11-20 23:00
            utc(2026, 11, 22, 1),  // 2026-11-22 02:00
        ]
        func result(dayStartHour: Int) -> Streak {
            let today = MemberDay.today(at: now, rules: rome, dayStartHour: dayStartHour)
            let dates = activities.map { MemberDay.date(ofInstant: $0, rules: rome, dayStartHour: dayStartHour) }
            return Streak(activeDates: dates, today: today)
        }
        // Starting at 03:00: the 02:00 activity is the 21st's, so 20 + 21 run up to yesterday.
        XCTAssertEqual(result(dayStartHour: 3).current, 2)
        // Starting at midnight: 21 is empty, 22 is active.
        XCTAssertEqual(result(dayStartHour: 0).current, 1)
        XCTAssertEqual(result(dayStartHour: 0).best, 1)
    }
}
