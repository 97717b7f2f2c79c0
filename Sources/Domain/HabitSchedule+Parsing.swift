import TimeZones

/// A schedule from the parts a form or the JSON gives, to one TEXT column and back.
///
/// JSON (pinned): {"every": "day"} | {"weekdays": ["mon", "wed", "fri"]} |
/// {"every": "week", "times": 3} | {"every": "month", "times": 10}.
/// Storage: "day" | "weekdays:mon,wed,fri" | "week:3" | "month:10", one spelling per schedule.
extension HabitSchedule {
    /// Exactly one of `every` (with `times` for "week" and "month") and `weekdays`.
    /// Both or neither, or `times` beside weekdays: `.scheduleKind`.
    public init(every: String?, times: Int?, weekdays: [String]?) throws(HabitError) {
        switch (every, weekdays) {
        case (let every?, nil):
            self = try HabitSchedule.every(every, times: times)
        case (nil, let names?):
            guard times == nil else { throw .scheduleKind }
            self = try HabitSchedule.weekdays(named: names)
        default:
            throw .scheduleKind
        }
    }

    /// "day" (`times` absent or 1), "week" with 1…7 times, "month" with 1…31 times.
    /// Another word: `.scheduleKind`; a missing or out-of-range count:
    /// `.scheduleWeekTimes` / `.scheduleMonthTimes`.
    public static func every(_ every: String, times: Int?) throws(HabitError) -> HabitSchedule {
        switch every {
        case HabitScheduleConstants.everyDay:
            guard times == nil || times == 1 else { throw .scheduleKind }
            return .daily
        case HabitScheduleConstants.everyWeek:
            guard let times, HabitScheduleConstants.timesPerWeek.contains(times) else { throw .scheduleWeekTimes }
            return .perWeek(times)
        case HabitScheduleConstants.everyMonth:
            guard let times, HabitScheduleConstants.timesPerMonth.contains(times) else { throw .scheduleMonthTimes }
            return .perMonth(times)
        default:
            throw .scheduleKind
        }
    }

    /// Chosen weekdays by name, in any order: exactly "mon" … "sun" (lowercase, as the
    /// export writes them), each at most once, at least one. Anything else:
    /// `.scheduleWeekdays`.
    public static func weekdays(named names: some Sequence<String>) throws(HabitError) -> HabitSchedule {
        var days = Set<Weekday>()
        for name in names {
            guard let day = HabitSchedule.weekday(named: name), days.insert(day).inserted else { throw .scheduleWeekdays }
        }
        guard !days.isEmpty else { throw .scheduleWeekdays }
        return .weekdays(days)
    }

    /// The weekday called `name` ("mon" … "sun"), if it is one.
    public static func weekday(named name: String) -> Weekday? {
        HabitScheduleConstants.weekdayNames.firstIndex(of: name).flatMap { Weekday(isoNumber: $0 + 1) }
    }

    /// "mon" … "sun".
    public static func name(of weekday: Weekday) -> String {
        HabitScheduleConstants.weekdayNames[weekday.isoNumber - 1]
    }

    /// The JSON's "every": "day", "week", "month"; nil for a weekday schedule.
    public var every: String? {
        switch self {
        case .daily: HabitScheduleConstants.everyDay
        case .weekdays: nil
        case .perWeek: HabitScheduleConstants.everyWeek
        case .perMonth: HabitScheduleConstants.everyMonth
        }
    }

    /// The JSON's "times" for week and month habits; nil otherwise.
    public var times: Int? {
        switch self {
        case .daily, .weekdays: nil
        case .perWeek, .perMonth: requiredTimes
        }
    }

    /// The JSON's "weekdays", Monday first; nil unless a weekday schedule.
    public var weekdayNames: [String]? {
        guard case .weekdays(let days) = self else { return nil }
        return days.sorted().map(HabitSchedule.name(of:))
    }

    /// The one TEXT column: "day", "weekdays:mon,wed,fri" (Monday first), "week:3", "month:10".
    public var storage: String {
        switch self {
        case .daily: HabitScheduleConstants.everyDay
        case .weekdays: HabitScheduleConstants.weekdaysPrefix + ":" + (weekdayNames ?? []).joined(separator: ",")
        case .perWeek: HabitScheduleConstants.everyWeek + ":" + String(requiredTimes)
        case .perMonth: HabitScheduleConstants.everyMonth + ":" + String(requiredTimes)
        }
    }

    /// Reads `storage` back; nil for anything that is not exactly what `storage` writes
    /// (other spellings, "week:03", "week:+3", weekdays out of order or repeated, counts
    /// out of range, an empty weekday list), so a damaged column is noticed, not guessed.
    public init?(storage text: String) {
        let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        let schedule: HabitSchedule?
        switch (parts.first.map(String.init), parts.count) {
        case (HabitScheduleConstants.everyDay, 1):
            schedule = .daily
        case (HabitScheduleConstants.weekdaysPrefix, 2):
            schedule = try? HabitSchedule.weekdays(named: parts[1].split(separator: ",", omittingEmptySubsequences: false).map(String.init))
        case (let every?, 2) where every != HabitScheduleConstants.everyDay:
            schedule = Int(parts[1]).flatMap { try? HabitSchedule.every(every, times: $0) }
        default:
            schedule = nil
        }
        guard let schedule, schedule.storage == text else { return nil }
        self = schedule
    }
}
