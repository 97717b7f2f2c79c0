/// When a POSIX TZ rule switches into or out of DST, e.g. "M3.5.0/3":
/// a day of the year plus a local time of day.
struct POSIXTransitionRule: Sendable, Hashable {
    enum Day: Sendable, Hashable {
        /// "Jn", 1...365: February 29 is never counted, so J60 is always March 1.
        case julianIgnoringLeapDay(Int)
        /// "n", 0...365: counts February 29 in leap years.
        case zeroBasedDayOfYear(Int)
        /// "Mm.w.d": weekday d (0 = Sunday) of week w (1...5, 5 = last) of month m.
        case monthWeekDay(month: Int, week: Int, weekday: Int)
    }

    var day: Day
    /// Local seconds after midnight of `day`; v3+ TZif allows -167...167 hours.
    var time: Int

    /// Seconds since 1970-01-01T00:00:00 on the local wall clock (in the
    /// offset in force just before the switch) when the switch happens in `year`.
    func localSeconds(inYear year: Int) -> Int64 {
        let januaryFirst = LocalDate.daysFromCivil(year: year, month: 1, day: 1)
        let days: Int
        switch day {
        case .julianIgnoringLeapDay(let n):
            days = januaryFirst + n - 1 + (n >= 60 && LocalDate.isLeapYear(year) ? 1 : 0)
        case .zeroBasedDayOfYear(let n):
            days = januaryFirst + n
        case .monthWeekDay(let month, let week, let weekday):
            let first = LocalDate.daysFromCivil(year: year, month: month, day: 1)
            let firstWeekday = (first + 4).floorModulo(7)  // 1970-01-01 was a Thursday, 0 = Sunday
            var candidate = first + (weekday - firstWeekday + 7) % 7 + 7 * (week - 1)
            if candidate >= first + LocalDate.daysInMonth(year: year, month: month) {
                candidate -= 7  // week 5 means the last such weekday
            }
            days = candidate
        }
        return Int64(days) * 86_400 + Int64(time)
    }
}
