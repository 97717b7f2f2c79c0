import Accounts
import HTTP
import HTTPServer
import Templates


/// `/account`, for every member: display name, password, email address
/// (`AccountPage+Email.swift`), signing out everywhere, and the family's OpenID provider
/// (`AccountPage+OpenID.swift`). (The time zone is a setting:
/// `/settings`.)
/// Forms without gathered data, so their `FormState`s are the model (no `+Model` file).
enum AccountPage {
    static func add(to router: inout Router<Route>) {
        router.add(.GET, "/account", .member { app, page in
            let done = try page.query()["done"]
            if done == "imported" { return show(app, page, notice: try ImportPage.notice(app, page)) }
            let key = notice(done) ?? emailNotice(done)
            return show(app, page, notice: key.map { app.t($0, page) } ?? openIDNotice(done, app, page))
        })
        router.add(.POST, "/account/name", .member { app, page in
            var form = FormState(values: ["displayName": page.form["display_name"] ?? ""])
            guard let name = AccountFields(app, page).displayName(&form) else {
                return show(app, page, name: form, status: .badRequest)
            }
            try app.family.setDisplayName(name, for: try page.member.member.id)
            return .redirect(to: Paths.done(Paths.account, "name"))
        })
        router.add(.POST, "/account/password", .member(hashesPasswords: true) { app, page in try changePassword(app, page) })
        router.add(.POST, "/account/sign-out-everywhere", .member { app, page in
            try app.family.endAllSessions(for: try page.member.member.id, except: nil)
            return CachePolicy.signedOut(secure: page.isSecure)
        })
        addOpenID(to: &router)
        addEmail(to: &router)
    }

    /// The key of the notice after `?done=`.
    private static func notice(_ done: String?) -> String? {
        switch done {
        case "name": "account.name.saved"
        case "password": "account.password.changed"
        default: nil
        }
    }

    static func show(_ app: Dawn, _ page: PageRequest, notice: String? = nil,
                     name: FormState? = nil, password: FormState = FormState(), email: FormState? = nil,
                     status: HTTPStatus = .ok) -> HTTPResponse {
        let me = page.signedIn!.member
        let nameForm = name ?? FormState(values: ["displayName": me.displayName])
        return app.render(AccountView(title: app.t("account.title", page), notice: notice, name: nameForm, password: password,
                                      family: try? guardians(app, page), openID: try? openIDCard(app, page),
                                      email: try? emailCard(app, page, form: email),
                                      importError: nil, importEmpty: false),
                          status: status, for: page)
    }

    private static func changePassword(_ app: Dawn, _ page: PageRequest) throws -> HTTPResponse {
        let me = try page.member
        var form = FormState()
        let now = app.now()
        // Throttled like sign-in: a borrowed session must not buy unlimited guesses at the
        // password that would let it lock the member out.
        if app.throttle.isBlocked(currentPasswordOf: me.member.id, now: now) {
            form.fail("current_password", app.t("account.password.throttled", page,
                                                ["minutes": String(SignInThrottle.window / 60)]))
            return show(app, page, password: form, status: .tooManyRequests)
        }
        let current = page.form["current_password"] ?? ""
        let stored = try app.family.credentials(username: me.member.username)?.passwordHash ?? PasswordHasher.decoyHash
        let currentMatches = PasswordHasher.verify(current, against: stored)
        if currentMatches {
            app.throttle.recordSuccess(currentPasswordOf: me.member.id)
        } else {
            app.throttle.recordFailure(currentPasswordOf: me.member.id, now: now)
        }
        let password = AccountFields(app, page).newPassword(&form)
        if !currentMatches { form.fail("current_password", app.t(AccountError.wrongCurrentPassword, page)) }
        guard form.isValid, let password else {
            return show(app, page, password: form, status: .badRequest)
        }
        let hash = try PasswordHasher.hash(password)
        try app.family.setPasswordHash(hash, for: me.member.id, keepingSession: me.session?.tokenHash)
        return .redirect(to: Paths.done(Paths.account, "password"))
    }
}
