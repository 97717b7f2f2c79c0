/// Everything the habit domain refuses. Each case has a stable `key` that the app
/// maps to a sentence in the member's language; no UI text lives here. `allCases`
/// lets a test check that every key has a translation.
public enum HabitError: Error, Equatable, Sendable, CaseIterable, CustomStringConvertible {
    /// The trimmed name is empty or longer than `HabitConstants.nameLength`.
    case nameLength
    /// The name holds a control, line-separator or bidi-control character.
    case nameCharacters
    /// No emoji was given (empty or only whitespace).
    case emojiMissing
    /// More than one grapheme cluster, e.g. two emoji or an emoji and a letter.
    case emojiNotSingle
    /// One grapheme cluster, but not an emoji shown as an emoji ("a", "1", "©").
    case emojiNotEmoji
    /// Longer than `HabitConstants.emojiMaximumBytes` bytes of UTF-8.
    case emojiTooLong
    /// A colour that is not `#RRGGBB` or `RRGGBB`.
    case colorFormat
    /// A habit's default duration that is not one of `HabitConstants.durationPresets`.
    case defaultDurationNotPreset
    /// An instance's duration outside `HabitConstants.instanceDurations`.
    case durationOutOfRange
    /// A start time that is not "HH:MM" (see `TimelineSlots.minute(forLabel:)`).
    case startTimeFormat
    /// A start outside the day timeline, 0..<1440 minutes from the day-start hour.
    case startOutsideDay
    /// For the app's look-ups: no such habit (it was deleted, or the id is forged).
    case habitNotFound
    /// For the app's look-ups: the habit is archived and cannot be logged.
    case habitArchived
    /// A schedule that is none of: every day, chosen weekdays, N times a week, N times a
    /// month (an unknown `every`, both or neither of `every` and weekdays, a count on "day").
    case scheduleKind
    /// A weekday list that is empty, repeats a day, or holds a name other than
    /// "mon" "tue" "wed" "thu" "fri" "sat" "sun".
    case scheduleWeekdays
    /// Times a week missing or outside `HabitScheduleConstants.timesPerWeek` (1…7).
    case scheduleWeekTimes
    /// Times a month missing or outside `HabitScheduleConstants.timesPerMonth` (1…31).
    case scheduleMonthTimes
    /// A target amount that is not a number greater than 0 and at most
    /// `HabitScheduleConstants.maximumAmount` (0, negative, NaN, infinite, not a number).
    case targetAmount
    /// A target's unit longer than `HabitScheduleConstants.unitLength` or not one line.
    case targetUnit
    /// A target kind other than "at_least" and "at_most".
    case targetKind
    /// A logged amount that is not a number from 0 to `HabitScheduleConstants.maximumAmount`.
    case amountFormat
    /// A reminder time that is not "HH:MM" on a 24-hour clock (`ReminderTime`).
    case reminderTime
    /// More than `ReminderConstants.maxPerHabit` reminder times for one habit.
    case reminderCount

    /// Stable across releases: translations and logs refer to it.
    public var key: String {
        switch self {
        case .nameLength: "habit.error.name_length"
        case .nameCharacters: "habit.error.name_characters"
        case .emojiMissing: "habit.error.emoji_missing"
        case .emojiNotSingle: "habit.error.emoji_not_single"
        case .emojiNotEmoji: "habit.error.emoji_not_emoji"
        case .emojiTooLong: "habit.error.emoji_too_long"
        case .colorFormat: "habit.error.color_format"
        case .defaultDurationNotPreset: "habit.error.default_duration"
        case .durationOutOfRange: "habit.error.duration_range"
        case .startTimeFormat: "habit.error.start_time_format"
        case .startOutsideDay: "habit.error.start_outside_day"
        case .habitNotFound: "habit.error.not_found"
        case .habitArchived: "habit.error.archived"
        case .scheduleKind: "habit.error.schedule_kind"
        case .scheduleWeekdays: "habit.error.schedule_weekdays"
        case .scheduleWeekTimes: "habit.error.schedule_week_times"
        case .scheduleMonthTimes: "habit.error.schedule_month_times"
        case .targetAmount: "habit.error.target_amount"
        case .targetUnit: "habit.error.target_unit"
        case .targetKind: "habit.error.target_kind"
        case .amountFormat: "habit.error.amount_format"
        case .reminderTime: "habit.error.reminder_time"
        case .reminderCount: "habit.error.reminder_count"
        }
    }

    public var description: String { key }
}
