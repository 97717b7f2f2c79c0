import Accounts
import HTTP
import HTTPServer
import Templates

/// `/account`, for every member: display name, time zone, password, and
/// signing out everywhere.
enum AccountPage {
    static func add(to router: inout Router<Route>) {
        router.add(.GET, "/account", .member { app, page in
            show(app, page, notice: notice(try page.query()["done"]))
        })
        router.add(.POST, "/account/name", .member { app, page in
            var form = FormState(values: ["displayName": .string(page.form["display_name"] ?? "")])
            guard let name = AccountFields.displayName(page.form, &form) else {
                return show(app, page, name: form, status: .badRequest)
            }
            try app.family.setDisplayName(name, for: try page.member.member.id)
            return .redirect(to: "/account?done=name")
        })
        router.add(.POST, "/account/time-zone", .member { app, page in
            var form = FormState()
            guard let zone = AccountFields.timeZone(page.form, &form, app.timeZones) else {
                return show(app, page, zone: form, status: .badRequest)
            }
            try app.family.setTimeZone(zone, for: try page.member.member.id)
            return .redirect(to: "/account?done=time-zone")
        })
        router.add(.POST, "/account/password", .member(slow: true) { app, page in try changePassword(app, page) })
        router.add(.POST, "/account/sign-out-everywhere", .member { app, page in
            try app.family.endAllSessions(for: try page.member.member.id, except: nil)
            return .redirect(to: "/login", setCookies: [SessionCookie.clear(secure: page.isSecure)])
        })
    }

    private static func notice(_ done: String?) -> String? {
        switch done {
        case "name": "Your name was saved."
        case "time-zone": "Your time zone was saved."
        case "password": "Your password was changed. Your other sessions were signed out."
        default: nil
        }
    }

    private static func show(_ app: Dawn, _ page: PageRequest, notice: String? = nil,
                             name: FormState? = nil, zone: FormState = FormState(),
                             password: FormState = FormState(), status: HTTPStatus = .ok) -> HTTPResponse {
        let me = page.signedIn!.member
        let nameForm = name ?? FormState(values: ["displayName": .string(me.displayName)])
        return app.render("account", [
            "title": "Your account",
            "notice": notice.map(TemplateValue.string) ?? .null,
            "name": nameForm.template,
            "zone": zone.template,
            "password": password.template,
            "timeZones": TimeZoneChoices.options(app.timeZones, selected: me.timeZone),
        ], status: status, for: page)
    }

    private static func changePassword(_ app: Dawn, _ page: PageRequest) throws -> HTTPResponse {
        let me = try page.member
        var form = FormState()
        let current = page.form["current_password"] ?? ""
        let stored = try app.family.credentials(username: me.member.username)?.passwordHash ?? PasswordHasher.decoyHash
        let currentMatches = PasswordHasher.verify(current, against: stored)
        let password = AccountFields.newPassword(page.form, &form)
        if !currentMatches { form.fail("current_password", AccountError.wrongCurrentPassword.message) }
        guard form.isValid, let password else {
            return show(app, page, password: form, status: .badRequest)
        }
        let hash = try PasswordHasher.hash(password)
        try app.family.setPasswordHash(hash, for: me.member.id, keepingSession: me.session.tokenHash)
        return .redirect(to: "/account?done=password")
    }
}
