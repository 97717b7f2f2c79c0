/// A date and time as zip headers hold them (MS-DOS format: local time, two-second steps,
/// 1980 to 2107). No time zone: the caller gives the member's civil time.
public struct ZipTimestamp: Equatable, Sendable {
    /// Bits 15–9 years since 1980, 8–5 month, 4–0 day.
    public let date: UInt16
    /// Bits 15–11 hour, 10–5 minute, 4–0 seconds / 2.
    public let time: UInt16

    /// Values outside the format's range are clamped to its first or last second; odd
    /// seconds round down.
    public init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) {
        if year < 1980 {
            self = .earliest
            return
        }
        if year > 2107 {
            self.init(date: 127 << 9 | 12 << 5 | 31, time: 23 << 11 | 59 << 5 | 29)
            return
        }
        let month = min(max(month, 1), 12), day = min(max(day, 1), 31)
        let hour = min(max(hour, 0), 23), minute = min(max(minute, 0), 59), second = min(max(second, 0), 59)
        self.init(date: UInt16((year - 1980) << 9 | month << 5 | day),
                  time: UInt16(hour << 11 | minute << 5 | second / 2))
    }

    public init(date: UInt16, time: UInt16) {
        self.date = date
        self.time = time
    }

    /// 1980-01-01 00:00:00, the format's first second.
    public static let earliest = ZipTimestamp(date: 1 << 5 | 1, time: 0)
}
