/// What a habit's streak counts: scheduled days (every day or chosen weekdays), weeks
/// (N times a week) or months (N times a month). The raw value is `/api/stats`'s "streakUnit".
public enum StreakUnit: String, Sendable, Hashable, CaseIterable {
    case day
    case week
    case month
}
