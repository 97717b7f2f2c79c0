import TimeZones

/// The rules of the day page's checklist: which habits it lists on a day, what one tap on
/// an item does, and the week or month a week or month habit's progress counts.
///
/// Amounts are in thousandths of the habit's unit, as stored, so sums stay exact.
public enum HabitCheckOff {
    /// What one tap (one submit) on an item does.
    public enum Tap: Equatable, Sendable {
        /// Logs a check-off: untimed, with this amount (nil for a habit without a target).
        case markDone(amountMilli: Int64?)
        /// Removes the day's check-offs (its timed logs stay on the timeline).
        case undo
        /// Nothing a check-off can change: done (or over an "at most" target) through
        /// timed logs only; the item shows its state and leads to the timeline.
        case none
    }

    /// A habit's daily target as stored: thousandths, at least or at most.
    public struct Target: Equatable, Sendable {
        public let milli: Int64
        public let kind: HabitTarget.Kind

        public init(milli: Int64, kind: HabitTarget.Kind) {
            self.milli = milli
            self.kind = kind
        }

        /// Whether a day's total, in thousandths, meets the target: at least or at most
        /// `milli`, exactly (sums of thousandths are exact). The SQL of `habit_days.done`
        /// states the same (`SummarySchema.doneExpression`).
        public func isMet(byMilli total: Int64) -> Bool {
            switch kind {
            case .atLeast: total >= milli
            case .atMost: total <= milli
            }
        }
    }

    /// Whether the checklist lists a habit (not archived: the caller's part) on `day`:
    /// scheduled that day and not paused then. Week and month habits can be done on any
    /// day of their week or month, so they are listed every day, with their progress.
    public static func isDue(_ schedule: HabitSchedule, pausedFrom: LocalDate?, on day: LocalDate) -> Bool {
        if let pausedFrom, pausedFrom <= day { return false }
        return schedule.isScheduled(day)
    }

    /// The week (from `firstWeekday`) or calendar month holding `day` for a week or month
    /// habit, whose done days its progress counts; nil for daily and weekday habits.
    public static func unitDays(_ schedule: HabitSchedule, containing day: LocalDate,
                                firstWeekday: Weekday) -> ClosedRange<LocalDate>? {
        switch schedule {
        case .daily, .weekdays:
            return nil
        case .perWeek:
            let start = Period.weekStart(of: day, firstWeekday: firstWeekday)
            return start...start.adding(days: PeriodConstants.daysPerWeek - 1)
        case .perMonth:
            let first = day.firstOfMonth
            return first...first.adding(days: first.daysInMonth - 1)
        }
    }

    /// What a tap does, given the day's state: `done` (logged, and the day's total meets
    /// the target), how many check-offs the day has, the target and the day's total.
    ///
    /// - Not done: a check-off that makes it done. Without a target, an amount-less one;
    ///   "at least", the amount still missing; "at most", 0 (a day with a log and nothing
    ///   over the target is done). Over an "at most" target nothing added helps: then the
    ///   tap undoes the day's check-offs, if it has any.
    /// - Done: the tap undoes the day's check-offs; done through timed logs alone, nothing.
    public static func tap(done: Bool, checkOffs: Int, target: Target?, totalMilli: Int64) -> Tap {
        if done { return checkOffs > 0 ? .undo : .none }
        guard let target else { return .markDone(amountMilli: nil) }
        switch target.kind {
        case .atLeast: return .markDone(amountMilli: max(target.milli - totalMilli, 0))
        case .atMost: return target.isMet(byMilli: totalMilli) ? .markDone(amountMilli: 0) : checkOffs > 0 ? .undo : .none
        }
    }
}
