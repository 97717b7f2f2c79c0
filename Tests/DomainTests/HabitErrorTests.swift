import Domain
import XCTest

final class HabitErrorTests: XCTestCase {
    /// Keys are what translations are filed under: they must not change or collide.
    func testKeysAreStableAndDistinct() {
        XCTAssertEqual(HabitError.nameLength.key, "habit.error.name_length")
        XCTAssertEqual(HabitError.nameCharacters.key, "habit.error.name_characters")
        XCTAssertEqual(HabitError.emojiMissing.key, "habit.error.emoji_missing")
        XCTAssertEqual(HabitError.emojiNotSingle.key, "habit.error.emoji_not_single")
        XCTAssertEqual(HabitError.emojiNotEmoji.key, "habit.error.emoji_not_emoji")
        XCTAssertEqual(HabitError.emojiTooLong.key, "habit.error.emoji_too_long")
        XCTAssertEqual(HabitError.colorFormat.key, "habit.error.color_format")
        XCTAssertEqual(HabitError.defaultDurationNotPreset.key, "habit.error.default_duration")
        XCTAssertEqual(HabitError.durationOutOfRange.key, "habit.error.duration_range")
        XCTAssertEqual(HabitError.startTimeFormat.key, "habit.error.start_time_format")
        XCTAssertEqual(HabitError.startOutsideDay.key, "habit.error.start_outside_day")
        XCTAssertEqual(HabitError.habitNotFound.key, "habit.error.not_found")
        XCTAssertEqual(HabitError.habitArchived.key, "habit.error.archived")
        XCTAssertEqual(HabitError.reminderTime.key, "habit.error.reminder_time")
        XCTAssertEqual(HabitError.reminderCount.key, "habit.error.reminder_count")
        XCTAssertEqual(HabitError.allCases.count, 23)
        XCTAssertEqual(Set(HabitError.allCases.map(\.key)).count, HabitError.allCases.count)
        XCTAssertEqual(HabitError.nameLength.description, "habit.error.name_length")
    }
}
