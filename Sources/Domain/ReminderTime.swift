/// A reminder's time of day, "HH:MM" on the member's wall clock (24-hour).
public struct ReminderTime: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Minutes after local midnight, 0…1439.
    public let minuteOfDay: Int

    public init?(minuteOfDay: Int) {
        guard (0..<ReminderConstants.minutesPerDay).contains(minuteOfDay) else { return nil }
        self.minuteOfDay = minuteOfDay
    }

    /// "07:30", "7:30", "19:00": an hour 0…23 in one or two digits, a colon, minutes in two
    /// digits. Nothing else ("7.30", "25:00", "7:5", "abc", " 07:30" untrimmed).
    public init?(_ text: some StringProtocol) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
              parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let hour = Int(parts[0]), let minute = Int(parts[1]), hour < 24, minute < 60 else { return nil }
        minuteOfDay = hour * 60 + minute
    }

    public var hour: Int { minuteOfDay / 60 }
    public var minute: Int { minuteOfDay % 60 }

    /// Always "HH:MM", as stored and exported.
    public var description: String {
        (hour < 10 ? "0" : "") + String(hour) + ":" + (minute < 10 ? "0" : "") + String(minute)
    }

    public static func < (lhs: ReminderTime, rhs: ReminderTime) -> Bool { lhs.minuteOfDay < rhs.minuteOfDay }

    /// A habit's reminders from a list of times (the form's "07:30, 19:00", split on commas
    /// and whitespace; the JSON's array): sorted, duplicates folded. Throws
    /// `HabitError.reminderTime` for any malformed time and `.reminderCount` for more than
    /// `ReminderConstants.maxPerHabit` distinct times.
    public static func list(_ texts: some Sequence<some StringProtocol>) throws(HabitError) -> [ReminderTime] {
        var times: Set<ReminderTime> = []
        for text in texts {
            guard let time = ReminderTime(text) else { throw .reminderTime }
            times.insert(time)
        }
        guard times.count <= ReminderConstants.maxPerHabit else { throw .reminderCount }
        return times.sorted()
    }

    /// The form's one text field: times separated by commas, spaces or both; empty is none.
    public static func list(parsing field: String) throws(HabitError) -> [ReminderTime] {
        try list(field.split(whereSeparator: { $0 == "," || $0.isWhitespace }))
    }

    /// The stored form, "07:30,19:00" ("" for none).
    public static func storage(_ times: [ReminderTime]) -> String {
        times.map(\.description).joined(separator: ",")
    }

    /// Reads the stored form; a time that does not parse (no write path stores one) is left out.
    public static func list(storage: String) -> [ReminderTime] {
        Array(Set(storage.split(separator: ",").compactMap { ReminderTime($0) })).sorted()
    }
}
