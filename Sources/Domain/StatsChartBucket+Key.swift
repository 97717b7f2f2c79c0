import TimeZones

extension StatsChartBucket {
    /// The label input of a bar, one case per kind of chart.
    public enum Key: Sendable, Hashable {
        /// Day chart: a wall-clock hour, 0…23.
        case hour(Int)
        /// Week and Month charts: a day.
        case day(LocalDate)
        /// Quarter chart: the first day of a week (on the member's first weekday). The
        /// first and last weeks may begin before or end after the quarter.
        case week(startingOn: LocalDate)
        /// Year chart: the first day of a month.
        case month(LocalDate)
    }
}
