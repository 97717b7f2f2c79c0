/// How long a statistics period is. The raw value is the `g=` of a
/// `/stats` URL.
public enum Granularity: String, Sendable, Hashable, CaseIterable {
    case day, week, month, quarter, year
}
