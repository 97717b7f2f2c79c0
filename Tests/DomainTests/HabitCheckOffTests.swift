import Domain
import TimeZones
import XCTest

/// The checklist's rules: which habits are due on a day, the week or month a week or month
/// habit's progress counts, and what one tap does in each state.
final class HabitCheckOffTests: XCTestCase {
    // 2026-03-09 is a Monday; 2026-03-11 a Wednesday; 2026-03-14/15 the weekend.
    private let wednesday = day("2026-03-11")

    func testDueFollowsTheScheduleEveryKind() {
        let week = (9...15).map { day("2026-03-\(String(format: "%02d", $0))") }
        func dueDays(_ schedule: HabitSchedule, pausedFrom: LocalDate? = nil) -> [Int] {
            week.filter { HabitCheckOff.isDue(schedule, pausedFrom: pausedFrom, on: $0) }.map(\.day)
        }
        XCTAssertEqual(dueDays(.daily), [9, 10, 11, 12, 13, 14, 15])
        XCTAssertEqual(dueDays(.weekdays([.monday, .wednesday, .friday])), [9, 11, 13])
        XCTAssertEqual(dueDays(.weekdays([.saturday, .sunday])), [14, 15])
        XCTAssertEqual(dueDays(.weekdays([])), [], "no weekday chosen: never due")
        // Week and month habits can be done any day of their unit: listed every day.
        XCTAssertEqual(dueDays(.perWeek(3)), [9, 10, 11, 12, 13, 14, 15])
        XCTAssertEqual(dueDays(.perMonth(10)), [9, 10, 11, 12, 13, 14, 15])
    }

    func testAPauseEndsDueFromItsFirstDay() {
        XCTAssertEqual((9...15).filter {
            HabitCheckOff.isDue(.daily, pausedFrom: wednesday, on: day("2026-03-\(String(format: "%02d", $0))"))
        }, [9, 10], "paused from Wednesday on: due Monday and Tuesday only")
        XCTAssertFalse(HabitCheckOff.isDue(.weekdays([.wednesday]), pausedFrom: day("2026-01-01"), on: wednesday))
        XCTAssertTrue(HabitCheckOff.isDue(.weekdays([.wednesday]), pausedFrom: day("2026-03-12"), on: wednesday))
        XCTAssertFalse(HabitCheckOff.isDue(.perWeek(2), pausedFrom: wednesday, on: wednesday))
    }

    func testTheWeekOrMonthAProgressCounts() {
        XCTAssertNil(HabitCheckOff.unitDays(.daily, containing: wednesday, firstWeekday: .monday))
        XCTAssertNil(HabitCheckOff.unitDays(.weekdays([.monday]), containing: wednesday, firstWeekday: .monday))
        XCTAssertEqual(HabitCheckOff.unitDays(.perWeek(3), containing: wednesday, firstWeekday: .monday),
                       day("2026-03-09")...day("2026-03-15"))
        XCTAssertEqual(HabitCheckOff.unitDays(.perWeek(3), containing: wednesday, firstWeekday: .sunday),
                       day("2026-03-08")...day("2026-03-14"))
        XCTAssertEqual(HabitCheckOff.unitDays(.perWeek(3), containing: day("2026-03-08"), firstWeekday: .sunday),
                       day("2026-03-08")...day("2026-03-14"), "a Sunday starts its own week when weeks start on Sunday")
        XCTAssertEqual(HabitCheckOff.unitDays(.perWeek(3), containing: day("2026-03-08"), firstWeekday: .monday),
                       day("2026-03-02")...day("2026-03-08"))
        // Weeks across a year's end; months of each length.
        XCTAssertEqual(HabitCheckOff.unitDays(.perWeek(1), containing: day("2027-01-01"), firstWeekday: .monday),
                       day("2026-12-28")...day("2027-01-03"))
        XCTAssertEqual(HabitCheckOff.unitDays(.perMonth(10), containing: wednesday, firstWeekday: .monday),
                       day("2026-03-01")...day("2026-03-31"))
        XCTAssertEqual(HabitCheckOff.unitDays(.perMonth(1), containing: day("2028-02-29"), firstWeekday: .monday),
                       day("2028-02-01")...day("2028-02-29"))
        XCTAssertEqual(HabitCheckOff.unitDays(.perMonth(1), containing: day("2026-04-30"), firstWeekday: .sunday),
                       day("2026-04-01")...day("2026-04-30"))
    }

    func testATapWithoutATarget() {
        XCTAssertEqual(HabitCheckOff.tap(done: false, checkOffs: 0, target: nil, totalMilli: 0), .markDone(amountMilli: nil))
        XCTAssertEqual(HabitCheckOff.tap(done: true, checkOffs: 1, target: nil, totalMilli: 0), .undo)
        XCTAssertEqual(HabitCheckOff.tap(done: true, checkOffs: 0, target: nil, totalMilli: 0), .none,
                       "done through the timeline alone: nothing to undo here")
    }

    func testATapMeetsAnAtLeastTarget() {
        let pages = HabitCheckOff.Target(milli: 20_000, kind: .atLeast)
        XCTAssertEqual(HabitCheckOff.tap(done: false, checkOffs: 0, target: pages, totalMilli: 0), .markDone(amountMilli: 20_000))
        XCTAssertEqual(HabitCheckOff.tap(done: false, checkOffs: 1, target: pages, totalMilli: 5_500), .markDone(amountMilli: 14_500),
                       "the amount still missing")
        XCTAssertEqual(HabitCheckOff.tap(done: true, checkOffs: 2, target: pages, totalMilli: 20_000), .undo)
        XCTAssertEqual(HabitCheckOff.tap(done: true, checkOffs: 0, target: pages, totalMilli: 25_000), .none)
    }

    func testATapMeetsAnAtMostTarget() {
        let coffees = HabitCheckOff.Target(milli: 2_000, kind: .atMost)
        XCTAssertEqual(HabitCheckOff.tap(done: false, checkOffs: 0, target: coffees, totalMilli: 0), .markDone(amountMilli: 0),
                       "nothing logged yet: a 0 makes the day done")
        XCTAssertEqual(HabitCheckOff.tap(done: true, checkOffs: 1, target: coffees, totalMilli: 1_000), .undo)
        // Over the target nothing added helps: undo the check-offs, or nothing when the timeline did it.
        XCTAssertEqual(HabitCheckOff.tap(done: false, checkOffs: 1, target: coffees, totalMilli: 3_000), .undo)
        XCTAssertEqual(HabitCheckOff.tap(done: false, checkOffs: 0, target: coffees, totalMilli: 3_000), .none)
    }
}
