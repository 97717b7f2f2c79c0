import Domain
import TimeZones
import XCTest

final class StatsChartBucketsTests: XCTestCase {
    private func period(_ iso: String, _ granularity: Granularity, _ firstWeekday: Weekday = .monday) -> Period {
        Period(containing: day(iso), granularity: granularity, firstWeekday: firstWeekday)
    }

    private func instance(_ iso: String, _ startMinute: Int = 480, _ minutes: Int = 30) -> StatsChartBuckets.Instance {
        (day: day(iso), startMinute: startMinute, durationMinutes: minutes)
    }

    /// Bars from each day's totals (what the summaries hold) equal bars from every log, at
    /// every granularity longer than a day, over random logs around a year's end.
    func testDayTotalsMakeTheSameBarsAsEveryLog() {
        var random = HabitTestRandom(seed: 31)
        for _ in 0..<200 {
            let logs = (0..<Int.random(in: 0...60, using: &random)).map { _ in
                instance(day("2026-10-01").adding(days: Int.random(in: 0...120, using: &random)).description,
                         Int.random(in: 0...1439, using: &random), Int.random(in: 1...120, using: &random))
            }
            var totals: [LocalDate: (count: Int, minutes: Int)] = [:]
            for log in logs { totals[log.day, default: (0, 0)].count += 1; totals[log.day]!.minutes += log.durationMinutes }
            let days = totals.map { (day: $0.key, count: $0.value.count, minutes: $0.value.minutes) }
            for granularity in [Granularity.week, .month, .quarter, .year] {
                for anchor in ["2026-11-15", "2026-12-31", "2027-01-02"] {
                    let period = period(anchor, granularity, .sunday)
                    XCTAssertEqual(StatsChartBuckets.buckets(for: period, firstWeekday: .sunday, days: days),
                                   StatsChartBuckets.buckets(for: period, firstWeekday: .sunday, instances: logs),
                                   "\(granularity) \(anchor)")
                }
            }
        }
    }

    func testDayByStartHour() {
        let buckets = StatsChartBuckets.buckets(
            for: period("2026-11-22", .day), firstWeekday: .monday,
            instances: [
                instance("2026-11-22", 0, 30), instance("2026-11-22", 59, 90),  // 00:00 and 00:59
                instance("2026-11-22", 60, 15),  // 01:00
                instance("2026-11-22", 1_439, 120),  // 23:59, wholly in its start hour
                instance("2026-11-21", 60, 15), instance("2026-11-23", 60, 15),  // other days
                instance("2026-11-22", 1_440, 15), instance("2026-11-22", -1, 15),  // off the timeline
            ])
        XCTAssertEqual(StatsChartConstants.hoursPerDay, 24)
        XCTAssertEqual(buckets.map(\.key), (0..<24).map { .hour($0) })
        XCTAssertEqual(buckets[0], StatsChartBucket(key: .hour(0), count: 2, minutes: 120))
        XCTAssertEqual(buckets[1], StatsChartBucket(key: .hour(1), count: 1, minutes: 15))
        XCTAssertEqual(buckets[23], StatsChartBucket(key: .hour(23), count: 1, minutes: 120))
        XCTAssertEqual(buckets[2..<23].map(\.count), Array(repeating: 0, count: 21))
        XCTAssertEqual(buckets.map(\.minutes).reduce(0, +), 255)
    }

    /// Timeline minutes count from the member's day-start hour; bars follow the timeline.
    func testDayFollowsTheDayStartHour() {
        let buckets = StatsChartBuckets.buckets(
            for: period("2026-11-22", .day), firstWeekday: .monday, dayStartHour: 4,
            instances: [instance("2026-11-22", 0, 30), instance("2026-11-22", 1_380, 45)])
        XCTAssertEqual(buckets.map(\.key), (0..<24).map { .hour(($0 + 4) % 24) })
        XCTAssertEqual(buckets.first, StatsChartBucket(key: .hour(4), count: 1, minutes: 30))
        XCTAssertEqual(buckets.last, StatsChartBucket(key: .hour(3), count: 1, minutes: 45))
        // A stored setting out of range is clamped, as the timeline does.
        let clamped = StatsChartBuckets.buckets(for: period("2026-11-22", .day), firstWeekday: .monday,
                                                dayStartHour: 9, instances: [])
        XCTAssertEqual(clamped.first?.key, .hour(6))
    }

    func testWeekByDay() {
        let week = period("2026-11-22", .week)  // Monday 16 … Sunday 22
        let buckets = StatsChartBuckets.buckets(
            for: week, firstWeekday: .monday,
            instances: [
                instance("2026-11-16", 480, 30), instance("2026-11-16", 600, 60), instance("2026-11-22", 0, 10),
                instance("2026-11-15"), instance("2026-11-23"),
            ])
        XCTAssertEqual(buckets.map(\.key), week.days.map { .day($0) })
        XCTAssertEqual(buckets.map(\.count), [2, 0, 0, 0, 0, 0, 1])
        XCTAssertEqual(buckets.map(\.minutes), [90, 0, 0, 0, 0, 0, 10])

        let sundayWeek = period("2026-11-22", .week, .sunday)
        let sunday = StatsChartBuckets.buckets(for: sundayWeek, firstWeekday: .sunday,
                                               instances: [instance("2026-11-22"), instance("2026-11-28")])
        XCTAssertEqual(sunday.first?.key, .day(day("2026-11-22")))
        XCTAssertEqual(sunday.map(\.count), [1, 0, 0, 0, 0, 0, 1])
    }

    func testMonthByDay() {
        let february = period("2028-02-10", .month)
        let buckets = StatsChartBuckets.buckets(
            for: february, firstWeekday: .monday,
            instances: [instance("2028-02-01", 0, 5), instance("2028-02-29", 100, 7), instance("2028-03-01")])
        XCTAssertEqual(buckets.count, 29)
        XCTAssertEqual(buckets.first, StatsChartBucket(key: .day(day("2028-02-01")), count: 1, minutes: 5))
        XCTAssertEqual(buckets.last, StatsChartBucket(key: .day(day("2028-02-29")), count: 1, minutes: 7))
        XCTAssertEqual(buckets.map(\.count).reduce(0, +), 2)
    }

    /// Q4 2026 runs Thursday October 1 to Thursday December 31: 14 Monday weeks, the first
    /// from September 28, the last to January 3; only the quarter's days count.
    func testQuarterByWeek() {
        let quarter = period("2026-11-22", .quarter)
        let buckets = StatsChartBuckets.buckets(
            for: quarter, firstWeekday: .monday,
            instances: [
                instance("2026-09-30"), instance("2027-01-01"),  // in the edge weeks, outside the quarter
                instance("2026-10-01", 0, 20), instance("2026-10-04", 0, 25),  // week 1 (Sep 28 – Oct 4)
                instance("2026-10-05", 0, 40),  // week 2
                instance("2026-12-31", 0, 60),  // last week
            ])
        XCTAssertEqual(buckets.count, 14)
        XCTAssertEqual(buckets.first?.key, .week(startingOn: day("2026-09-28")))
        XCTAssertEqual(buckets.last?.key, .week(startingOn: day("2026-12-28")))
        XCTAssertEqual(buckets.map(\.count), [2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1])
        XCTAssertEqual(buckets.map(\.minutes), [45, 40, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 60])

        let sunday = StatsChartBuckets.buckets(for: period("2026-11-22", .quarter, .sunday), firstWeekday: .sunday,
                                               instances: [])
        XCTAssertEqual(sunday.first?.key, .week(startingOn: day("2026-09-27")))
        XCTAssertEqual(sunday.last?.key, .week(startingOn: day("2026-12-27")))
        XCTAssertEqual(sunday.count, 14)

        // Q2 2024 starts on a Monday and ends on a Sunday: exactly 13 weeks.
        let aligned = StatsChartBuckets.buckets(for: period("2024-05-01", .quarter), firstWeekday: .monday, instances: [])
        XCTAssertEqual(aligned.count, 13)
        XCTAssertEqual(aligned.first?.key, .week(startingOn: day("2024-04-01")))
    }

    /// Every day of a quarter falls in exactly one of its week bars.
    func testQuarterWeeksCoverTheQuarter() {
        var start = day("2024-01-01")
        while start < day("2029-01-01") {
            for firstWeekday in Weekday.allCases {
                let quarter = Period(containing: start, granularity: .quarter, firstWeekday: firstWeekday)
                let instances = quarter.days.map { (day: $0, startMinute: 0, durationMinutes: 1) }
                let buckets = StatsChartBuckets.buckets(for: quarter, firstWeekday: firstWeekday, instances: instances)
                var previousStart: LocalDate?
                for bucket in buckets {
                    guard case .week(let weekStart) = bucket.key else { return XCTFail("not a week: \(bucket.key)") }
                    XCTAssertEqual(weekStart.weekday, firstWeekday)
                    if let previousStart { XCTAssertEqual(previousStart.adding(days: 7), weekStart) }
                    previousStart = weekStart
                    let inQuarter = (0..<7).filter { quarter.contains(weekStart.adding(days: $0)) }.count
                    XCTAssertGreaterThan(inQuarter, 0, "\(quarter.id) \(weekStart)")
                    XCTAssertEqual(bucket.count, inQuarter, "\(quarter.id) \(weekStart)")
                }
                XCTAssertEqual(buckets.map(\.count).reduce(0, +), quarter.dayCount, quarter.id)
            }
            start = start.adding(months: 3)
        }
    }

    func testYearByMonth() {
        let year = period("2026-11-22", .year)
        let buckets = StatsChartBuckets.buckets(
            for: year, firstWeekday: .monday,
            instances: [
                instance("2026-01-01", 0, 10), instance("2026-01-31", 0, 20), instance("2026-11-22", 0, 30),
                instance("2026-12-31", 0, 40), instance("2025-12-31"), instance("2027-01-01"),
            ])
        XCTAssertEqual(buckets.map(\.key), (1...12).map { .month(LocalDate(year: 2026, month: $0, day: 1)!) })
        XCTAssertEqual(buckets.map(\.count), [2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1])
        XCTAssertEqual(buckets.map(\.minutes), [30, 0, 0, 0, 0, 0, 0, 0, 0, 0, 30, 40])
    }

    func testNoInstancesGiveEmptyBars() {
        let expected: [Granularity: Int] = [.day: 24, .week: 7, .month: 30, .quarter: 14, .year: 12]
        for (granularity, count) in expected {
            let buckets = StatsChartBuckets.buckets(for: period("2026-11-22", granularity), firstWeekday: .monday,
                                                    instances: [])
            XCTAssertEqual(buckets.count, count, "\(granularity)")
            XCTAssertTrue(buckets.allSatisfy { $0.count == 0 && $0.minutes == 0 }, "\(granularity)")
        }
    }

    func testNegativeDurationsCountNoMinutes() {
        let buckets = StatsChartBuckets.buckets(for: period("2026-11-22", .week), firstWeekday: .monday,
                                                instances: [instance("2026-11-22", 0, -30)])
        XCTAssertEqual(buckets.last, StatsChartBucket(key: .day(day("2026-11-22")), count: 1, minutes: 0))
    }
}
