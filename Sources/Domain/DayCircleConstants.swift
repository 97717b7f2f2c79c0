/// A date circle's class names (`DayCircle.stateClass`; the kind's class is its raw
/// value) and its hit area, which the grid's layout counts with. Sizes and colours
/// are drawn by the stylesheet alone.
public enum DayCircleConstants {
    /// Every circle's hit area in CSS pixels, whatever it draws.
    public static let hitAreaSize = 22

    public static let selectedClass = "selected"
    public static let entryClass = "entry"
    /// On a circle that shows the activity dot.
    public static let activeClass = "active"
}
