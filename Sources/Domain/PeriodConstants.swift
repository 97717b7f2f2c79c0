/// Calendar facts periods are built from, named in one place.
public enum PeriodConstants {
    public static let daysPerWeek = 7
    public static let monthsPerQuarter = 3
    public static let monthsPerYear = 12
    public static let quartersPerYear = 4
    /// ISO 8601 years have 52 or 53 weeks.
    public static let maximumISOWeeks = 53
    /// Years a period id can spell: four digits, no year zero (as `LocalDate(iso:)`).
    public static let idYears = 1...9999
}
