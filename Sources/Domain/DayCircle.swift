import TimeZones

/// What state one date circle of the row or the grid is in, and what a screen reader
/// should hear about it. How each state looks (sizes, colours) is drawn in one place,
/// the stylesheet (`Public/app.css`, "Date circles"), from the classes `stateClass`
/// gives; the browser tests check its computed sizes and colours.
///
/// States compose in order: the kind (past, today, future), then vacation (a day of one
/// of the member's vacations: its own base, on past, today and future days alike), then
/// selected (the blue ring replaces today's grey), then entry (the dark disc, light
/// number, no dot). The activity dot shows on past days and today only, and never over
/// an entry.
public struct DayCircle: Sendable, Hashable {
    public let date: LocalDate
    public let kind: Kind
    public let isSelected: Bool
    public let hasEntry: Bool
    /// A habit was logged or a note written that day.
    public let isActive: Bool
    /// The day is within one of the member's vacations: it neither counts nor breaks a streak.
    public let isOnVacation: Bool
    /// The activity dot shows.
    public let showsDot: Bool
    /// Today always shows its number; other days when the member turned on grid dates.
    public let showsNumber: Bool

    public init(date: LocalDate, today: LocalDate, selected: Bool, hasEntry: Bool, isActive: Bool, showDate: Bool,
                onVacation: Bool = false) {
        self.date = date
        isOnVacation = onVacation
        self.isSelected = selected
        self.hasEntry = hasEntry
        self.isActive = isActive
        let kind: Kind = date < today ? .past : (date == today ? .today : .future)
        self.kind = kind
        showsDot = isActive && !hasEntry && kind != .future
        showsNumber = kind == .today || showDate
    }

    public var isPast: Bool { kind == .past }
    public var isToday: Bool { kind == .today }
    public var isFuture: Bool { kind == .future }
    public var weekday: Weekday { date.weekday }
    /// 1...31, the number a circle shows.
    public var dayNumber: Int { date.day }

    /// CSS classes, in composition order: the kind, then "vacation", "selected", "entry",
    /// and "active" when the dot shows. E.g. ["past"], ["today", "selected", "entry"],
    /// ["future", "vacation"].
    public var stateClass: [String] {
        var classes = [kind.rawValue]
        if isOnVacation { classes.append(DayCircleConstants.vacationClass) }
        if isSelected { classes.append(DayCircleConstants.selectedClass) }
        if hasEntry { classes.append(DayCircleConstants.entryClass) }
        if showsDot { classes.append(DayCircleConstants.activeClass) }
        return classes
    }
}
