import Domain
import ICalendar
import Localization
import TimeZones

extension CalendarFeedPage {
    /// The feed's text: a VCALENDAR named after the member, one all-day VEVENT per `Model`
    /// event. `UID` is `habit-<id>-<YYYY-MM-DD>@dawn` (the first day of a week or month for
    /// such habits), the same in every fetch, so a calendar app updates an event in place;
    /// `SUMMARY` the emoji and name; the state in `X-DAWN-STATE` (`DONE`, `OPEN`, `SKIPPED`)
    /// and, for people, in `DESCRIPTION` in the member's language; `TRANSP:TRANSPARENT`, as a
    /// habit never makes anyone busy. `DTSTAMP` is `now` (`METHOD:PUBLISH`: when it was made).
    static func ics(_ model: Model, _ app: Dawn, language: Language, displayName: String, now: Int64) -> [UInt8] {
        var calendar = ICalendarWriter()
        calendar.begin("VCALENDAR")
        calendar.property("VERSION", "2.0")
        calendar.property("PRODID", "-//Dawn//Habits \(DawnVersion.current)//EN")
        calendar.property("CALSCALE", "GREGORIAN")
        calendar.property("METHOD", "PUBLISH")
        let name = app.strings.format("feed.calendar_name", language, ["name": displayName])
        calendar.text("NAME", name)
        calendar.text("X-WR-CALNAME", name)
        // How often to fetch again (RFC 7986, and the older name some apps read).
        calendar.property("REFRESH-INTERVAL", [("VALUE", "DURATION")], "PT1H")
        calendar.property("X-PUBLISHED-TTL", "PT1H")
        let stamp = ICalendarValue.utc(now)
        for event in model.events {
            calendar.begin("VEVENT")
            calendar.property("UID", "habit-\(event.habitID)-\(event.day)@dawn")
            calendar.property("DTSTAMP", stamp)
            calendar.property("DTSTART", [("VALUE", "DATE")], ICalendarValue.date(event.day))
            calendar.property("DTEND", [("VALUE", "DATE")], ICalendarValue.date(event.day.adding(days: 1)))
            calendar.text("SUMMARY", event.emoji + " " + event.name)
            if let description = description(event, app, language) { calendar.text("DESCRIPTION", description) }
            calendar.property("TRANSP", "TRANSPARENT")
            calendar.property("X-DAWN-STATE", event.state.rawValue)
            calendar.end("VEVENT")
        }
        calendar.end("VCALENDAR")
        return calendar.bytes
    }

    /// "Done", "Skipped"; a week or month habit's "1 of 3 this week" (after "Done · " once
    /// complete); nothing for a day not done.
    static func description(_ event: Model.Event, _ app: Dawn, _ language: Language) -> String? {
        let state: String? = switch event.state {
        case .done: app.strings.text("feed.done", language)
        case .skipped: app.strings.text("feed.skipped", language)
        case .open: nil
        }
        guard let progress = event.progress else { return state }
        let counted = app.strings.format(progress.unit == .month ? "feed.month_progress" : "feed.week_progress", language,
                                         ["done": String(progress.done), "times": String(progress.times)])
        return state.map { $0 + " · " + counted } ?? counted
    }
}
