import TimeZones

/// Where each day of a heatmap sits: one column per week starting on the member's first
/// weekday, one row per weekday (row 0 = the first weekday), from `first` to `last`.
/// Days of the first and last columns outside `first…last` have no cell.
///
/// A calendar year (`year(_:firstWeekday:)`) spans 53 columns, or 54 when a leap year begins
/// on the week's last day (2028 with weeks from Sunday: 1 January alone in the first column,
/// 31 December alone in the last). A habit's heatmap (`weeks(endingWith:firstWeekday:)`) is
/// always 53 whole weeks, the last one holding `today`.
public struct HeatmapLayout: Sendable, Hashable {
    public struct Cell: Sendable, Hashable {
        public let date: LocalDate
        /// The column, 0 for the oldest week.
        public let week: Int
        /// The row, 0 for the member's first weekday.
        public let row: Int
    }

    /// The first and last day drawn.
    public let first: LocalDate
    public let last: LocalDate
    public let firstWeekday: Weekday
    public let weekCount: Int
    /// Every day of `first…last`, in order.
    public let cells: [Cell]
    /// The rows' weekdays, top to bottom.
    public let weekdayOrder: [Weekday]

    public init(from first: LocalDate, through last: LocalDate, firstWeekday: Weekday) {
        precondition(first <= last, "a heatmap runs forwards")
        let start = Period.weekStart(of: first, firstWeekday: firstWeekday)
        let daysPerWeek = PeriodConstants.daysPerWeek
        self.first = first
        self.last = last
        self.firstWeekday = firstWeekday
        weekCount = start.days(to: last) / daysPerWeek + 1
        let lead = start.days(to: first)
        cells = (0...first.days(to: last)).map { offset in
            let index = lead + offset
            return Cell(date: first.adding(days: offset), week: index / daysPerWeek, row: index % daysPerWeek)
        }
        weekdayOrder = MonthCalendar.weekdayOrder(firstWeekday: firstWeekday)
    }

    /// 1 January to 31 December of `year`.
    public static func year(_ year: Int, firstWeekday: Weekday) -> HeatmapLayout {
        let january = LocalDate(year: year, month: 1, day: 1)!
        return HeatmapLayout(from: january, through: LocalDate(year: year, month: 12, day: 31)!, firstWeekday: firstWeekday)
    }

    /// `HeatmapConstants.habitWeeks` whole weeks, the last one holding `today`.
    public static func weeks(endingWith today: LocalDate, firstWeekday: Weekday) -> HeatmapLayout {
        let thisWeek = Period(containing: today, granularity: .week, firstWeekday: firstWeekday)
        let daysPerWeek = PeriodConstants.daysPerWeek
        return HeatmapLayout(from: thisWeek.first.adding(days: -daysPerWeek * (HeatmapConstants.habitWeeks - 1)),
                             through: thisWeek.last, firstWeekday: firstWeekday)
    }

    /// The months whose 1st is drawn, each with the column holding it (where its label goes):
    /// a month begun before `first` has no label, so two labels are always 4 or more columns apart.
    public var monthStarts: [(week: Int, month: LocalDate)] {
        cells.compactMap { $0.date.day == 1 ? ($0.week, $0.date) : nil }
    }
}
