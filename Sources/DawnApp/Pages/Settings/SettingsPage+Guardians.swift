import Accounts
import HTTP
import HTTPServer
import MemberData
import Templates

/// "Share my journal with my guardians", on `/settings` for a member who has a
/// guardian: off by default; on, their guardians may read (never write) their entries,
/// notes, moods and the notes of their logs (`GuardianView`). Its own form, so the main
/// settings form leaves it alone. `Views/partials/settings-guardians.html`.
extension SettingsPage {
    static func addJournalSharing(to router: inout Router<Route>) {
        router.add(.POST, Paths.shareJournal, .member { app, page, member in
            let share: Bool
            switch page.form["share"] {
            case nil: share = false
            case "1": share = true
            default: throw PageError(.badRequest, key: "settings.invalid")
            }
            var settings = member.settings
            settings.shareJournal = share
            try settings.save(to: member.database)
            return .redirect(to: Paths.done(Paths.settings, "journal_sharing_saved", anchor: "journal-sharing"))
        })
    }

    /// The section; none for a member without a guardian.
    static func journalSharing(_ app: Dawn, _ page: PageRequest, _ settings: MemberSettings) -> SettingsView.JournalSharing? {
        guard let me = page.signedIn?.member, let guardians = try? app.family.guardians(of: me.id), !guardians.isEmpty else {
            return nil
        }
        return SettingsView.JournalSharing(shared: settings.shareJournal, action: Paths.shareJournal)
    }
}
