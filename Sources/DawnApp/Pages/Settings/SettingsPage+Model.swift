import Accounts
import Domain
import Localization
import FamilyData
import MemberData
import TimeZones

extension SettingsPage {
    /// What the settings form shows: the settings (as stored, or as a refused submission
    /// sent them), the choices of each select and radio group with the current one marked,
    /// the time zones a member can pick, and whether the member shares their streak on the
    /// board. Values and form ids only; no HTML, no wording (the view, `SettingsPage.show`
    /// with `Views/settings.html`, adds the labels in the member's language).
    struct Model {
        /// One option of a select or radio group: its value, the id the form sends for it,
        /// and whether it is the current one.
        struct Choice<Value: Equatable>: Equatable {
            let value: Value
            let id: String
            let isSelected: Bool
        }

        let settings: MemberSettings
        let timeZone: String
        let languages: [Choice<Language>]
        let weekdays: [Choice<Weekday>]
        let dayStartHours: [Choice<Int>]
        /// The day page's circles: `false` the row, `true` the grid.
        let views: [Choice<Bool>]
        let themes: [Choice<MemberSettings.Theme>]
        /// Sorted identifiers, "UTC" among them.
        let timeZones: [String]
        /// As stored on the board, even after a refused submission.
        let sharesOnBoard: Bool
        /// Where reminders go, as stored: ntfy, email, the browsers, and each one's last result.
        let ntfy: NotifyTargets.Ntfy?
        let email: String?
        let pushSubscriptions: [NotifyTargets.PushSubscription]
        let results: [String: NotifyTargets.Result]
        /// The member's webhook's URL, as stored (never its secret).
        let webhookURL: String?
        /// Whether the admin configured an SMTP relay (without one, the address is kept but unused).
        let emailConfigured: Bool
        /// The bytes of the member's photos, and how many they may keep (`DAWN_PHOTO_QUOTA_MB`).
        let photoBytes: Int
        let photoQuotaBytes: Int

        /// The member's stored settings and time zone.
        init(_ app: Dawn, _ member: MemberContext) {
            self.init(app, member, settings: member.settings, timeZone: member.account.timeZone)
        }

        /// `settings` and `timeZone` as a refused submission left them.
        init(_ app: Dawn, _ member: MemberContext, settings: MemberSettings, timeZone: String) {
            func choices<T: Equatable>(_ options: [(T, String)], _ current: T) -> [Choice<T>] {
                options.map { Choice(value: $0.0, id: $0.1, isSelected: $0.0 == current) }
            }
            self.settings = settings
            self.timeZone = timeZone
            languages = choices(Language.allCases.map { ($0, $0.rawValue) }, settings.language)
            weekdays = choices([(.monday, "monday"), (.sunday, "sunday")], settings.firstWeekday)
            dayStartHours = choices(MemberDayConstants.dayStartHours.map { ($0, String($0)) }, settings.dayStartHour)
            views = choices([(false, "row"), (true, "grid")], settings.showGrid)
            themes = choices(MemberSettings.Theme.allCases.map { ($0, $0.rawValue) }, settings.theme)
            timeZones = app.timeZones.identifiers
            sharesOnBoard = (try? Board(instance: app.data.instance).isOptedIn(member.account.id)) ?? false
            let targets = NotifyTargets(database: member.database)
            ntfy = try? targets.ntfy()
            email = try? targets.email()
            pushSubscriptions = (try? targets.pushSubscriptions()) ?? []
            results = (try? targets.results()) ?? [:]
            webhookURL = (try? targets.webhook())?.url
            emailConfigured = app.configuration.emailConfigured
            photoBytes = (try? DayPhotos(database: member.database).usedBytes()) ?? 0
            photoQuotaBytes = app.configuration.photoQuotaMegabytes * 1_000_000
        }
    }
}
