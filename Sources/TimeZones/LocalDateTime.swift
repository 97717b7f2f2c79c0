/// A wall-clock date and time with no time zone, to the second.
/// No leap seconds: `second` is 0...59.
public struct LocalDateTime: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let date: LocalDate
    /// 0...23
    public let hour: Int
    /// 0...59
    public let minute: Int
    /// 0...59
    public let second: Int

    /// nil unless hour 0...23, minute and second 0...59.
    public init?(date: LocalDate, hour: Int, minute: Int, second: Int = 0) {
        guard (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second) else { return nil }
        self.date = date
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    /// Precondition: `secondsSinceMidnight` is 0..<86_400.
    public init(date: LocalDate, secondsSinceMidnight: Int) {
        precondition((0..<86_400).contains(secondsSinceMidnight), "\(secondsSinceMidnight) is not 0..<86400")
        self.date = date
        hour = secondsSinceMidnight / 3_600
        minute = secondsSinceMidnight / 60 % 60
        second = secondsSinceMidnight % 60
    }

    /// 0..<86_400
    public var secondsSinceMidnight: Int {
        hour * 3_600 + minute * 60 + second
    }

    /// Seconds since 1970-01-01T00:00:00 on this same wall clock; what an
    /// instant is once a UT offset has been added to it.
    var localSecondsSince1970: Int64 {
        Int64(date.daysSince1970) * 86_400 + Int64(secondsSinceMidnight)
    }

    /// Precondition: the date is within `LocalDate.supportedDays`.
    init(localSecondsSince1970 seconds: Int64) {
        let days = seconds.floorDivision(86_400)
        self.init(date: LocalDate(daysSince1970: Int(days)), secondsSinceMidnight: Int(seconds - days * 86_400))
    }

    /// "YYYY-MM-DDTHH:MM:SS"
    public var description: String {
        "\(date)T\(LocalDate.padded(hour, 2)):\(LocalDate.padded(minute, 2)):\(LocalDate.padded(second, 2))"
    }

    public static func < (lhs: LocalDateTime, rhs: LocalDateTime) -> Bool {
        (lhs.date, lhs.secondsSinceMidnight) < (rhs.date, rhs.secondsSinceMidnight)
    }
}
