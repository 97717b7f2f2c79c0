import Domain
import TimeZones
import XCTest

/// `HabitStreak` against other statements of the rule on seeded random histories: the
/// existing day streak (`Streak`), and a plain day-by-day walk written for this test.
final class HabitStreakPropertyTests: XCTestCase {
    private let origin = day("2026-10-01")

    private func randomDays(_ random: inout HabitTestRandom, density: Double, span: Int) -> [LocalDate] {
        (0..<span).compactMap { offset in Double.random(in: 0..<1, using: &random) < density ? origin.adding(days: offset) : nil }
    }

    private func randomBridges(_ random: inout HabitTestRandom, span: Int) -> [ClosedRange<LocalDate>] {
        (0..<Int.random(in: 0...5, using: &random)).map { _ in
            let start = Int.random(in: 0..<span, using: &random)
            let length = Int.random(in: 0...(Bool.random(using: &random) ? 0 : 40), using: &random)
            return origin.adding(days: start)...origin.adding(days: start + length)
        }
    }

    private func randomSchedule(_ random: inout HabitTestRandom) -> HabitSchedule {
        switch Int.random(in: 0..<4, using: &random) {
        case 0: return .daily
        case 1:
            let days = Set(Weekday.allCases.filter { _ in Bool.random(using: &random) })
            return .weekdays(days.isEmpty ? [.thursday] : days)
        case 2: return .perWeek(Int.random(in: 1...7, using: &random))
        default: return .perMonth(Int.random(in: 1...31, using: &random))
        }
    }

    /// Every day without bridges: exactly the app's day streak, future days included.
    func testDailyEqualsStreak() {
        var random = HabitTestRandom(seed: 15)
        for _ in 0..<400 {
            let done = randomDays(&random, density: Double.random(in: 0.2...0.95, using: &random), span: 120)
            let today = origin.adding(days: Int.random(in: 0..<130, using: &random))
            let expected = Streak(activeDates: done, today: today)
            let result = HabitStreak(schedule: .daily, doneDays: done, bridged: .none, firstWeekday: .monday, today: today)
            XCTAssertEqual(result.current, expected.current, "\(done) \(today)")
            XCTAssertEqual(result.best, expected.best, "\(done) \(today)")
        }
    }

    /// Single bridged days behave as the days a member's zone skipped do in `Streak`.
    func testDailyBridgedRangesEqualStreakSkipping() {
        var random = HabitTestRandom(seed: 16)
        for _ in 0..<300 {
            let done = randomDays(&random, density: 0.7, span: 90)
            let skipped = Set(randomDays(&random, density: 0.08, span: 90))
            let today = origin.adding(days: Int.random(in: 0..<95, using: &random))
            let expected = Streak(activeDates: done, today: today, skipping: skipped)
            let result = HabitStreak(schedule: .daily, doneDays: done, bridged: BridgedRanges(days: skipped),
                                     firstWeekday: .monday, today: today)
            XCTAssertEqual(result.current, expected.current, "\(done) \(skipped) \(today)")
            XCTAssertEqual(result.best, expected.best, "\(done) \(skipped) \(today)")
        }
    }

    /// All seven weekdays chosen is the daily habit, bridges and all.
    func testAllWeekdaysEqualDaily() {
        var random = HabitTestRandom(seed: 17)
        let everyWeekday = HabitSchedule.weekdays(Set(Weekday.allCases))
        for _ in 0..<300 {
            let done = randomDays(&random, density: 0.8, span: 120)
            let bridged = BridgedRanges(randomBridges(&random, span: 120))
            let today = origin.adding(days: Int.random(in: 0..<130, using: &random))
            let daily = HabitStreak(schedule: .daily, doneDays: done, bridged: bridged, firstWeekday: .monday, today: today)
            let weekdays = HabitStreak(schedule: everyWeekday, doneDays: done, bridged: bridged, firstWeekday: .sunday, today: today)
            XCTAssertEqual(weekdays, daily)
        }
    }

    /// Every kind, random bridges and first weekdays: the same figures as a walk over every day.
    func testEveryKindEqualsADayByDayWalk() {
        var random = HabitTestRandom(seed: 18)
        for _ in 0..<600 {
            let schedule = randomSchedule(&random)
            let density: Double = switch schedule {
            case .perMonth(let times): min(0.95, Double(times) / 28 + 0.1)
            case .perWeek(let times): min(0.95, Double(times) / 7 + 0.1)
            default: 0.8
            }
            let done = randomDays(&random, density: density, span: 200)
            let bridgedRanges = randomBridges(&random, span: 200)
            let firstWeekday = Weekday.allCases.randomElement(using: &random)!
            let today = origin.adding(days: Int.random(in: 0..<210, using: &random))
            let result = HabitStreak(schedule: schedule, doneDays: done, bridged: BridgedRanges(bridgedRanges),
                                     firstWeekday: firstWeekday, today: today)
            let expected = walk(schedule, done: Set(done), bridged: Set(bridgedRanges.flatMap { range in
                (0...range.lowerBound.days(to: range.upperBound)).map { range.lowerBound.adding(days: $0) }
            }), firstWeekday: firstWeekday, today: today)
            XCTAssertEqual(result.current, expected.current, "\(schedule) \(firstWeekday) \(today) \(bridgedRanges)")
            XCTAssertEqual(result.best, expected.best, "\(schedule) \(firstWeekday) \(today) \(bridgedRanges)")
            XCTAssertGreaterThanOrEqual(result.best, result.current)
            XCTAssertEqual(result.unit, schedule.streakUnit)
        }
    }

    /// The rule, stated as plainly as possible: list the units from well before the history
    /// to today, each counted or not (no-units left out), drop the current unit unless met,
    /// then read the runs.
    private func walk(_ schedule: HabitSchedule, done: Set<LocalDate>, bridged: Set<LocalDate>,
                      firstWeekday: Weekday, today: LocalDate) -> (current: Int, best: Int) {
        var units: [(counted: Bool, isCurrent: Bool)] = []
        var date = origin.adding(days: -40).firstOfMonth
        while date <= today {
            let period: Period
            let required: Int
            switch schedule {
            case .daily, .weekdays:
                period = Period(containing: date, granularity: .day, firstWeekday: firstWeekday)
                required = 1
            case .perWeek(let times):
                period = Period(containing: date, granularity: .week, firstWeekday: firstWeekday)
                required = times
            case .perMonth(let times):
                period = Period(containing: date, granularity: .month, firstWeekday: firstWeekday)
                required = times
            }
            date = period.last.adding(days: 1)
            let open = period.days.filter { schedule.isScheduled($0) && !bridged.contains($0) }
            guard !open.isEmpty, period.first >= origin.adding(days: -40) else { continue }
            let doneCount = open.count { $0 <= today && done.contains($0) }
            units.append((doneCount >= min(required, open.count), period.contains(today)))
        }
        var best = 0
        var run = 0
        for unit in units {
            run = unit.counted ? run + 1 : 0
            best = max(best, run)
        }
        if let last = units.last, last.isCurrent, !last.counted { units.removeLast() }
        let current = units.reversed().prefix { $0.counted }.count
        return (current, best)
    }
}
