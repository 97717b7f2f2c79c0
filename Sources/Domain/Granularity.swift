/// How long a statistics period is. The raw value is the `g=` of a
/// `/stats` URL.
public enum Granularity: String, Sendable, Hashable, CaseIterable {
    case day, week, month, quarter, year

    /// What `/stats` shows without a `g=`: the month (seed 004's view model starts on
    /// `.month`), a period with enough days for its chart and figures to say something.
    public static let defaultChoice = Granularity.month
}
