import Accounts
import Templates

/// Who looks after whom, on `/account`: a child sees their guardians; a
/// guardian sees the members they look after, each linked to their day. Only the
/// signed-in member's own grants: no other member is ever named here.
/// `Views/partials/account-guardians.html`.
extension AccountPage {
    static func guardianValues(_ app: Dawn, _ page: PageRequest) throws -> TemplateValue {
        let me = try page.member.member
        let guardians = try app.family.guardians(of: me.id)
        let children = try app.family.children(of: me.id)
        guard !guardians.isEmpty || !children.isEmpty else { return .null }
        return [
            "guardians": guardians.isEmpty ? .null : .list(guardians.map { .string($0.displayName) }),
            "children": children.isEmpty ? .null : .list(children.map { child in
                ["name": .string(child.displayName), "dayURL": .string(Paths.member(child.username).home),
                 "label": .string(app.t("guardians.account.open_day", page, ["name": child.displayName]))]
            }),
            "settingsURL": .string(Paths.settings + "#journal-sharing"),
        ]
    }
}
