import Domain
import HTTP
import HTTPServer
import Localization
import MemberData
import Templates
import TimeZones

/// `/stats?g=week&p=2026-W47`: the granularity picker, ← period →,
/// a year picker in year mode, and for the period: per habit count, minutes,
/// active days, streaks; across habits active days and entries; an SVG bar chart
/// drawn by the server, with a data table beside it. The state lives in the URL.
enum StatsPage {
    static func add(to router: inout Router<Route>) {
        // A year's figures and chart read a year of logs: on the worker pool, never an event loop.
        router.add(.GET, "/stats", .member(slow: true) { app, page, member in try show(app, page, member) }.forGuardians(.read))
    }

    private static func show(_ app: Dawn, _ page: PageRequest, _ member: MemberContext) throws -> HTTPResponse {
        app.render(try view(app, page, member), for: page)
    }

    /// The view: the model in the page's language, into `Views/stats.html`.
    private static func view(_ app: Dawn, _ page: PageRequest, _ member: MemberContext) throws -> StatsView {
        let model = try Model(member, query: try page.query())
        let period = model.period
        let figures = model.figures
        let language = page.language
        let daysSoFar = period.dayCount(through: member.today)
        var heatmap: (view: HeatmapView, heading: String)?
        if let drawn = model.heatmap {
            let heading = app.t("heatmap.stats_heading", page, ["year": String(period.first.year)])
            var words = HeatmapWords(app, page)
            let days = drawn.days.map { day in
                HeatmapDrawing.Day(level: day.level, figure: day.date > member.today ? nil : words.figure(logs: day.logs, notes: member.journalVisible ? day.notes : 0))
            }
            let view = HeatmapDrawing.view(drawn.layout, days: days, titles: HeatmapDrawing.Titles(app, page),
                                           today: member.today, label: heading, language: language, paths: page.paths)
            heatmap = (view, heading)
        }
        return StatsView(
            title: app.t("stats.title", page) + " · " + label(period, language),
            label: label(period, language),
            segments: model.segments.map { g, target in
                StatsView.Segment(href: page.paths.stats(target), name: app.t("time.granularity_\(g.rawValue)", page),
                                  short: app.t("stats.short.\(g.rawValue)", page), current: g == period.granularity)
            },
            previous: model.previous.map { page.paths.stats($0) },
            next: model.next.map { page.paths.stats($0) },
            years: period.granularity != .year ? [] : model.years.map { year in
                StatsView.Year(href: page.paths.stats(year), year: String(year.first.year), current: year.first.year == period.first.year)
            },
            activeDays: app.t("stats.active_days", page, ["active": String(figures.activeDays), "days": String(daysSoFar)]),
            entries: member.journalVisible ? app.strings.plural("stats.entries", count: figures.entries, language) : nil,
            journalVisible: member.journalVisible,
            // Per habit, in the member's order; streaks in the habit's own units.
            habits: figures.habits.map { row in
                StatsView.HabitRow(
                    emoji: row.habit.emoji, name: row.habit.name, class: "habit-\(row.habit.id)",
                    count: LocalizedNumber.integer(row.count, language),
                    minutes: LocalizedNumber.integer(row.minutes, language),
                    active: "\(row.activeDays) / \(daysSoFar)",
                    streak: app.strings.plural("stats.streak_\(row.progress.unit.rawValue)", count: row.progress.current, language),
                    best: app.strings.plural("stats.streak_\(row.progress.unit.rawValue)", count: row.progress.best, language),
                    score: LocalizedNumber.decimal(row.progress.score * 100, fractionDigits: 1, language) + " %")
            },
            stylesheet: app.staticFiles.url(for: "stats.css") ?? "",
            habitsCSS: HabitsPage.cssURL(app, member),
            calendar: page.paths.calendar(model.calendarMonth),
            chart: chart(model.buckets, granularity: period.granularity, app: app, page: page),
            untimed: model.untimedCheckOffs == 0 ? nil : app.strings.plural("stats.untimed", count: model.untimedCheckOffs, language),
            familyChores: try chores(app, page, member, period: period),
            mood: member.journalVisible ? mood(figures, app: app, page: page) : nil,
            heatmap: heatmap?.view,
            heatmapHeading: heatmap?.heading,
            heatmapCSS: heatmap.map { _ in app.staticFiles.url(for: HeatmapDrawing.stylesheet) ?? "" })
    }

    /// The mood card: the period's average and, per habit, the average on days done and
    /// not done; none when the period has no mood.
    private static func mood(_ figures: StatsFigures, app: Dawn, page: PageRequest) -> StatsView.Mood? {
        guard let average = figures.mood.average else { return nil }
        let language = page.language
        func cell(_ tally: MoodTally) -> StatsView.MoodCell? {
            guard let value = tally.average, let face = tally.nearest?.face else { return nil }
            return StatsView.MoodCell(value: LocalizedNumber.decimal(value, fractionDigits: 1, language), face: face)
        }
        return StatsView.Mood(
            average: app.t("stats.mood_average", page, ["average": LocalizedNumber.decimal(average, fractionDigits: 1, language)]),
            face: figures.mood.nearest?.face ?? "",
            days: app.strings.plural("stats.mood_days", count: figures.mood.count, language),
            habits: figures.habits.map { row in
                StatsView.MoodRow(emoji: row.habit.emoji, name: row.habit.name, class: "habit-\(row.habit.id)",
                                  done: cell(row.moodWhenDone), notDone: cell(row.moodWhenNotDone))
            })
    }

    /// The bar chart as SVG geometry (viewBox units), every bar with its `<title>`,
    /// and the same figures as table rows.
    private static func chart(_ buckets: [StatsChartBucket], granularity: Granularity, app: Dawn,
                              page: PageRequest) -> StatsView.Chart {
        let language = page.language
        // A viewBox about a phone's width, so 11-unit labels read as ~11 px there.
        let width = 360, height = 160, left = 24, bottom = 20, top = 8
        let plotHeight = height - bottom - top
        let maximum = StatsChartScale.niceMaximum(for: buckets.map(\.count).max() ?? 0)
        let step = Double(width - left) / Double(max(buckets.count, 1))
        let labelEvery = max(1, Int((Double(buckets.count) / 8).rounded(.up)))
        var bars: [StatsView.Bar] = []
        var rows: [StatsView.Row] = []
        bars.reserveCapacity(buckets.count)
        rows.reserveCapacity(buckets.count)
        for (index, bucket) in buckets.enumerated() {
            let name = bucketLabel(bucket.key, language)
            let barHeight = Int((Double(bucket.count) / Double(maximum) * Double(plotHeight)).rounded())
            let x = Double(left) + Double(index) * step
            bars.append(StatsView.Bar(
                x: format(x + step * 0.15), width: format(step * 0.7),
                y: top + plotHeight - barHeight, height: barHeight,
                title: app.t("stats.bar_title", page, ["label": name, "count": String(bucket.count), "minutes": String(bucket.minutes)]),
                labelX: format(x + step / 2),
                label: index % labelEvery == 0 ? shortLabel(bucket.key, language) : nil))
            rows.append(StatsView.Row(label: name, count: bucket.count, minutes: bucket.minutes))
        }
        return StatsView.Chart(
            width: width, height: height, bars: bars, rows: rows,
            max: maximum, axisY: top, baseY: top + plotHeight, left: left, labelY: height - 6, right: width,
            caption: app.t("stats.chart_label", page, ["unit": app.t("stats.unit.\(granularity.rawValue)", page)]))
    }

    /// "2 logs, 1 note": what made a heatmap day active (its title is "2026-03-04: 2 logs, 1 note"),
    /// each count worded once a page (a year has a handful).
    struct HeatmapWords {
        private let app: Dawn
        private let page: PageRequest
        private var logs: [Int: String] = [:]
        private var notes: [Int: String] = [:]
        private var both: [Int: String] = [:]
        private let nothing: String

        init(_ app: Dawn, _ page: PageRequest) {
            self.app = app
            self.page = page
            nothing = app.t("heatmap.nothing", page)
        }

        mutating func figure(logs count: Int, notes noteCount: Int) -> String {
            func worded(_ key: String, _ count: Int, _ cache: inout [Int: String]) -> String {
                if let words = cache[count] { return words }
                let words = app.strings.plural(key, count: count, page.language)
                cache[count] = words
                return words
            }
            switch (count > 0, noteCount > 0) {
            case (true, true):
                let key = count << 32 | noteCount
                if let words = both[key] { return words }
                let words = worded("heatmap.logs", count, &logs) + ", " + worded("heatmap.notes", noteCount, &notes)
                both[key] = words
                return words
            case (true, false): return worded("heatmap.logs", count, &logs)
            case (false, true): return worded("heatmap.notes", noteCount, &notes)
            case (false, false): return nothing
            }
        }
    }

    static func label(_ period: Period, _ language: Language) -> String {
        switch period.granularity {
        case .day: LocalizedDate.dayLabel(period.first, language)
        case .week: LocalizedDate.weekLabel(period.first, period.last, language)
        case .month: LocalizedDate.monthLabel(period.first, language)
        case .quarter: LocalizedDate.quarterLabel(period.quarter ?? 1, period.first.year, language)
        case .year: LocalizedDate.yearLabel(period.first.year, language)
        }
    }

    private static func bucketLabel(_ key: StatsChartBucket.Key, _ language: Language) -> String {
        switch key {
        case let .hour(hour): (hour < 10 ? "0" : "") + "\(hour):00"
        case let .day(date): LocalizedDate.dayLabel(date, language)
        case let .week(start): LocalizedDate.weekLabel(start, start.adding(days: 6), language)
        case let .month(first): LocalizedDate.monthLabel(first, language)
        }
    }

    private static func shortLabel(_ key: StatsChartBucket.Key, _ language: Language) -> String {
        switch key {
        case let .hour(hour): (hour < 10 ? "0" : "") + "\(hour)"
        case let .day(date): String(date.day)
        case let .week(start): LocalizedDate.dayMonthShort(start, language)
        case let .month(first): LocalizedDate.monthShort(first.month, language)
        }
    }

    private static func format(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
