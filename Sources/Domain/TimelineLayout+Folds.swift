extension TimelineLayout {
    /// The compact timeline: which whole hours show open, and the hours before and after
    /// them that fold into one row each.
    ///
    /// All in timeline hours and minutes, counted from the member's day-start hour.
    /// - With logs: from the hour holding the first block's top to the hour after the last
    ///   block's bottom (a bottom on the hour ends there: a day logged 07:30–17:00 shows
    ///   07:00–17:00). Blocks are taken as drawn (`place(_:minimumMinutes:)`), so a short
    ///   block's 30-minute minimum counts.
    /// - Without logs, on today: two hours either side of now, out to whole hours.
    /// - Without logs, any other day: 06:00–22:00 on the wall clock.
    /// "Now" never widens the shown hours on a day with logs: it is marked where it falls,
    /// inside a fold if it falls there.
    public struct Folds: Hashable, Sendable {
        /// Timeline hours shown open, within 0…24 and never empty.
        public let shown: Range<Int>
        /// Now, in timeline minutes, on today only.
        public let nowMinute: Int?

        public init(shown: Range<Int>, nowMinute: Int?) {
            self.shown = shown
            self.nowMinute = nowMinute
        }

        /// The folded hours before the shown ones; empty when the shown hours start the day.
        public var before: Range<Int> { 0..<shown.lowerBound }
        /// The folded hours after the shown ones; empty when the shown hours end the day.
        public var after: Range<Int> { shown.upperBound..<TimelineConstants.hoursPerDay }

        /// Where now falls.
        public enum Part: Hashable, Sendable { case before, shown, after }

        /// Which part holds now, or nil on a day other than today.
        public var nowPart: Part? {
            guard let nowMinute else { return nil }
            let hour = nowMinute / 60
            return hour < shown.lowerBound ? .before : hour < shown.upperBound ? .shown : .after
        }
    }

    /// The folds for a day's blocks (as `place` drew them) and, on today, now.
    /// `dayStartHour` places the 06:00–22:00 default on the timeline.
    public static func folds(_ placements: [Placement], nowMinute: Int?, dayStartHour: Int) -> Folds {
        let hours = TimelineConstants.hoursPerDay
        let dayMinutes = TimelineConstants.dayMinutes
        let now = nowMinute.map { min(max($0, 0), dayMinutes - 1) }
        let shown: Range<Int>
        if let top = placements.map(\.top).min(), let bottom = placements.map({ $0.top + $0.height }).max() {
            let first = min(max(top, 0), dayMinutes - 1) / 60
            shown = first..<max(first + 1, min((min(bottom, dayMinutes) + 59) / 60, hours))
        } else if let now {
            let first = max(now - TimelineConstants.emptyTodayMinutesAroundNow, 0) / 60
            shown = first..<min((now + TimelineConstants.emptyTodayMinutesAroundNow + 59) / 60, hours)
        } else {
            let defaults = TimelineConstants.emptyDayWallHours
            let first = min(max(defaults.lowerBound - dayStartHour, 0), hours - 1)
            shown = first..<min(max(defaults.upperBound - dayStartHour, first + 1), hours)
        }
        return Folds(shown: shown, nowMinute: now)
    }
}
