import Accounts
import HTTP
import TimeZones

#if canImport(Glibc)
import Glibc
#endif

/// `GET /`: the member's home — their name and today in their time zone, with
/// the family's navigation. The day page takes its place later.
enum HomePage {
    static let route = Route.member { app, page in
        let me = try page.member
        let now = MemberClock(app: app, member: me.member).now()
        let familySize = try app.family.members().count
        return app.render("home", [
            "title": "Dawn",
            "greeting": .string(greeting(hour: now.hour)),
            "today": .string(DateText.long(now.date)),
            "todayISO": .string(now.date.description),
            "timeZone": .string(me.member.timeZone),
            "familySize": .int(familySize),
            "familyIsOne": .bool(familySize == 1),
        ], for: page)
    }

    static func greeting(hour: Int) -> String {
        switch hour {
        case 5..<12: "Good morning"
        case 12..<18: "Good afternoon"
        default: "Good evening"
        }
    }
}

/// "Now" for one member: the wall clock in their time zone (UTC if their zone
/// cannot be read).
struct MemberClock {
    let app: Dawn
    let member: Member

    func now() -> LocalDateTime {
        let seconds = Int64(time(nil))
        let rules = (try? app.timeZones.rules(for: member.timeZone)) ?? (try? app.timeZones.rules(for: "UTC"))
        guard let rules else {
            let days = Int(seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400)
            return LocalDateTime(date: LocalDate(daysSince1970: days), secondsSinceMidnight: Int(seconds - Int64(days) * 86_400))
        }
        return rules.localDateTime(at: seconds)
    }
}

/// Dates as people read them.
enum DateText {
    static let weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
    static let months = ["January", "February", "March", "April", "May", "June", "July", "August",
                         "September", "October", "November", "December"]

    /// "Sunday, 22 November 2026".
    static func long(_ date: LocalDate) -> String {
        "\(weekdays[date.weekday.isoNumber - 1]), \(date.day) \(months[date.month - 1]) \(date.year)"
    }
}
