import Domain
import TimeZones
import XCTest

/// `HabitScore` against plain statements of the rule on seeded random histories.
final class HabitScorePropertyTests: XCTestCase {
    private let origin = day("2026-01-01")

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

    private func days(of ranges: [ClosedRange<LocalDate>]) -> Set<LocalDate> {
        Set(ranges.flatMap { range in (0...range.lowerBound.days(to: range.upperBound)).map { range.lowerBound.adding(days: $0) } })
    }

    /// A daily habit, day by day as Loop scores it: a bridged day leaves the score, any other
    /// moves it by its check. Ours equals it at the end of every finished day, and on today
    /// once today is done.
    func testDailyEqualsLoopDayByDay() {
        var random = HabitTestRandom(seed: 25)
        let m = pow(0.5, 1.0 / 13)
        for _ in 0..<40 {
            let done = randomDays(&random, density: Double.random(in: 0.1...0.95, using: &random), span: 150)
            let bridgedRanges = randomBridges(&random, span: 150)
            let bridged = BridgedRanges(bridgedRanges)
            let bridgedDays = days(of: bridgedRanges)
            let doneDays = Set(done)
            let firstDay = origin.adding(days: Int.random(in: 0..<30, using: &random))
            var loop = 0.0
            var date = firstDay
            while date < origin.adding(days: 150) {
                if !bridgedDays.contains(date) {
                    loop = loop * m + (doneDays.contains(date) ? 1 - m : 0)
                }
                let nextDay = HabitScore(schedule: .daily, doneDays: done.filter { $0 <= date }, bridged: bridged,
                                         firstWeekday: .monday, firstDay: firstDay, today: date.adding(days: 1))
                XCTAssertEqual(nextDay.value, loop, accuracy: 1e-12, "\(date)")
                if doneDays.contains(date) || bridgedDays.contains(date) {
                    let sameDay = HabitScore(schedule: .daily, doneDays: done, bridged: bridged,
                                             firstWeekday: .monday, firstDay: firstDay, today: date)
                    XCTAssertEqual(sameDay.value, loop, accuracy: 1e-12, "\(date)")
                }
                date = date.adding(days: 1)
            }
        }
    }

    /// All seven weekdays chosen scores as the daily habit.
    func testAllWeekdaysEqualDaily() {
        var random = HabitTestRandom(seed: 26)
        for _ in 0..<200 {
            let done = randomDays(&random, density: 0.6, span: 200)
            let bridged = BridgedRanges(randomBridges(&random, span: 200))
            let firstDay = origin.adding(days: Int.random(in: 0..<30, using: &random))
            let today = origin.adding(days: Int.random(in: 0..<210, using: &random))
            let daily = HabitScore(schedule: .daily, doneDays: done, bridged: bridged, firstWeekday: .monday, firstDay: firstDay, today: today)
            let weekdays = HabitScore(schedule: .weekdays(Set(Weekday.allCases)), doneDays: done, bridged: bridged,
                                      firstWeekday: .sunday, firstDay: firstDay, today: today)
            XCTAssertEqual(weekdays.value, daily.value, accuracy: 1e-12)
        }
    }

    /// Every kind: the same value as walking the periods one by one, and always within 0…1.
    func testEveryKindEqualsAPeriodWalk() {
        var random = HabitTestRandom(seed: 27)
        for _ in 0..<400 {
            let schedule: HabitSchedule = switch Int.random(in: 0..<4, using: &random) {
            case 0: .daily
            case 1: .weekdays(Set(Weekday.allCases.filter { _ in Bool.random(using: &random) }).union([.tuesday]))
            case 2: .perWeek(Int.random(in: 1...7, using: &random))
            default: .perMonth(Int.random(in: 1...31, using: &random))
            }
            let done = randomDays(&random, density: Double.random(in: 0.1...0.9, using: &random), span: 300)
            let bridgedRanges = randomBridges(&random, span: 300)
            let firstWeekday = Weekday.allCases.randomElement(using: &random)!
            let firstDay = origin.adding(days: Int.random(in: 0..<40, using: &random))
            let today = origin.adding(days: Int.random(in: 0..<310, using: &random))
            let result = HabitScore(schedule: schedule, doneDays: done, bridged: BridgedRanges(bridgedRanges),
                                    firstWeekday: firstWeekday, firstDay: firstDay, today: today)
            let expected = walk(schedule, done: Set(done), bridged: days(of: bridgedRanges), firstWeekday: firstWeekday,
                                firstDay: firstDay, today: today)
            XCTAssertEqual(result.value, expected, accuracy: 1e-12, "\(schedule) \(firstWeekday) \(firstDay) \(today)")
            XCTAssertTrue((0...1).contains(result.value))
            XCTAssertEqual(result.percent, (result.value * 1_000).rounded() / 10)
        }
    }

    private func walk(_ schedule: HabitSchedule, done: Set<LocalDate>, bridged: Set<LocalDate>, firstWeekday: Weekday,
                      firstDay: LocalDate, today: LocalDate) -> Double {
        let granularity: Granularity
        let times: Int
        switch schedule {
        case .daily, .weekdays: (granularity, times) = (.day, 1)
        case .perWeek(let n): (granularity, times) = (.week, n)
        case .perMonth(let n): (granularity, times) = (.month, n)
        }
        let m = schedule.scoreMultiplier
        var score = 0.0
        var period = Period(containing: firstDay, granularity: granularity, firstWeekday: firstWeekday)
        while period.first <= today {
            let open = period.days.filter { $0 >= firstDay && schedule.isScheduled($0) && !bridged.contains($0) }
            let doneCount = open.count { $0 <= today && done.contains($0) }
            let required = min(times, open.count)
            if !open.isEmpty, !period.contains(today) || doneCount >= required {
                score = score * m + min(1, Double(doneCount) / Double(required)) * (1 - m)
            }
            period = period.next
        }
        return score
    }
}
