import Accounts
import HTTP
import HTTPServer
import Localization
import PlainText
import TimeZones

/// `/family`'s part of child accounts and the kitchen screen: the "child" box of the add
/// form, a child's family-screen PIN, each member's wrong PINs and lockout with an unlock
/// button, and the screens (an enrolment code shown once, on a page of its own: `showCode`;
/// the enrolled screens with a revoke button). Views: `Views/partials/family-screens.html`,
/// `Views/partials/family-child-pin.html` and `Views/partials/family-pins.html`.
extension FamilyPage {
    /// The screens card as a refused POST left it: the label form with its message.
    struct ScreensForm {
        var label = FormState(values: ["label": ""])
    }

    static func addScreens(to router: inout Router<Route>) {
        router.add(.POST, "/family/screens/code", .admin { app, page in
            var form = ScreensForm()
            let label = String(PlainText.trimmed(page.form["label"] ?? ""))
            form.label.values["label"] = page.form["label"] ?? ""
            guard PlainText.length(label) <= FamilyScreens.maxLabelCharacters, PlainText.isSingleLine(label) else {
                form.label.fail("label", app.t("family.screens.label_invalid", page, ["max": String(FamilyScreens.maxLabelCharacters)]))
                return try show(app, page, screens: form, status: .badRequest)
            }
            let name = label.isEmpty ? app.t("family.screens.default_label", page) : label
            let made = try app.familyScreens.newCode(label: name)
            return try showCode(app, page, code: made.code, label: name, expiresAt: made.expiresAt)
        })
        router.add(.POST, "/family/screens/{id}/revoke", .admin { app, page in
            guard let id = try page.id(), try app.familyScreens.revoke(id) else {
                throw PageError(.notFound, key: "family.screens.not_found")
            }
            return .redirect(to: Paths.done(Paths.family, "screen_revoked"))
        })
        // Unlocks a member's PIN on every screen: their wrong PINs stop counting (the member
        // still sees them on their day page until they dismiss them).
        router.add(.POST, "/family/members/{username}/pin-unlock", .admin { app, page in
            let member = try FamilyPage.member(app, username: page.parameter("username"))
            try app.familyScreens.pinFailures.clearLockout(member.id)
            return .redirect(to: Paths.done(Paths.family, "pin_unlocked"))
        })
        router.add(.POST, "/family/members/{username}/pin", .admin(hashesPasswords: true) { app, page in
            let member = try FamilyPage.member(app, username: page.parameter("username"))
            guard member.isChild else { throw PageError(.badRequest, key: "family.child.not_child") }
            if page.form["action"] == "clear" {
                try app.familyScreens.setPINHash(nil, for: member.id)
                return .redirect(to: Paths.done(Paths.family, "pin_cleared"))
            }
            var form = FormState()
            let onScreen: Bool
            switch page.form["on_screen"] {
            case nil: onScreen = false
            case "1": onScreen = true
            default: onScreen = false; form.fail("general", app.t("settings.invalid", page))
            }
            let pin = PINFields.read(app, page, &form)
            guard form.isValid, let pin else {
                return try show(app, page, childPIN: (member.username, form), status: .badRequest)
            }
            try app.familyScreens.setPINHash(try PasswordHasher.hash(pin), for: member.id)
            try app.familyScreens.setOnScreen(onScreen, for: member.id)
            return .redirect(to: Paths.done(Paths.family, "pin_set"))
        })
    }

    /// The add form's "child" box: absent is an adult, "1" a child; asking for a child
    /// admin (an `admin` field beside it) is refused, as is any other value.
    static func childField(_ app: Dawn, _ page: PageRequest, _ form: inout FormState) -> Bool? {
        switch page.form["child"] {
        case nil: return false
        case "1":
            if let admin = page.form["admin"], admin != "0" {
                form.fail("general", app.t(AccountError.childCannotBeAdmin, page))
                return nil
            }
            return true
        default:
            form.fail("general", app.t("settings.invalid", page))
            return nil
        }
    }

    /// A child's PIN form in the member list (none for anyone else).
    static func childPINForm(_ app: Dawn, _ page: PageRequest, _ member: Member, form: FormState?) throws -> FamilyView.ChildPIN? {
        guard member.isChild else { return nil }
        let profile = try app.familyScreens.profile(member.id)
        let name = ["name": member.displayName]
        return FamilyView.ChildPIN(
            url: "/family/members/\(member.username)/pin",
            hasPIN: profile.hasPIN,
            onScreen: profile.onScreen || !profile.hasPIN,
            status: app.t(profile.hasPIN ? "family.child.has_pin" : "family.child.no_pin", page),
            pinLabel: app.t("family.child.pin", page, name),
            onScreenLabel: app.t("family.child.on_screen", page, name),
            form: FamilyView.PINForm(form ?? FormState()))
    }

    /// A member's wrong PINs and lockout for the admins, with the unlock form; none when none count.
    static func lockout(_ app: Dawn, _ page: PageRequest, _ member: Member,
                        _ counted: PINFailures.Counted?) throws -> FamilyView.PINs? {
        guard let counted else { return nil }
        let rules = try app.timeZones.rules(for: page.signedIn?.member.timeZone ?? "UTC")
        let today = rules.localDateTime(at: app.now()).date
        let name = ["name": member.displayName]
        let locked: String? = switch counted.state {
        case .open: nil
        case let .lockedUntil(until): app.t("pins.family.locked_until", page, ["time": DayPage.when(until, rules, today: today,
                                                                                                   page.language)])
        case .lockedUntilUnlocked: app.t("pins.family.locked_admin", page)
        }
        return FamilyView.PINs(
            failed: app.strings.plural("pins.family.failed", count: counted.count, page.language,
                                       ["screen": counted.lastScreen,
                                        "time": DayPage.when(counted.last, rules, today: today, page.language)]),
            locked: locked,
            unlockURL: "/family/members/\(member.username)/pin-unlock",
            unlockLabel: app.t("pins.family.unlock_label", page, name))
    }

    /// A code just made, on a page of its own (`Views/family-screen-code.html`): the answer
    /// to the POST opens on it, at the top, rather than on a long `/family` with the code at
    /// its bottom. Shown this once: never stored by the browser, never in `/family`.
    private static func showCode(_ app: Dawn, _ page: PageRequest, code: String, label: String,
                                 expiresAt: Int64) throws -> HTTPResponse {
        let time = try wallTime(app, page, expiresAt)
        var response = app.render(FamilyScreenCodeView(
            title: app.t("family.screens.code_heading", page),
            code: code,
            label: label,
            note: app.t("family.screens.code_text", page, ["time": time]),
            backURL: Paths.family + "#screens"), for: page)
        response.headers.add("Cache-Control", "no-store")
        return response
    }

    /// `instant` as a time of day in the admin's zone.
    private static func wallTime(_ app: Dawn, _ page: PageRequest, _ instant: Int64) throws -> String {
        let wall = try app.timeZones.rules(for: page.signedIn?.member.timeZone ?? "UTC").localDateTime(at: instant)
        return LocalizedDate.time(hour: wall.hour, minute: wall.minute)
    }

    /// The screens card: the waiting code, the enrolled screens, the label form.
    static func screensSection(_ app: Dawn, _ page: PageRequest, _ form: ScreensForm) throws -> FamilyView.Screens {
        let rules = try app.timeZones.rules(for: page.signedIn?.member.timeZone ?? "UTC")
        func time(_ instant: Int64) -> String {
            let wall = rules.localDateTime(at: instant)
            return LocalizedDate.time(hour: wall.hour, minute: wall.minute)
        }
        func date(_ instant: Int64) -> String {
            LocalizedDate.long(rules.localDateTime(at: instant).date, page.language)
        }
        let pending = try app.familyScreens.pendingCode()
        return FamilyView.Screens(
            pending: pending.map { app.t("family.screens.pending", page, ["label": $0.label, "time": time($0.expiresAt)]) },
            list: try app.familyScreens.screens().map { screen in
                FamilyView.Screens.Screen(
                    label: screen.label,
                    enrolled: app.t("family.screens.enrolled", page, ["date": date(screen.enrolledAt),
                                                                      "last": date(screen.lastSeenAt)]),
                    revokeURL: "/family/screens/\(screen.id)/revoke",
                    revokeLabel: app.t("family.screens.revoke", page, ["label": screen.label]))
            },
            form: FamilyView.Screens.LabelForm(form.label),
            maxLabel: FamilyScreens.maxLabelCharacters)
    }
}

/// The "PIN typed twice" fields (`pin`, `pin_again`) of `/settings` and `/family`.
enum PINFields {
    static func read(_ app: Dawn, _ page: PageRequest, _ form: inout FormState) -> PIN? {
        do throws(PIN.Problem) {
            return try PIN.confirm(page.form["pin"] ?? "", page.form["pin_again"] ?? "")
        } catch .differ {
            form.fail("pin_again", app.t("pin.error.differ", page))
        } catch {
            form.fail("pin", app.t("pin.error.invalid", page))
        }
        return nil
    }
}
