import Domain
import TimeZones
import XCTest

final class PeriodTests: XCTestCase {
    private func period(_ iso: String, _ granularity: Granularity, _ firstWeekday: Weekday = .monday) -> Period {
        Period(containing: day(iso), granularity: granularity, firstWeekday: firstWeekday)
    }

    private func isoWeek(_ period: Period) -> String? {
        period.isoWeek.map { "\($0.year)-W\($0.week)" }
    }

    func testDay() {
        let p = period("2026-11-22", .day)
        XCTAssertEqual(p.granularity, .day)
        XCTAssertEqual(p.first, day("2026-11-22"))
        XCTAssertEqual(p.last, day("2026-11-22"))
        XCTAssertEqual(p.dayCount, 1)
        XCTAssertEqual(p.days, [day("2026-11-22")])
        XCTAssertEqual(p.previous, period("2026-11-21", .day))
        XCTAssertEqual(period("2026-12-31", .day).next, period("2027-01-01", .day))
        XCTAssertEqual(period("2028-03-01", .day).previous.first, day("2028-02-29"))
        XCTAssertNil(p.quarter)
        XCTAssertNil(isoWeek(p))
    }

    /// Active days are out of the days so far: 27 November is day 331 of 2026.
    func testDaysThroughToday() {
        let today = day("2026-11-27")
        XCTAssertEqual(period("2026-06-01", .year).dayCount(through: today), 331)
        XCTAssertEqual(period("2026-11-01", .quarter).dayCount(through: today), 58)
        XCTAssertEqual(period("2026-11-01", .month).dayCount(through: today), 27)
        XCTAssertEqual(period("2026-11-27", .week).dayCount(through: today), 5, "Monday 23 to Friday 27")
        XCTAssertEqual(period("2026-11-27", .day).dayCount(through: today), 1)
        XCTAssertEqual(period("2025-06-01", .year).dayCount(through: today), 365, "a year that is over counts whole")
        XCTAssertEqual(period("2026-10-31", .month).dayCount(through: today), 31)
        XCTAssertEqual(period("2026-12-01", .month).dayCount(through: today), 0, "a month still to come")
        XCTAssertEqual(period("2028-02-01", .year).dayCount(through: day("2028-12-31")), 366)
    }

    func testISOWeeksAcrossYearEnds() {
        XCTAssertEqual(isoWeek(period("2020-12-31", .week)), "2020-W53")
        XCTAssertEqual(isoWeek(period("2021-01-03", .week)), "2020-W53")
        XCTAssertEqual(period("2021-01-03", .week), period("2020-12-28", .week))
        XCTAssertEqual(period("2020-12-31", .week).first, day("2020-12-28"))
        XCTAssertEqual(period("2020-12-31", .week).last, day("2021-01-03"))
        XCTAssertEqual(isoWeek(period("2021-01-04", .week)), "2021-W1")
        XCTAssertEqual(isoWeek(period("2026-12-28", .week)), "2026-W53")
        XCTAssertEqual(period("2026-12-28", .week).last, day("2027-01-03"))
        XCTAssertEqual(isoWeek(period("2027-01-04", .week)), "2027-W1")
        XCTAssertEqual(isoWeek(period("2026-12-28", .week).next), "2027-W1")
        XCTAssertEqual(isoWeek(period("2027-01-04", .week).previous), "2026-W53")
        // Late December in the next year's week 1.
        XCTAssertEqual(isoWeek(period("2024-12-31", .week)), "2025-W1")
        XCTAssertEqual(period("2024-12-31", .week).first, day("2024-12-30"))
        XCTAssertEqual(isoWeek(period("2025-12-28", .week)), "2025-W52")
        XCTAssertEqual(isoWeek(period("2026-11-22", .week)), "2026-W47")
    }

    func testMondayWeek() {
        let p = period("2026-11-22", .week)  // a Sunday: the last day of its ISO week
        XCTAssertEqual(p.first, day("2026-11-16"))
        XCTAssertEqual(p.last, day("2026-11-22"))
        XCTAssertEqual(p.first.weekday, .monday)
        XCTAssertEqual(p.dayCount, 7)
        XCTAssertEqual(p.days.map(\.day), Array(16...22))
        XCTAssertEqual(period("2026-11-16", .week), p)
        XCTAssertEqual(p.next.first, day("2026-11-23"))
        XCTAssertEqual(p.previous.first, day("2026-11-09"))
        XCTAssertNil(p.quarter)
    }

    func testSundayWeek() {
        let p = period("2026-11-22", .week, .sunday)
        XCTAssertEqual(p.first, day("2026-11-22"))
        XCTAssertEqual(p.last, day("2026-11-28"))
        XCTAssertEqual(period("2026-11-28", .week, .sunday), p)
        XCTAssertEqual(period("2026-11-21", .week, .sunday).first, day("2026-11-15"))
        XCTAssertEqual(p.next, period("2026-11-29", .week, .sunday))
        XCTAssertEqual(p.next.first.weekday, .sunday)
        XCTAssertEqual(p.previous.first, day("2026-11-15"))
        // Across the year end, and no ISO number for a Sunday week.
        let newYear = period("2027-01-01", .week, .sunday)
        XCTAssertEqual(newYear.first, day("2026-12-27"))
        XCTAssertEqual(newYear.last, day("2027-01-02"))
        XCTAssertNil(isoWeek(p))
        XCTAssertNotEqual(p, period("2026-11-22", .week, .monday))
        // Any first weekday works the same way.
        XCTAssertEqual(period("2026-11-22", .week, .saturday).first, day("2026-11-21"))
    }

    func testQuarters() {
        let expected: [(String, Int, String, String, Int)] = [
            ("2026-01-01", 1, "2026-01-01", "2026-03-31", 90),
            ("2026-03-31", 1, "2026-01-01", "2026-03-31", 90),
            ("2028-02-29", 1, "2028-01-01", "2028-03-31", 91),
            ("2026-05-15", 2, "2026-04-01", "2026-06-30", 91),
            ("2026-07-01", 3, "2026-07-01", "2026-09-30", 92),
            ("2026-09-30", 3, "2026-07-01", "2026-09-30", 92),
            ("2026-11-22", 4, "2026-10-01", "2026-12-31", 92),
            ("2026-12-31", 4, "2026-10-01", "2026-12-31", 92),
        ]
        for (date, quarter, first, last, count) in expected {
            let p = period(date, .quarter)
            XCTAssertEqual(p.quarter, quarter, date)
            XCTAssertEqual(p.first, day(first), date)
            XCTAssertEqual(p.last, day(last), date)
            XCTAssertEqual(p.dayCount, count, date)
            XCTAssertEqual(p.days.count, count, date)
        }
        XCTAssertEqual(period("2026-11-22", .quarter).next, period("2027-01-01", .quarter))
        XCTAssertEqual(period("2027-02-01", .quarter).previous, period("2026-10-01", .quarter))
        XCTAssertEqual(period("2026-11-22", .quarter, .sunday), period("2026-11-22", .quarter, .monday))
    }

    func testMonthLengthsAndLeapYears() {
        let expected = [
            "2026-01-15": 31, "2026-02-01": 28, "2028-02-10": 29, "2000-02-10": 29, "2100-02-10": 28,
            "2026-04-30": 30, "2026-06-01": 30, "2026-09-15": 30, "2026-11-22": 30, "2026-12-31": 31,
        ]
        for (date, length) in expected {
            let p = period(date, .month)
            XCTAssertEqual(p.dayCount, length, date)
            XCTAssertEqual(p.first, day(date).firstOfMonth, date)
            XCTAssertEqual(p.last.day, length, date)
            XCTAssertEqual(p.days.last, p.last, date)
        }
        XCTAssertEqual(period("2026-12-15", .month).next, period("2027-01-01", .month))
        XCTAssertEqual(period("2026-03-31", .month).previous.last, day("2026-02-28"))
        XCTAssertEqual(period("2028-03-31", .month).previous.last, day("2028-02-29"))
    }

    func testYears() {
        XCTAssertEqual(period("2026-11-22", .year).first, day("2026-01-01"))
        XCTAssertEqual(period("2026-11-22", .year).last, day("2026-12-31"))
        XCTAssertEqual(period("2026-11-22", .year).dayCount, 365)
        XCTAssertEqual(period("2028-02-29", .year).dayCount, 366)
        XCTAssertEqual(period("2000-06-01", .year).dayCount, 366)
        XCTAssertEqual(period("2100-06-01", .year).dayCount, 365)
        XCTAssertEqual(period("2026-01-01", .year).previous, period("2025-12-31", .year))
        XCTAssertEqual(period("2026-12-31", .year).next.first, day("2027-01-01"))
        XCTAssertNil(period("2026-11-22", .year).quarter)
    }

    func testContains() {
        let p = period("2026-11-22", .month)
        XCTAssertTrue(p.contains(day("2026-11-01")))
        XCTAssertTrue(p.contains(day("2026-11-30")))
        XCTAssertFalse(p.contains(day("2026-10-31")))
        XCTAssertFalse(p.contains(day("2026-12-01")))
        XCTAssertTrue(period("2026-12-28", .week).contains(day("2027-01-03")))
    }

    /// Each day lies in exactly one period of each kind; previous and next tile time.
    func testPeriodsTileTheCalendar() {
        let start = day("2019-12-01")
        for granularity in Granularity.allCases {
            for firstWeekday in [Weekday.monday, .sunday] {
                var p = Period(containing: start, granularity: granularity, firstWeekday: firstWeekday)
                while p.first < day("2029-01-01") {
                    XCTAssertEqual(p.next.first, p.last.adding(days: 1), "\(granularity) \(p.first)")
                    XCTAssertEqual(p.next.previous, p, "\(granularity) \(p.first)")
                    for date in [p.first, p.last] {
                        XCTAssertEqual(Period(containing: date, granularity: granularity, firstWeekday: firstWeekday), p)
                    }
                    p = p.next
                }
            }
        }
    }
}
