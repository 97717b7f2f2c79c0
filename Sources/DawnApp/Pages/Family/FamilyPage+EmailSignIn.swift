import Accounts
import HTTP
import HTTPServer

/// `/family`'s switch for sign-in by email with the family's OpenID provider, for the admin
/// (`partials/family-oidc-email.html`), shown only where Dawn has a provider. On, an account
/// at the provider that nobody connected signs in the member whose verified address on
/// `/account` is the ID token's `email`, when the token says `email_verified: true`; the
/// account is not connected by it. Off by default. The one write path: the database, then
/// the copy the callback reads (`Dawn.openIDEmailSignIn`).
extension FamilyPage {
    static let emailSignInAnchor = "oidc-email"

    static func addEmailSignIn(to router: inout Router<Route>) {
        router.add(.POST, Paths.familyEmailSignIn, .admin { app, page in
            guard app.openID != nil else { throw PageError(.notFound, key: "error.not_found") }
            let on = page.form["on"] == "1"
            try app.family.setOpenIDEmailSignIn(on)
            app.openIDEmailSignIn.withLock { $0 = on }
            return .redirect(to: Paths.done(Paths.family, on ? "oidc-email-on" : "oidc-email-off", anchor: emailSignInAnchor))
        })
    }

    /// The notices after the switch (`?done=…`); `{name}` is the provider's.
    static func emailSignInNotice(_ done: String?) -> String? {
        switch done {
        case "oidc-email-on": "family.oidc_email.notice_on"
        case "oidc-email-off": "family.oidc_email.notice_off"
        default: nil
        }
    }

    /// The card, or nil without a provider.
    static func emailSignInCard(_ app: Dawn, _ page: PageRequest) -> FamilyView.EmailSignIn? {
        guard let provider = app.openID else { return nil }
        let name = ["name": provider.name]
        return FamilyView.EmailSignIn(
            heading: app.t("family.oidc_email.heading", page, name), hint: app.t("family.oidc_email.hint", page, name),
            label: app.t("family.oidc_email.label", page, name), on: app.openIDEmailSignIn.withLock { $0 },
            actionURL: Paths.familyEmailSignIn)
    }
}
