import Domain
import HTTP
import HTTPServer
import Localization
import MemberData
import Templates
import TimeZones

/// `/habits/{id}`: one habit's page — its plan, streaks in its own units and strength, the
/// last twelve weeks and months, and its last twelve weeks day by day. The model is
/// `HabitPage.Model`; the view `Views/habit.html`.
enum HabitPage {
    static func add(to router: inout Router<Route>) {
        router.add(.GET, "/habits/{id#}", .member { app, page in
            let member = try MemberContext(app, page)
            guard let id = page.id() else { throw PageError(.notFound, key: "habits.error.not_found") }
            return show(app, page, member, try Model(member, id: id))
        })
    }

    private static func show(_ app: Dawn, _ page: PageRequest, _ member: MemberContext, _ model: Model) -> HTTPResponse {
        let language = page.language
        let habit = model.habit
        let unit = model.progress.unit.rawValue
        func streak(_ count: Int) -> String { app.strings.plural("stats.streak_\(unit)", count: count, language) }
        func counts(_ rows: [Model.Count]) -> TemplateValue {
            .list(rows.map { row in
                ["label": .string(StatsPage.label(row.period, language)), "href": .string(Paths.stats(row.period)),
                 "done": .string(LocalizedNumber.integer(row.done, language)),
                 "logs": .string(LocalizedNumber.integer(row.logs, language))]
            })
        }
        let days = model.history.map { day -> TemplateValue in
            ["state": .string(day.state.rawValue), "href": .string(Paths.day(day.date)),
             "label": .string(LocalizedDate.dayLabel(day.date, language) + ": " + app.t("habit.page.state.\(day.state.rawValue)", page)),
             "future": .bool(day.state == .future)]
        }
        let weekdays = (0..<PeriodConstants.daysPerWeek).map { offset -> TemplateValue in
            .string(LocalizedDate.weekdayNarrow(model.history[offset].date.weekday, language))
        }
        return app.render("habit", [
            "title": .string(habit.name),
            "name": .string(habit.name), "emoji": .string(habit.emoji), "class": .string("habit-\(habit.id)"),
            "habitsCSS": .string(HabitsPage.cssURL(app, member)),
            "stylesheet": .string(app.staticFiles.url(for: HabitListPage.stylesheet) ?? ""),
            "schedule": .string(HabitPlanWords.schedule(model.schedule, firstWeekday: member.settings.firstWeekday, app.strings, language)),
            "target": HabitPlanWords.target(habit, app.strings, language).map(TemplateValue.string) ?? .null,
            "paused": habit.pausedFrom.map { .string(app.t("habits.paused_since", page, ["date": LocalizedDate.dayLabel($0, language)])) } ?? .null,
            "current": .string(streak(model.progress.current)),
            "best": .string(streak(model.progress.best)),
            "score": .string(LocalizedNumber.decimal(model.progress.score * 100, fractionDigits: 1, language) + " %"),
            "weeks": counts(model.weeks),
            "months": counts(model.months),
            "days": .list(days),
            "weekdays": .list(weekdays),
            "editURL": .string(Paths.editHabitFromList(habit.id)),
            "listURL": .string(Paths.habitInList(habit.id)),
        ], for: page)
    }
}
