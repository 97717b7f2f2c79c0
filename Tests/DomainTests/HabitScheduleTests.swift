import Domain
import TimeZones
import XCTest

final class HabitScheduleTests: XCTestCase {
    private let allKinds: [HabitSchedule] = [
        .daily, .weekdays([.monday, .wednesday, .friday]), .weekdays(Set(Weekday.allCases)), .weekdays([.sunday]),
        .perWeek(1), .perWeek(3), .perWeek(7), .perMonth(1), .perMonth(10), .perMonth(31),
    ]

    // MARK: From the JSON's and a form's parts

    func testEveryWithTimes() throws {
        XCTAssertEqual(try HabitSchedule.every("day", times: nil), .daily)
        XCTAssertEqual(try HabitSchedule.every("day", times: 1), .daily)
        XCTAssertEqual(try HabitSchedule.every("week", times: 1), .perWeek(1))
        XCTAssertEqual(try HabitSchedule.every("week", times: 3), .perWeek(3))
        XCTAssertEqual(try HabitSchedule.every("week", times: 7), .perWeek(7))
        XCTAssertEqual(try HabitSchedule.every("month", times: 1), .perMonth(1))
        XCTAssertEqual(try HabitSchedule.every("month", times: 10), .perMonth(10))
        XCTAssertEqual(try HabitSchedule.every("month", times: 31), .perMonth(31))
    }

    func testTimesOutOfRangeAreRefused() {
        assertHabitError(.scheduleWeekTimes) { () throws(HabitError) in try HabitSchedule.every("week", times: 0) }
        assertHabitError(.scheduleWeekTimes) { () throws(HabitError) in try HabitSchedule.every("week", times: 8) }
        assertHabitError(.scheduleWeekTimes) { () throws(HabitError) in try HabitSchedule.every("week", times: -3) }
        assertHabitError(.scheduleWeekTimes) { () throws(HabitError) in try HabitSchedule.every("week", times: nil) }
        assertHabitError(.scheduleMonthTimes) { () throws(HabitError) in try HabitSchedule.every("month", times: 0) }
        assertHabitError(.scheduleMonthTimes) { () throws(HabitError) in try HabitSchedule.every("month", times: 32) }
        assertHabitError(.scheduleMonthTimes) { () throws(HabitError) in try HabitSchedule.every("month", times: nil) }
        assertHabitError(.scheduleKind) { () throws(HabitError) in try HabitSchedule.every("day", times: 2) }
        assertHabitError(.scheduleKind) { () throws(HabitError) in try HabitSchedule.every("day", times: 0) }
    }

    /// The words are the pinned JSON's, lowercase: no guessing at "Week" or "weekly".
    func testUnknownEveryIsRefused() {
        for word in ["", "Day", "WEEK", "weekly", "year", "days", " day", "day "] {
            assertHabitError(.scheduleKind, { () throws(HabitError) in try HabitSchedule.every(word, times: 1) }, word)
        }
    }

    func testWeekdaysByName() throws {
        XCTAssertEqual(try HabitSchedule.weekdays(named: ["mon", "wed", "fri"]), .weekdays([.monday, .wednesday, .friday]))
        XCTAssertEqual(try HabitSchedule.weekdays(named: ["fri", "mon"]), .weekdays([.monday, .friday]))
        XCTAssertEqual(try HabitSchedule.weekdays(named: HabitScheduleConstants.weekdayNames), .weekdays(Set(Weekday.allCases)))
        XCTAssertEqual(try HabitSchedule.weekdays(named: ["sun"]), .weekdays([.sunday]))
    }

    /// Exactly "mon" … "sun": we decided "Mon" is refused, like any other spelling, since the
    /// export writes lowercase and a strict reader notices a damaged file.
    func testWeekdayRefusals() {
        let refused: [[String]] = [
            [], ["xyz"], ["Mon"], ["MON"], ["monday"], ["mon", "xyz"], ["mon", "mon"], [" mon"], ["lun"], [""], ["mo"],
        ]
        for names in refused {
            assertHabitError(.scheduleWeekdays, { () throws(HabitError) in try HabitSchedule.weekdays(named: names) }, "\(names)")
        }
    }

    func testPartsChooseOneKind() throws {
        XCTAssertEqual(try HabitSchedule(every: "day", times: nil, weekdays: nil), .daily)
        XCTAssertEqual(try HabitSchedule(every: "week", times: 3, weekdays: nil), .perWeek(3))
        XCTAssertEqual(try HabitSchedule(every: nil, times: nil, weekdays: ["mon", "wed", "fri"]), .weekdays([.monday, .wednesday, .friday]))
        assertHabitError(.scheduleKind) { () throws(HabitError) in try HabitSchedule(every: nil, times: nil, weekdays: nil) }
        assertHabitError(.scheduleKind) { () throws(HabitError) in try HabitSchedule(every: "day", times: nil, weekdays: ["mon"]) }
        assertHabitError(.scheduleKind) { () throws(HabitError) in try HabitSchedule(every: nil, times: 3, weekdays: ["mon"]) }
        assertHabitError(.scheduleWeekdays) { () throws(HabitError) in try HabitSchedule(every: nil, times: nil, weekdays: []) }
        assertHabitError(.scheduleWeekTimes) { () throws(HabitError) in try HabitSchedule(every: "week", times: 8, weekdays: nil) }
    }

    func testJSONPartsRoundTrip() throws {
        XCTAssertEqual(HabitSchedule.daily.every, "day")
        XCTAssertNil(HabitSchedule.daily.times)
        XCTAssertNil(HabitSchedule.daily.weekdayNames)
        let weekdays = HabitSchedule.weekdays([.friday, .monday, .wednesday])
        XCTAssertNil(weekdays.every)
        XCTAssertNil(weekdays.times)
        XCTAssertEqual(weekdays.weekdayNames, ["mon", "wed", "fri"])
        XCTAssertEqual(HabitSchedule.perWeek(3).every, "week")
        XCTAssertEqual(HabitSchedule.perWeek(3).times, 3)
        XCTAssertEqual(HabitSchedule.perMonth(10).every, "month")
        XCTAssertEqual(HabitSchedule.perMonth(10).times, 10)
        for schedule in allKinds {
            XCTAssertEqual(try HabitSchedule(every: schedule.every, times: schedule.times, weekdays: schedule.weekdayNames), schedule)
        }
    }

    // MARK: Storage

    func testStorageStrings() {
        XCTAssertEqual(HabitSchedule.daily.storage, "day")
        XCTAssertEqual(HabitSchedule.weekdays([.friday, .monday, .wednesday]).storage, "weekdays:mon,wed,fri")
        XCTAssertEqual(HabitSchedule.weekdays(Set(Weekday.allCases)).storage, "weekdays:mon,tue,wed,thu,fri,sat,sun")
        XCTAssertEqual(HabitSchedule.perWeek(3).storage, "week:3")
        XCTAssertEqual(HabitSchedule.perMonth(10).storage, "month:10")
    }

    func testStorageRoundTrip() {
        for schedule in allKinds {
            XCTAssertEqual(HabitSchedule(storage: schedule.storage), schedule, schedule.storage)
        }
        for times in 1...7 { XCTAssertEqual(HabitSchedule(storage: "week:\(times)"), .perWeek(times)) }
        for times in 1...31 { XCTAssertEqual(HabitSchedule(storage: "month:\(times)"), .perMonth(times)) }
        // Every non-empty weekday set, all 127.
        for mask in 1..<128 {
            let days = Set(Weekday.allCases.filter { mask & (1 << ($0.isoNumber - 1)) != 0 })
            XCTAssertEqual(HabitSchedule(storage: HabitSchedule.weekdays(days).storage), .weekdays(days))
        }
    }

    /// One spelling per schedule: anything else is a damaged column, not a guess.
    func testStorageRefusesEverythingElse() {
        let refused = [
            "", "Day", "day:1", "daily", "week", "week:", "week:0", "week:8", "week:03", "week:+3", "week: 3", "week:3 ",
            "month:0", "month:32", "month:1.5", "weekdays", "weekdays:", "weekdays:Mon", "weekdays:xyz",
            "weekdays:wed,mon", "weekdays:mon,mon", "weekdays:mon,,wed", "weekdays:mon,", "weekdays:mon wed",
            "week:3:1", "year:1", ":3", " day",
        ]
        for text in refused {
            XCTAssertNil(HabitSchedule(storage: text), text)
        }
    }

    // MARK: Units

    func testStreakUnit() {
        XCTAssertEqual(HabitSchedule.daily.streakUnit, .day)
        XCTAssertEqual(HabitSchedule.weekdays([.monday]).streakUnit, .day)
        XCTAssertEqual(HabitSchedule.perWeek(3).streakUnit, .week)
        XCTAssertEqual(HabitSchedule.perMonth(3).streakUnit, .month)
        XCTAssertEqual(StreakUnit.allCases.map(\.rawValue), ["day", "week", "month"])
    }

    func testIsScheduled() {
        let mondayToSunday = (0..<7).map { day("2026-11-23").adding(days: $0) }
        let mwf = HabitSchedule.weekdays([.monday, .wednesday, .friday])
        XCTAssertEqual(mondayToSunday.map(mwf.isScheduled), [true, false, true, false, true, false, false])
        for schedule in [HabitSchedule.daily, .perWeek(2), .perMonth(5), .weekdays(Set(Weekday.allCases))] {
            XCTAssertTrue(mondayToSunday.allSatisfy(schedule.isScheduled))
        }
        XCTAssertFalse(mondayToSunday.contains(where: HabitSchedule.weekdays([]).isScheduled))
    }

    /// f = L²φ (see `scoreFrequency`): per unit, the decay Loop's habit of the same
    /// frequency has over the unit's days.
    func testScoreFrequency() {
        XCTAssertEqual(HabitSchedule.daily.scoreFrequency, 1)
        XCTAssertEqual(HabitSchedule.weekdays(Set(Weekday.allCases)).scoreFrequency, 1)
        XCTAssertEqual(HabitSchedule.weekdays([.monday, .wednesday, .friday]).scoreFrequency, 7.0 / 3.0, accuracy: 1e-12)
        XCTAssertEqual(HabitSchedule.weekdays([.sunday]).scoreFrequency, 7)
        XCTAssertEqual(HabitSchedule.perWeek(1).scoreFrequency, 7)
        XCTAssertEqual(HabitSchedule.perWeek(3).scoreFrequency, 21)
        XCTAssertEqual(HabitSchedule.perMonth(1).scoreFrequency, 30)
        XCTAssertEqual(HabitSchedule.perMonth(10).scoreFrequency, 300)
        // Loop's own multiplier for a daily habit.
        XCTAssertEqual(HabitSchedule.daily.scoreMultiplier, 0.948078, accuracy: 1e-6)
        // Three units a week decay as much in a week as Loop's 3/7 habit in seven daily steps.
        let loopDaily = { (frequency: Double) in pow(0.5, frequency.squareRoot() / 13) }
        XCTAssertEqual(pow(HabitSchedule.weekdays([.monday, .wednesday, .friday]).scoreMultiplier, 3),
                       pow(loopDaily(3.0 / 7), 7), accuracy: 1e-12)
        XCTAssertEqual(HabitSchedule.perWeek(3).scoreMultiplier, pow(loopDaily(3.0 / 7), 7), accuracy: 1e-12)
        XCTAssertEqual(HabitSchedule.perWeek(7).scoreMultiplier, pow(HabitSchedule.daily.scoreMultiplier, 7), accuracy: 1e-12)
        XCTAssertEqual(HabitSchedule.perMonth(2).scoreMultiplier, pow(loopDaily(2.0 / 30), 30), accuracy: 1e-12)
    }
}
