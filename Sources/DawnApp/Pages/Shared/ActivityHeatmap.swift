import Domain
import MemberData
import TimeZones

/// The year heatmap of `/stats?g=year`: every day of the year in its week's column, each
/// active day's figure — its notes plus its habit logs, so a day is drawn (level 1–4)
/// exactly when it is active (`MemberActivity`'s rule; an entry alone does not count) —
/// and its level among the year's active days (`HeatmapLevels`). From the year's rows of
/// `day_summaries` (`MemberActivity.activeDayFigures`, which the page reads once for this and
/// its chart), whatever the member's age. No HTML, no wording.
struct ActivityHeatmap {
    struct Day: Equatable {
        let date: LocalDate
        let notes: Int
        let logs: Int
        let level: Int

        var figure: Int { notes + logs }
    }

    let layout: HeatmapLayout
    let levels: HeatmapLevels
    /// One per cell of `layout`, in order.
    let days: [Day]

    /// `active`: the year's active days, as `MemberActivity.activeDayFigures` reads them.
    init(year: Int, firstWeekday: Weekday, active: [(day: LocalDate, notes: Int, logs: Int, minutes: Int)]) {
        let layout = HeatmapLayout.year(year, firstWeekday: firstWeekday)
        var figures = Array(repeating: (notes: 0, logs: 0), count: layout.cells.count)
        for row in active {
            let index = layout.first.days(to: row.day)
            if figures.indices.contains(index) { figures[index] = (row.notes, row.logs) }
        }
        let levels = HeatmapLevels(figures: figures.lazy.map { $0.notes + $0.logs })
        self.layout = layout
        self.levels = levels
        days = zip(layout.cells, figures).map { cell, figure in
            Day(date: cell.date, notes: figure.notes, logs: figure.logs, level: levels.level(of: figure.notes + figure.logs))
        }
    }
}
