/// A date circle's class names (`DayCircle.stateClass`; the kind's class is its raw
/// value) and the size the grid's column formula counts with. Sizes and colours are
/// drawn by the stylesheet alone.
public enum DayCircleConstants {
    /// A circle's width in the grid's column formula (its 22 px ring), in CSS pixels; the
    /// stylesheet centres it in a 24 px link, the tap target.
    public static let hitAreaSize = 22

    /// On a day within one of the member's vacations.
    public static let vacationClass = "vacation"
    public static let selectedClass = "selected"
    public static let entryClass = "entry"
    /// On a circle that shows the activity dot.
    public static let activeClass = "active"
}
