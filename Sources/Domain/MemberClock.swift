import TimeZones

/// How a member counts days: their time zone's rules and the hour their day starts.
/// The one place a member's "today" is made from their settings and the clock; a zone
/// setting that names no zone, or one that cannot be read, is an error, never a day
/// silently counted in UTC.
public struct MemberClock: Sendable {
    public let rules: TimeZoneRules
    public let dayStartHour: Int

    public init(rules: TimeZoneRules, dayStartHour: Int) {
        self.rules = rules
        self.dayStartHour = dayStartHour
    }

    /// The member's zone as stored (`Europe/Rome`), loaded from `zones`.
    public init(timeZone: String, dayStartHour: Int, zones: TimeZoneDatabase) throws(TimeZoneError) {
        self.init(rules: try zones.rules(for: timeZone), dayStartHour: dayStartHour)
    }

    /// The member's date at the instant: their "today" when `now` is the clock's.
    public func today(at now: Int64) -> LocalDate {
        MemberDay.today(at: now, rules: rules, dayStartHour: dayStartHour)
    }

    /// The member days their zone skipped whole; streaks bridge them.
    public var skippedDates: Set<LocalDate> {
        MemberDay.skippedDates(rules: rules, dayStartHour: dayStartHour)
    }
}
