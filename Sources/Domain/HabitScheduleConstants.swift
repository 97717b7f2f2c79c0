import TimeZones

/// The limits of a habit's schedule and target, and the score's constants, in one place.
public enum HabitScheduleConstants {
    /// "N times a week": 1 to 7.
    public static let timesPerWeek = 1...7
    /// "N times a month": 1 to 31.
    public static let timesPerMonth = 1...31
    /// The weekday names the form, the JSON and the storage string use, Monday first:
    /// exactly these, lowercase (the export pins them; "Mon" is refused, not guessed).
    public static let weekdayNames = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
    /// The `every` words: a daily habit, N times a week, N times a month.
    public static let everyDay = "day"
    public static let everyWeek = "week"
    public static let everyMonth = "month"
    /// The storage string's prefix of a weekday schedule ("weekdays:mon,wed,fri").
    public static let weekdaysPrefix = "weekdays"

    /// A target's unit ("pages", "km") is at most 20 characters (Unicode scalars, as
    /// `PlainText.length` counts) after trimming; it may be empty.
    public static let unitLength = 0...20
    /// No target or logged amount is above a billion: far beyond any real day (steps,
    /// pages, millilitres), and small enough that a day's sum of amounts stays exact to
    /// the decimals people type.
    public static let maximumAmount = 1_000_000_000.0
    /// An amount typed into a form has at most this many characters.
    public static let amountTextLength = 1...20

    /// Loop Habit Tracker's score constant: a daily habit's multiplier is 0.5^(1/13), so
    /// thirteen days without it halve its strength.
    public static let scoreHalfLifeDivisor = 13.0
    /// Loop counts a month as 30 days ("N times a month" is its frequency N/30).
    public static let scoreDaysPerMonth = 30.0
}
