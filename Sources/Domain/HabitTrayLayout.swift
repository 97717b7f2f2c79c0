/// Sizes of the habit tray in CSS pixels.
public enum HabitTrayLayout {
    /// The collapsed strip pinned to the bottom of the day page.
    public static let collapsedHeight = 80
    public static let pillHeight = 44
    /// Horizontal padding inside a pill.
    public static let pillHorizontalPadding = 12
    /// Between pills in the strip.
    public static let pillSpacing = 8
    /// The expanded library's share of the viewport height.
    public static let sheetFraction = 0.7
    /// The expanded library's grid.
    public static let gridColumns = 3
    public static let gridSpacing = 12
}
