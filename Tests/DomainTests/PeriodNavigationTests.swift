import Domain
import TimeZones
import XCTest

final class PeriodNavigationTests: XCTestCase {
    private let november22 = PeriodNavigation(today: day("2026-11-22"), firstWeekday: .monday)

    private func period(_ id: String, _ granularity: Granularity, _ firstWeekday: Weekday = .monday) -> Period {
        guard let period = Period(id: id, granularity: granularity, firstWeekday: firstWeekday) else {
            XCTFail("not a period id: \(id)")
            return Period(containing: day("2026-11-22"), granularity: granularity, firstWeekday: firstWeekday)
        }
        return period
    }

    func testTwoYearsBack() {
        XCTAssertEqual(PeriodNavigationConstants.yearsBack, 2)
        XCTAssertEqual(november22.oldestDay, day("2024-11-22"))
    }

    /// At each granularity: the current and oldest periods, arrows at and next to both limits,
    /// and exactly as many steps back as two years hold.
    func testLimitsForEveryGranularity() {
        let cases: [(Granularity, Weekday, oldest: String, afterOldest: String, beforeCurrent: String, current: String,
                     future: String, tooOld: String, steps: Int)] = [
            (.day, .monday, "2024-11-22", "2024-11-23", "2026-11-21", "2026-11-22", "2026-11-23", "2024-11-21", 730),
            (.week, .monday, "2024-W47", "2024-W48", "2026-W46", "2026-W47", "2026-W48", "2024-W46", 104),
            (.week, .sunday, "2024-11-17", "2024-11-24", "2026-11-15", "2026-11-22", "2026-11-29", "2024-11-10", 105),
            (.month, .monday, "2024-11", "2024-12", "2026-10", "2026-11", "2026-12", "2024-10", 24),
            (.quarter, .monday, "2024-Q4", "2025-Q1", "2026-Q3", "2026-Q4", "2027-Q1", "2024-Q3", 8),
            (.year, .monday, "2024", "2025", "2025", "2026", "2027", "2023", 2),
        ]
        for c in cases {
            let navigation = PeriodNavigation(today: day("2026-11-22"), firstWeekday: c.1)
            let label = "\(c.0) \(c.1)"
            let oldest = period(c.oldest, c.0, c.1)
            let current = period(c.current, c.0, c.1)
            XCTAssertEqual(navigation.current(c.0), current, label)
            XCTAssertEqual(navigation.oldest(c.0), oldest, label)

            XCTAssertFalse(navigation.canGoBack(from: oldest), label)
            XCTAssertTrue(navigation.canGoForward(from: oldest), label)
            XCTAssertNil(navigation.previous(from: oldest), label)
            XCTAssertTrue(navigation.canGoBack(from: period(c.afterOldest, c.0, c.1)), label)
            XCTAssertEqual(navigation.previous(from: period(c.afterOldest, c.0, c.1)), oldest, label)

            XCTAssertFalse(navigation.canGoForward(from: current), label)
            XCTAssertTrue(navigation.canGoBack(from: current), label)
            XCTAssertNil(navigation.next(from: current), label)
            XCTAssertTrue(navigation.canGoForward(from: period(c.beforeCurrent, c.0, c.1)), label)
            XCTAssertEqual(navigation.next(from: period(c.beforeCurrent, c.0, c.1)), current, label)

            XCTAssertTrue(navigation.isAllowed(oldest), label)
            XCTAssertTrue(navigation.isAllowed(current), label)
            XCTAssertFalse(navigation.isAllowed(period(c.future, c.0, c.1)), label)
            XCTAssertFalse(navigation.isAllowed(period(c.tooOld, c.0, c.1)), label)

            var steps = 0
            var p = current
            while let previous = navigation.previous(from: p) {
                XCTAssertTrue(navigation.isAllowed(previous), label)
                p = previous
                steps += 1
            }
            XCTAssertEqual(p, oldest, label)
            XCTAssertEqual(steps, c.steps, label)
        }
    }

    func testFebruary29ClampsToFebruary28() {
        let navigation = PeriodNavigation(today: day("2028-02-29"), firstWeekday: .monday)
        XCTAssertEqual(navigation.oldestDay, day("2026-02-28"))
        XCTAssertEqual(navigation.oldest(.day).first, day("2026-02-28"))
        XCTAssertFalse(navigation.canGoBack(from: navigation.oldest(.day)))
        XCTAssertFalse(navigation.isAllowed(period("2026-02-27", .day)))
        XCTAssertEqual(navigation.oldest(.week).first, day("2026-02-23"))
        XCTAssertEqual(navigation.oldest(.month).id, "2026-02")
        XCTAssertEqual(navigation.oldest(.quarter).id, "2026-Q1")
        XCTAssertEqual(navigation.reachableYears, [2026, 2027, 2028])
    }

    func testReachableYears() {
        XCTAssertEqual(november22.reachableYears, [2024, 2025, 2026])
        let newYear = PeriodNavigation(today: day("2026-01-01"), firstWeekday: .sunday)
        XCTAssertEqual(newYear.reachableYears, [2024, 2025, 2026])
        XCTAssertEqual(newYear.oldest(.quarter).id, "2024-Q1")
        for year in november22.reachableYears {
            XCTAssertTrue(november22.isAllowed(period(String(year), .year)), "\(year)")
        }
    }

    func testWeeksOfAnotherFirstWeekdayAreRefused() {
        XCTAssertFalse(november22.isAllowed(period("2026-11-15", .week, .sunday)))
        XCTAssertTrue(november22.isAllowed(period("2026-W46", .week)))
    }

    func testFarPeriodsNeitherTrapNorStepIn() {
        let early = period("0001-01-01", .day)
        let late = period("9999-12-31", .day)
        XCTAssertFalse(november22.isAllowed(early))
        XCTAssertFalse(november22.canGoBack(from: early))
        XCTAssertFalse(november22.canGoForward(from: late))
    }

    func testClamped() {
        XCTAssertEqual(november22.clamped(period("2026-Q2", .quarter)), period("2026-Q2", .quarter))
        XCTAssertEqual(november22.clamped(period("2030", .year)), period("2026", .year))
        XCTAssertEqual(november22.clamped(period("2020-W10", .week)), period("2024-W47", .week))
        XCTAssertEqual(november22.clamped(period("2024-11-18", .day)), period("2024-11-22", .day))
        XCTAssertEqual(november22.clamped(period("2026-11-15", .week, .sunday)), period("2026-W46", .week))
    }

    /// A member whose data starts more than two years back reaches its month, at every
    /// granularity; one whose data is younger keeps the two-year limit.
    func testTheEarliestDataReachesFurtherBack() {
        let today = day("2026-11-22")
        let decade = PeriodNavigation(today: today, firstWeekday: .monday, earliestData: day("2016-05-05"))
        XCTAssertEqual(decade.oldestDay, day("2016-05-01"), "the first of the earliest data's month")
        XCTAssertEqual(decade.oldest(.day).id, "2016-05-01")
        XCTAssertEqual(decade.oldest(.week).first, day("2016-04-25"), "the week holding 1 May 2016")
        XCTAssertEqual(decade.oldest(.month).id, "2016-05")
        XCTAssertEqual(decade.oldest(.quarter).id, "2016-Q2")
        XCTAssertEqual(decade.oldest(.year).id, "2016")
        XCTAssertEqual(decade.reachableYears, Array(2016...2026))
        XCTAssertTrue(decade.isAllowed(period("2016-05", .month)))
        XCTAssertFalse(decade.isAllowed(period("2016-04", .month)))
        XCTAssertFalse(decade.isAllowed(period("2016-04-30", .day)))
        XCTAssertNil(decade.previous(from: period("2016-05", .month)))
        XCTAssertEqual(decade.previous(from: period("2016-06", .month)), period("2016-05", .month))
        XCTAssertEqual(decade.clamped(period("2010", .year)), period("2016", .year))
        for granularity in Granularity.allCases {
            var steps = 0
            var p = decade.current(granularity)
            while let previous = decade.previous(from: p) {
                p = previous
                steps += 1
            }
            XCTAssertEqual(p, decade.oldest(granularity), "\(granularity)")
            XCTAssertGreaterThan(steps, 0)
        }

        let younger = PeriodNavigation(today: today, firstWeekday: .monday, earliestData: day("2025-03-03"))
        XCTAssertEqual(younger.oldestDay, day("2024-11-22"), "data younger than two years: the usual limit")
        let sameMonth = PeriodNavigation(today: today, firstWeekday: .monday, earliestData: day("2024-11-25"))
        XCTAssertEqual(sameMonth.oldestDay, day("2024-11-22"), "not earlier than two years back: not widened")
        let earlierSameMonth = PeriodNavigation(today: today, firstWeekday: .monday, earliestData: day("2024-11-05"))
        XCTAssertEqual(earlierSameMonth.oldestDay, day("2024-11-01"))
        XCTAssertEqual(PeriodNavigation(today: today, firstWeekday: .monday, earliestData: nil), november22)
        let ancient = PeriodNavigation(today: today, firstWeekday: .monday, earliestData: day("1850-07-14"))
        XCTAssertEqual(ancient.oldestDay, day("1900-01-01"), "never before the first day page")
        XCTAssertEqual(ancient.reachableYears.first, 1900)
    }
}
