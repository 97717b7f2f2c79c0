/// How far a member can page from today.
public enum DayNavigationConstants {
    /// Calendar years before and after today.
    public static let yearsEachWay = 2
}
