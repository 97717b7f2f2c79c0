/// The statistics bar chart's rules, named in one place.
public enum StatsChartConstants {
    public static let minutesPerHour = 60
    /// The Day chart's bars: one per hour of the day timeline.
    public static let hoursPerDay = TimelineConstants.dayMinutes / minutesPerHour
    /// The y axis ends on 1, 2 or 5 times a power of ten.
    public static let niceMantissas = [1, 2, 5]
}
