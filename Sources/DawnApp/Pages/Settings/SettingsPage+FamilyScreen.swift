import Accounts
import HTTP
import HTTPServer
import Templates

/// `/settings`' family-screen card: one form for "show me on the family screen" and the
/// member's own PIN (4–8 digits, typed twice, yescrypt-hashed on the password pool; left empty,
/// the PIN stays as it is), so a tick is never lost to the PIN's button; and the PIN removed.
/// View: `Views/partials/settings-family-screen.html`.
extension SettingsPage {
    static func addFamilyScreen(to router: inout Router<Route>) {
        // On the password pool: the same form may carry a PIN to hash. The box is checked before
        // the member's clock, which can fail: a handed context would turn that 400 into the error page.
        router.add(.POST, "/settings/family-screen", .member(hashesPasswords: true) { app, page in
            let onScreen: Bool
            switch page.form["on_screen"] {
            case nil: onScreen = false
            case "1": onScreen = true
            default: throw PageError(.badRequest, key: "settings.invalid")
            }
            let member = try MemberContext(app, page)
            let me = member.actor.member
            var pin: PIN?
            if !(page.form["pin"] ?? "").isEmpty || !(page.form["pin_again"] ?? "").isEmpty {
                var form = FormState()
                pin = PINFields.read(app, page, &form)
                guard pin != nil else {
                    // Refused: nothing is saved, and the form comes back with the box as it was sent.
                    form.values["on_screen"] = onScreen ? "1" : ""
                    return show(app, page, Model(app, member), screenForm: form, status: .badRequest)
                }
            }
            if let pin { try app.familyScreens.setPINHash(try PasswordHasher.hash(pin), for: me.id) }
            try app.familyScreens.setOnScreen(onScreen, for: me.id)
            return .redirect(to: Paths.done(Paths.settings, pin == nil ? "screen_saved" : "screen_pin_saved", anchor: "family-screen"))
        })
        // The PIN alone (the card's "Remove my PIN" button, and scripts that set a PIN): the
        // "show me" choice stays as it is.
        router.add(.POST, "/settings/pin", .member(hashesPasswords: true) { app, page, member in
            let me = member.actor.member
            if page.form["action"] == "clear" {
                try app.familyScreens.setPINHash(nil, for: me.id)
                return .redirect(to: Paths.done(Paths.settings, "pin_cleared", anchor: "family-screen"))
            }
            var form = FormState()
            guard let pin = PINFields.read(app, page, &form) else {
                return show(app, page, Model(app, member), screenForm: form, status: .badRequest)
            }
            try app.familyScreens.setPINHash(try PasswordHasher.hash(pin), for: me.id)
            return .redirect(to: Paths.done(Paths.settings, "pin_saved", anchor: "family-screen"))
        })
    }

    /// The card: whether the member shows (as sent, in a refused form) and has a PIN.
    static func familyScreen(_ app: Dawn, _ page: PageRequest, form: FormState) -> SettingsView.FamilyScreen? {
        guard let me = page.signedIn?.member, let profile = try? app.familyScreens.profile(me.id) else { return nil }
        return SettingsView.FamilyScreen(
            onScreen: form.values["on_screen"].map { $0 == "1" } ?? profile.onScreen,
            hasPIN: profile.hasPIN,
            status: app.t(profile.hasPIN ? "screen.settings.has_pin" : "screen.settings.no_pin", page),
            pinError: form.error("pin"),
            pinAgainError: form.error("pin_again"))
    }
}
