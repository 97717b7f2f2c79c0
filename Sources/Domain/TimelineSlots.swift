import TimeZones

/// The day timeline: 96 slots of 15 minutes from the member's day-start hour to the
/// same hour the next day. Positions are "minutes", wall-clock minutes from the start.
///
/// The timeline is wall-clock time, not elapsed time. On a day the clocks change it
/// still shows 24 hours: the hour skipped in spring keeps its slots (a block may be
/// placed there; it is a wall-clock label), and the hour repeated in autumn appears
/// once, so instances at both 02:30s land in the same place and sit side by side.
/// A block is placed by its wall-clock start.
public struct TimelineSlots: Hashable, Sendable {
    /// 0…6; see `MemberDayConstants.dayStartHours`.
    public let dayStartHour: Int

    /// A `dayStartHour` outside `MemberDayConstants.dayStartHours` is clamped into it,
    /// as `MemberDay` does, so a bad stored setting cannot take the page down.
    public init(dayStartHour: Int) {
        let hours = MemberDayConstants.dayStartHours
        self.dayStartHour = min(max(dayStartHour, hours.lowerBound), hours.upperBound)
    }

    /// The slot holding `minute`, or nil outside the day (0..<1440).
    public static func slot(forMinute minute: Int) -> Int? {
        guard (0..<TimelineConstants.dayMinutes).contains(minute) else { return nil }
        return minute / TimelineConstants.slotMinutes
    }

    /// The first minute of `slot`.
    public static func minute(forSlot slot: Int) -> Int {
        slot * TimelineConstants.slotMinutes
    }

    /// The first slot at or after `minute` (rounded up to a slot boundary; negative
    /// counts as 0) whose 15 minutes overlap no instance, or nil when the rest of
    /// the day is full. Instances are half-open [start, start + duration): a block
    /// ending at 10:00 leaves the 10:00 slot free. Empty instances block nothing.
    public static func nextFreeSlot(
        instances: [(startMinute: Int, durationMinutes: Int)], notBefore minute: Int
    ) -> Int? {
        let slotMinutes = TimelineConstants.slotMinutes
        let first = max(0, minute).habitCeilingDivision(by: slotMinutes)
        guard first < TimelineConstants.slotsPerDay else { return nil }
        let busy = instances.filter { $0.durationMinutes > 0 }
        return (first..<TimelineConstants.slotsPerDay).first { slot in
            let start = slot * slotMinutes
            let end = start + slotMinutes
            return !busy.contains { $0.startMinute < end && start < $0.startMinute + $0.durationMinutes }
        }
    }

    /// "HH:MM" on the wall clock for the start of `slot`: with start hour 4, slot 0
    /// is "04:00" and slot 95 "03:45". Slots past the end wrap around the clock.
    public func label(for slot: Int) -> String {
        label(forMinute: Self.minute(forSlot: slot))
    }

    /// "HH:MM" on the wall clock `minute` minutes after the start hour (wrapping
    /// around the clock, so the day's end, 1440, reads as the start hour again).
    public func label(forMinute minute: Int) -> String {
        let clock = (dayStartHour * 60 + minute).habitFlooredModulo(TimelineConstants.dayMinutes)
        return Self.twoDigits(clock / 60) + ":" + Self.twoDigits(clock % 60)
    }

    /// The timeline minute of a wall-clock "HH:MM" (as `<input type="time">` sends
    /// it: exactly two digits, a colon, two digits), or nil. Times before the start
    /// hour belong to the end of the day: with start hour 4, "02:00" is 1320.
    public func minute(forLabel label: String) -> Int? {
        let bytes = Array(label.utf8)
        guard bytes.count == 5, bytes[2] == UInt8(ascii: ":"),
            let hour = Self.twoDigitValue(bytes[0], bytes[1]),
            let minuteOfHour = Self.twoDigitValue(bytes[3], bytes[4])
        else { return nil }
        return self.minute(wallClockHour: hour, minute: minuteOfHour)
    }

    /// The timeline minute of a wall-clock time of day (hour 0…23, minute 0…59), or nil.
    public func minute(wallClockHour hour: Int, minute: Int) -> Int? {
        guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
        return (hour * 60 + minute - dayStartHour * 60).habitFlooredModulo(TimelineConstants.dayMinutes)
    }

    /// The timeline minute of a stored start: stored starts are wall-clock minutes of the
    /// day (0 = midnight), so they keep their meaning when the day-start hour changes.
    public func minute(storedWallMinute wallMinute: Int) -> Int {
        minute(wallClockHour: wallMinute / 60, minute: wallMinute % 60) ?? 0
    }

    /// The timeline minute of `wall` on the member day `memberDate` (seconds dropped),
    /// or nil when `wall` falls outside that day's timeline.
    public func minute(of wall: LocalDateTime, memberDate: LocalDate) -> Int? {
        let minute = memberDate.days(to: wall.date) * TimelineConstants.dayMinutes
            + wall.hour * 60 + wall.minute - dayStartHour * 60
        return (0..<TimelineConstants.dayMinutes).contains(minute) ? minute : nil
    }

    /// The wall-clock date and time `minute` minutes after the start hour of the member
    /// day `memberDate`; minutes past the day's end fall on the next date.
    public func wallClock(forMinute minute: Int, memberDate: LocalDate) -> LocalDateTime {
        let total = dayStartHour * 60 + minute
        let dayMinutes = TimelineConstants.dayMinutes
        let clock = total.habitFlooredModulo(dayMinutes)
        return LocalDateTime(date: memberDate.adding(days: (total - clock) / dayMinutes), secondsSinceMidnight: clock * 60)
    }

    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }

    private static func twoDigitValue(_ tens: UInt8, _ units: UInt8) -> Int? {
        let zero = UInt8(ascii: "0")
        guard (zero...zero + 9).contains(tens), (zero...zero + 9).contains(units) else { return nil }
        return Int(tens - zero) * 10 + Int(units - zero)
    }
}

extension Int {
    /// The remainder with the divisor's sign: -1 mod 1440 = 1439.
    fileprivate func habitFlooredModulo(_ divisor: Int) -> Int {
        let remainder = self % divisor
        return remainder < 0 ? remainder + divisor : remainder
    }

    /// For non-negative `self` and positive `divisor`.
    fileprivate func habitCeilingDivision(by divisor: Int) -> Int {
        (self + divisor - 1) / divisor
    }
}
