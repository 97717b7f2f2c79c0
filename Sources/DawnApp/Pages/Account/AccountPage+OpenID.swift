import Accounts
import HTTP
import HTTPServer

/// The family's OpenID provider on `/account` (`partials/account-oidc.html`): a member
/// connects their identity there (`GET /account/oidc/connect`, through the provider and
/// back to `OpenIDSignInPage`'s callback) and disconnects it (`POST /account/oidc/disconnect`).
/// Children may connect too. While password sign-in is off (`DAWN_PASSWORD_SIGNIN=0`) an
/// admin's connection stays: it is how admins sign in.
extension AccountPage {
    /// The card's id, where the notices after connecting and disconnecting scroll to.
    static let openIDAnchor = "oidc"

    static func addOpenID(to router: inout Router<Route>) {
        router.add(.GET, Paths.connectOpenID, .member(slow: true) { app, page in
            try OpenIDSignInPage.start(app, page, for: .connect(try page.member.member.id))
        })
        router.add(.POST, Paths.disconnectOpenID, .member { app, page in
            guard let provider = app.openID else { throw PageError(.notFound, key: "error.not_found") }
            let me = try page.member.member
            if me.isAdmin, !app.configuration.passwordSignIn {
                throw PageError(.forbidden, key: "error.oidc_admin_keeps_link", ["name": provider.name])
            }
            try app.family.unlinkOpenID(me.id, issuer: provider.issuer.text)
            return .redirect(to: Paths.done(Paths.account, "oidc-disconnected", anchor: openIDAnchor))
        })
    }

    /// The card for the signed-in member, or nil when Dawn has no provider.
    static func openIDCard(_ app: Dawn, _ page: PageRequest) throws -> AccountView.OpenID? {
        guard let provider = app.openID else { return nil }
        let me = try page.member.member
        let link = try app.family.openIDLink(of: me.id, issuer: provider.issuer.text)
        let name = ["name": provider.name]
        let keeps = me.isAdmin && !app.configuration.passwordSignIn
        let text: String
        if let link {
            text = link.label.map { app.t("account.oidc.connected_as", page, name.merging(["account": $0]) { a, _ in a }) }
                ?? app.t("account.oidc.connected", page, name)
        } else {
            text = app.t("account.oidc.text", page, name)
        }
        return AccountView.OpenID(
            heading: app.t("account.oidc.heading", page, name), text: text, connected: link != nil,
            connectURL: Paths.connectOpenID, connectLabel: app.t("account.oidc.connect", page, name),
            disconnectURL: Paths.disconnectOpenID, disconnect: keeps ? nil : app.t("account.oidc.disconnect", page, name),
            keeps: keeps && link != nil ? app.t("account.oidc.admin_keeps", page, name) : nil)
    }

    /// The notice after `?done=oidc-…`, in words naming the provider.
    static func openIDNotice(_ done: String?, _ app: Dawn, _ page: PageRequest) -> String? {
        guard let provider = app.openID else { return nil }
        switch done {
        case "oidc-connected": return app.t("account.oidc.notice_connected", page, ["name": provider.name])
        case "oidc-disconnected": return app.t("account.oidc.notice_disconnected", page, ["name": provider.name])
        default: return nil
        }
    }
}
