import Domain
import XCTest

final class HabitInstanceRulesTests: XCTestCase {
    func testStartWithinTheTimeline() throws {
        for start in [0, 1, 719, 1_425, 1_439] {
            XCTAssertNoThrow(try HabitInstanceRules.validate(startMinute: start, durationMinutes: 30), "\(start)")
        }
        for start in [Int.min, -1, 1_440, 1_441, Int.max] {
            assertHabitError(.startOutsideDay, { () throws(HabitError) in
                try HabitInstanceRules.validate(startMinute: start, durationMinutes: 30)
            }, "\(start)")
        }
    }

    func testDurationOneMinuteToADay() throws {
        XCTAssertNoThrow(try HabitInstanceRules.validate(startMinute: 0, durationMinutes: 1))
        XCTAssertNoThrow(try HabitInstanceRules.validate(startMinute: 0, durationMinutes: 1_440))
        for duration in [Int.min, -30, 0, 1_441, Int.max] {
            assertHabitError(.durationOutOfRange, { () throws(HabitError) in
                try HabitInstanceRules.validate(startMinute: 600, durationMinutes: duration)
            }, "\(duration)")
        }
    }

    /// A block may run past the day's end; the layout clips it.
    func testMayRunPastTheEndOfTheDay() {
        XCTAssertNoThrow(try HabitInstanceRules.validate(startMinute: 1_439, durationMinutes: 1_440))
        XCTAssertNoThrow(try HabitInstanceRules.validate(startMinute: 1_400, durationMinutes: 120))
    }

    func testStartIsCheckedFirst() {
        assertHabitError(.startOutsideDay, { () throws(HabitError) in
            try HabitInstanceRules.validate(startMinute: -1, durationMinutes: 0)
        })
    }
}
