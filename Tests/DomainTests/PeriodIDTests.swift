import Domain
import TimeZones
import XCTest

final class PeriodIDTests: XCTestCase {
    private func id(_ iso: String, _ granularity: Granularity, _ firstWeekday: Weekday = .monday) -> String {
        Period(containing: day(iso), granularity: granularity, firstWeekday: firstWeekday).id
    }

    private func parse(_ id: String, _ granularity: Granularity, _ firstWeekday: Weekday = .monday) -> Period? {
        Period(id: id, granularity: granularity, firstWeekday: firstWeekday)
    }

    func testForms() {
        XCTAssertEqual(id("2026-11-22", .day), "2026-11-22")
        XCTAssertEqual(id("2026-11-22", .week), "2026-W47")
        XCTAssertEqual(id("2026-11-22", .week, .sunday), "2026-11-22")
        XCTAssertEqual(id("2026-11-25", .week, .sunday), "2026-11-22")
        XCTAssertEqual(id("2026-11-22", .month), "2026-11")
        XCTAssertEqual(id("2026-11-22", .quarter), "2026-Q4")
        XCTAssertEqual(id("2026-11-22", .year), "2026")
        XCTAssertEqual(id("2026-01-05", .week), "2026-W02")
        XCTAssertEqual(id("2026-03-05", .month), "2026-03")
        XCTAssertEqual(id("2026-03-05", .quarter), "2026-Q1")
        XCTAssertEqual(id("0987-03-05", .year), "0987")
        // The ISO week-numbering year, not the calendar year.
        XCTAssertEqual(id("2021-01-03", .week), "2020-W53")
        XCTAssertEqual(id("2026-12-28", .week), "2026-W53")
        XCTAssertEqual(id("2027-01-03", .week), "2026-W53")
        XCTAssertEqual(id("2027-01-04", .week), "2027-W01")
        XCTAssertEqual(id("2024-12-30", .week), "2025-W01")
    }

    func testParsesWeeks() {
        XCTAssertEqual(parse("2026-W47", .week)?.first, day("2026-11-16"))
        XCTAssertEqual(parse("2020-W53", .week)?.first, day("2020-12-28"))
        XCTAssertEqual(parse("2020-W53", .week)?.last, day("2021-01-03"))
        XCTAssertEqual(parse("2026-W53", .week)?.first, day("2026-12-28"))
        XCTAssertEqual(parse("2027-W01", .week)?.first, day("2027-01-04"))
        XCTAssertEqual(parse("2025-W01", .week)?.first, day("2024-12-30"))
        XCTAssertEqual(parse("2025-W52", .week)?.last, day("2025-12-28"))
        XCTAssertEqual(parse("2026-11-22", .week, .sunday)?.last, day("2026-11-28"))
    }

    /// Week 53 exists exactly in the years ISO 8601 gives one.
    func testWeek53OnlyInLongYears() {
        let longYears: Set = [2004, 2009, 2015, 2020, 2026, 2032, 2037]
        for year in 2000...2040 {
            let id = "\(year)-W53"
            XCTAssertEqual(parse(id, .week) != nil, longYears.contains(year), id)
            XCTAssertNotNil(parse("\(year)-W52", .week), id)
        }
    }

    func testRoundTripsEveryPeriod() {
        var date = day("2019-12-01")
        while date < day("2029-02-01") {
            for granularity in Granularity.allCases {
                for firstWeekday in [Weekday.monday, .sunday] {
                    let period = Period(containing: date, granularity: granularity, firstWeekday: firstWeekday)
                    XCTAssertEqual(parse(period.id, granularity, firstWeekday), period, "\(granularity) \(period.id)")
                }
            }
            date = date.adding(days: 1)
        }
        for iso in ["0001-01-01", "9999-12-31"] {
            for granularity in [Granularity.day, .month, .quarter, .year] {
                let period = Period(containing: day(iso), granularity: granularity, firstWeekday: .monday)
                XCTAssertEqual(parse(period.id, granularity), period, period.id)
            }
        }
        XCTAssertEqual(parse("0001-W01", .week)?.first, day("0001-01-01"))
        XCTAssertEqual(parse("9999-W52", .week)?.id, "9999-W52")
    }

    func testRefusesMalformedIDs() {
        let refused: [Granularity: [String]] = [
            .day: ["", "2026-11-31", "2026-02-29", "2026-11-2", "2026-11-22 ", " 2026-11-22", "2026-11-22T00",
                   "2026/11/22", "0000-01-01", "+026-11-22", "2026-W47"],
            .week: ["", "2026-W54", "2026-W00", "2025-W53", "2021-W53", "2026-W5", "2026-W047", "2026-w47",
                    "2026W47", " 2026-W47", "2026-W47 ", "2026-W4x", "0000-W01", "2026-11-16", "2026-11"],
            .month: ["", "2026-13", "2026-00", "26", " 2026-11", "2026-11x", "2026-1", "2026/11", "2026-11-01",
                     "+026-11", "0000-11", "2026-Q4", "٢٠٢٦-11", "２０２６-11"],
            .quarter: ["", "2026-Q5", "2026-Q0", "2026-q4", "2026-Q04", "2026-4", "2026Q4", " 2026-Q4",
                       "2026-Q4x", "0000-Q1", "2026-11"],
            .year: ["", "26", "202", "02026", "0000", "2026 ", " 2026", "2026x", "-026", "２０２６", "2026-11"],
        ]
        for (granularity, ids) in refused {
            for id in ids {
                XCTAssertNil(parse(id, granularity), "\(granularity) \(id)")
                XCTAssertNil(parse(id, granularity, .sunday), "\(granularity) \(id) (Sunday first)")
            }
        }
    }

    /// Each period has one id: a Sunday week is named by its Sunday and only by it.
    func testWeekIDsFollowTheFirstWeekday() {
        XCTAssertNotNil(parse("2026-11-22", .week, .sunday))
        XCTAssertNil(parse("2026-11-23", .week, .sunday))
        XCTAssertNil(parse("2026-W47", .week, .sunday))
        XCTAssertNil(parse("2026-11-16", .week, .monday))
        XCTAssertEqual(parse("2026-11-21", .week, .saturday)?.id, "2026-11-21")
    }
}
