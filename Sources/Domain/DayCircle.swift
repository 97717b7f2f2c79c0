import TimeZones

/// How one date circle of the row or the grid looks, and what a screen
/// reader should say about it.
///
/// Composed in this order: the base style of the kind (past, today,
/// future), then the selected modifier (blue ring, replacing today's grey),
/// then the entry modifier (18 px dark disc, white text, no dot). The
/// activity dot shows on past days and today only.
public struct DayCircle: Sendable, Hashable {
    public let date: LocalDate
    public let kind: Kind
    public let isSelected: Bool
    public let hasEntry: Bool
    /// A habit was logged or a note written that day.
    public let isActive: Bool

    /// Diameter of the grey base disc: 18 for past days and today, 8 for future ones.
    public let baseSize: Int
    public let fill: Fill
    /// Diameter of the disc actually drawn: `baseSize`, or 18 with an entry
    /// (the 18 px entry disc is drawn over the base, even for a future day).
    public let fillSize: Int
    /// 22 with a ring, else 0.
    public let ringSize: Int
    /// 2 with a ring, else 0.
    public let ringWidth: Int
    public let ringColor: RingColor
    /// The 8 px dark activity dot.
    public let showsDot: Bool
    /// `DayCircleConstants.dotSize` when the dot shows, else 0.
    public let dotSize: Int
    /// Today always shows its number; other days when the member turned on grid dates.
    public let showsNumber: Bool
    public let textColor: TextColor

    public init(date: LocalDate, today: LocalDate, selected: Bool, hasEntry: Bool, isActive: Bool, showDate: Bool) {
        self.date = date
        self.isSelected = selected
        self.hasEntry = hasEntry
        self.isActive = isActive
        let kind: Kind = date < today ? .past : (date == today ? .today : .future)
        self.kind = kind

        // Base style.
        var baseSize = DayCircleConstants.baseSize
        var ringColor = RingColor.none
        var showsText = false
        var textColor = TextColor.primary
        var dotSize = DayCircleConstants.dotSize
        switch kind {
        case .past:
            break
        case .today:
            ringColor = .todayGrey
            showsText = true
        case .future:
            baseSize = DayCircleConstants.futureBaseSize
            textColor = .secondary
            dotSize = 0  // future days have no activity indicator
        }
        var fill = Fill.grey15
        var fillSize = baseSize

        // Selected modifier.
        if selected {
            ringColor = .selectedBlue
        }

        // Entry modifier.
        if hasEntry {
            fill = .entry
            fillSize = DayCircleConstants.entrySize
            textColor = .onEntry
            dotSize = 0
        }

        let hasRing = ringColor != .none
        self.baseSize = baseSize
        self.fill = fill
        self.fillSize = fillSize
        self.ringColor = ringColor
        self.ringSize = hasRing ? DayCircleConstants.ringSize : 0
        self.ringWidth = hasRing ? DayCircleConstants.ringWidth : 0
        self.showsDot = isActive && dotSize > 0
        self.dotSize = showsDot ? dotSize : 0
        self.showsNumber = showsText || showDate
        self.textColor = textColor
    }

    public var isPast: Bool { kind == .past }
    public var isToday: Bool { kind == .today }
    public var isFuture: Bool { kind == .future }
    public var weekday: Weekday { date.weekday }
    /// 1...31, the number a circle shows.
    public var dayNumber: Int { date.day }

    /// CSS classes, in composition order: the kind, then "selected", "entry",
    /// and "active" when the dot shows. E.g. ["past"], ["today", "selected", "entry"].
    public var stateClass: [String] {
        var classes = [kind.rawValue]
        if isSelected { classes.append(DayCircleConstants.selectedClass) }
        if hasEntry { classes.append(DayCircleConstants.entryClass) }
        if showsDot { classes.append(DayCircleConstants.activeClass) }
        return classes
    }
}
