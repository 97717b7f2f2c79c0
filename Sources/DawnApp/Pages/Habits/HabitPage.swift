import Domain
import HTTP
import HTTPServer
import Localization
import MemberData
import Templates
import TimeZones

/// `/habits/{id}`: one habit's page — its plan, streaks in its own units and strength, the
/// last twelve weeks and months, its last twelve weeks day by day and its last 53 weeks as a
/// heatmap (`HeatmapDrawing`). The model is
/// `HabitPage.Model`; the view `Views/habit.html`.
enum HabitPage {
    static func add(to router: inout Router<Route>) {
        router.add(.GET, "/habits/{id#}", .member { app, page, member in
            guard let id = try page.id() else { throw PageError(.notFound, key: "habits.error.not_found") }
            return show(app, page, member, try Model(member, id: id))
        }.forGuardians(.read))
    }

    private static func show(_ app: Dawn, _ page: PageRequest, _ member: MemberContext, _ model: Model) -> HTTPResponse {
        let language = page.language
        let habit = model.habit
        let unit = model.progress.unit.rawValue
        func streak(_ count: Int) -> String { app.strings.plural("stats.streak_\(unit)", count: count, language) }
        func counts(_ rows: [Model.Count]) -> [HabitView.Count] {
            rows.map { row in
                HabitView.Count(label: StatsPage.label(row.period, language), href: page.paths.stats(row.period),
                                done: LocalizedNumber.integer(row.done, language),
                                logs: LocalizedNumber.integer(row.logs, language))
            }
        }
        // A row a week, led by its first day's date, so that each circle can be found by date.
        let weeks = stride(from: 0, to: model.history.count, by: PeriodConstants.daysPerWeek).map { start -> HabitView.Week in
            let week = model.history[start..<min(start + PeriodConstants.daysPerWeek, model.history.count)]
            let days = week.map { day in
                HabitView.Day(state: day.state.rawValue, href: page.paths.day(day.date),
                              label: LocalizedDate.dayLabel(day.date, language) + ": " + app.t("habit.page.state.\(day.state.rawValue)", page),
                              future: day.state == .future)
            }
            return HabitView.Week(date: LocalizedDate.dayMonthShort(week[week.startIndex].date, language), days: days)
        }
        let weekdays = (0..<PeriodConstants.daysPerWeek).map { offset in
            LocalizedDate.weekdayNarrow(model.history[offset].date.weekday, language)
        }
        let heatmapHeading = app.t("heatmap.habit_heading", page)
        var figures: [FigureKey: String] = [:]  // 53 weeks have a handful of distinct figures: each worded once
        let heatmapDays = model.heatmap.map { day in
            guard day.state != .future else { return HeatmapDrawing.Day(level: day.level, figure: nil) }
            let key = FigureKey(state: day.state, logs: day.logs, amountMilli: day.amountMilli,
                                hasTarget: habit.ruled(on: day.date).targetMilli != nil)
            let figure = figures[key] ?? figureWords(day, habit, app, page)
            figures[key] = figure
            return HeatmapDrawing.Day(level: day.level, state: heatmapState(day), figure: figure)
        }
        let heatmap = HeatmapDrawing.view(model.heatmapLayout, days: heatmapDays, titles: HeatmapDrawing.Titles(app, page),
                                          today: model.today, label: heatmapHeading, recentFirst: true, language: language,
                                          paths: page.paths)
        return app.render(HabitView(
            title: habit.name,
            name: habit.name, emoji: habit.emoji, class: "habit-\(habit.id)",
            habitsCSS: HabitsPage.cssURL(app, member),
            stylesheet: app.staticFiles.url(for: HabitListPage.stylesheet) ?? "",
            schedule: HabitPlanWords.schedule(model.schedule, firstWeekday: member.settings.firstWeekday, app.strings, language),
            target: HabitPlanWords.target(habit, app.strings, language),
            // When the rule changed: the days before keep the one they had (`HabitRule`).
            targetSince: habit.targetMilli == nil ? nil : habit.targetSince.map {
                app.t("habit.page.target_since", page, ["date": LocalizedDate.dayLabel($0, language)])
            },
            scheduleSince: habit.scheduleSince.map {
                app.t("habit.page.schedule_since", page, ["date": LocalizedDate.dayLabel($0, language)])
            },
            reminders: habit.reminders.isEmpty ? nil
                : app.t("habit.page.reminders", page, ["times": habit.reminders.map(\.description).joined(separator: ", ")]),
            paused: habit.pausedFrom.map { app.t("habits.paused_since", page, ["date": LocalizedDate.dayLabel($0, language)]) },
            current: streak(model.progress.current),
            best: streak(model.progress.best),
            score: LocalizedNumber.decimal(model.progress.score * 100, fractionDigits: 1, language) + " %",
            weeks: counts(model.weeks),
            months: counts(model.months),
            historyWeeks: weeks,
            weekdays: weekdays,
            heatmap: heatmap, heatmapHeading: heatmapHeading,
            heatmapCSS: app.staticFiles.url(for: HeatmapDrawing.stylesheet) ?? "",
            editURL: page.paths.editHabitFromList(habit.id),
            listURL: page.paths.habitInList(habit.id)
        ), for: page)
    }

    /// A day not logged that is neither due nor to come is drawn as its own state.
    private static func heatmapState(_ day: Model.HeatmapDay) -> String? {
        guard day.level == 0 else { return nil }
        switch day.state {
        case .skipped, .away, .off: return day.state.rawValue
        case .done, .partial, .missed, .future: return nil
        }
    }

    private struct FigureKey: Hashable {
        let state: Model.DayState
        let logs: Int
        let amountMilli: Int
        let hasTarget: Bool
    }

    /// "2 logs, done", "12.5 pages, short of the target", "skipped": a heatmap day's figure in
    /// words (its title is "2026-03-04: 2 logs, done").
    static func figureWords(_ day: Model.HeatmapDay, _ habit: Habits.Habit, _ app: Dawn, _ page: PageRequest) -> String {
        let language = page.language
        let habit = habit.ruled(on: day.date)
        let state = app.t("habit.page.state.\(day.state.rawValue)", page)
        guard day.logs > 0 else { return state }
        let amount: String
        if habit.targetMilli != nil {
            let number = LocalizedNumber.decimal(thousandths: Int64(day.amountMilli), language)
            amount = habit.targetUnit.isEmpty ? number : number + "\u{00A0}" + habit.targetUnit
        } else {
            amount = app.strings.plural("heatmap.logs", count: day.logs, language)
        }
        return amount + ", " + state
    }
}
