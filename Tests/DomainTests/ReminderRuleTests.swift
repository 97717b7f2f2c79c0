@testable import Domain
import TimeZones
import XCTest

/// The rule of when, on fixed instants: wall-clock times in the member's zone across DST
/// changes, day-start hours, schedules, and the days a reminder stays silent.
final class ReminderRuleTests: XCTestCase {
    private func time(_ text: String) -> ReminderTime { ReminderTime(text)! }

    private func habit(_ times: [String], _ schedule: HabitSchedule = .daily) -> ReminderHabit {
        ReminderHabit(times: times.map(time), schedule: schedule)
    }

    // MARK: Times and lists

    func testTimesParseStrictlyAndPrintAsHHMM() {
        XCTAssertEqual(ReminderTime("7:30")?.description, "07:30")
        XCTAssertEqual(ReminderTime("00:00")?.minuteOfDay, 0)
        XCTAssertEqual(ReminderTime("23:59")?.minuteOfDay, 1_439)
        for bad in ["7.30", "25:00", "24:00", "abc", "07:60", "7:5", "", ":30", "07:30:00", " 07:30", "０7:30", "-1:00", "+7:30"] {
            XCTAssertNil(ReminderTime(bad), bad)
        }
    }

    func testAListIsSortedWithDuplicatesFoldedAndAtMostTwelve() throws {
        XCTAssertEqual(try ReminderTime.list(parsing: "19:00, 07:30,7:30  12:00").map(\.description), ["07:30", "12:00", "19:00"])
        XCTAssertEqual(try ReminderTime.list(parsing: "  ").count, 0)
        let twelve = (0..<12).map { "\($0 + 6):00" }
        XCTAssertEqual(try ReminderTime.list(twelve + ["06:00"]).count, 12)
        XCTAssertThrowsError(try ReminderTime.list(twelve + ["20:00"])) { XCTAssertEqual($0 as? HabitError, .reminderCount) }
        XCTAssertThrowsError(try ReminderTime.list(parsing: "07:30, 7.30")) { XCTAssertEqual($0 as? HabitError, .reminderTime) }
        XCTAssertEqual(ReminderTime.storage(try ReminderTime.list(parsing: "19:00,07:30")), "07:30,19:00")
        XCTAssertEqual(ReminderTime.list(storage: "07:30,19:00").map(\.description), ["07:30", "19:00"])
    }

    // MARK: Wall-clock times across DST

    func testRomeSpringForwardGapRingsOnceAtTheJump() throws {
        let rule = ReminderRule(rules: try zone("Europe/Rome"), dayStartHour: 0)
        // 2026-03-29: 02:00 CET becomes 03:00 CEST at 01:00 UTC; 02:30 never shows.
        XCTAssertEqual(rule.instant(of: time("02:30"), for: day("2026-03-29")), utc(2026, 3, 29, 1, 0))
        let found = rule.occurrences(of: [time("02:30")], after: utc(2026, 3, 28, 12), through: utc(2026, 3, 30, 12))
        XCTAssertEqual(found.map(\.instant), [utc(2026, 3, 29, 1, 0), utc(2026, 3, 30, 0, 30)])
        // Around the gap, ordinary times keep their offsets.
        XCTAssertEqual(rule.instant(of: time("01:30"), for: day("2026-03-29")), utc(2026, 3, 29, 0, 30))
        XCTAssertEqual(rule.instant(of: time("03:30"), for: day("2026-03-29")), utc(2026, 3, 29, 1, 30))
    }

    func testRomeFallBackRingsOnceAtTheFirstOccurrence() throws {
        let rule = ReminderRule(rules: try zone("Europe/Rome"), dayStartHour: 0)
        // 2026-10-25: 03:00 CEST becomes 02:00 CET at 01:00 UTC; 02:30 shows twice.
        let found = rule.occurrences(of: [time("02:30")], after: utc(2026, 10, 24, 12), through: utc(2026, 10, 25, 12))
        XCTAssertEqual(found.map(\.instant), [utc(2026, 10, 25, 0, 30)])
    }

    func testNewYorkBothChanges() throws {
        let rule = ReminderRule(rules: try zone("America/New_York"), dayStartHour: 0)
        // 2026-03-08: 02:00 EST becomes 03:00 EDT at 07:00 UTC.
        XCTAssertEqual(rule.instant(of: time("02:30"), for: day("2026-03-08")), utc(2026, 3, 8, 7, 0))
        XCTAssertEqual(rule.instant(of: time("07:30"), for: day("2026-03-08")), utc(2026, 3, 8, 11, 30))
        XCTAssertEqual(rule.instant(of: time("07:30"), for: day("2026-03-07")), utc(2026, 3, 7, 12, 30))
        // 2026-11-01: 02:00 EDT becomes 01:00 EST at 06:00 UTC; 01:30 rings at 05:30 UTC only.
        let found = rule.occurrences(of: [time("01:30")], after: utc(2026, 10, 31, 12), through: utc(2026, 11, 1, 20))
        XCTAssertEqual(found.map(\.instant), [utc(2026, 11, 1, 5, 30)])
    }

    // MARK: Day-start hours

    func testAReminderBeforeTheDayStartBelongsToTheDayBefore() throws {
        // Day start 04:00 in Rome (CEST, UTC+2): Wednesday 2026-06-10's 01:00 reminder rings
        // on Thursday's clock, 2026-06-11 01:00 = 2026-06-10 23:00 UTC.
        let rule = ReminderRule(rules: try zone("Europe/Rome"), dayStartHour: 4)
        XCTAssertEqual(rule.instant(of: time("01:00"), for: day("2026-06-10")), utc(2026, 6, 10, 23, 0))
        XCTAssertEqual(rule.instant(of: time("04:00"), for: day("2026-06-10")), utc(2026, 6, 10, 2, 0))
        // A Wednesdays-only habit: its 01:00 reminder rings Thursday night only.
        let wednesdays = habit(["01:00"], .weekdays([.wednesday]))
        let week = rule.due(wednesdays, after: utc(2026, 6, 7), through: utc(2026, 6, 14))
        XCTAssertEqual(week.map(\.instant), [utc(2026, 6, 10, 23, 0)])
        XCTAssertEqual(week.map(\.day), [day("2026-06-10")])
        // Done on Wednesday's page: silent that night.
        var done = wednesdays
        done.doneDays = [day("2026-06-10")]
        XCTAssertEqual(rule.due(done, after: utc(2026, 6, 7), through: utc(2026, 6, 14)), [])
        // With day start 0 the same time is Thursday's, not scheduled.
        let midnight = ReminderRule(rules: try zone("Europe/Rome"), dayStartHour: 0)
        XCTAssertEqual(midnight.due(wednesdays, after: utc(2026, 6, 7), through: utc(2026, 6, 14)).map(\.day), [day("2026-06-10")])
        XCTAssertEqual(midnight.due(wednesdays, after: utc(2026, 6, 7), through: utc(2026, 6, 14)).map(\.instant),
                       [utc(2026, 6, 9, 23, 0)])
    }

    // MARK: When a reminder stays silent

    func testDoneSkippedPausedVacationAndArchivedAreSilent() {
        let rule = ReminderRule(rules: .utc, dayStartHour: 0)
        let base = habit(["07:30"])
        let wednesday = day("2026-06-10")
        XCTAssertTrue(rule.rings(base, on: wednesday))
        var done = base; done.doneDays = [wednesday]
        XCTAssertFalse(rule.rings(done, on: wednesday))
        XCTAssertTrue(rule.rings(done, on: wednesday.adding(days: 1)))
        var skipped = base; skipped.quiet = BridgedRanges(days: [wednesday])
        XCTAssertFalse(rule.rings(skipped, on: wednesday))
        var away = base; away.quiet = BridgedRanges([day("2026-06-08")...day("2026-06-12")])
        XCTAssertFalse(rule.rings(away, on: wednesday))
        XCTAssertTrue(rule.rings(away, on: day("2026-06-13")))
        var paused = base; paused.pausedFrom = day("2026-06-09")
        XCTAssertFalse(rule.rings(paused, on: wednesday))
        XCTAssertTrue(rule.rings(paused, on: day("2026-06-08")))
        var archived = base; archived.isArchived = true
        XCTAssertFalse(rule.rings(archived, on: wednesday))
        XCTAssertNil(rule.nextDue(archived, after: utc(2026, 6, 10)))
        XCTAssertFalse(rule.rings(habit([]), on: wednesday))
    }

    func testWeekAndMonthUnitsRingOnEveryDayUntilComplete() {
        let rule = ReminderRule(rules: .utc, dayStartHour: 0, firstWeekday: .monday)
        // Twice a week; the week of Monday 2026-06-08.
        var twice = habit(["20:00"], .perWeek(2))
        twice.doneDays = [day("2026-06-08")]
        XCTAssertTrue(rule.rings(twice, on: day("2026-06-09")))
        twice.doneDays.insert(day("2026-06-09"))
        XCTAssertFalse(rule.rings(twice, on: day("2026-06-10")), "the week is complete")
        XCTAssertTrue(rule.rings(twice, on: day("2026-06-15")), "a new week")
        // With Sunday weeks, Sunday 2026-06-14 starts a new unit.
        let sundays = ReminderRule(rules: .utc, dayStartHour: 0, firstWeekday: .sunday)
        XCTAssertTrue(sundays.rings(twice, on: day("2026-06-14")))
        XCTAssertFalse(rule.rings(twice, on: day("2026-06-14")))
        // Three times a month.
        var monthly = habit(["09:00"], .perMonth(3))
        monthly.doneDays = [day("2026-06-01"), day("2026-06-02")]
        XCTAssertTrue(rule.rings(monthly, on: day("2026-06-20")))
        monthly.doneDays.insert(day("2026-06-03"))
        XCTAssertFalse(rule.rings(monthly, on: day("2026-06-20")))
        XCTAssertTrue(rule.rings(monthly, on: day("2026-07-01")))
    }

    func testNextDueSkipsSilentDays() {
        let rule = ReminderRule(rules: .utc, dayStartHour: 0)
        var reminding = habit(["07:30", "19:00"])
        XCTAssertEqual(rule.nextDue(reminding, after: utc(2026, 6, 10, 8)), utc(2026, 6, 10, 19))
        XCTAssertEqual(rule.nextDue(reminding, after: utc(2026, 6, 10, 19)), utc(2026, 6, 11, 7, 30))
        reminding.doneDays = [day("2026-06-10")]
        XCTAssertEqual(rule.nextDue(reminding, after: utc(2026, 6, 10, 8)), utc(2026, 6, 11, 7, 30))
        reminding.quiet = BridgedRanges([day("2026-06-11")...day("2026-06-20")])
        XCTAssertEqual(rule.nextDue(reminding, after: utc(2026, 6, 10, 8)), utc(2026, 6, 21, 7, 30))
        reminding.pausedFrom = day("2026-06-01")
        XCTAssertNil(rule.nextDue(reminding, after: utc(2026, 6, 10, 8)))
        // Chosen weekdays: Wednesday 2026-06-10 to the next Monday.
        let mondays = habit(["07:30"], .weekdays([.monday]))
        XCTAssertEqual(rule.nextDue(mondays, after: utc(2026, 6, 10, 8)), utc(2026, 6, 15, 7, 30))
    }
}
