import Domain
import TimeZones
import XCTest

/// Runs computed here from a set of day numbers, the way the member database keeps them.
struct RunsOfDays: ActiveRuns {
    let runs: [ClosedRange<Int>]
    /// How many lookups were asked, to show the cost does not follow the history.
    nonisolated(unsafe) static var lookups = 0

    init(_ days: some Sequence<Int>) {
        var runs: [ClosedRange<Int>] = []
        for day in Set(days).sorted() {
            if let last = runs.last, last.upperBound + 1 == day {
                runs[runs.count - 1] = last.lowerBound...day
            } else {
                runs.append(day...day)
            }
        }
        self.runs = runs
    }

    func run(startingOnOrBefore day: Int) throws -> ClosedRange<Int>? {
        Self.lookups += 1
        return runs.last { $0.lowerBound <= day }
    }

    func longest(endingOnOrBefore day: Int, offset: Int, limit: Int) throws -> [ClosedRange<Int>] {
        Self.lookups += 1
        let sorted = runs.filter { $0.upperBound <= day }
            .sorted { ($0.count, $0.lowerBound) > ($1.count, $1.lowerBound) }
        return Array(sorted.dropFirst(offset).prefix(limit))
    }
}

final class StreakRunsTests: XCTestCase {
    private let today = LocalDate(year: 2026, month: 11, day: 22)!

    private func both(_ offsets: [Int], skipped: [Int] = [], today: LocalDate? = nil,
                      file: StaticString = #filePath, line: UInt = #line) throws -> Streak {
        let today = today ?? self.today
        let dates = offsets.map { today.adding(days: $0) }
        let skippedDates = Set(skipped.map { today.adding(days: $0) })
        let reference = Streak(activeDates: dates, today: today, skipping: skippedDates)
        let runs = RunsOfDays(dates.map(\.daysSince1970))
        let counted = try Streak(runs: runs, today: today, skipping: skippedDates)
        XCTAssertEqual(counted, reference, "offsets \(offsets) skipped \(skipped)", file: file, line: line)
        XCTAssertEqual(try Streak.current(runs: runs, today: today, skipping: skippedDates), reference.current,
                       file: file, line: line)
        XCTAssertEqual(Streak.current(activeDates: Set(dates), today: today, skipping: skippedDates), reference.current,
                       file: file, line: line)
        return counted
    }

    func testTheRulesOfTheDayPage() throws {
        XCTAssertEqual(try both([]).best, 0)
        XCTAssertEqual(try both([-5]), try both([-9]))
        XCTAssertEqual(try both([-5]).best, 1)
        XCTAssertEqual(try both([0]).current, 1)
        XCTAssertEqual(try both([-3, -2, -1]).current, 3)
        XCTAssertEqual(try both([-3, -2, -1, 0]).current, 4)
        XCTAssertEqual(try both([-3, -2]).current, 0)
        // Written ahead: counts for neither.
        XCTAssertEqual(try both([-1, 0, 1, 2, 3]).current, 2)
        XCTAssertEqual(try both([-1, 0, 1, 2, 3]).best, 2)
        XCTAssertEqual(try both([-20, -19, -18, -17, -1]).best, 4)
    }

    func testABridgedDayNeitherCountsNorBreaks() throws {
        XCTAssertEqual(try both([-4, -3, -1], skipped: [-2]).current, 3)
        // Even written on, it does not count.
        XCTAssertEqual(try both([-4, -3, -2, -1], skipped: [-2]).current, 3)
        // A bridge alone is no streak, and the day after it is not made active by it.
        XCTAssertEqual(try both([-2], skipped: [-2]).current, 0)
        XCTAssertEqual(try both([-3, -2], skipped: [-2, -1]).current, 1)
        // The best chain crosses two bridges and beats a longer plain run.
        let streak = try both([-40, -39, -38, -37, -36, -30, -29, -27, -26, -24, -23], skipped: [-28, -25])
        XCTAssertEqual(streak.best, 6)
        XCTAssertEqual(streak.current, 0)
    }

    /// The reference reads every day; counting from runs must always agree with it.
    func testRandomHistoriesAgreeWithTheReference() throws {
        var generator = HabitTestRandom(seed: 14)
        for _ in 0..<3_000 {
            let span = Int.random(in: 1...60, using: &generator)
            let density = Double.random(in: 0...1, using: &generator)
            let offsets = (-span...3).filter { _ in Double.random(in: 0...1, using: &generator) < density }
            let skips = Int.random(in: 0...3, using: &generator)
            let skipped = (0..<skips).map { _ in Int.random(in: -span...1, using: &generator) }
            _ = try both(offsets, skipped: skipped)
        }
    }

    /// Ten years of an unbroken streak cost the same few lookups as ten days.
    func testLookupsDoNotFollowTheHistory() throws {
        func lookups(years: Int) throws -> Int {
            let days = (0..<(365 * years)).map { today.daysSince1970 - $0 }
            RunsOfDays.lookups = 0
            let streak = try Streak(runs: RunsOfDays(days), today: today)
            XCTAssertEqual(streak.current, 365 * years)
            return RunsOfDays.lookups
        }
        XCTAssertEqual(try lookups(years: 10), try lookups(years: 1))
        XCTAssertLessThanOrEqual(try lookups(years: 10), 2, "one for the current run, one for the best")
    }
}
