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
}
