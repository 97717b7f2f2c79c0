/// A calendar day with no time zone: what a member means by "today" or
/// "2026-11-22". Proleptic Gregorian calendar.
///
/// Years are limited to `supportedYears` (far beyond any real use) so that
/// the day arithmetic below can never overflow.
public struct LocalDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let year: Int
    /// 1...12
    public let month: Int
    /// 1...daysInMonth
    public let day: Int

    public static let supportedYears = -1_000_000...1_000_000
    /// Days since 1970-01-01 of the first and last day of `supportedYears`.
    public static let supportedDays =
        daysFromCivil(year: supportedYears.lowerBound, month: 1, day: 1)
        ... daysFromCivil(year: supportedYears.upperBound, month: 12, day: 31)

    /// Returns nil unless the date exists (month 1...12, day within the month,
    /// February 29 only in leap years) and the year is in `supportedYears`.
    public init?(year: Int, month: Int, day: Int) {
        guard LocalDate.supportedYears.contains(year), (1...12).contains(month),
              day >= 1, day <= LocalDate.daysInMonth(year: year, month: month)
        else { return nil }
        self.init(unchecked: year, month, day)
    }

    /// Parses exactly `YYYY-MM-DD`: ten ASCII characters, years 0001...9999,
    /// a date that exists. No signs, spaces or shorter fields.
    public init?(iso: String) {
        let bytes = Array(iso.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              let year = LocalDate.decimal(bytes[0..<4]),
              let month = LocalDate.decimal(bytes[5..<7]),
              let day = LocalDate.decimal(bytes[8..<10]),
              year >= 1
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The date `daysSince1970` days after 1970-01-01 (negative: before).
    /// Precondition: `supportedDays` contains it.
    public init(daysSince1970 days: Int) {
        precondition(LocalDate.supportedDays.contains(days), "day \(days) is outside LocalDate.supportedDays")
        // Howard Hinnant, civil_from_days.
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153  // March = 0
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        self.init(unchecked: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private init(unchecked year: Int, _ month: Int, _ day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    public var daysSince1970: Int {
        LocalDate.daysFromCivil(year: year, month: month, day: day)
    }

    /// Precondition: the result stays within `supportedDays`.
    public func adding(days: Int) -> LocalDate {
        LocalDate(daysSince1970: daysSince1970 + days)
    }

    /// Days from `self` to `other`: positive when `other` is later.
    public func days(to other: LocalDate) -> Int {
        other.daysSince1970 - daysSince1970
    }

    public var weekday: Weekday {
        // 1970-01-01 was a Thursday (ISO 4).
        let fromMonday = (daysSince1970 + 3).floorModulo(7)
        return Weekday(isoNumber: fromMonday + 1)!
    }

    /// 1...366
    public var dayOfYear: Int {
        daysSince1970 - LocalDate.daysFromCivil(year: year, month: 1, day: 1) + 1
    }

    /// ISO 8601 week: weeks start on Monday and week 1 holds the year's first
    /// Thursday, so early January can belong to the previous year's week 52
    /// or 53 and late December to the next year's week 1.
    public var isoWeek: (year: Int, week: Int) {
        let thursday = adding(days: 4 - weekday.isoNumber)
        return (thursday.year, (thursday.dayOfYear - 1) / 7 + 1)
    }

    public var isLeapYear: Bool { LocalDate.isLeapYear(year) }

    public var daysInMonth: Int { LocalDate.daysInMonth(year: year, month: month) }

    public var firstOfMonth: LocalDate { LocalDate(unchecked: year, month, 1) }

    /// The same day `months` months later (or earlier), clamped to the end of
    /// a shorter month: January 31 + 1 month is February 28 (29 in leap years).
    /// Precondition: the result's year is within `supportedYears`.
    public func adding(months: Int) -> LocalDate {
        let monthIndex = year * 12 + (month - 1) + months
        let newYear = monthIndex.floorDivision(12)
        let newMonth = monthIndex.floorModulo(12) + 1
        precondition(LocalDate.supportedYears.contains(newYear), "year \(newYear) is outside LocalDate.supportedYears")
        return LocalDate(unchecked: newYear, newMonth, min(day, LocalDate.daysInMonth(year: newYear, month: newMonth)))
    }

    /// "YYYY-MM-DD"; years beyond 0...9999 get a sign or more digits.
    public var description: String {
        // The usual case written straight into a small string (no allocation): pages write
        // a hundred dates or more into their links.
        if (0...9999).contains(year), (1...12).contains(month), (1...31).contains(day) {
            return String(unsafeUninitializedCapacity: 10) { text in
                func put(_ value: Int, _ width: Int, at end: Int) {
                    var value = value
                    for index in stride(from: end - 1, through: end - width, by: -1) {
                        text[index] = UInt8(ascii: "0") + UInt8(value % 10)
                        value /= 10
                    }
                }
                put(year, 4, at: 4)
                text[4] = UInt8(ascii: "-")
                put(month, 2, at: 7)
                text[7] = UInt8(ascii: "-")
                put(day, 2, at: 10)
                return 10
            }
        }
        let yearText = year < 0 ? "-" + LocalDate.padded(-year, 4) : LocalDate.padded(year, 4)
        return "\(yearText)-\(LocalDate.padded(month, 2))-\(LocalDate.padded(day, 2))"
    }

    public static func < (lhs: LocalDate, rhs: LocalDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    public static func isLeapYear(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    /// Precondition: month is 1...12.
    public static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default:
            precondition((1...12).contains(month), "month \(month) is not 1...12")
            return 31
        }
    }

    /// Howard Hinnant, days_from_civil. Valid for any date in `supportedYears`.
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    /// ASCII digits only; nil for anything else.
    private static func decimal(_ bytes: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for byte in bytes {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }
}
