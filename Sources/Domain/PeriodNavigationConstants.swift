/// How far back the statistics go (seed 004, DESIGN.md).
public enum PeriodNavigationConstants {
    /// Calendar years before today: the oldest period holds today minus this many years.
    public static let yearsBack = 2
}
