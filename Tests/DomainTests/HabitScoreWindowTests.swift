import Domain
import TimeZones
import XCTest

/// A score read from its window (`HabitScore.windowStart`) equals the score over the whole
/// history within `windowTolerance`, for every schedule kind, with bridges; and the window
/// does not grow with the history.
final class HabitScoreWindowTests: XCTestCase {
    private let today = LocalDate(year: 2026, month: 11, day: 24)!
    private let schedules: [HabitSchedule] = [.daily, .weekdays([.monday, .thursday]), .weekdays([.sunday]), .perWeek(1),
                                              .perWeek(3), .perWeek(7), .perMonth(1), .perMonth(10)]

    func testTheWindowedScoreEqualsTheWholeHistorysScore() {
        var random = HabitTestRandom(seed: 77)
        for _ in 0..<60 {
            for schedule in schedules {
                let first = today.adding(days: -Int.random(in: 30...3_000, using: &random))
                let density = Double.random(in: 0.2...1, using: &random)
                let done = (0...first.days(to: today)).compactMap { offset -> LocalDate? in
                    Double.random(in: 0...1, using: &random) < density ? first.adding(days: offset) : nil
                }
                let bridged = BridgedRanges((0..<Int.random(in: 0...4, using: &random)).map { _ in
                    let start = first.adding(days: Int.random(in: 0...max(0, first.days(to: today)), using: &random))
                    return start...start.adding(days: Int.random(in: 0...200, using: &random))
                })
                let whole = HabitScore(schedule: schedule, doneDays: done, bridged: bridged, firstWeekday: .monday,
                                       firstDay: first, today: today)
                let start = HabitScore.windowStart(schedule: schedule, bridged: bridged, firstDay: first, today: today)
                XCTAssertGreaterThanOrEqual(start, first)
                let windowed = HabitScore(schedule: schedule, doneDays: done.filter { $0 >= start }, bridged: bridged,
                                          firstWeekday: .monday, firstDay: start, today: today)
                XCTAssertEqual(windowed.value, whole.value, accuracy: HabitScore.windowTolerance, "\(schedule) from \(first)")
            }
        }
    }

    func testTheWindowFollowsTheScheduleNotTheHistory() {
        for schedule in schedules {
            let oneYear = HabitScore.windowStart(schedule: schedule, bridged: .none, firstDay: today.adding(days: -365 * 10),
                                                 today: today)
            let tenYears = HabitScore.windowStart(schedule: schedule, bridged: .none, firstDay: today.adding(days: -365 * 20),
                                                  today: today)
            XCTAssertEqual(oneYear, tenYears, "\(schedule)")
        }
        // A daily habit needs about half a year; a monthly one a few years.
        XCTAssertLessThan(HabitScore.windowStart(schedule: .daily, bridged: .none, firstDay: .init(daysSince1970: 0), today: today)
            .days(to: today), 200)
        // A vacation inside the window takes no step, so the window reaches past it.
        let away = BridgedRanges([today.adding(days: -60)...today.adding(days: -1)])
        XCTAssertEqual(HabitScore.windowStart(schedule: .daily, bridged: away, firstDay: .init(daysSince1970: 0), today: today)
            .days(to: today),
                       HabitScore.windowStart(schedule: .daily, bridged: .none, firstDay: .init(daysSince1970: 0), today: today)
            .days(to: today) + 60)
    }
}
