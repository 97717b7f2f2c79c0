/// IMF-fixdate (RFC 9110 §5.6.7), e.g. `Sun, 06 Nov 1994 08:49:37 GMT`, by calendar
/// arithmetic: no formatter, no locale, no allocation beyond the result.
public enum HTTPDate {
    private static let dayNames = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]  // 1970-01-01 was a Thursday
    private static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    /// 0000-01-01 and 9999-12-31 23:59:59: the years four digits can write.
    private static let earliest = -62_167_219_200
    private static let latest = 253_402_300_799

    /// Times outside the years 0000–9999 are clamped to them.
    public static func format(secondsSince1970: Int) -> String {
        let seconds = min(max(secondsSince1970, earliest), latest)
        let days = seconds.floorDivided(by: 86_400)
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = civilDate(daysSince1970: days)

        var bytes: [UInt8] = []
        bytes.reserveCapacity(29)
        bytes.append(contentsOf: dayNames[(days % 7 + 7) % 7].utf8)
        bytes.append(contentsOf: ", ".utf8)
        appendDigits(day, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: " "))
        bytes.append(contentsOf: monthNames[month - 1].utf8)
        bytes.append(UInt8(ascii: " "))
        appendDigits(year, width: 4, to: &bytes)
        bytes.append(UInt8(ascii: " "))
        appendDigits(secondOfDay / 3600, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        appendDigits(secondOfDay / 60 % 60, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        appendDigits(secondOfDay % 60, width: 2, to: &bytes)
        bytes.append(contentsOf: " GMT".utf8)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Seconds since 1970 for an IMF-fixdate, or nil for anything else (the obsolete
    /// RFC 850 and asctime forms too: a conditional request with them is simply unconditional).
    /// The day name must be a real one but is not checked against the date.
    public static func parse(_ text: String) -> Int? {
        let b = Array(text.utf8)
        guard b.count == 29,
              dayNames.contains(where: { Array($0.utf8) == Array(b[0..<3]) }),
              b[3] == UInt8(ascii: ","), b[4] == UInt8(ascii: " "), b[7] == UInt8(ascii: " "),
              b[11] == UInt8(ascii: " "), b[16] == UInt8(ascii: " "), b[19] == UInt8(ascii: ":"),
              b[22] == UInt8(ascii: ":"), Array(b[25...]) == Array(" GMT".utf8),
              let day = number(b[5..<7]), let monthIndex = monthNames.firstIndex(where: { Array($0.utf8) == Array(b[8..<11]) }),
              let year = number(b[12..<16]), let hour = number(b[17..<19]),
              let minute = number(b[20..<22]), let second = number(b[23..<25])
        else { return nil }
        let month = monthIndex + 1
        guard day >= 1, day <= daysIn(month: month, year: year), hour < 24, minute < 60, second < 61 else { return nil }
        // A leap second (:60) is read as the next second, as POSIX time has none.
        return daysSince1970(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second
    }

    // MARK: Calendar (proleptic Gregorian, after Howard Hinnant's days_from_civil)

    static func civilDate(daysSince1970 days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = z.floorDivided(by: 146_097)
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = y.floorDivided(by: 400)
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for d in digits {
            guard HTTPBytes.isDigit(d) else { return nil }
            value = value * 10 + Int(d - UInt8(ascii: "0"))
        }
        return value
    }

    private static func appendDigits(_ value: Int, width: Int, to bytes: inout [UInt8]) {
        var divisor = 1
        for _ in 1..<width { divisor *= 10 }
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
            divisor /= 10
        }
    }
}

extension Int {
    /// Division rounding toward negative infinity, for dates before 1970.
    fileprivate func floorDivided(by divisor: Int) -> Int {
        let q = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? q - 1 : q
    }
}
