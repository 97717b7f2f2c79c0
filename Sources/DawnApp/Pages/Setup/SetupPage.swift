import Accounts
import HTTP
import HTTPServer
import Templates

/// `/setup`: the first visitor of a fresh instance creates the admin account.
/// Once anyone exists, it answers 404.
/// A form without gathered data, so its `FormState` is its model (no `+Model` file), worded
/// by `SetupView`.
enum SetupPage {
    static func add(to router: inout Router<Route>) {
        router.add(.GET, "/setup", .open { app, page in
            guard app.needsSetup else { throw PageError(.notFound, app.t("error.setup_done", page)) }
            return show(app, page, FormState(values: ["username": "", "displayName": "", "timeZone": "UTC"]))
        })
        router.add(.POST, "/setup", .open(hashesPasswords: true) { app, page in
            guard app.needsSetup else { throw PageError(.notFound, app.t("error.setup_done", page)) }
            return submit(app, page)
        })
    }

    private static func show(_ app: Dawn, _ page: PageRequest, _ form: FormState,
                             status: HTTPStatus = .ok) -> HTTPResponse {
        let csrf = PreSessionCSRF(page)
        let timeZone = form.values["timeZone"] ?? "UTC"
        let view = SetupView(title: app.t("setup.title", page), csrf: csrf.token, form: form,
                             timeZones: TimeZoneChoices.choices(app.timeZones.identifiers, selected: timeZone))
        var response = app.render(view, status: status, for: page)
        csrf.attach(to: &response)
        return response
    }

    private static func submit(_ app: Dawn, _ page: PageRequest) -> HTTPResponse {
        let f = page.form
        var form = FormState(values: [
            "username": f["username"] ?? "",
            "displayName": f["display_name"] ?? "",
            "timeZone": f["time_zone"] ?? "UTC",
        ])
        let fields = AccountFields(app, page)
        let username = fields.username(&form)
        let displayName = fields.displayName(&form)
        let password = fields.newPassword(&form)
        let timeZone = fields.timeZone(&form)
        guard form.isValid, let username, let displayName, let password, let timeZone else {
            return show(app, page, form, status: .badRequest)
        }
        do {
            let hash = try PasswordHasher.hash(password)
            let admin = try app.family.createFirstAdmin(username: username, displayName: displayName,
                                                       passwordHash: hash, timeZone: timeZone)
            let (token, _) = try app.family.startSession(for: admin.id)
            return .redirect(to: "/", setCookies: [SessionCookie.set(token, secure: page.isSecure),
                                                   DeviceCookie.remembering(admin.id, generation: 0, page, key: app.deviceKey)])
        } catch AccountError.setupAlreadyDone {
            return .redirect(to: Paths.signIn)
        } catch let error as AccountError {
            form.fail("general", app.t(error, page))
            return show(app, page, form, status: .badRequest)
        } catch {
            form.fail("general", app.t("setup.failed", page))
            return show(app, page, form, status: .internalServerError)
        }
    }
}
