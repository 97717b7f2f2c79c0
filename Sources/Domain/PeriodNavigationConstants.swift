/// How far back the statistics go.
public enum PeriodNavigationConstants {
    /// Calendar years before today: the oldest period holds today minus this many years,
    /// unless the member's earliest data is older (`PeriodNavigation.oldestDay`).
    public static let yearsBack = 2
}
