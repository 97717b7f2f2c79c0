import Domain
import MemberData
import Store
import TimeZones

extension HabitPage {
    /// What a habit's own page (`/habits/{id}`) shows: its plan, its streaks in its own
    /// units and strength (`HabitProgress`), what was done in each of the last weeks and
    /// months, its last twelve weeks day by day and its last 53 weeks as a heatmap. No HTML and
    /// no wording. Reads 53 weeks of the habit's days at most, whatever its age.
    struct Model {
        /// A day of the history grid.
        enum DayState: String, Equatable {
            /// Done (its target met, if it has one).
            case done
            /// Logged, but short of (or over) the target.
            case partial
            /// Skipped that day.
            case skipped
            /// On vacation, paused, or a day the member's zone skipped: neither counts nor breaks.
            case away
            /// Not a scheduled day (weekday habits).
            case off
            /// Due, not done.
            case missed
            /// After today.
            case future
        }

        struct Day: Equatable {
            let date: LocalDate
            let state: DayState
        }

        /// A day of the heatmap: its state, its logs and amount (thousandths), and its level
        /// (`HeatmapLevels` over the 53 weeks' figures: the amount for a habit with a target,
        /// otherwise the logs).
        struct HeatmapDay: Equatable {
            let date: LocalDate
            let state: DayState
            let logs: Int
            let amountMilli: Int
            let level: Int
        }

        /// A week or a month: the days done and the logs in it.
        struct Count: Equatable {
            let period: Period
            let done: Int
            let logs: Int
        }

        static let weeksShown = 12
        static let monthsShown = 12

        let habit: Habits.Habit
        let schedule: HabitSchedule
        let target: HabitTarget?
        let progress: HabitProgress
        /// Newest first, the current one included.
        let weeks: [Count]
        let months: [Count]
        /// Twelve whole weeks from the member's first weekday, oldest first, ending with this week.
        let history: [Day]
        /// The last 53 weeks (`HeatmapLayout.weeks`), one day per cell.
        let heatmapLayout: HeatmapLayout
        let heatmap: [HeatmapDay]
        let today: LocalDate

        /// 404 when the member has no such habit.
        init(_ member: MemberContext, id: Int64) throws {
            guard let habit = try member.habits.habit(id) else { throw PageError(.notFound, key: "habits.error.not_found") }
            let today = member.today, firstWeekday = member.settings.firstWeekday
            self.habit = habit
            self.today = today
            schedule = habit.schedule
            target = habit.targetMilli.flatMap {
                try? HabitTarget(amount: Double($0) / 1000, unit: habit.targetUnit, kind: habit.targetKind)
            }
            let thisWeek = Period(containing: today, granularity: .week, firstWeekday: firstWeekday)
            let thisMonth = Period(containing: today, granularity: .month, firstWeekday: firstWeekday)
            let weekPeriods = Self.periods(from: thisWeek, count: Self.weeksShown, firstWeekday: firstWeekday)
            let monthPeriods = Self.periods(from: thisMonth, count: Self.monthsShown, firstWeekday: firstWeekday)
            let layout = HeatmapLayout.weeks(endingWith: today, firstWeekday: firstWeekday)
            let from = min(layout.first, monthPeriods.last!.first)
            let (progress, days, bridged, skips) = try member.database.read { connection in
                let memberBridged = try member.bridgedDays(connection)
                let progress = try HabitProgress(connection, habit: habit, memberBridged: memberBridged,
                                                 firstWeekday: firstWeekday, today: today)
                var days: [LocalDate: (logs: Int, done: Bool, amountMilli: Int)] = [:]
                for row in try connection.query("""
                    SELECT day, logs, done, amount_milli FROM habit_days WHERE habit_id = ? AND day BETWEEN ? AND ?
                    """, [.integer(id), .text(from.description), .text(thisWeek.last.description)]) {
                    if let day = LocalDate(iso: row.string(0)) { days[day] = (row.int(1), row.int(2) != 0, row.int(3)) }
                }
                let skips = try connection.query("SELECT day FROM habit_skips WHERE habit_id = ? AND day >= ?",
                                                 [.integer(id), .text(from.description)])
                    .compactMap { LocalDate(iso: $0.string(0)) }
                let bridged = try HabitProgress.bridged(connection, habit: habit, memberBridged: memberBridged, today: today)
                return (progress, days, bridged, Set(skips))
            }
            self.progress = progress
            func count(_ period: Period) -> Count {
                let inside = days.filter { period.contains($0.key) && $0.key <= today }
                return Count(period: period, done: inside.count { $0.value.done }, logs: inside.reduce(0) { $0 + $1.value.logs })
            }
            weeks = weekPeriods.map(count)
            months = monthPeriods.map(count)
            // Each day as the schedule and target in force on it decide it (`HabitRule`).
            func figure(_ date: LocalDate) -> Int {
                guard let logged = days[date], date <= today else { return 0 }
                return habit.ruled(on: date).targetMilli != nil ? logged.amountMilli : logged.logs
            }
            let levels = HeatmapLevels(figures: layout.cells.map { figure($0.date) })
            heatmapLayout = layout
            heatmap = layout.cells.map { cell in
                let date = cell.date
                let logged = days[date]
                let state: DayState = if date > today { .future }
                    else if logged?.done == true { .done }
                    else if skips.contains(date) { .skipped }
                    else if bridged.contains(date) { .away }
                    else if !habit.ruled(on: date).schedule.isScheduled(date) { .off }
                    else if logged != nil { .partial }
                    else { .missed }
                return HeatmapDay(date: date, state: state, logs: logged?.logs ?? 0, amountMilli: logged?.amountMilli ?? 0,
                                  level: levels.level(of: figure(date)))
            }
            history = heatmap.suffix(Self.weeksShown * PeriodConstants.daysPerWeek).map { Day(date: $0.date, state: $0.state) }
        }

        /// `count` periods ending with `last`, newest first.
        private static func periods(from last: Period, count: Int, firstWeekday: Weekday) -> [Period] {
            var periods = [last]
            while periods.count < count {
                periods.append(Period(containing: periods.last!.first.adding(days: -1), granularity: last.granularity,
                                      firstWeekday: firstWeekday))
            }
            return periods
        }
    }
}
