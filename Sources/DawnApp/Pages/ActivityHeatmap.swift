import Domain
import MemberData
import Store
import TimeZones

/// The year heatmap of `/stats?g=year`: every day of the year in its week's column, each
/// active day's figure — its notes plus its habit logs, so a day is drawn (level 1–4)
/// exactly when it is active (`MemberActivity`'s rule; an entry alone does not count) —
/// and its level among the year's active days (`HeatmapLevels`). One range of
/// `day_summaries`, a year long, whatever the member's age. No HTML, no wording.
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

    init(_ connection: Connection, year: Int, firstWeekday: Weekday) throws {
        let layout = HeatmapLayout.year(year, firstWeekday: firstWeekday)
        var figures: [LocalDate: (notes: Int, logs: Int)] = [:]
        for row in try MemberActivity.activeDayFigures(connection, from: layout.first, to: layout.last) {
            figures[row.day] = (row.notes, row.logs)
        }
        let levels = HeatmapLevels(figures: figures.values.map { $0.notes + $0.logs })
        self.layout = layout
        self.levels = levels
        days = layout.cells.map { cell in
            let figure = figures[cell.date] ?? (0, 0)
            return Day(date: cell.date, notes: figure.notes, logs: figure.logs, level: levels.level(of: figure.notes + figure.logs))
        }
    }
}
