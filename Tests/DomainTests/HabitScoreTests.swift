import Domain
import TimeZones
import XCTest

/// The habit strength against hand-computed values and Loop Habit Tracker's own figures
/// (uhabits-core ScoreListTest and ScoreTest, checked there to 1e-6). For a daily habit
/// m = 0.5^(1/13) = 0.9480775…, and each day s ← s·m + (1 − m) when done, s·m when not.
final class HabitScoreTests: XCTestCase {
    private let today = day("2026-11-22")  // a Sunday

    private func score(_ schedule: HabitSchedule, _ done: [LocalDate], bridged: BridgedRanges = .none,
                       firstWeekday: Weekday = .monday, firstDay: LocalDate, today: LocalDate) -> HabitScore {
        HabitScore(schedule: schedule, doneDays: done, bridged: bridged, firstWeekday: firstWeekday,
                   firstDay: firstDay, today: today)
    }

    /// Loop's score at the end of `date`: our score the day after, that day not done yet
    /// (the current unit waits), with the history up to `date`.
    private func loopFigure(_ done: [LocalDate], bridged: BridgedRanges = .none, firstDay: LocalDate, at date: LocalDate) -> Double {
        score(.daily, done.filter { $0 <= date }, bridged: bridged, firstDay: firstDay, today: date.adding(days: 1)).value
    }

    private func daysBack(_ offsets: some Sequence<Int>) -> [LocalDate] {
        offsets.map { today.adding(days: -$0) }
    }

    // MARK: Loop's figures

    /// ScoreListTest.test_getValue: done on the 20 days up to today, scores from today back.
    func testLoopTwentyDays() {
        let done = daysBack(0..<20)
        let expected = [0.655747, 0.636894, 0.617008, 0.596033, 0.573910, 0.550574, 0.525961, 0.500000,
                        0.472617, 0.443734, 0.413270, 0.381137, 0.347244, 0.311495, 0.273788, 0.234017,
                        0.192067, 0.147820, 0.101149, 0.051922, 0.000000, 0.000000, 0.000000]
        let firstDay = today.adding(days: -22)
        for (back, figure) in expected.enumerated() {
            let date = today.adding(days: -back)
            XCTAssertEqual(loopFigure(done, firstDay: firstDay, at: date), figure, accuracy: 1e-6, "\(back) days back")
            // A day done is counted on the day itself too.
            if back < 20 {
                XCTAssertEqual(score(.daily, done.filter { $0 <= date }, firstDay: firstDay, today: date).value, figure, accuracy: 1e-6)
            }
        }
        XCTAssertEqual(score(.daily, done, firstDay: firstDay, today: today).percent, 65.6)
    }

    /// ScoreListTest.test_getValueWithSkip: the same, skipped 5, 10 and 11 days back.
    func testLoopSkips() {
        let skips = BridgedRanges(days: daysBack([5, 10, 11]))
        let done = daysBack((0..<20).filter { ![5, 10, 11].contains($0) })
        let expected = [0.596033, 0.573910, 0.550574, 0.525961, 0.500000, 0.472617, 0.472617, 0.443734,
                        0.413270, 0.381137, 0.347244, 0.347244, 0.347244, 0.311495, 0.273788, 0.234017,
                        0.192067, 0.147820, 0.101149, 0.051922, 0.000000, 0.000000, 0.000000]
        let firstDay = today.adding(days: -22)
        for (back, figure) in expected.enumerated() {
            XCTAssertEqual(loopFigure(done, bridged: skips, firstDay: firstDay, at: today.adding(days: -back)), figure,
                           accuracy: 1e-6, "\(back) days back")
        }
        // A skip is as good as a vacation day or a paused one: the same ranges, the same figures.
        XCTAssertEqual(score(.daily, done, bridged: skips, firstDay: firstDay, today: today).value, 0.596033, accuracy: 1e-6)
    }

    /// ScoreListTest.test_getValueWithSkip2: done 5 days back, skipped 4 days back, nothing since.
    func testLoopSkipThenMisses() {
        let skip = BridgedRanges(days: daysBack([4]))
        let done = daysBack([5])
        let expected = [0.041949, 0.044247, 0.046670, 0.049226, 0.051922, 0.051922, 0.0]
        for (back, figure) in expected.enumerated() {
            XCTAssertEqual(loopFigure(done, bridged: skip, firstDay: today.adding(days: -6), at: today.adding(days: -back)),
                           figure, accuracy: 1e-6, "\(back) days back")
        }
    }

    /// ScoreListTest.shouldAchieveHighScoreInReasonableTime: over 99 % after 90 daily days,
    /// 39 weekly weeks, 18 monthly months.
    func testLoopReasonableTime() {
        XCTAssertGreaterThan(score(.daily, daysBack(0..<90), firstDay: today.adding(days: -89), today: today).value, 0.99)
        let weekly = daysBack((0..<39).map { $0 * 7 })
        XCTAssertGreaterThan(score(.perWeek(1), weekly, firstDay: weekly.last!, today: today).value, 0.99)
        let monthly = (0..<18).map { day("2025-06-10").adding(months: $0) }
        XCTAssertGreaterThan(score(.perMonth(1), monthly, firstDay: day("2025-06-01"), today: monthly.last!).value, 0.99)
    }

    /// ScoreListTest.test_imperfectNonDaily: three times a week done twice tends to 2/3, four
    /// times a week done twice to 1/2.
    func testLoopImperfectWeeks() {
        let monday = day("2024-12-30")
        let done = (0..<100).flatMap { week in [monday.adding(days: 7 * week), monday.adding(days: 7 * week + 1)] }
        let end = monday.adding(days: 7 * 100 - 1)
        XCTAssertEqual(score(.perWeek(3), done, firstDay: monday, today: end).value, 2.0 / 3, accuracy: 1e-6)
        XCTAssertEqual(score(.perWeek(4), done, firstDay: monday, today: end).value, 0.5, accuracy: 1e-6)
        // ScoreListTest.test_irregularNonDaily: once a week on different weekdays still tends to 100 %.
        let irregular = (0..<100).map { week in monday.adding(days: 7 * week + (week % 2 == 0 ? 0 : 6)) }
        XCTAssertEqual(score(.perWeek(1), irregular, firstDay: monday, today: end).value, 1, accuracy: 1e-3)
    }

    // MARK: Hand-computed

    func testDailyByHand() {
        // Ten days done from 0: 1 − m^10 = 1 − 0.5^(10/13).
        let tenDays = score(.daily, daysBack(0..<10), firstDay: today.adding(days: -9), today: today)
        XCTAssertEqual(tenDays.value, 1 - pow(0.5, 10.0 / 13), accuracy: 1e-12)
        XCTAssertEqual(tenDays.value, 0.4132698, accuracy: 1e-7)
        XCTAssertEqual(tenDays.percent, 41.3)
        // Done, not, done, not, done, not: 0.051922, 0.049227, 0.098593, 0.093474, 0.140543, 0.133246.
        let first = today.adding(days: -5)
        let alternate = [first, first.adding(days: 2), first.adding(days: 4)]
        let expected = [0.0519225, 0.0492265, 0.0985931, 0.0934739, 0.1405430, 0.1332456]
        for (offset, figure) in expected.enumerated() {
            XCTAssertEqual(loopFigure(alternate, firstDay: first, at: first.adding(days: offset)), figure, accuracy: 1e-7)
        }
        // Alternating for a long time tends to 1 / (1 + m) after a day done (here yesterday,
        // today waiting) and to m / (1 + m) after a day not done (today, over).
        let long = (0..<400).map { today.adding(days: -799 + 2 * $0) }
        XCTAssertEqual(score(.daily, long, firstDay: long[0], today: today).value, 0.5133266, accuracy: 1e-6)
        XCTAssertEqual(score(.daily, long, firstDay: long[0], today: today).percent, 51.3)
        XCTAssertEqual(score(.daily, long, firstDay: long[0], today: today.adding(days: 1)).value, 0.4866734, accuracy: 1e-6)
        XCTAssertEqual(score(.daily, long, firstDay: long[0], today: today.adding(days: 1)).percent, 48.7)
    }

    /// Mon/Wed/Fri: f = 7/3, m = 0.5^(√(7/3)/13) = 0.9217824; Tuesdays and weekends are no units.
    func testWeekdaysByHand() {
        let mwf = HabitSchedule.weekdays([.monday, .wednesday, .friday])
        let week = ["2026-11-16", "2026-11-18", "2026-11-20"].map { day($0) }
        XCTAssertEqual(score(mwf, week, firstDay: day("2026-11-16"), today: today).value, 0.2167775, accuracy: 1e-7)
        // Done on a Tuesday and a Sunday as well: no change.
        XCTAssertEqual(score(mwf, week + [day("2026-11-17"), day("2026-11-22")], firstDay: day("2026-11-16"), today: today).value,
                       0.2167775, accuracy: 1e-7)
        // Two weeks: 1 − m^6.
        let twoWeeks = week + ["2026-11-23", "2026-11-25", "2026-11-27"].map { day($0) }
        XCTAssertEqual(score(mwf, twoWeeks, firstDay: day("2026-11-16"), today: day("2026-11-29")).value, 0.3865625, accuracy: 1e-7)
        // A missed Wednesday lowers it: steps 1, 1, 1, 1, 0, 1.
        let missed = twoWeeks.filter { $0 != day("2026-11-25") }
        let m = HabitSchedule.weekdays([.monday, .wednesday, .friday]).scoreMultiplier
        var byHand = 0.0
        for value in [1.0, 1, 1, 1, 0, 1] { byHand = byHand * m + value * (1 - m) }
        XCTAssertEqual(score(mwf, missed, firstDay: day("2026-11-16"), today: day("2026-11-29")).value, byHand, accuracy: 1e-12)
        XCTAssertEqual(byHand, 0.3144628, accuracy: 1e-7)
    }

    /// Three times a week: f = 21, m = 0.5^(√21/13) = 0.7832225. Weeks of 3, 2, 0 and 3 days
    /// score 1, 2/3, 0, 1: ((1 − m)·m + ⅔(1 − m))·m·m + (1 − m) = 0.4095829.
    func testWeeksByHand() {
        let done = ["2026-11-02", "2026-11-03", "2026-11-04", "2026-11-10", "2026-11-12",
                    "2026-11-23", "2026-11-24", "2026-11-29"].map { day($0) }
        XCTAssertEqual(score(.perWeek(3), done, firstDay: day("2026-11-02"), today: day("2026-11-29")).value, 0.4095829, accuracy: 1e-7)
        // Mid-week with two of the three: the week waits, the score is the first three weeks'.
        let waiting = score(.perWeek(3), Array(done.dropLast()), firstDay: day("2026-11-02"), today: day("2026-11-25")).value
        let m = HabitSchedule.perWeek(3).scoreMultiplier
        XCTAssertEqual(waiting, ((1 - m) * m + 2.0 / 3 * (1 - m)) * m, accuracy: 1e-12)
        // Future days of this week count for nothing.
        XCTAssertEqual(score(.perWeek(3), done, firstDay: day("2026-11-02"), today: day("2026-11-25")).value, waiting, accuracy: 1e-12)
        // First weekday Sunday moves the 29th into the next week: weeks 1–7, 8–14, 15–21, 22–28 (2 of 3), 29– (1, waiting).
        var sunday = 0.0
        for value in [1.0, 2.0 / 3, 0, 2.0 / 3] { sunday = sunday * m + value * (1 - m) }
        XCTAssertEqual(score(.perWeek(3), done, firstWeekday: .sunday, firstDay: day("2026-11-01"), today: day("2026-11-29")).value,
                       sunday, accuracy: 1e-12)
    }

    func testWeeksBridged() {
        let m = HabitSchedule.perWeek(3).scoreMultiplier
        let weekOne = ["2026-11-02", "2026-11-03", "2026-11-04"].map { day($0) }
        let weekThree = ["2026-11-16", "2026-11-17", "2026-11-18"].map { day($0) }
        // The second week all on vacation leaves the score as the first week left it.
        let vacation = BridgedRanges([day("2026-11-09")...day("2026-11-15")])
        XCTAssertEqual(score(.perWeek(3), weekOne + weekThree, bridged: vacation, firstDay: day("2026-11-02"), today: day("2026-11-22")).value,
                       1 - m * m, accuracy: 1e-12)
        // Five days of it on vacation: one of the two days left done scores 1/2.
        let fiveDays = BridgedRanges([day("2026-11-11")...day("2026-11-15")])
        XCTAssertEqual(score(.perWeek(3), weekOne + [day("2026-11-09")] + weekThree, bridged: fiveDays,
                             firstDay: day("2026-11-02"), today: day("2026-11-22")).value,
                       ((1 - m) * m + 0.5 * (1 - m)) * m + (1 - m), accuracy: 1e-12)
        // Paused from the 9th through today: only the first week counts.
        let pause = BridgedRanges([day("2026-11-09")...day("2026-11-22")])
        XCTAssertEqual(score(.perWeek(3), weekOne + weekThree, bridged: pause, firstDay: day("2026-11-02"), today: day("2026-11-22")).value,
                       1 - m, accuracy: 1e-12)
    }

    /// A habit started on a Saturday asks, that first week, only for the days it existed.
    func testFirstPartialWeek() {
        let m = HabitSchedule.perWeek(3).scoreMultiplier
        let weekend = [day("2026-11-21"), day("2026-11-22")]
        XCTAssertEqual(score(.perWeek(3), weekend, firstDay: day("2026-11-21"), today: day("2026-11-22")).value, 1 - m, accuracy: 1e-12)
        XCTAssertEqual(score(.perWeek(3), [day("2026-11-21")], firstDay: day("2026-11-21"), today: day("2026-11-23")).value,
                       0.5 * (1 - m), accuracy: 1e-12)
        // Done before the first day: not counted.
        XCTAssertEqual(score(.perWeek(3), [day("2026-11-20")] + weekend, firstDay: day("2026-11-21"), today: day("2026-11-22")).value,
                       1 - m, accuracy: 1e-12)
    }

    /// Twice a month: f = 60, m = 0.5^(√60/13) = 0.6616574. November 2, December 1, January 2,
    /// over the year end: 1, 1/2, 1 → 0.5983992.
    func testMonthsByHand() {
        let done = ["2026-11-01", "2026-11-30", "2026-12-31", "2027-01-01", "2027-01-31"].map { day($0) }
        XCTAssertEqual(score(.perMonth(2), done, firstDay: day("2026-11-01"), today: day("2027-01-31")).value, 0.5983992, accuracy: 1e-7)
        // February 2028 (leap): 29 times a month asks for every day, the 29th included.
        let february = (0..<29).map { day("2028-02-01").adding(days: $0) }
        let m = HabitSchedule.perMonth(29).scoreMultiplier
        XCTAssertEqual(score(.perMonth(29), february, firstDay: day("2028-02-01"), today: day("2028-03-01")).value, 1 - m, accuracy: 1e-12)
        XCTAssertEqual(score(.perMonth(29), Array(february.dropLast()), firstDay: day("2028-02-01"), today: day("2028-03-01")).value,
                       28.0 / 29 * (1 - m), accuracy: 1e-12)
        // A month on vacation leaves it unchanged.
        let m2 = HabitSchedule.perMonth(2).scoreMultiplier
        let december = BridgedRanges([day("2026-12-01")...day("2026-12-31")])
        XCTAssertEqual(score(.perMonth(2), done, bridged: december, firstDay: day("2026-11-01"), today: day("2027-01-31")).value,
                       (1 - m2) * m2 + (1 - m2), accuracy: 1e-12)
    }

    func testEdges() {
        XCTAssertEqual(score(.daily, [], firstDay: today, today: today).value, 0)
        XCTAssertEqual(score(.daily, [today], firstDay: today.adding(days: 1), today: today).value, 0)
        XCTAssertEqual(score(.weekdays([]), [today], firstDay: today.adding(days: -10), today: today).value, 0)
        // Days ahead of today count for nothing.
        XCTAssertEqual(score(.daily, daysBack(-5 ..< 0), firstDay: today.adding(days: -3), today: today).value, 0)
        // A history of years stays within 0…1 and reaches 100.0 displayed.
        let years = daysBack(0..<1_000)
        let strong = score(.daily, years, firstDay: years.last!, today: today)
        XCTAssertLessThanOrEqual(strong.value, 1)
        XCTAssertEqual(strong.percent, 100.0)
    }
}
