import Domain
import TimeZones

/// Every URL a page links or redirects to, built here and nowhere else, so a route's
/// shape (see each page's `router.add`) and the links to it cannot drift apart.
///
/// The paths to a member's own data (days, habits, statistics, the calendar) hang off a
/// `base`: "" for the signed-in member's own pages (`Paths.own`), `/members/{username}`
/// when a guardian looks at a child's (`GuardianView`). A page takes its value from
/// `PageRequest.paths` (or `MemberContext.paths`), so every link and redirect of a
/// guardian's view stays under the child's prefix. Account pages are static.
struct Paths: Sendable, Equatable {
    /// "" or `/members/{username}`, never ending in "/".
    let base: String

    /// The signed-in member's own pages.
    static let own = Paths(base: "")

    /// `/`, or the base itself (`/members/mia` shows Mia's today).
    var home: String { base.isEmpty ? "/" : base }

    // The day page and what hangs off it.
    func day(_ day: LocalDate) -> String { dayPrefix + day.description }
    /// What comes before a day page's date (the heatmaps write their hundreds of links from it).
    var dayPrefix: String { base + "/day/" }
    func entry(_ day: LocalDate) -> String { base + "/day/\(day)/entry" }
    func notes(_ day: LocalDate) -> String { base + "/day/\(day)/notes" }
    /// Uploads photos to the day (multipart, `photo` files and a `caption`).
    func photos(_ day: LocalDate) -> String { base + "/day/\(day)/photos" }
    /// A photo (`POST`: its caption), its thumbnail, its delete.
    func photo(_ id: Int64) -> String { base + "/photos/\(id)" }
    func photoThumbnail(_ id: Int64) -> String { photo(id) + "/thumb" }
    func deletePhoto(_ id: Int64) -> String { photo(id) + "/delete" }
    /// Sets (`mood` 1–5) or clears (`action=clear`) the day's mood.
    func mood(_ day: LocalDate) -> String { base + "/day/\(day)/mood" }
    /// The no-JavaScript form that logs `habit` on `day`.
    func newInstance(_ day: LocalDate, habit: Int64) -> String { base + "/day/\(day)/log/\(habit)" }
    func instances(_ day: LocalDate) -> String { base + "/day/\(day)/instances" }
    func instance(_ day: LocalDate, _ id: Int64) -> String { base + "/day/\(day)/instances/\(id)" }
    func deleteInstance(_ day: LocalDate, _ id: Int64) -> String { instance(day, id) + "/delete" }
    func deleteNote(_ day: LocalDate, _ id: Int64) -> String { base + "/day/\(day)/notes/\(id)/delete" }
    /// One tap brings back the day's deleted entry, or a deleted note (`Journal+Undo`).
    func restoreEntry(_ day: LocalDate) -> String { base + "/day/\(day)/entry/restore" }
    func restoreNote(_ day: LocalDate, _ id: Int64) -> String { base + "/day/\(day)/notes/\(id)/restore" }
    /// The checklist's forms: check `habit` off on `day` (or undo it), skip it (or not).
    func checkOff(_ day: LocalDate, habit: Int64) -> String { base + "/day/\(day)/check/\(habit)" }
    func skip(_ day: LocalDate, habit: Int64) -> String { base + "/day/\(day)/skip/\(habit)" }

    /// `page` with a notice (`?done=…`) and an anchor to scroll to.
    static func done(_ page: String, _ notice: String, anchor: String? = nil) -> String {
        page + "?done=" + notice + (anchor.map { "#" + $0 } ?? "")
    }

    // Habits.
    var habits: String { base + "/habits" }
    /// The member's habit colours, versioned so a browser refetches them after a change.
    func habitsStylesheet(version: String) -> String { base + "/habits.css?v=" + version }
    func habit(_ id: Int64) -> String { base + "/habits/\(id)" }
    /// Habit forms come back to the day they were opened from (`?day=`).
    func newHabit(returningTo day: LocalDate) -> String { base + "/habits/new?day=\(day)" }
    func editHabit(_ id: Int64, returningTo day: LocalDate) -> String { base + "/habits/\(id)/edit?day=\(day)" }
    /// Habit forms opened from the `/habits` list come back to it (`?from=habits`).
    var newHabitFromList: String { base + "/habits/new?from=habits" }
    func editHabitFromList(_ id: Int64) -> String { base + "/habits/\(id)/edit?from=habits" }
    /// The habit's row on `/habits`.
    func habitInList(_ id: Int64) -> String { base + "/habits#habit-\(id)" }
    var archivedHabits: String { base + "/habits/archived" }
    /// Up or down in the member's order (the form's `direction`).
    func moveHabit(_ id: Int64) -> String { base + "/habits/\(id)/move" }
    /// Pauses from the form's `from` day on; resumes.
    func pauseHabit(_ id: Int64) -> String { base + "/habits/\(id)/pause" }
    func resumeHabit(_ id: Int64) -> String { base + "/habits/\(id)/resume" }
    func archiveHabit(_ id: Int64) -> String { base + "/habits/\(id)/archive" }
    func restoreHabit(_ id: Int64) -> String { base + "/habits/\(id)/restore" }
    func deleteHabit(_ id: Int64, returningTo day: LocalDate? = nil) -> String {
        base + "/habits/\(id)/delete" + (day.map { "?day=\($0)" } ?? "")
    }

    // Statistics and the calendar.
    var statsPage: String { base + "/stats" }
    func stats(_ period: Period) -> String { base + "/stats?g=\(period.granularity.rawValue)&p=\(period.id)" }
    func calendar(_ month: LocalDate) -> String { base + "/calendar/" + String(month.description.prefix(7)) }
    /// The calendar of `day`'s month with `day` selected (ringed): the day page's link.
    func calendar(selecting day: LocalDate) -> String { calendar(day) + "?day=\(day)" }

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
    static let rewards = "/rewards"
    static func memberPassword(_ username: String) -> String { "/family/members/\(username)/password" }
    static func removeMember(_ username: String) -> String { "/family/members/\(username)/remove" }
    // Family chores: an admin's forms on /family, and any member's check-off (`day`, `action`).
    static let chores = "/family/chores"
    static func chore(_ id: Int64) -> String { "/family/chores/\(id)" }
    static func archiveChore(_ id: Int64) -> String { chore(id) + "/archive" }
    static func restoreChore(_ id: Int64) -> String { chore(id) + "/restore" }
    static func checkChore(_ id: Int64) -> String { chore(id) + "/check" }
    /// Guardians (admin, on `/family`): grant (`guardian`, `child`), revoke.
    static let guardians = "/family/guardians"
    /// The admin's switch for sign-in by email with the OpenID provider.
    static let familyEmailSignIn = "/family/oidc-email"
    static func revokeGuardian(_ guardian: String, _ child: String) -> String { "/family/guardians/\(guardian)/\(child)/revoke" }
    /// A member's "share my journal with my guardians" form (on `/settings`).
    static let shareJournal = "/settings/share-journal"
    /// The journal template's form on `/settings` (`SettingsPage+JournalTemplate`).
    static let journalTemplate = "/settings/journal-template"
    /// The member's webhook (`SettingsPage+Webhook.swift`): save or remove it, a new secret.
    static let webhook = "/settings/webhook"
    static let webhookSecret = "/settings/webhook/secret"
    /// The calendar feed's card on `/account/tokens` (`AccountTokensPage+Feed.swift`), and the feed.
    static let feed = "/account/tokens/feed"
    static let feedRemove = "/account/tokens/feed/remove"
    static func calendarFeed(_ token: String) -> String { "/ical/\(token).ics" }
    static let signIn = "/login"
    static let setup = "/setup"
    /// Sends the browser to the family's OpenID provider to sign in, then to `next`.
    static func signInWithOpenID(returningTo next: String) -> String {
        next == "/" ? "/login/oidc" : "/login/oidc?next=" + queryValue(next)
    }
    /// Where the OpenID provider sends the browser back (the redirect URI's path).
    static let openIDCallback = "/login/oidc/callback"
    /// `/account`'s link to connect the member's identity at the provider, and the form
    /// that disconnects it.
    static let connectOpenID = "/account/oidc/connect"
    static let disconnectOpenID = "/account/oidc/disconnect"
    /// `/account`'s email form, its remove button, and the one-time link mailed to confirm
    /// the address (its path holds the secret: kept out of the access log).
    static let accountEmail = "/account/email"
    static let removeAccountEmail = "/account/email/remove"
    static let confirmEmailPrefix = "/account/email/confirm/"
    static func confirmEmail(_ token: String) -> String { confirmEmailPrefix + token }

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

extension Paths {
    /// The first segment of a guardian's view of a member (`/members/{username}/…`).
    static let membersSegment = "members"

    /// The pages of `username`'s data as their guardian reaches them.
    static func member(_ username: String) -> Paths { Paths(base: "/\(membersSegment)/\(username)") }
}
