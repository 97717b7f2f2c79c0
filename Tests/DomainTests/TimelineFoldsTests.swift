import Domain
import XCTest

/// The compact timeline's folds (`TimelineLayout.folds`) on fixed inputs, and the short
/// blocks' minimum height (`TimelineLayout.place(_:minimumMinutes:)`).
final class TimelineFoldsTests: XCTestCase {
    private typealias Folds = TimelineLayout.Folds

    /// Wall-clock "HH:MM" and minutes, day starting at midnight unless said.
    private func placed(_ logs: [(start: String, minutes: Int)], dayStartHour: Int = 0) -> [TimelineLayout.Placement] {
        let slots = TimelineSlots(dayStartHour: dayStartHour)
        return TimelineLayout.place(logs.enumerated().map { index, log in
            (id: Int64(index + 1), startMinute: slots.minute(forLabel: log.start)!, durationMinutes: log.minutes)
        }, minimumMinutes: TimelineConstants.minimumBlockMinutes)
    }

    private func folds(_ logs: [(start: String, minutes: Int)], now: String? = nil, dayStartHour: Int = 0) -> Folds {
        let slots = TimelineSlots(dayStartHour: dayStartHour)
        return TimelineLayout.folds(placed(logs, dayStartHour: dayStartHour),
                                    nowMinute: now.flatMap { slots.minute(forLabel: $0) }, dayStartHour: dayStartHour)
    }

    func testNoLogsShowsSixToTwentyTwo() {
        let folds = folds([])
        XCTAssertEqual(folds.shown, 6..<22)
        XCTAssertEqual(folds.before, 0..<6)
        XCTAssertEqual(folds.after, 22..<24)
        XCTAssertNil(folds.nowPart)
    }

    /// The default is wall-clock time: with the day starting at 04:00, 06:00 is timeline hour 2.
    func testNoLogsFollowsTheDayStartHour() {
        XCTAssertEqual(folds([], dayStartHour: 4).shown, 2..<18)
        XCTAssertEqual(folds([], dayStartHour: 6).shown, 0..<16)
    }

    /// The day: logs between 07:30 and 17:00 show 07:00–17:00, the rest folded.
    func testLogsFromHalfPastSevenToFive() {
        let folds = folds([("07:30", 90), ("12:00", 30), ("16:00", 60)])
        XCTAssertEqual(folds.shown, 7..<17)
        XCTAssertEqual(folds.before, 0..<7)
        XCTAssertEqual(folds.after, 17..<24)
    }

    func testAnEndPastTheHourShowsThatHour() {
        XCTAssertEqual(folds([("07:30", 90), ("16:00", 61)]).shown, 7..<18)
    }

    func testALogAtMidnightLeavesNoFoldBefore() {
        let folds = folds([("00:00", 30), ("09:00", 60)])
        XCTAssertEqual(folds.shown, 0..<10)
        XCTAssertTrue(folds.before.isEmpty)
        XCTAssertEqual(folds.after, 10..<24)
    }

    /// A 15-minute log at 23:45 is drawn 45 minutes tall ending at the day's end, and
    /// nothing folds after it.
    func testALogAtQuarterToMidnight() {
        let placements = placed([("23:45", 15)])
        XCTAssertEqual(placements.map(\.top), [1_395])
        XCTAssertEqual(placements.map(\.height), [45])
        let folds = folds([("23:45", 15)])
        XCTAssertEqual(folds.shown, 23..<24)
        XCTAssertEqual(folds.before, 0..<23)
        XCTAssertTrue(folds.after.isEmpty)
    }

    /// A log running past the day's end is cut there (it is the day it started on): no fold after.
    func testALogCrossingTheDayEnd() {
        let placements = placed([("23:00", 120)])
        XCTAssertEqual(placements.map(\.isClippedAtDayEnd), [true])
        XCTAssertEqual(placements.map(\.height), [60])
        XCTAssertEqual(folds([("23:00", 120)]).shown, 23..<24)
        // With the day starting at 04:00, 02:00–05:00 crosses the day's end (04:00).
        let early = folds([("02:00", 180)], dayStartHour: 4)
        XCTAssertEqual(early.shown, 22..<24)
        XCTAssertTrue(early.after.isEmpty)
    }

    func testTodayWithNowInsideTheLogs() {
        let folds = folds([("07:30", 90), ("16:00", 60)], now: "10:20")
        XCTAssertEqual(folds.shown, 7..<17, "now does not widen the shown hours")
        XCTAssertEqual(folds.nowMinute, 620)
        XCTAssertEqual(folds.nowPart, .shown)
    }

    func testTodayWithNowInAFold() {
        XCTAssertEqual(folds([("07:30", 90), ("16:00", 60)], now: "20:05").nowPart, .after)
        XCTAssertEqual(folds([("07:30", 90), ("16:00", 60)], now: "06:59").nowPart, .before)
        XCTAssertEqual(folds([("07:30", 90), ("16:00", 60)], now: "17:00").nowPart, .after, "17:00 is the after fold's first minute")
        XCTAssertEqual(folds([("07:30", 90), ("16:00", 60)], now: "07:00").nowPart, .shown)
        XCTAssertEqual(folds([("07:30", 90), ("16:00", 60)], now: "20:05").shown, 7..<17)
    }

    func testTodayWithoutLogsShowsTwoHoursEitherSideOfNow() {
        XCTAssertEqual(folds([], now: "14:20").shown, 12..<17)
        XCTAssertEqual(folds([], now: "14:00").shown, 12..<16)
        XCTAssertEqual(folds([], now: "00:30").shown, 0..<3)
        XCTAssertEqual(folds([], now: "23:30").shown, 21..<24)
        XCTAssertEqual(folds([], now: "14:20").nowPart, .shown)
        // Day starting at 05:00: 05:10 is timeline minute 10.
        XCTAssertEqual(folds([], now: "05:10", dayStartHour: 5).shown, 0..<3)
    }

    /// Two 15-minute logs back to back sit side by side, each drawn 45 minutes tall,
    /// rather than one hiding the other's name.
    func testShortBlocksBackToBackSitSideBySide() {
        let placements = placed([("07:30", 15), ("07:45", 15), ("09:00", 60)])
        XCTAssertEqual(placements.map(\.top), [450, 465, 540])
        XCTAssertEqual(placements.map(\.height), [45, 45, 60])
        XCTAssertEqual(placements.map(\.columns), [2, 2, 1])
        XCTAssertEqual(placements.map(\.column), [0, 1, 0])
        XCTAssertEqual(placements.map(\.slots.length), [3, 3, 4], "three 11 px slots: a 24 px target")
    }

    func testWithoutAMinimumShortBlocksKeepTheirHeight() {
        let placements = TimelineLayout.place([(id: 1, startMinute: 450, durationMinutes: 15)])
        XCTAssertEqual(placements.map(\.height), [15])
    }
}
