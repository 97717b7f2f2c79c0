import XCTest
@testable import TimeZones

final class LocalDateTests: XCTestCase {
    func testLeapYears() {
        XCTAssertFalse(LocalDate.isLeapYear(1900))
        XCTAssertTrue(LocalDate.isLeapYear(2000))
        XCTAssertTrue(LocalDate.isLeapYear(2024))
        XCTAssertFalse(LocalDate.isLeapYear(2026))
        XCTAssertNil(LocalDate(year: 1900, month: 2, day: 29))
        XCTAssertNotNil(LocalDate(year: 2000, month: 2, day: 29))
        XCTAssertNotNil(LocalDate(year: 2024, month: 2, day: 29))
        XCTAssertNil(LocalDate(year: 2026, month: 2, day: 29))
        XCTAssertEqual(LocalDate(year: 2024, month: 2, day: 1)!.daysInMonth, 29)
        XCTAssertEqual(LocalDate(year: 1900, month: 2, day: 1)!.daysInMonth, 28)
    }

    func testValidation() {
        XCTAssertNil(LocalDate(year: 2026, month: 0, day: 1))
        XCTAssertNil(LocalDate(year: 2026, month: 13, day: 1))
        XCTAssertNil(LocalDate(year: 2026, month: 4, day: 31))
        XCTAssertNil(LocalDate(year: 2026, month: 1, day: 0))
        XCTAssertNotNil(LocalDate(year: 2026, month: 12, day: 31))
        XCTAssertNil(LocalDate(year: Int.max, month: 1, day: 1))
    }

    func testKnownDaysSince1970() {
        XCTAssertEqual(LocalDate(year: 1970, month: 1, day: 1)!.daysSince1970, 0)
        XCTAssertEqual(LocalDate(year: 1969, month: 12, day: 31)!.daysSince1970, -1)
        XCTAssertEqual(LocalDate(year: 2000, month: 3, day: 1)!.daysSince1970, 11_017)
        XCTAssertEqual(LocalDate(year: 1900, month: 1, day: 1)!.daysSince1970, -25_567)
        XCTAssertEqual(LocalDate(year: 1, month: 1, day: 1)!.daysSince1970, -719_162)
        XCTAssertEqual(LocalDate(daysSince1970: 20_414), LocalDate(year: 2025, month: 11, day: 22))
    }

    /// Every day 1900...2100: consecutive, valid, and mapping back to itself.
    func testRoundTripEveryDay1900To2100() {
        var expected = LocalDate(year: 1900, month: 1, day: 1)!
        let start = expected.daysSince1970
        let end = LocalDate(year: 2100, month: 12, day: 31)!.daysSince1970
        for days in start...end {
            let date = LocalDate(daysSince1970: days)
            XCTAssertEqual(date, expected, "day \(days)")
            XCTAssertEqual(date.daysSince1970, days)
            XCTAssertEqual(LocalDate(year: date.year, month: date.month, day: date.day), date)
            // The next day by calendar rules, independent of the day count.
            if date.day < date.daysInMonth {
                expected = LocalDate(year: date.year, month: date.month, day: date.day + 1)!
            } else if date.month < 12 {
                expected = LocalDate(year: date.year, month: date.month + 1, day: 1)!
            } else {
                expected = LocalDate(year: date.year + 1, month: 1, day: 1)!
            }
        }
        XCTAssertEqual(expected, LocalDate(year: 2101, month: 1, day: 1))
    }

    func testRoundTripFarDates() {
        for days in [LocalDate.supportedDays.lowerBound, -1_000_000, -719_163, 2_932_896, LocalDate.supportedDays.upperBound] {
            XCTAssertEqual(LocalDate(daysSince1970: days).daysSince1970, days)
        }
        XCTAssertEqual(LocalDate(daysSince1970: LocalDate.supportedDays.lowerBound), LocalDate(year: -1_000_000, month: 1, day: 1))
        XCTAssertEqual(LocalDate(daysSince1970: LocalDate.supportedDays.upperBound), LocalDate(year: 1_000_000, month: 12, day: 31))
    }

    func testArithmetic() {
        let date = LocalDate(year: 2024, month: 2, day: 28)!
        XCTAssertEqual(date.adding(days: 1), LocalDate(year: 2024, month: 2, day: 29))
        XCTAssertEqual(date.adding(days: 2), LocalDate(year: 2024, month: 3, day: 1))
        XCTAssertEqual(date.adding(days: -59), LocalDate(year: 2023, month: 12, day: 31))
        XCTAssertEqual(date.days(to: LocalDate(year: 2025, month: 2, day: 28)!), 366)
        XCTAssertEqual(LocalDate(year: 2025, month: 2, day: 28)!.days(to: date), -366)
        XCTAssertEqual(LocalDate(year: 2026, month: 5, day: 17)!.firstOfMonth, LocalDate(year: 2026, month: 5, day: 1))
        XCTAssertEqual(LocalDate(year: 2026, month: 3, day: 1)!.dayOfYear, 60)
        XCTAssertEqual(LocalDate(year: 2024, month: 12, day: 31)!.dayOfYear, 366)
    }

    func testAddingMonthsClampsTheDay() {
        let january31 = LocalDate(year: 2026, month: 1, day: 31)!
        XCTAssertEqual(january31.adding(months: 1), LocalDate(year: 2026, month: 2, day: 28))
        XCTAssertEqual(LocalDate(year: 2024, month: 1, day: 31)!.adding(months: 1), LocalDate(year: 2024, month: 2, day: 29))
        XCTAssertEqual(january31.adding(months: 3), LocalDate(year: 2026, month: 4, day: 30))
        XCTAssertEqual(january31.adding(months: 12), LocalDate(year: 2027, month: 1, day: 31))
        XCTAssertEqual(january31.adding(months: -1), LocalDate(year: 2025, month: 12, day: 31))
        XCTAssertEqual(january31.adding(months: -13), LocalDate(year: 2024, month: 12, day: 31))
        XCTAssertEqual(january31.adding(months: 0), january31)
        XCTAssertEqual(LocalDate(year: 2024, month: 2, day: 29)!.adding(months: 12), LocalDate(year: 2025, month: 2, day: 28))
    }

    func testWeekdays() {
        XCTAssertEqual(LocalDate(year: 1970, month: 1, day: 1)!.weekday, .thursday)
        XCTAssertEqual(LocalDate(year: 2026, month: 11, day: 22)!.weekday, .sunday)
        XCTAssertEqual(LocalDate(year: 2000, month: 1, day: 1)!.weekday, .saturday)
        XCTAssertEqual(LocalDate(year: 1969, month: 12, day: 29)!.weekday, .monday)
        XCTAssertEqual(LocalDate(year: 1900, month: 1, day: 1)!.weekday, .monday)
        XCTAssertEqual(Weekday.monday.isoNumber, 1)
        XCTAssertEqual(Weekday.sunday.isoNumber, 7)
        XCTAssertEqual(Weekday(isoNumber: 3), .wednesday)
        XCTAssertNil(Weekday(isoNumber: 0))
        // Seven consecutive days cycle through every weekday in order.
        let monday = LocalDate(year: 2026, month: 11, day: 16)!
        XCTAssertEqual((0..<7).map { monday.adding(days: $0).weekday }, Weekday.allCases)
    }

    func testISOWeeks() {
        func week(_ y: Int, _ m: Int, _ d: Int) -> [Int] {
            let w = LocalDate(year: y, month: m, day: d)!.isoWeek
            return [w.year, w.week]
        }
        XCTAssertEqual(week(2020, 12, 31), [2020, 53])
        XCTAssertEqual(week(2021, 1, 3), [2020, 53])
        XCTAssertEqual(week(2021, 1, 4), [2021, 1])
        XCTAssertEqual(week(2026, 12, 28), [2026, 53])
        XCTAssertEqual(week(2027, 1, 3), [2026, 53])
        XCTAssertEqual(week(2027, 1, 4), [2027, 1])
        XCTAssertEqual(week(2024, 12, 30), [2025, 1])
        XCTAssertEqual(week(2026, 1, 1), [2026, 1])
        XCTAssertEqual(week(2026, 11, 22), [2026, 47])
    }

    /// Weeks 1...52/53 run without holes: each Monday starts the next week.
    func testISOWeeksAreConsecutive() {
        var monday = LocalDate(year: 1999, month: 12, day: 27)!  // 1999-W52
        var previous = monday.isoWeek
        for _ in 0..<(52 * 30) {
            monday = monday.adding(days: 7)
            let current = monday.isoWeek
            if current.year == previous.year {
                XCTAssertEqual(current.week, previous.week + 1, "\(monday)")
            } else {
                XCTAssertEqual(current.year, previous.year + 1)
                XCTAssertEqual(current.week, 1)
                XCTAssertTrue(previous.week == 52 || previous.week == 53)
                // A year has 53 weeks exactly when it starts or (leap) ends on a Thursday.
                let january1 = LocalDate(year: previous.year, month: 1, day: 1)!
                let long = january1.weekday == .thursday || (january1.isLeapYear && january1.weekday == .wednesday)
                XCTAssertEqual(previous.week == 53, long, "\(previous.year)")
            }
            for offset in 1..<7 {
                XCTAssertEqual(monday.adding(days: offset).isoWeek.week, current.week)
            }
            previous = current
        }
    }

    func testStrictISOParsing() {
        XCTAssertEqual(LocalDate(iso: "2026-02-01"), LocalDate(year: 2026, month: 2, day: 1))
        XCTAssertEqual(LocalDate(iso: "0001-01-01"), LocalDate(year: 1, month: 1, day: 1))
        XCTAssertEqual(LocalDate(iso: "9999-12-31"), LocalDate(year: 9999, month: 12, day: 31))
        XCTAssertEqual(LocalDate(iso: "2024-02-29"), LocalDate(year: 2024, month: 2, day: 29))
        for bad in ["2026-2-01", "2026-02-30", "2026-13-01", "20260201", " 2026-02-01", "2026-02-01x",
                    "0000-01-01", "2026-00-10", "2026-01-00", "2025-02-29", "+026-02-01", "2026-02-0\u{661}",
                    "2026/02/01", "", "2026-02-01\n", "２０２６-02-01", "-2026-02-01"] {
            XCTAssertNil(LocalDate(iso: bad), bad)
        }
    }

    func testDescriptionAndOrder() {
        XCTAssertEqual(LocalDate(year: 2026, month: 3, day: 9)!.description, "2026-03-09")
        XCTAssertEqual(LocalDate(year: 12, month: 3, day: 9)!.description, "0012-03-09")
        XCTAssertEqual(LocalDate(year: -1, month: 3, day: 9)!.description, "-0001-03-09")
        XCTAssertEqual(LocalDate(year: 0, month: 1, day: 1)!.description, "0000-01-01")
        XCTAssertEqual(LocalDate(year: 9999, month: 12, day: 31)!.description, "9999-12-31")
        XCTAssertEqual(LocalDate(year: 10_000, month: 1, day: 1)!.description, "10000-01-01")
        XCTAssertEqual(LocalDate(year: -12_345, month: 1, day: 1)!.description, "-12345-01-01")
        for text in ["2026-03-09", "0001-01-01", "1999-12-31", "2028-02-29"] {
            XCTAssertEqual(LocalDate(iso: text)?.description, text)
        }
        XCTAssertLessThan(LocalDate(year: 2025, month: 12, day: 31)!, LocalDate(year: 2026, month: 1, day: 1)!)
        XCTAssertLessThan(LocalDate(year: 2026, month: 1, day: 31)!, LocalDate(year: 2026, month: 2, day: 1)!)
        XCTAssertLessThan(LocalDate(year: 2026, month: 2, day: 1)!, LocalDate(year: 2026, month: 2, day: 2)!)
    }

    func testLocalDateTime() {
        let date = LocalDate(year: 2026, month: 3, day: 29)!
        let time = LocalDateTime(date: date, hour: 2, minute: 30, second: 5)!
        XCTAssertEqual(time.secondsSinceMidnight, 9_005)
        XCTAssertEqual(LocalDateTime(date: date, secondsSinceMidnight: 9_005), time)
        XCTAssertEqual(time.description, "2026-03-29T02:30:05")
        XCTAssertNil(LocalDateTime(date: date, hour: 24, minute: 0))
        XCTAssertNil(LocalDateTime(date: date, hour: 23, minute: 60))
        XCTAssertNil(LocalDateTime(date: date, hour: 23, minute: 59, second: 60))
        XCTAssertNil(LocalDateTime(date: date, hour: -1, minute: 0))
        XCTAssertLessThan(time, LocalDateTime(date: date, hour: 2, minute: 30, second: 6)!)
        XCTAssertLessThan(LocalDateTime(date: date, hour: 23, minute: 0)!, LocalDateTime(date: date.adding(days: 1), hour: 0, minute: 0)!)
        XCTAssertEqual(LocalDateTime(localSecondsSince1970: -1).description, "1969-12-31T23:59:59")
    }
}
