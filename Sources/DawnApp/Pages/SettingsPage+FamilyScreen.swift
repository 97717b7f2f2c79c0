import Accounts
import HTTP
import HTTPServer
import Templates

/// `/settings`' family-screen card: "show me on the family screen", and the
/// member's own PIN (4–8 digits, typed twice, yescrypt-hashed on the password pool), set
/// or removed. View: `Views/partials/settings-family-screen.html`.
extension SettingsPage {
    static func addFamilyScreen(to router: inout Router<Route>) {
        router.add(.POST, "/settings/family-screen", .member { app, page in
            let me = try page.member.member
            let onScreen: Bool
            switch page.form["on_screen"] {
            case nil: onScreen = false
            case "1": onScreen = true
            default: throw PageError(.badRequest, key: "settings.invalid")
            }
            try app.familyScreens.setOnScreen(onScreen, for: me.id)
            return .redirect(to: Paths.done(Paths.settings, "screen_saved", anchor: "family-screen"))
        })
        router.add(.POST, "/settings/pin", .member(hashesPasswords: true) { app, page in
            let member = try MemberContext(app, page)
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

    /// The card's values: whether the member shows and has a PIN, and a refused PIN form.
    static func familyScreenValues(_ app: Dawn, _ page: PageRequest, form: FormState) -> TemplateValue {
        guard let me = page.signedIn?.member, let profile = try? app.familyScreens.profile(me.id) else { return .null }
        return [
            "onScreen": .bool(profile.onScreen),
            "hasPIN": .bool(profile.hasPIN),
            "status": .string(app.t(profile.hasPIN ? "screen.settings.has_pin" : "screen.settings.no_pin", page)),
            "form": form.template,
        ]
    }
}
