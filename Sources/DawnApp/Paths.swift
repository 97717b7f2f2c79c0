import Domain
import TimeZones

/// Every URL a page links or redirects to, built here and nowhere else, so a route's
/// shape (see each page's `router.add`) and the links to it cannot drift apart.
enum Paths {
    static let home = "/"

    // The day page and what hangs off it.
    static func day(_ day: LocalDate) -> String { dayPrefix + day.description }
    /// What comes before a day page's date (the heatmaps write their hundreds of links from it).
    static let dayPrefix = "/day/"
    static func entry(_ day: LocalDate) -> String { "/day/\(day)/entry" }
    static func notes(_ day: LocalDate) -> String { "/day/\(day)/notes" }
    /// Sets (`mood` 1–5) or clears (`action=clear`) the day's mood.
    static func mood(_ day: LocalDate) -> String { "/day/\(day)/mood" }
    /// The no-JavaScript form that logs `habit` on `day`.
    static func newInstance(_ day: LocalDate, habit: Int64) -> String { "/day/\(day)/log/\(habit)" }
    static func instances(_ day: LocalDate) -> String { "/day/\(day)/instances" }
    static func instance(_ day: LocalDate, _ id: Int64) -> String { "/day/\(day)/instances/\(id)" }
    static func deleteInstance(_ day: LocalDate, _ id: Int64) -> String { instance(day, id) + "/delete" }
    static func deleteNote(_ day: LocalDate, _ id: Int64) -> String { "/day/\(day)/notes/\(id)/delete" }
    /// The checklist's forms: check `habit` off on `day` (or undo it), skip it (or not).
    static func checkOff(_ day: LocalDate, habit: Int64) -> String { "/day/\(day)/check/\(habit)" }
    static func skip(_ day: LocalDate, habit: Int64) -> String { "/day/\(day)/skip/\(habit)" }

    /// `page` with a notice (`?done=…`) and an anchor to scroll to.
    static func done(_ page: String, _ notice: String, anchor: String? = nil) -> String {
        page + "?done=" + notice + (anchor.map { "#" + $0 } ?? "")
    }

    // Habits.
    static let habits = "/habits"
    /// The member's habit colours, versioned so a browser refetches them after a change.
    static func habitsStylesheet(version: String) -> String { "/habits.css?v=" + version }
    static func habit(_ id: Int64) -> String { "/habits/\(id)" }
    /// Habit forms come back to the day they were opened from (`?day=`).
    static func newHabit(returningTo day: LocalDate) -> String { "/habits/new?day=\(day)" }
    static func editHabit(_ id: Int64, returningTo day: LocalDate) -> String { "/habits/\(id)/edit?day=\(day)" }
    /// Habit forms opened from the `/habits` list come back to it (`?from=habits`).
    static let newHabitFromList = "/habits/new?from=habits"
    static func editHabitFromList(_ id: Int64) -> String { "/habits/\(id)/edit?from=habits" }
    /// The habit's row on `/habits`.
    static func habitInList(_ id: Int64) -> String { "/habits#habit-\(id)" }
    static let archivedHabits = "/habits/archived"
    /// Up or down in the member's order (the form's `direction`).
    static func moveHabit(_ id: Int64) -> String { "/habits/\(id)/move" }
    /// Pauses from the form's `from` day on; resumes.
    static func pauseHabit(_ id: Int64) -> String { "/habits/\(id)/pause" }
    static func resumeHabit(_ id: Int64) -> String { "/habits/\(id)/resume" }
    static func archiveHabit(_ id: Int64) -> String { "/habits/\(id)/archive" }
    static func restoreHabit(_ id: Int64) -> String { "/habits/\(id)/restore" }
    static func deleteHabit(_ id: Int64, returningTo day: LocalDate? = nil) -> String {
        "/habits/\(id)/delete" + (day.map { "?day=\($0)" } ?? "")
    }

    // Statistics and the calendar.
    static func stats(_ period: Period) -> String { "/stats?g=\(period.granularity.rawValue)&p=\(period.id)" }
    static func calendar(_ month: LocalDate) -> String { "/calendar/" + String(month.description.prefix(7)) }
    /// The calendar of `day`'s month with `day` selected (ringed): the day page's link.
    static func calendar(selecting day: LocalDate) -> String { calendar(day) + "?day=\(day)" }

    // Search.
    static let searchPage = "/search"
    /// A page of the hits of `query` (as typed); the first page leaves `page` out.
    static func search(_ query: String, page: Int = 1) -> String {
        searchPage + "?q=" + queryValue(query) + (page == 1 ? "" : "&page=\(page)")
    }

    // Accounts.
    static let settings = "/settings"
    static let vacations = "/vacations"
    static func deleteVacation(_ id: Int64) -> String { "/vacations/\(id)/delete" }
    static let account = "/account"
    static let family = "/family"
    static func memberPassword(_ username: String) -> String { "/family/members/\(username)/password" }
    static func removeMember(_ username: String) -> String { "/family/members/\(username)/remove" }
    // Family chores: an admin's forms on /family, and any member's check-off (`day`, `action`).
    static let chores = "/family/chores"
    static func chore(_ id: Int64) -> String { "/family/chores/\(id)" }
    static func archiveChore(_ id: Int64) -> String { chore(id) + "/archive" }
    static func restoreChore(_ id: Int64) -> String { chore(id) + "/restore" }
    static func checkChore(_ id: Int64) -> String { chore(id) + "/check" }
    static let signIn = "/login"
    static let setup = "/setup"

    /// `text` as a query-string value: every byte but letters, digits and `-_.~` percent-encoded.
    private static func queryValue(_ text: String) -> String {
        let hex = Array("0123456789ABCDEF".unicodeScalars)
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"),
                 UInt8(ascii: "."), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += "%"
                out.unicodeScalars.append(hex[Int(byte >> 4)])
                out.unicodeScalars.append(hex[Int(byte & 0xF)])
            }
        }
        return out
    }
}
