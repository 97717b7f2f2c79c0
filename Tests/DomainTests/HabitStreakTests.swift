import Domain
import TimeZones
import XCTest

/// The unit streak of every schedule kind, by hand-picked histories. Dates' weekdays:
/// 2026-11-22 Sun, 2026-11-23 Mon, 2026-12-28 Mon, 2027-01-01 Fri, 2028-02-29 Tue.
final class HabitStreakTests: XCTestCase {
    private func streak(_ schedule: HabitSchedule, _ done: [String], bridged: [ClosedRange<LocalDate>] = [],
                        firstWeekday: Weekday = .monday, today: String) -> HabitStreak {
        HabitStreak(schedule: schedule, doneDays: done.map { day($0) }, bridged: BridgedRanges(bridged),
                    firstWeekday: firstWeekday, today: day(today))
    }

    private func assertStreak(_ result: HabitStreak, _ current: Int, _ best: Int,
                              file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(result.current, current, "current", file: file, line: line)
        XCTAssertEqual(result.best, best, "best", file: file, line: line)
        XCTAssertGreaterThanOrEqual(result.best, result.current, file: file, line: line)
    }

    /// "YYYY-MM-DD" for `count` days from `first`.
    private func days(from first: String, count: Int) -> [String] {
        (0..<count).map { day(first).adding(days: $0).description }
    }

    private func range(_ first: String, _ last: String) -> ClosedRange<LocalDate> {
        day(first)...day(last)
    }

    // MARK: Every day

    func testDailyBasics() {
        assertStreak(streak(.daily, [], today: "2026-11-22"), 0, 0)
        XCTAssertEqual(streak(.daily, [], today: "2026-11-22").unit, .day)
        assertStreak(streak(.daily, ["2026-11-22"], today: "2026-11-22"), 1, 1)
        // Today not done yet does not break; yesterday missed does.
        assertStreak(streak(.daily, ["2026-11-19", "2026-11-20", "2026-11-21"], today: "2026-11-22"), 3, 3)
        assertStreak(streak(.daily, ["2026-11-19", "2026-11-20"], today: "2026-11-22"), 0, 2)
        // Duplicates count once.
        assertStreak(streak(.daily, ["2026-11-21", "2026-11-21", "2026-11-22"], today: "2026-11-22"), 2, 2)
    }

    func testDailyAcrossMonthYearAndLeapDay() {
        assertStreak(streak(.daily, days(from: "2026-11-28", count: 5), today: "2026-12-02"), 5, 5)
        assertStreak(streak(.daily, days(from: "2026-12-29", count: 5), today: "2027-01-02"), 5, 5)
        assertStreak(streak(.daily, days(from: "2028-02-27", count: 4), today: "2028-03-01"), 4, 4)
        // Without the leap day, the 28th and the 1st are two days apart.
        assertStreak(streak(.daily, ["2028-02-27", "2028-02-28", "2028-03-01"], today: "2028-03-01"), 1, 2)
    }

    func testDailyFutureDaysCountForNothing() {
        assertStreak(streak(.daily, ["2026-11-21", "2026-11-23", "2026-11-24", "2026-11-25"], today: "2026-11-22"), 1, 1)
        assertStreak(streak(.daily, days(from: "2026-11-23", count: 30), today: "2026-11-22"), 0, 0)
    }

    func testDailyBridgedDays() {
        // A skipped day neither counts nor breaks, even were the habit logged on it.
        let skip = [range("2026-11-21", "2026-11-21")]
        assertStreak(streak(.daily, ["2026-11-19", "2026-11-20", "2026-11-22"], bridged: skip, today: "2026-11-22"), 3, 3)
        assertStreak(streak(.daily, ["2026-11-19", "2026-11-20", "2026-11-21", "2026-11-22"], bridged: skip, today: "2026-11-22"), 3, 3)
        // Yesterday skipped, today not yet done: the run before the skip goes on.
        assertStreak(streak(.daily, ["2026-11-19", "2026-11-20"], bridged: skip, today: "2026-11-22"), 2, 2)
        // A two-week vacation over the year end bridges the run.
        let vacation = [range("2026-12-20", "2027-01-03")]
        let around = days(from: "2026-12-15", count: 5) + days(from: "2027-01-04", count: 3)
        assertStreak(streak(.daily, around, bridged: vacation, today: "2027-01-06"), 8, 8)
        // Today inside the vacation: the run before it is current.
        assertStreak(streak(.daily, days(from: "2026-12-15", count: 5), bridged: vacation, today: "2026-12-25"), 5, 5)
        // Paused from the 10th (until resumed, so through today): the run before the pause stays.
        let pause = [range("2026-11-10", "2026-11-22")]
        assertStreak(streak(.daily, days(from: "2026-11-01", count: 9), bridged: pause, today: "2026-11-22"), 9, 9)
        // Resumed on the 20th (paused 10th–19th): the 20th must be done again, or the run breaks.
        let resumed = [range("2026-11-10", "2026-11-19")]
        assertStreak(streak(.daily, days(from: "2026-11-01", count: 9) + ["2026-11-20", "2026-11-21"], bridged: resumed,
                            today: "2026-11-22"), 11, 11)
        assertStreak(streak(.daily, days(from: "2026-11-01", count: 9) + ["2026-11-21"], bridged: resumed,
                            today: "2026-11-22"), 1, 9)
    }

    // MARK: Chosen weekdays

    private let mwf = HabitSchedule.weekdays([.monday, .wednesday, .friday])

    func testWeekdaysCountScheduledDaysOnly() {
        // Three weeks of Mon/Wed/Fri over the year end: Mon 28 Dec … Fri 15 Jan.
        let done = ["2026-12-28", "2026-12-30", "2027-01-01", "2027-01-04", "2027-01-06", "2027-01-08",
                    "2027-01-11", "2027-01-13", "2027-01-15"]
        assertStreak(streak(mwf, done, today: "2027-01-15"), 9, 9)
        XCTAssertEqual(streak(mwf, done, today: "2027-01-15").unit, .day)
        // Saturday and Sunday are no units: the streak holds through the weekend.
        assertStreak(streak(mwf, done, today: "2027-01-17"), 9, 9)
        // Monday not yet done does not break; Tuesday with Monday missed does.
        assertStreak(streak(mwf, done, today: "2027-01-18"), 9, 9)
        assertStreak(streak(mwf, done, today: "2027-01-19"), 0, 9)
        // An unscheduled day done counts for nothing.
        assertStreak(streak(mwf, done + ["2027-01-16", "2027-01-17"], today: "2027-01-17"), 9, 9)
        // A missed Wednesday breaks.
        let missed = done.filter { $0 != "2027-01-06" }
        assertStreak(streak(mwf, missed, today: "2027-01-15"), 4, 4)
    }

    func testWeekdaysBridged() {
        let done = ["2026-11-02", "2026-11-06", "2026-11-09"]  // Mon, Fri, Mon: Wed 4th skipped
        assertStreak(streak(mwf, done, bridged: [range("2026-11-04", "2026-11-04")], today: "2026-11-09"), 3, 3)
        assertStreak(streak(mwf, done, today: "2026-11-09"), 2, 2)
        // A vacation over a whole week, Saturday to Sunday.
        let vacation = [range("2026-11-07", "2026-11-15")]
        let around = ["2026-11-02", "2026-11-04", "2026-11-06", "2026-11-16", "2026-11-18"]
        assertStreak(streak(mwf, around, bridged: vacation, today: "2026-11-18"), 5, 5)
        // Paused from a Wednesday through today.
        assertStreak(streak(mwf, ["2026-11-02"], bridged: [range("2026-11-04", "2026-11-22")], today: "2026-11-22"), 1, 1)
    }

    func testWeekdaysLeapDay() {
        let tuesdays = HabitSchedule.weekdays([.tuesday])
        assertStreak(streak(tuesdays, ["2028-02-22", "2028-02-29", "2028-03-07"], today: "2028-03-07"), 3, 3)
        assertStreak(streak(tuesdays, ["2028-02-22", "2028-03-07"], today: "2028-03-07"), 1, 1)
        assertStreak(streak(tuesdays, ["2028-02-22", "2028-03-07"], bridged: [range("2028-02-29", "2028-02-29")],
                            today: "2028-03-07"), 2, 2)
    }

    // MARK: N times a week

    func testWeeksAcrossYearEnd() {
        let threeAWeek = HabitSchedule.perWeek(3)
        // ISO weeks 52 (21–27 Dec), 53 (28 Dec–3 Jan), 1 (4–10 Jan), three days each.
        let done = ["2026-12-21", "2026-12-23", "2026-12-27", "2026-12-31", "2027-01-01", "2027-01-03",
                    "2027-01-04", "2027-01-05", "2027-01-06"]
        assertStreak(streak(threeAWeek, done, today: "2027-01-10"), 3, 3)
        XCTAssertEqual(streak(threeAWeek, done, today: "2027-01-10").unit, .week)
        // The next week just begun, nothing done yet: the run is not broken.
        assertStreak(streak(threeAWeek, done, today: "2027-01-12"), 3, 3)
        // Once that week is over unmet, it is.
        assertStreak(streak(threeAWeek, done, today: "2027-01-18"), 0, 3)
        // Week 53 with two days only breaks the run in two.
        let short = done.filter { $0 != "2027-01-03" }
        assertStreak(streak(threeAWeek, short, today: "2027-01-10"), 1, 1)
    }

    func testCurrentWeekCountsOnceMet() {
        let twiceAWeek = HabitSchedule.perWeek(2)
        let lastWeek = ["2026-11-16", "2026-11-19"]
        assertStreak(streak(twiceAWeek, lastWeek, today: "2026-11-24"), 1, 1)
        assertStreak(streak(twiceAWeek, lastWeek + ["2026-11-23"], today: "2026-11-24"), 1, 1)
        assertStreak(streak(twiceAWeek, lastWeek + ["2026-11-23", "2026-11-24"], today: "2026-11-24"), 2, 2)
        // Days ahead of today in this week count for nothing yet.
        assertStreak(streak(twiceAWeek, lastWeek + ["2026-11-23", "2026-11-26"], today: "2026-11-24"), 1, 1)
        // The same day twice is one day.
        assertStreak(streak(twiceAWeek, lastWeek + ["2026-11-23", "2026-11-23"], today: "2026-11-24"), 1, 1)
    }

    /// Sunday 22 and Monday 23 November fall in different weeks when weeks start on Monday,
    /// in the same one when they start on Sunday.
    func testFirstWeekdayChangesTheWeeks() {
        let twiceAWeek = HabitSchedule.perWeek(2)
        let done = ["2026-11-15", "2026-11-16", "2026-11-22", "2026-11-23"]  // Sun, Mon, Sun, Mon
        // Monday weeks: 9–15 Nov (1 day), 16–22 (2, met), 23–29 (1, current, not yet met).
        assertStreak(streak(twiceAWeek, done, firstWeekday: .monday, today: "2026-11-25"), 1, 1)
        // Sunday weeks: 15–21 Nov (2, met), 22–28 (2, current and met).
        assertStreak(streak(twiceAWeek, done, firstWeekday: .sunday, today: "2026-11-25"), 2, 2)
        // Saturday weeks: 14–20 (2), 21–27 (2).
        assertStreak(streak(twiceAWeek, done, firstWeekday: .saturday, today: "2026-11-25"), 2, 2)
    }

    func testWeeksBridged() {
        let threeAWeek = HabitSchedule.perWeek(3)
        let weekOne = ["2026-11-02", "2026-11-03", "2026-11-04"]
        let weekThree = ["2026-11-16", "2026-11-17", "2026-11-18"]
        // A vacation over the whole second week: no unit.
        assertStreak(streak(threeAWeek, weekOne + weekThree, bridged: [range("2026-11-09", "2026-11-15")],
                            today: "2026-11-22"), 2, 2)
        // A vacation over five of its days: two days are enough that week.
        let fiveDays = [range("2026-11-11", "2026-11-15")]
        assertStreak(streak(threeAWeek, weekOne + ["2026-11-09", "2026-11-10"] + weekThree, bridged: fiveDays,
                            today: "2026-11-22"), 3, 3)
        assertStreak(streak(threeAWeek, weekOne + ["2026-11-09"] + weekThree, bridged: fiveDays, today: "2026-11-22"), 1, 1)
        // One skipped day leaves six: three are still asked, and a done day on the skip does not count.
        let skip = [range("2026-11-10", "2026-11-10")]
        assertStreak(streak(threeAWeek, weekOne + ["2026-11-09", "2026-11-10", "2026-11-11"] + weekThree, bridged: skip,
                            today: "2026-11-22"), 1, 1)
        assertStreak(streak(threeAWeek, weekOne + ["2026-11-09", "2026-11-11", "2026-11-12"] + weekThree, bridged: skip,
                            today: "2026-11-22"), 3, 3)
        // Paused from Wednesday of the current week: Monday and Tuesday are the days left, both done: met.
        assertStreak(streak(threeAWeek, weekThree + ["2026-11-23", "2026-11-24"], bridged: [range("2026-11-25", "2026-11-29")],
                            today: "2026-11-25"), 2, 2)
        // Paused from Thursday: three days left, two done, not met yet (and never breaking).
        assertStreak(streak(threeAWeek, weekThree + ["2026-11-23", "2026-11-24"], bridged: [range("2026-11-26", "2026-11-29")],
                            today: "2026-11-25"), 1, 1)
        assertStreak(streak(threeAWeek, weekThree + ["2026-11-23", "2026-11-24", "2026-11-25"],
                            bridged: [range("2026-11-27", "2026-12-31")], today: "2026-11-25"), 2, 2)
        // Paused for weeks, through today: the run before the pause is current.
        let weekTwo = ["2026-11-09", "2026-11-10", "2026-11-11"]
        assertStreak(streak(threeAWeek, weekOne + weekTwo + weekThree, bridged: [range("2026-11-23", "2027-02-10")],
                            today: "2027-02-10"), 3, 3)
    }

    func testSevenTimesAWeekAsksEveryDay() {
        let everyDay = HabitSchedule.perWeek(7)
        assertStreak(streak(everyDay, days(from: "2026-11-16", count: 7), today: "2026-11-23"), 1, 1)
        assertStreak(streak(everyDay, days(from: "2026-11-16", count: 6), today: "2026-11-23"), 0, 0)
    }

    /// Europe/Rome moves its clocks on Sunday 29 March 2026: that day lasts 23 hours. Streaks
    /// count calendar days (`LocalDate`), which the clock change does not touch, so the week
    /// of 23–29 March is seven days like any other and counts normally.
    func testWeekWithDaylightSavingChange() throws {
        let rome = try zone("Europe/Rome")
        let midnight = { (date: LocalDate) in rome.unixSeconds(for: LocalDateTime(date: date, hour: 0, minute: 0)!) }
        XCTAssertEqual(midnight(day("2026-03-30")) - midnight(day("2026-03-29")), 23 * 3_600)
        let week = days(from: "2026-03-23", count: 7)
        XCTAssertEqual(Period(containing: day("2026-03-29"), granularity: .week, firstWeekday: .monday).dayCount, 7)
        assertStreak(streak(.perWeek(7), week, today: "2026-03-30"), 1, 1)
        assertStreak(streak(.perWeek(7), Array(week.dropLast()), today: "2026-03-30"), 0, 0)
        assertStreak(streak(.daily, week, today: "2026-03-29"), 7, 7)
        assertStreak(streak(.perWeek(3), ["2026-03-27", "2026-03-28", "2026-03-29"], today: "2026-03-29"), 1, 1)
    }

    // MARK: N times a month

    func testMonthsAcrossYearEnd() {
        let twiceAMonth = HabitSchedule.perMonth(2)
        let done = ["2026-11-01", "2026-11-30", "2026-12-31", "2026-12-01", "2027-01-10", "2027-01-11"]
        assertStreak(streak(twiceAMonth, done, today: "2027-01-15"), 3, 3)
        XCTAssertEqual(streak(twiceAMonth, done, today: "2027-01-15").unit, .month)
        // January not yet met does not break; January over unmet does.
        assertStreak(streak(twiceAMonth, Array(done.dropLast()), today: "2027-01-31"), 2, 2)
        assertStreak(streak(twiceAMonth, Array(done.dropLast()), today: "2027-02-01"), 0, 2)
        // Days ahead count for nothing.
        assertStreak(streak(twiceAMonth, Array(done.dropLast()), today: "2027-01-10"), 2, 2)
        assertStreak(streak(twiceAMonth, done, today: "2027-01-10"), 2, 2)
    }

    /// Thirty-one times a month asks for every day of a shorter month: 28, 29 (leap year), 30.
    func testShortMonthsAndLeapDay() {
        let everyDay = HabitSchedule.perMonth(31)
        assertStreak(streak(everyDay, days(from: "2028-02-01", count: 29), today: "2028-03-01"), 1, 1)
        assertStreak(streak(everyDay, days(from: "2028-02-01", count: 28), today: "2028-03-01"), 0, 0)
        assertStreak(streak(everyDay, days(from: "2027-02-01", count: 28), today: "2027-03-01"), 1, 1)
        assertStreak(streak(everyDay, days(from: "2026-04-01", count: 30), today: "2026-05-01"), 1, 1)
        // And the leap day itself counts toward February's times.
        let twice = HabitSchedule.perMonth(2)
        assertStreak(streak(twice, ["2028-01-01", "2028-01-31", "2028-02-28", "2028-02-29"], today: "2028-03-05"), 2, 2)
    }

    func testMonthsBridged() {
        let tenAMonth = HabitSchedule.perMonth(10)
        let october = days(from: "2026-10-01", count: 10)
        let december = days(from: "2026-12-01", count: 10)
        // All of November on vacation: no unit.
        assertStreak(streak(tenAMonth, october + december, bridged: [range("2026-11-01", "2026-11-30")], today: "2026-12-20"), 2, 2)
        // All but three days: three are enough.
        assertStreak(streak(tenAMonth, october + ["2026-11-28", "2026-11-29", "2026-11-30"] + december,
                            bridged: [range("2026-11-01", "2026-11-27")], today: "2026-12-20"), 3, 3)
        assertStreak(streak(tenAMonth, october + ["2026-11-28", "2026-11-29"] + december,
                            bridged: [range("2026-11-01", "2026-11-27")], today: "2026-12-20"), 1, 1)
        // Without the vacation, November breaks the run.
        assertStreak(streak(tenAMonth, october + december, today: "2026-12-20"), 1, 1)
        // One skipped day in April (30 days): thirty-one times a month asks for the other 29.
        let april = (0..<30).map { day("2026-04-01").adding(days: $0).description }
        let skip = [range("2026-04-15", "2026-04-15")]
        assertStreak(streak(.perMonth(31), april.filter { $0 != "2026-04-15" }, bridged: skip, today: "2026-05-01"), 1, 1)
        assertStreak(streak(.perMonth(31), april.filter { $0 != "2026-04-16" }, bridged: skip, today: "2026-05-01"), 0, 0)
        // Paused since mid-November: October's run is current.
        assertStreak(streak(tenAMonth, october, bridged: [range("2026-11-01", "2027-03-01")], today: "2027-03-01"), 1, 1)
    }

    // MARK: Far ranges

    /// A pause "until resumed" may be passed as running to the calendar's last day, and a
    /// bridge as starting on its first: neither is walked through nor stepped past.
    func testBridgesReachingTheEndsOfTheCalendar() {
        let last = LocalDate(daysSince1970: LocalDate.supportedDays.upperBound)
        let first = LocalDate(daysSince1970: LocalDate.supportedDays.lowerBound)
        let bridged = BridgedRanges([day("2026-11-10")...last, first...day("2026-10-25")])
        let done = (0..<9).map { day("2026-11-01").adding(days: $0) }
        for schedule in [HabitSchedule.daily, .weekdays([.monday]), .perWeek(2), .perMonth(3)] {
            let streak = HabitStreak(schedule: schedule, doneDays: done, bridged: bridged, firstWeekday: .monday, today: day("2026-11-22"))
            XCTAssertEqual(streak.current, streak.best, "\(schedule)")
            XCTAssertGreaterThan(streak.current, 0, "\(schedule)")
            let score = HabitScore(schedule: schedule, doneDays: done, bridged: bridged, firstWeekday: .monday,
                                   firstDay: day("2026-10-01"), today: day("2026-11-22"))
            XCTAssertGreaterThan(score.value, 0, "\(schedule)")
        }
    }
}
