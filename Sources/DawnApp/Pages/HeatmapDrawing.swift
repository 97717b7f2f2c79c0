import Domain
import Localization
import Templates
import TimeZones

/// A year heatmap as SVG geometry for `Views/partials/heatmap.html`, shared by the statistics
/// page and the habit page: one square per day in its week's column (`HeatmapLayout`), its
/// level's class, its `<title>` (the ISO date and the day's figure, in words), and a link to
/// its day page when that page exists (not in the future, within `DayNavigation`'s range).
/// Month names above the columns, every other weekday beside the rows. Colours come from
/// classes in `Public/heatmap.css` (`hm-l0`…`hm-l4`, and the habit's own states): the CSP
/// allows no inline style.
enum HeatmapDrawing {
    /// The heatmaps' stylesheet (`Public/`), linked by the pages that draw one.
    static let stylesheet = "heatmap.css"

    /// What a page says about one day.
    struct Day {
        /// 0…4 (`HeatmapLevels`).
        let level: Int
        /// A state of its own (a habit's skipped, away or unscheduled day), drawn as `hm-<state>`.
        var state: String? = nil
        /// "2026-03-04: 3 logs"; nil for a day with nothing to say (the future).
        let title: String?
    }

    /// - Parameters:
    ///   - days: what to draw for each of `layout.cells`, in their order.
    ///   - label: the scrolling region's accessible name.
    ///   - recentFirst: on a screen narrower than the heatmap, show its newest weeks first (the
    ///     region scrolled to its end by CSS alone: `heatmap-recent`), for one that ends this week.
    static func value(_ layout: HeatmapLayout, days: [Day], today: LocalDate, label: String,
                      recentFirst: Bool = false, language: Language) -> TemplateValue {
        precondition(days.count == layout.cells.count, "one day for each cell")
        let size = HeatmapConstants.cellSize, pitch = size + HeatmapConstants.cellGap
        let left = HeatmapConstants.labelWidth, top = HeatmapConstants.labelHeight
        let pages = DayNavigation.range(today: today)
        let cells = zip(layout.cells, days).map { cell, drawn -> TemplateValue in
            let future = cell.date > today
            var classes = "hm-l\(drawn.level)"
            if let state = drawn.state { classes += " hm-\(state)" }
            if future { classes += " hm-future" }
            let linked = !future && pages.contains(cell.date)
            return [
                "x": .int(left + cell.week * pitch), "y": .int(top + cell.row * pitch), "class": .string(classes),
                "title": drawn.title.map(TemplateValue.string) ?? .null,
                "href": linked ? .string(Paths.day(cell.date)) : .null,
            ]
        }
        // Rows 0, 2, 4 and 6 are named (as GitHub's graph names every other row), each on its row's middle.
        let weekdays = stride(from: 0, to: PeriodConstants.daysPerWeek, by: 2).map { row -> TemplateValue in
            ["y": .int(top + row * pitch + size - 1), "label": .string(LocalizedDate.weekdayShort(layout.weekdayOrder[row], language))]
        }
        let months = layout.monthStarts.map { start -> TemplateValue in
            ["x": .int(left + start.week * pitch), "label": .string(LocalizedDate.monthShort(start.month.month, language))]
        }
        return [
            "label": .string(label), "recentFirst": .bool(recentFirst),
            "width": .int(left + layout.weekCount * pitch - HeatmapConstants.cellGap),
            "height": .int(top + PeriodConstants.daysPerWeek * pitch - HeatmapConstants.cellGap),
            "size": .int(size), "radius": .int(HeatmapConstants.cellRadius), "monthY": .int(top - 5),
            "cells": .list(cells), "weekdays": .list(weekdays), "months": .list(months),
            "levels": .list((0...HeatmapConstants.levelCount).map { .string("hm-l\($0)") }),
        ]
    }
}
