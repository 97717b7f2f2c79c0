import Domain
import HTTP
import HTTPServer
import Localization
import MemberData
import Templates
import TimeZones

/// `/calendar/YYYY-MM` (seed 003): the month in weeks from the member's first
/// weekday; active days dotted, days with an entry filled, today marked, the
/// selected day (`?day=`) ringed, days outside the month disabled.
enum CalendarPage {
    static func add(to router: inout Router<Route>) {
        router.add(.GET, "/calendar", .member { app, page in
            let member = try MemberContext(app, page)
            return .redirect(to: url(member.today))
        })
        router.add(.GET, "/calendar/:month", .member { app, page in
            let member = try MemberContext(app, page)
            guard let first = LocalDate(iso: page.parameters[0] + "-01"), page.parameters[0].count == 7 else {
                throw PageError(.badRequest, key: "calendar.bad_month")
            }
            let range = DayNavigation.range(today: member.today)
            guard first <= range.upperBound, first.adding(days: first.daysInMonth - 1) >= range.lowerBound else {
                throw PageError(.notFound, key: "error.date_range")
            }
            let selected = try page.query()["day"].flatMap { LocalDate(iso: $0) } ?? member.today
            let activity = try MemberActivity.load(member.database)
            let calendar = MonthCalendar(month: first, firstWeekday: member.settings.firstWeekday, today: member.today,
                                         selected: selected, highlighted: activity.activeDays, entries: activity.entryDays)
            let language = page.language
            let weeks = calendar.weeks.map { week -> TemplateValue in
                .list(week.map { day -> TemplateValue in
                    var classes = ["cal-day"]
                    if day.isOutsideMonth { classes.append("outside") }
                    if day.isToday { classes.append("current") }
                    if day.isSelected { classes.append("selected") }
                    if day.isHighlighted { classes.append("highlighted") }
                    if day.hasEntry { classes.append("entry") }
                    return [
                        "number": .int(day.date.day),
                        "classes": .string(classes.joined(separator: " ")),
                        "href": day.isDisabled ? .null : .string(DayPage.url(day.date)),
                        "label": .string(LocalizedDate.long(day.date, language)),
                        "isToday": .bool(day.isToday),
                    ]
                })
            }
            let previous = first.adding(months: -1)
            let next = first.adding(months: 1)
            return app.render("calendar", [
                "title": .string(app.t("calendar.title", page) + " · " + LocalizedDate.monthLabel(first, language)),
                "heading": .string(LocalizedDate.monthLabel(first, language)),
                "weekdays": .list(calendar.weekdayOrder.map { .string(LocalizedDate.weekdayShort($0, language)) }),
                "weeks": .list(weeks),
                "previous": previous.adding(days: previous.daysInMonth - 1) >= range.lowerBound ? .string(url(previous)) : .null,
                "next": next <= range.upperBound ? .string(url(next)) : .null,
                "stylesheet": .string(app.staticFiles.url(for: "stats.css") ?? ""),
            ], for: page)
        })
    }

    static func url(_ day: LocalDate) -> String {
        "/calendar/" + String(day.description.prefix(7))
    }
}
