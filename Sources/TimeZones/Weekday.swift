/// A day of the week, numbered as ISO 8601 does: Monday 1 ... Sunday 7.
public enum Weekday: Int, Sendable, Hashable, CaseIterable, Comparable {
    case monday = 1, tuesday, wednesday, thursday, friday, saturday, sunday

    public var isoNumber: Int { rawValue }

    /// nil unless 1...7.
    public init?(isoNumber: Int) {
        self.init(rawValue: isoNumber)
    }

    public static func < (lhs: Weekday, rhs: Weekday) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}
