import Domain
import Localization
import Templates
import TimeZones

/// A year heatmap as `Views/partials/heatmap.html` reads it (`HeatmapView`), shared by the statistics page and the
/// habit page: one square per day in its week's column (`HeatmapLayout`), its level's class,
/// its `<title>` (the ISO date and the day's figure in words: also the link's accessible name),
/// and a link to its day page when that page exists (not in the future, within
/// `DayNavigation`'s range). Month names above the columns, every other weekday beside the
/// rows. Colours come from classes in `Public/heatmap.css` (`hm-l0`…`hm-l4`, and the habit's
/// own states): the CSP allows no inline style.
///
/// The ~371 squares are written by `TrustedHTML.Builder` (literal markup, every value
/// escaped), not a template loop: a loop's per-square values and look-ups cost more than the
/// page's budget allows, and each square is as small as it can be (a `<use>` of one `<rect>`,
/// in its week's group), since the page's gzip time follows its bytes.
enum HeatmapDrawing {
    /// The heatmaps' stylesheet (`Public/`), linked by the pages that draw one.
    static let stylesheet = "heatmap.css"

    /// What a page says about one day.
    struct Day {
        /// 0…4 (`HeatmapLevels`).
        let level: Int
        /// A state of its own (a habit's skipped, away or unscheduled day), drawn as `hm-<state>`.
        var state: String? = nil
        /// "3 logs": the words of its title ("2026-03-04: 3 logs"); nil for a day with nothing
        /// to say (the future).
        let figure: String?
    }

    /// "2026-03-04: 2 logs, 1 note": the page's `heatmap.day` text, split once around its
    /// `{date}` and `{figure}`, so a year of titles is a year of appends.
    struct Titles {
        private enum Piece { case text(String), date, figure }
        private let pieces: [Piece]

        init(_ app: Dawn, _ page: PageRequest) {
            let date: Unicode.Scalar = "\u{1}", figure: Unicode.Scalar = "\u{2}"
            let marked = app.t("heatmap.day", page, ["date": String(date), "figure": String(figure)])
            var pieces: [Piece] = [], text = String.UnicodeScalarView()
            for scalar in marked.unicodeScalars {
                guard scalar == date || scalar == figure else {
                    text.append(scalar)
                    continue
                }
                if !text.isEmpty { pieces.append(.text(String(text))) }
                text = String.UnicodeScalarView()
                pieces.append(scalar == date ? .date : .figure)
            }
            if !text.isEmpty { pieces.append(.text(String(text))) }
            self.pieces = pieces
        }

        /// The title, escaped, into `builder`.
        func write(_ date: LocalDate, _ figure: String, into builder: inout TrustedHTML.Builder) {
            for piece in pieces {
                switch piece {
                case let .text(text): builder.text(text)
                case .date: HeatmapDrawing.write(date, into: &builder)
                case .figure: builder.text(figure)
                }
            }
        }
    }

    /// "2026-03-04" (as `LocalDate.description`) without making a string: a year of squares
    /// writes two dates each.
    static func write(_ date: LocalDate, into builder: inout TrustedHTML.Builder) {
        guard (1000...9999).contains(date.year) else { return builder.text(date.description) }
        builder.number(date.year)
        builder.markup(date.month < 10 ? "-0" : "-")
        builder.number(date.month)
        builder.markup(date.day < 10 ? "-0" : "-")
        builder.number(date.day)
    }

    /// - Parameters:
    ///   - days: what to draw for each of `layout.cells`, in their order.
    ///   - label: the scrolling region's accessible name.
    ///   - recentFirst: on a screen narrower than the heatmap, show its newest weeks first (the
    ///     region scrolled to its end by CSS alone: `heatmap-recent`), for one that ends this week.
    static func view(_ layout: HeatmapLayout, days: [Day], titles: Titles, today: LocalDate, label: String,
                     recentFirst: Bool = false, language: Language, paths: Paths) -> HeatmapView {
        precondition(days.count == layout.cells.count, "one day for each cell")
        let size = HeatmapConstants.cellSize, pitch = size + HeatmapConstants.cellGap
        let left = HeatmapConstants.labelWidth, top = HeatmapConstants.labelHeight
        let pages = DayNavigation.range(today: today)
        // About 90 bytes a square; each week a group placed once (`translate`), so a square
        // names only its row, and gzip (whose time follows the bytes) has less to read.
        var squares = TrustedHTML.Builder(capacity: layout.cells.count * 96)
        var week = -1
        for (cell, day) in zip(layout.cells, days) {
            if cell.week != week {
                if week >= 0 { squares.markup("</g>") }
                week = cell.week
                squares.markup("<g transform=\"translate(")
                squares.number(left + week * pitch)
                squares.markup(")\">")
            }
            let linked = cell.date <= today && pages.contains(cell.date)
            if linked {
                squares.markup("<a href=\"")
                squares.url(paths.dayPrefix)  // paths.day(cell.date), written in place
                write(cell.date, into: &squares)
                squares.markup("\">")
                if let figure = day.figure {
                    squares.markup("<title>")
                    titles.write(cell.date, figure, into: &squares)
                    squares.markup("</title>")
                }
            }
            squares.markup("<use href=\"#hm\" class=\"hm-l")
            squares.number(day.level)
            if let state = day.state {
                squares.markup(" hm-")
                squares.text(state)
            }
            if cell.date > today { squares.markup(" hm-future") }
            squares.markup("\" y=\"")
            squares.number(top + cell.row * pitch)
            if linked {
                squares.markup("\"/></a>")
            } else if let figure = day.figure {
                squares.markup("\"><title>")
                titles.write(cell.date, figure, into: &squares)
                squares.markup("</title></use>")
            } else {
                squares.markup("\"/>")
            }
        }
        if week >= 0 { squares.markup("</g>") }
        // Rows 0, 2, 4 and 6 are named (as GitHub's graph names every other row), each on its row's middle.
        let weekdays = stride(from: 0, to: PeriodConstants.daysPerWeek, by: 2).map { row in
            HeatmapView.Weekday(y: top + row * pitch + size - 1, label: LocalizedDate.weekdayShort(layout.weekdayOrder[row], language))
        }
        let months = layout.monthStarts.map { start in
            HeatmapView.Month(x: left + start.week * pitch, label: LocalizedDate.monthShort(start.month.month, language))
        }
        // Where today's week is drawn, for a year that holds today: `app.js` opens the region
        // there on a narrow screen (without script it opens on the year's first weeks).
        let todayWeek = layout.cells.first { $0.date == today }?.week
        return HeatmapView(
            label: label, recentFirst: recentFirst,
            todayX: recentFirst ? nil : todayWeek.map { left + $0 * pitch },
            width: left + layout.weekCount * pitch - HeatmapConstants.cellGap,
            height: top + PeriodConstants.daysPerWeek * pitch - HeatmapConstants.cellGap,
            size: size, radius: HeatmapConstants.cellRadius, monthY: top - 5,
            squares: squares.html, weekdays: weekdays, months: months,
            levels: (0...HeatmapConstants.levelCount).map { "hm-l\($0)" })
    }
}
