/// Sizes (CSS pixels), colours and class names of a date circle of the timeline row
/// and the date grid (drawn by `Public/app.css`).
public enum DayCircleConstants {
    /// Every circle's hit area, whatever it draws.
    public static let hitAreaSize = 22
    /// The grey disc of past days and today.
    public static let baseSize = 18
    /// Future days are de-emphasised.
    public static let futureBaseSize = 8
    /// The dark disc of a day with a journal entry, whatever its base.
    public static let entrySize = 18
    /// Today's grey ring and the selected day's blue ring.
    public static let ringSize = 22
    public static let ringWidth = 2
    /// The activity dot.
    public static let dotSize = 8
    /// The day number.
    public static let numberFontSize = 8

    public static let selectedBlue = "#44C0FF"
    /// Entry fill and activity dot.
    public static let entryDark = "#333B40"
    /// Base discs: grey at this opacity.
    public static let baseGreyOpacity = 0.15
    /// Today's ring: grey at this opacity.
    public static let todayRingGreyOpacity = 0.8

    /// Class names for `DayCircle.stateClass` (the kind's class is its raw value).
    public static let selectedClass = "selected"
    public static let entryClass = "entry"
    /// On a circle that shows the activity dot.
    public static let activeClass = "active"
}
