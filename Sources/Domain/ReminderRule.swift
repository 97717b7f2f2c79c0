import TimeZones

/// What the rule of when needs to know of one habit.
public struct ReminderHabit: Sendable, Equatable {
    public var times: [ReminderTime]
    public var schedule: HabitSchedule
    public var pausedFrom: LocalDate?
    public var isArchived: Bool
    /// Days the habit stays silent: its skips and the member's vacations.
    public var quiet: BridgedRanges
    /// The days it was done, covering at least the units (week, month) of the days asked about.
    public var doneDays: Set<LocalDate>

    public init(times: [ReminderTime], schedule: HabitSchedule, pausedFrom: LocalDate? = nil, isArchived: Bool = false,
                quiet: BridgedRanges = .none, doneDays: Set<LocalDate> = []) {
        self.times = times
        self.schedule = schedule
        self.pausedFrom = pausedFrom
        self.isArchived = isArchived
        self.quiet = quiet
        self.doneDays = doneDays
    }
}

/// One reminder ringing: a time of one member day, at an instant.
public struct ReminderOccurrence: Sendable, Hashable {
    /// The member day whose habit it reminds of.
    public let day: LocalDate
    public let time: ReminderTime
    /// Unix seconds.
    public let instant: Int64
}

/// When a habit's reminders ring, for one member: their zone, their day start, their
/// first weekday (a "N times a week" habit's unit). Pure: every answer follows from the
/// arguments, so it is tested on a fixed clock.
///
/// A reminder rings at its time on each member day the habit is scheduled (`HabitSchedule`:
/// every day; its weekdays; any day of a week or month unit not yet complete), unless the
/// habit is archived, paused from that day or earlier, skipped that day, the member is on
/// vacation, or it was already done that day (its unit already complete).
///
/// Times are wall-clock times. A time before the day-start hour belongs to the member day
/// before (day start 04:00: a 01:00 reminder on Tuesday's clock is Monday's). A time the
/// clocks skip (02:30 on a spring-forward night) rings once at the first instant after the
/// gap (03:00 new time, the jump itself); a time that happens twice (fall back) rings once,
/// at its first occurrence.
public struct ReminderRule: Sendable {
    public let rules: TimeZoneRules
    public let dayStartHour: Int
    public let firstWeekday: Weekday

    public init(rules: TimeZoneRules, dayStartHour: Int, firstWeekday: Weekday = .monday) {
        self.rules = rules
        self.dayStartHour = dayStartHour
        self.firstWeekday = firstWeekday
    }

    /// The instant `time` rings for member day `day`.
    public func instant(of time: ReminderTime, for day: LocalDate) -> Int64 {
        let date = time.hour < dayStartHour ? day.adding(days: 1) : day
        return MemberDay.firstInstant(showing: LocalDateTime(date: date, secondsSinceMidnight: time.minuteOfDay * 60),
                                      rules: rules)
    }

    /// Whether the habit's reminders ring on member day `day`.
    public func rings(_ habit: ReminderHabit, on day: LocalDate) -> Bool {
        if habit.isArchived || habit.times.isEmpty { return false }
        if let paused = habit.pausedFrom, paused <= day { return false }
        if habit.quiet.contains(day) || !habit.schedule.isScheduled(day) { return false }
        if habit.doneDays.contains(day) { return false }
        let granularity: Granularity
        switch habit.schedule {
        case .daily, .weekdays: return true
        case .perWeek: granularity = .week
        case .perMonth: granularity = .month
        }
        let unit = Period(containing: day, granularity: granularity, firstWeekday: firstWeekday)
        let done = habit.doneDays.reduce(0) { $0 + (unit.contains($1) ? 1 : 0) }
        return done < habit.schedule.requiredTimes
    }

    /// Every time of `times` that rings in the instants `(after, through]`, whatever the
    /// habit's state, in order.
    public func occurrences(of times: [ReminderTime], after: Int64, through: Int64) -> [ReminderOccurrence] {
        guard after < through, !times.isEmpty else { return [] }
        let first = MemberDay.date(ofInstant: after, rules: rules, dayStartHour: dayStartHour).adding(days: -1)
        let last = MemberDay.date(ofInstant: through, rules: rules, dayStartHour: dayStartHour).adding(days: 1)
        var found: [ReminderOccurrence] = []
        var day = first
        while day <= last {
            for time in Set(times) {
                let instant = instant(of: time, for: day)
                if after < instant, instant <= through { found.append(ReminderOccurrence(day: day, time: time, instant: instant)) }
            }
            day = day.adding(days: 1)
        }
        return found.sorted { ($0.instant, $0.time) < ($1.instant, $1.time) }
    }

    /// The habit's reminders that ring in `(after, through]`: what is due.
    public func due(_ habit: ReminderHabit, after: Int64, through: Int64) -> [ReminderOccurrence] {
        occurrences(of: habit.times, after: after, through: through).filter { rings(habit, on: $0.day) }
    }

    /// The first instant after `after` at which one of the habit's reminders rings, looking
    /// `ReminderConstants.lookAheadDays` member days ahead as the habit stands now; nil when
    /// none does in that time.
    public func nextDue(_ habit: ReminderHabit, after: Int64) -> Int64? {
        guard !habit.times.isEmpty, !habit.isArchived else { return nil }
        let today = MemberDay.date(ofInstant: after, rules: rules, dayStartHour: dayStartHour)
        var best: Int64?
        for offset in -1...ReminderConstants.lookAheadDays {
            let day = today.adding(days: offset)
            guard rings(habit, on: day) else { continue }
            for time in habit.times {
                let instant = instant(of: time, for: day)
                if instant > after, instant < (best ?? .max) { best = instant }
            }
        }
        return best
    }
}
