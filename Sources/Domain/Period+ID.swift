import TimeZones

/// A period's URL form, the `p=` of `/stats?g=…&p=…`. The granularity travels
/// beside it (`g=`), so the forms need not be told apart by shape:
///
/// | granularity | id | |
/// |---|---|---|
/// | day | `2026-11-22` | the date |
/// | week, Monday first | `2026-W47` | ISO 8601 week-numbering year and week |
/// | week, other first weekday | `2026-11-22` | the date of the week's first day |
/// | month | `2026-11` | |
/// | quarter | `2026-Q4` | |
/// | year | `2026` | |
///
/// A Sunday week has no ISO number of its own (it straddles two ISO weeks), and US
/// week numbers differ between conventions, so its first day names it. Ids round-trip
/// through `init?(id:granularity:firstWeekday:)` for years 0001…9999.
extension Period {
    public var id: String {
        switch granularity {
        case .day:
            return first.description
        case .week:
            guard let (year, week) = isoWeek else { return first.description }
            return "\(Period.digits(year, 4))-W\(Period.digits(week, 2))"
        case .month:
            return "\(Period.digits(first.year, 4))-\(Period.digits(first.month, 2))"
        case .quarter:
            return "\(Period.digits(first.year, 4))-Q\(quarter!)"
        case .year:
            return Period.digits(first.year, 4)
        }
    }

    /// Parses exactly the forms `id` writes, or returns nil: ASCII digits of the
    /// stated widths, upper-case `W` and `Q`, no spaces or extra characters, years
    /// 0001…9999, a date that exists, weeks 01…52 (53 only in a year that has an ISO
    /// week 53), quarters 1…4. A week's date must fall on `firstWeekday`, so each
    /// period has exactly one id.
    public init?(id: String, granularity: Granularity, firstWeekday: Weekday) {
        let bytes = Array(id.utf8)
        let date: LocalDate
        switch granularity {
        case .day:
            guard let day = LocalDate(iso: id) else { return nil }
            date = day
        case .week where firstWeekday == .monday:
            guard bytes.count == 8, bytes[4] == UInt8(ascii: "-"), bytes[5] == UInt8(ascii: "W"),
                  let year = Period.year(bytes[0..<4]),
                  let week = Period.decimal(bytes[6..<8]),
                  (1...Period.isoWeekCount(inYear: year)).contains(week)
            else { return nil }
            date = Period.mondayOfISOWeek(week, year: year)
        case .week:
            guard let day = LocalDate(iso: id), day.weekday == firstWeekday else { return nil }
            date = day
        case .month:
            guard bytes.count == 7, bytes[4] == UInt8(ascii: "-"),
                  let year = Period.year(bytes[0..<4]),
                  let month = Period.decimal(bytes[5..<7]),
                  let day = LocalDate(year: year, month: month, day: 1)
            else { return nil }
            date = day
        case .quarter:
            guard bytes.count == 7, bytes[4] == UInt8(ascii: "-"), bytes[5] == UInt8(ascii: "Q"),
                  let year = Period.year(bytes[0..<4]),
                  let quarter = Period.decimal(bytes[6..<7]),
                  (1...PeriodConstants.quartersPerYear).contains(quarter),
                  let day = LocalDate(year: year, month: (quarter - 1) * PeriodConstants.monthsPerQuarter + 1, day: 1)
            else { return nil }
            date = day
        case .year:
            guard bytes.count == 4, let year = Period.year(bytes[0..<4]),
                  let day = LocalDate(year: year, month: 1, day: 1)
            else { return nil }
            date = day
        }
        self.init(containing: date, granularity: granularity, firstWeekday: firstWeekday)
    }

    /// Four digits within `PeriodConstants.idYears`.
    private static func year(_ bytes: ArraySlice<UInt8>) -> Int? {
        guard let year = decimal(bytes), PeriodConstants.idYears.contains(year) else { return nil }
        return year
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

    /// Zero-padded to `width`; a minus sign for years before 1 (which no id parses).
    private static func digits(_ value: Int, _ width: Int) -> String {
        let text = String(value.magnitude)
        let padded = text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
        return value < 0 ? "-" + padded : padded
    }
}
