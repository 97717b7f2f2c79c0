/// The year heatmaps' rules and geometry (`/stats?g=year`, `/habits/{id}`), named in one place.
/// Sizes are SVG user units, drawn one to one as CSS pixels.
public enum HeatmapConstants {
    /// Levels above the empty one (0): 1…4, cut at the quartiles (`HeatmapLevels`).
    public static let levelCount = 4
    /// A habit page's heatmap: the last 53 weeks, this week included (a year and a bit, as
    /// GitHub's contribution graph shows).
    public static let habitWeeks = 53
    /// A calendar year needs 53 columns; 54 when a leap year begins on the week's last day.
    public static let yearWeeks = 53...54
    /// One day's square, the gap between squares and their corner radius: 54 weeks and the
    /// labels fit a desktop card (under 640 px); a phone scrolls them.
    public static let cellSize = 9
    public static let cellGap = 2
    public static let cellRadius = 2
    /// Room for the weekday labels on the left and the month labels above.
    public static let labelWidth = 26
    public static let labelHeight = 16
}
