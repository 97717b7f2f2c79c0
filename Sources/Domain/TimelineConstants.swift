/// The day timeline's grid, named in one place.
public enum TimelineConstants {
    /// Wall-clock minutes from the member's day-start hour to the next day's.
    public static let dayMinutes = 1_440
    public static let slotMinutes = 15
    /// 96.
    public static let slotsPerDay = dayMinutes / slotMinutes
    /// Side-by-side columns the stylesheet draws (`col-C-of-K` up to K = 4); a cluster of
    /// more overlapping blocks shares the last column.
    public static let maxColumns = 4
    public static let hoursPerDay = 24

    /// The compact timeline (`TimelineLayout.folds`): a block is drawn at least this tall (three
    /// 11 px slots), so a 15-minute log still shows its emoji and name and is a 24 px target
    /// (WCAG 2.2's target size), the next block beside it, not under it.
    public static let minimumBlockMinutes = 45
    /// A day without logs shows these wall-clock hours (06:00–22:00), the rest folded…
    public static let emptyDayWallHours = 6..<22
    /// …and today without logs two hours either side of now.
    public static let emptyTodayMinutesAroundNow = 120
}
