/// The timeline row's span: 30 past days + today + 2 future.
public enum DayWindowConstants {
    public static let pastDays = 30
    public static let futureDays = 2
    /// 33
    public static let dayCount = pastDays + 1 + futureDays
}
