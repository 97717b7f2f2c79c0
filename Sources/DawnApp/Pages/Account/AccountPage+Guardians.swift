import Accounts
import Templates

/// Who looks after whom, on `/account`: a child sees their guardians; a
/// guardian sees the members they look after, each linked to their day. Only the
/// signed-in member's own grants: no other member is ever named here.
/// `Views/partials/account-guardians.html`.
extension AccountPage {
    static func guardians(_ app: Dawn, _ page: PageRequest) throws -> AccountView.Family? {
        let me = try page.member.member
        let guardians = try app.family.guardians(of: me.id)
        let children = try app.family.children(of: me.id)
        guard !guardians.isEmpty || !children.isEmpty else { return nil }
        return AccountView.Family(
            guardians: guardians.map(\.displayName),
            children: children.map { child in
                AccountView.Child(name: child.displayName, dayURL: Paths.member(child.username).home,
                                  label: app.t("guardians.account.open_day", page, ["name": child.displayName]))
            },
            settingsURL: Paths.settings + "#journal-sharing")
    }
}
