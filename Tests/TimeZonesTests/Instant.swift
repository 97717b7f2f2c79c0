@testable import TimeZones

/// Instants used by several tests.
enum Instant {
    /// UTC wall time to seconds since 1970.
    static func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0) -> Int64 {
        Int64(LocalDate(year: year, month: month, day: day)!.daysSince1970) * 86_400
            + Int64(hour * 3_600 + minute * 60 + second)
    }
}
