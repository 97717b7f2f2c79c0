import TimeZones

/// Which calendar day it is for a member whose day starts `dayStartHour`
/// hours after local midnight: the local date of (wall-clock time − dayStartHour).
///
/// The subtraction is done on the wall clock, not on the instant, so the day
/// still turns over at the chosen hour on days when the clocks change.
/// A `dayStartHour` outside `MemberDayConstants.dayStartHours` is clamped
/// into it, so a bad stored setting can never take a page down.
public enum MemberDay {
    /// The member's "today" at the instant.
    public static func today(at unixSeconds: Int64, rules: TimeZoneRules, dayStartHour: Int) -> LocalDate {
        date(ofInstant: unixSeconds, rules: rules, dayStartHour: dayStartHour)
    }

    /// The member day a timestamp (a note, a logged habit) belongs to.
    public static func date(ofInstant unixSeconds: Int64, rules: TimeZoneRules, dayStartHour: Int) -> LocalDate {
        let local = rules.localDateTime(at: unixSeconds)
        return local.hour < clamped(dayStartHour) ? local.date.adding(days: -1) : local.date
    }

    /// The instants `[start, end)` of the member day `date`: from the first
    /// instant at which the wall clock shows `dayStartHour` o'clock on `date`
    /// (or later) to the same on the next date. Usually 24 hours; 23 or 25
    /// (23.5, 24.5 on Lord Howe) when the clocks change in between.
    ///
    /// Consistent with `date(ofInstant:)`: a start hour that happens twice
    /// (clocks fall back) starts the day at its first occurrence; one the
    /// clocks skip starts it at the jump. A date a zone skipped entirely
    /// (Pacific/Apia, 2011-12-30, with dayStartHour 0) gives an empty range.
    public static func bounds(of date: LocalDate, rules: TimeZoneRules, dayStartHour: Int) -> Range<Int64> {
        let startSeconds = clamped(dayStartHour) * 3_600
        let start = firstInstant(showing: LocalDateTime(date: date, secondsSinceMidnight: startSeconds), rules: rules)
        let end = firstInstant(
            showing: LocalDateTime(date: date.adding(days: 1), secondsSinceMidnight: startSeconds), rules: rules)
        // Only a zone whose clocks fell back by more than a day could order
        // these the other way; an empty range is the honest answer then.
        return start..<max(start, end)
    }

    /// The member days that never happened: the zone's clock jumped over them whole
    /// (Samoa skipped 2011-12-30). Usually empty. With a later day start a day may
    /// survive as a few hours (Samoa's 30th, from 04:00, was 00:00–04:00 on the 31st's
    /// clock) and is not skipped. Streaks bridge skipped days.
    public static func skippedDates(rules: TimeZoneRules, dayStartHour: Int) -> Set<LocalDate> {
        var skipped: Set<LocalDate> = []
        for jump in rules.dayLongJumps {
            let after = date(ofInstant: jump, rules: rules, dayStartHour: dayStartHour)
            var day = date(ofInstant: jump - 1, rules: rules, dayStartHour: dayStartHour).adding(days: 1)
            while day < after {
                skipped.insert(day)
                day = day.adding(days: 1)
            }
        }
        return skipped
    }

    /// The first instant at which the wall clock shows `wall` or a later time.
    static func firstInstant(showing wall: LocalDateTime, rules: TimeZoneRules) -> Int64 {
        let resolved = rules.unixSeconds(for: wall)
        if rules.localDateTime(at: resolved) == wall { return resolved }  // its first occurrence
        // In a gap `unixSeconds(for:)` moves the time forward by the gap's
        // length; the day starts earlier, at the jump itself. Binary search:
        // the clock shows less than `wall` at `before` and at least it at `after`.
        var before = resolved - longestClockJump
        var after = resolved
        while after - before > 1 {
            let middle = before + (after - before) / 2
            if rules.localDateTime(at: middle) < wall {
                before = middle
            } else {
                after = middle
            }
        }
        return after
    }

    /// Samoa and Tokelau skipped a whole calendar day in 2011; no zone has jumped further.
    private static let longestClockJump: Int64 = 86_400

    private static func clamped(_ dayStartHour: Int) -> Int {
        min(max(dayStartHour, MemberDayConstants.dayStartHours.lowerBound), MemberDayConstants.dayStartHours.upperBound)
    }
}
