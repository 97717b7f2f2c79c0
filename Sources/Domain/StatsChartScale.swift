/// The y axis of the statistics chart.
public enum StatsChartScale {
    /// The smallest 1, 2 or 5 × 10ⁿ at or above `max`, and at least 1 (so an empty
    /// chart still has an axis): 0 → 1, 3 → 5, 12 → 20, 51 → 100. Past the largest
    /// such value an `Int` holds (5 × 10¹⁸) the answer is `Int.max`.
    public static func niceMaximum(for max: Int) -> Int {
        var power = 1
        while true {
            for mantissa in StatsChartConstants.niceMantissas {
                let (candidate, overflow) = mantissa.multipliedReportingOverflow(by: power)
                if overflow { return Int.max }
                if candidate >= max { return candidate }
            }
            let (nextPower, overflow) = power.multipliedReportingOverflow(by: 10)
            if overflow { return Int.max }
            power = nextPower
        }
    }
}
