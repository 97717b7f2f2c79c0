import HTTP
import HTTPServer
import MemberData
import Templates

/// The admin's first-run checklist on their own day page
/// (`Views/partials/day-setup-checklist.html`): after `/setup` nothing else points to
/// `/family`, so the day page does: add the family, install the app, say where reminders
/// go. Shown until the admin dismisses it; the dismissal is one of their settings
/// (`MemberSettings.setupChecklistDismissed`), a write to their own database, so their
/// cached day page changes with it.
extension DayPage {
    static let setupChecklistDismissPath = "/setup-checklist/dismiss"

    static func addSetupChecklist(to router: inout Router<Route>) {
        router.add(.POST, setupChecklistDismissPath, .admin { app, page, member in
            var settings = member.settings
            if !settings.setupChecklistDismissed {
                settings.setupChecklistDismissed = true
                try settings.save(to: member.database)
            }
            return .redirect(to: Paths.own.home)
        })
    }

    /// The checklist's links: only on an admin's own day page, until dismissed.
    static func setupChecklist(_ member: MemberContext) -> DayView.SetupChecklist? {
        guard member.guardianView == nil, member.actor.member.isAdmin, !member.settings.setupChecklistDismissed else {
            return nil
        }
        return DayView.SetupChecklist(familyURL: Paths.family, remindersURL: Paths.settings + "#notify",
                                      dismissURL: setupChecklistDismissPath)
    }
}
