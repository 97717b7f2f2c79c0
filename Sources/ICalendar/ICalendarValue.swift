import TimeZones

/// Values as iCalendar (RFC 5545 §3.3) writes them. Pure.
public enum ICalendarValue {
    /// TEXT (§3.3.11): `\`, `;` and `,` escaped with a backslash, every line break (CRLF, LF,
    /// CR) as `\n`; other control characters (but the tab) are left out, as TEXT cannot hold them.
    public static func text(_ value: String) -> String {
        var output = ""
        output.unicodeScalars.reserveCapacity(value.unicodeScalars.count)
        var afterCR = false
        for scalar in value.unicodeScalars {
            defer { afterCR = scalar == "\r" }
            switch scalar {
            case "\\": output += "\\\\"
            case ";": output += "\\;"
            case ",": output += "\\,"
            case "\r": output += "\\n"
            case "\n": if !afterCR { output += "\\n" }
            case "\t": output.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: continue
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    /// DATE (§3.3.4): `20260707`.
    public static func date(_ date: LocalDate) -> String {
        padded(date.year, 4) + padded(date.month, 2) + padded(date.day, 2)
    }

    /// `value` in at least `width` digits, zeros in front.
    private static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    /// DATE-TIME in UTC (§3.3.5, form 2): `20260707T090000Z`.
    public static func utc(_ unixSeconds: Int64) -> String {
        let time = TimeZoneRules.utc.localDateTime(at: unixSeconds)
        return date(time.date) + "T" + padded(time.hour, 2) + padded(time.minute, 2)
            + padded(time.second, 2) + "Z"
    }
}
