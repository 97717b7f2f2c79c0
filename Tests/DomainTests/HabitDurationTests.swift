import Domain
import XCTest

final class HabitDurationTests: XCTestCase {
    func testPresets() throws {
        XCTAssertEqual(HabitDuration.presets.map(\.minutes), [15, 30, 45, 60, 90, 120])
        XCTAssertEqual(HabitDuration.standard.minutes, 30)
        XCTAssertTrue(HabitDuration.presets.contains(HabitDuration.standard))
        for minutes in [15, 30, 45, 60, 90, 120] {
            XCTAssertEqual(try HabitDuration(defaultMinutes: minutes).minutes, minutes)
        }
    }

    func testDefaultMustBeAPreset() {
        for minutes in [Int.min, -15, 0, 1, 14, 16, 20, 75, 119, 121, 180, 1_440, Int.max] {
            assertHabitError(.defaultDurationNotPreset, { () throws(HabitError) in try HabitDuration(defaultMinutes: minutes) }, "\(minutes)")
        }
    }

    func testInstanceDurationIsOneMinuteToADay() throws {
        XCTAssertEqual(try HabitDuration(instanceMinutes: 1).minutes, 1)
        XCTAssertEqual(try HabitDuration(instanceMinutes: 7).minutes, 7)
        XCTAssertEqual(try HabitDuration(instanceMinutes: 1_440).minutes, 1_440)
        for minutes in [Int.min, -1, 0, 1_441, Int.max] {
            assertHabitError(.durationOutOfRange, { () throws(HabitError) in try HabitDuration(instanceMinutes: minutes) }, "\(minutes)")
        }
    }

    func testOrder() throws {
        XCTAssertLessThan(try HabitDuration(instanceMinutes: 29), HabitDuration.standard)
        XCTAssertEqual(HabitDuration.presets, HabitDuration.presets.sorted())
    }
}
