import Domain
import HTTP
import HTTPServer
import Localization
import MemberData
import Templates
import TimeZones

/// `/calendar/YYYY-MM`: the month in weeks from the member's first
/// weekday; active days dotted, days with an entry filled, today marked, the
/// selected day (`?day=YYYY-MM-DD`, the day page's link) ringed, vacation days in a
/// dashed ring, days outside the month and days of the month without a day page
/// disabled (faded, not links).
enum CalendarPage {
    static func add(to router: inout Router<Route>) {
        router.add(.GET, "/calendar", .member { app, page, member in
            return .redirect(to: page.paths.calendar(member.today))
        }.forGuardians(.read))
        router.add(.GET, "/calendar/{month}", .member { app, page, member in
            let model = try Model(member, month: page.parameter("month"), selected: try page.query().values("day"))
            let calendar = model.calendar
            let first = model.month
            let language = page.language
            let weeks = calendar.weeks.map { week in
                week.map { day -> CalendarView.Day in
                    var classes = ["cal-day"]
                    if day.isOutsideMonth { classes.append("outside") }
                    if day.isToday { classes.append("current") }
                    if day.isSelected { classes.append("selected") }
                    // In the month but without a day page: faded like the neighbouring months' days.
                    if day.isDisabled && !day.isOutsideMonth { classes.append("disabled") }
                    if day.isHighlighted { classes.append("highlighted") }
                    if day.hasEntry { classes.append("entry") }
                    if day.isOnVacation { classes.append("vacation") }
                    var label = LocalizedDate.long(day.date, language)
                    if day.isOnVacation { label += ", " + app.t("day.circle.vacation", page) }
                    if day.isSelected { label += ", " + app.t("day.circle.selected", page) }
                    return CalendarView.Day(number: day.date.day, classes: classes.joined(separator: " "),
                                            href: day.isDisabled ? nil : page.paths.day(day.date),
                                            label: label, isToday: day.isToday)
                }
            }
            return app.render(CalendarView(
                title: app.t("calendar.title", page) + " · " + LocalizedDate.monthLabel(first, language),
                heading: LocalizedDate.monthLabel(first, language),
                weekdays: calendar.weekdayOrder.map { LocalizedDate.weekdayShort($0, language) },
                weeks: weeks,
                previous: model.previous.map { page.paths.calendar($0) },
                next: model.next.map { page.paths.calendar($0) },
                hasVacation: model.hasVacation,
                stylesheet: app.staticFiles.url(for: "stats.css") ?? ""
            ), for: page)
        }.forGuardians(.read))
    }

}
