import Domain
import TimeZones
import XCTest

/// Vacations in the pure domain: the circle's and the calendar's own state, and streaks
/// bridging vacations given as ranges (the same figures as the reference over every day).
final class VacationDaysTests: XCTestCase {
    private let today = day("2026-11-22")

    // MARK: The circle

    /// On every kind of day and with every other state, a vacation day carries the class
    /// "vacation" right after its kind; nothing else about the circle changes.
    func testAVacationCircleIsItsOwnState() {
        for offset in [-3, 0, 1] {
            for selected in [false, true] {
                for entry in [false, true] {
                    for active in [false, true] {
                        let date = today.adding(days: offset)
                        let plain = DayCircle(date: date, today: today, selected: selected, hasEntry: entry,
                                              isActive: active, showDate: false)
                        let away = DayCircle(date: date, today: today, selected: selected, hasEntry: entry,
                                             isActive: active, showDate: false, onVacation: true)
                        let label = "offset \(offset) selected \(selected) entry \(entry) active \(active)"
                        XCTAssertFalse(plain.isOnVacation, label)
                        XCTAssertTrue(away.isOnVacation, label)
                        XCTAssertFalse(plain.stateClass.contains("vacation"), label)
                        var classes = plain.stateClass
                        classes.insert(DayCircleConstants.vacationClass, at: 1)
                        XCTAssertEqual(away.stateClass, classes, label)
                        XCTAssertEqual(away.showsDot, plain.showsDot, label)
                        XCTAssertEqual(away.showsNumber, plain.showsNumber, label)
                        XCTAssertEqual(away.kind, plain.kind, label)
                    }
                }
            }
        }
        XCTAssertEqual(DayCircle(date: today.adding(days: 2), today: today, selected: false, hasEntry: false,
                                 isActive: false, showDate: false, onVacation: true).stateClass, ["future", "vacation"])
    }

    // MARK: The calendar

    func testTheCalendarMarksVacationDaysOnly() {
        let away: Set<LocalDate> = [day("2026-10-31"), day("2026-11-10"), day("2026-11-11"), day("2026-12-24")]
        let calendar = MonthCalendar(month: today, firstWeekday: .monday, today: today, highlighted: [day("2026-11-10")],
                                     vacations: away)
        let days = Array(calendar.weeks.joined())
        XCTAssertEqual(days.filter(\.isOnVacation).map(\.date), [day("2026-10-31"), day("2026-11-10"), day("2026-11-11")],
                       "the month's weeks show a neighbouring month's vacation day too; the rest is outside them")
        let tenth = days.first { $0.date == day("2026-11-10") }
        XCTAssertEqual(tenth?.isHighlighted, true, "a vacation day keeps its activity")
        XCTAssertEqual(days.first { $0.date == day("2026-10-31") }?.isDisabled, true)
        XCTAssertFalse(MonthCalendar(month: today, firstWeekday: .monday, today: today).weeks.joined().contains(where: \.isOnVacation))
    }

    // MARK: Bridged days as ranges

    func testRangesMergeWithDaysAndEachOther() {
        let bridged = BridgedRanges(days: [day("2026-11-05"), day("2026-11-30")],
                                  ranges: [day("2026-11-10")...day("2026-11-12"), day("2026-11-06")...day("2026-11-09"),
                                           day("2026-11-20")...day("2026-11-25"), day("2026-11-22")...day("2026-11-23")])
        for iso in ["2026-11-05", "2026-11-09", "2026-11-12", "2026-11-20", "2026-11-25", "2026-11-30"] {
            XCTAssertTrue(bridged.contains(day(iso)), iso)
        }
        for iso in ["2026-11-04", "2026-11-13", "2026-11-19", "2026-11-26", "2026-12-01"] {
            XCTAssertFalse(bridged.contains(day(iso)), iso)
        }
        XCTAssertEqual(bridged.lastBridged(after: day("2026-11-04")), day("2026-11-12"), "5th to 12th: one stretch")
        XCTAssertEqual(bridged.lastBridged(after: day("2026-11-13")), day("2026-11-13"), "the 14th is not bridged")
        XCTAssertEqual(bridged.lastUnbridged(onOrBefore: day("2026-11-24")), day("2026-11-19"))
        XCTAssertEqual(bridged.lastUnbridged(onOrBefore: day("2026-11-19")), day("2026-11-19"))
        XCTAssertEqual(bridged, BridgedRanges(days: [], ranges: [day("2026-11-05")...day("2026-11-12"),
                                                              day("2026-11-20")...day("2026-11-25"),
                                                              day("2026-11-30")...day("2026-11-30")]))
        XCTAssertTrue(BridgedRanges(days: []).isEmpty)
    }

    /// 5 days active, 3 on vacation, 2 active (today the last): a streak of 7.
    func testAVacationNeitherCountsNorBreaks() throws {
        let active = [-9, -8, -7, -6, -5, -1, 0].map { today.adding(days: $0) }
        let vacation = BridgedRanges([today.adding(days: -4)...today.adding(days: -2)])
        let runs = RunsOfDays(active.map(\.daysSince1970))
        XCTAssertEqual(try Streak(runs: runs, today: today, bridging: vacation), Streak(activeDates: active, today: today,
                       skipping: Set((2...4).map { today.adding(days: -$0) })))
        XCTAssertEqual(try Streak(runs: runs, today: today, bridging: vacation).current, 7)
        XCTAssertEqual(try Streak(runs: runs, today: today).current, 2, "without the vacation the run broke")
        // Still on vacation today and yesterday: the run before it still counts, nothing added.
        let away = BridgedRanges([today.adding(days: -1)...today.adding(days: 10)])
        let before = RunsOfDays((2...6).map { today.adding(days: -$0).daysSince1970 })
        XCTAssertEqual(try Streak.current(runs: before, today: today, bridging: away), 5)
        XCTAssertEqual(try Streak.current(runs: before, today: today), 0)
    }

    /// Random histories, vacations and skipped days: the runs over ranges agree with the
    /// reference over every day.
    func testRandomVacationsAgreeWithTheReference() throws {
        var generator = HabitTestRandom(seed: 15)
        for _ in 0..<2_000 {
            let span = Int.random(in: 1...80, using: &generator)
            let density = Double.random(in: 0...1, using: &generator)
            let offsets = (-span...3).filter { _ in Double.random(in: 0...1, using: &generator) < density }
            let dates = offsets.map { today.adding(days: $0) }
            var ranges: [ClosedRange<LocalDate>] = []
            for _ in 0..<Int.random(in: 0...4, using: &generator) {
                let start = Int.random(in: -span...3, using: &generator)
                ranges.append(today.adding(days: start)...today.adding(days: start + Int.random(in: 0...12, using: &generator)))
            }
            let skipped = Set((0..<Int.random(in: 0...2, using: &generator)).map { _ in
                today.adding(days: Int.random(in: -span...1, using: &generator))
            })
            var every = skipped
            for range in ranges {
                var date = range.lowerBound
                while date <= range.upperBound { every.insert(date); date = date.adding(days: 1) }
            }
            let reference = Streak(activeDates: dates, today: today, skipping: every)
            let runs = RunsOfDays(dates.map(\.daysSince1970))
            let bridged = BridgedRanges(days: skipped, ranges: ranges)
            XCTAssertEqual(try Streak(runs: runs, today: today, bridging: bridged), reference, "\(offsets) \(ranges) \(skipped)")
            XCTAssertEqual(try Streak.current(runs: runs, today: today, bridging: bridged), reference.current)
        }
    }

    /// A vacation of four years costs the lookups of a vacation of four days.
    func testALongVacationCostsNoMoreThanAShortOne() throws {
        func lookups(vacationDays: Int) throws -> Int {
            let end = today.adding(days: -1), start = end.adding(days: -(vacationDays - 1))
            let active = (1...30).map { start.adding(days: -$0).daysSince1970 } + [today.daysSince1970]
            RunsOfDays.lookups = 0
            let streak = try Streak(runs: RunsOfDays(active), today: today, bridging: BridgedRanges([start...end]))
            XCTAssertEqual(streak.current, 31)
            return RunsOfDays.lookups
        }
        XCTAssertEqual(try lookups(vacationDays: 4 * 365), try lookups(vacationDays: 4))
    }
}
