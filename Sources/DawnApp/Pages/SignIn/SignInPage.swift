import Accounts
import HTTP
import HTTPServer
import Templates


/// `/login` and `POST /logout`.
/// A form without gathered data, so its typed view (`SignInView`) is its model (no `+Model` file).
enum SignInPage {
    static func add(to router: inout Router<Route>) {
        router.add(.GET, "/login", .open { app, page in
            if page.signedIn != nil { return .redirect(to: ReturnPath.sanitize(try page.query()["next"])) }
            return show(app, page, username: "", next: ReturnPath.sanitize(try page.query()["next"]))
        })
        router.add(.POST, "/login", .open(hashesPasswords: true) { app, page in
            // A hidden form is a closed one: a password sent anyway is never checked.
            guard app.offersPasswordSignIn() else {
                throw PageError(.forbidden, key: "login.password_off", ["name": app.openID?.name ?? ""])
            }
            return submit(app, page)
        })
        // The device cookie stays: sign-out does not make the browser a stranger.
        router.add(.POST, "/logout", .member { app, page in
            if let token = page.cookies[SessionCookie.name] { try app.family.endSession(token: token) }
            var response = CachePolicy.signedOut(secure: page.isSecure)
            // Signed in by a proxy: its sign-out too, or the next page would sign in again.
            if let url = app.configuration.authHeaderLogoutURL { response.headers.set("Location", url) }
            return response
        })
    }

    /// The sign-in page, returning to `target` afterwards.
    static func url(returningTo target: String) -> String {
        target == Paths.own.home ? Paths.signIn : Paths.signIn + "?next=" + percentEncode(target)
    }

    private static func show(_ app: Dawn, _ page: PageRequest, username: String, next: String, error: String? = nil,
                             status: HTTPStatus = .ok) -> HTTPResponse {
        let csrf = PreSessionCSRF(page)
        let passwordForm = app.offersPasswordSignIn()
        let openID = app.openID.map { provider in
            SignInView.OpenIDButton(label: app.t("login.oidc.button", page, ["name": provider.name]),
                                    url: Paths.signInWithOpenID(returningTo: next), style: passwordForm ? "button" : "button primary")
        }
        let view = SignInView(title: app.t("login.title", page), csrf: csrf.token, username: username, next: next, error: error,
                              openID: openID, passwordForm: passwordForm)
        var response = app.render(view, status: status, for: page)
        csrf.attach(to: &response)
        return response
    }

    private static func submit(_ app: Dawn, _ page: PageRequest) -> HTTPResponse {
        let username = Substring(page.form["username"] ?? "").trimmingSpaces.lowercased()
        let password = page.form["password"] ?? ""
        let next = ReturnPath.sanitize(page.form["next"])
        // The form again, with why it was refused.
        func refuse(_ message: String, _ status: HTTPStatus) -> HTTPResponse {
            show(app, page, username: username, next: next, error: message, status: status)
        }
        let now = app.now()

        // An unknown username is checked against a decoy hash, so it costs what a wrong password costs.
        let credentials: (member: Member, passwordHash: String, deviceGeneration: Int64)?
        do {
            credentials = try app.family.credentials(username: username)
        } catch {
            return refuse(app.t(error, page), .internalServerError)
        }
        // A browser that signed in as this very member before is judged by its own failures.
        // Only of the member's current generation: not from before they signed out everywhere or changed password.
        let device = credentials.flatMap {
            DeviceCookie.devices(page, key: app.deviceKey).device(for: $0.member.id, generation: $0.deviceGeneration)
        }
        switch app.throttle.verdict(username: username, address: page.clientAddress, device: device, now: now) {
        case .allowed:
            break
        case .throttled:
            return refuse(app.t("login.throttled", page, ["minutes": String(SignInThrottle.window / 60)]), .tooManyRequests)
        case .overBudget:
            var response = refuse(app.t("login.server_throttled", page), .serviceUnavailable)
            response.headers.add("Retry-After", String(SignInThrottle.budgetWindow))
            return response
        }
        let matches = PasswordHasher.verify(password, against: credentials?.passwordHash ?? PasswordHasher.decoyHash)
        guard let member = credentials?.member, matches else {
            app.throttle.recordFailure(username: username, address: page.clientAddress, device: device, now: now)
            return refuse(app.t("login.mismatch", page), .badRequest)
        }
        app.throttle.recordSuccess(username: username, device: device)
        do {
            let (token, _) = try app.family.startSession(for: member.id)
            // Signed in with the password: the day page's wrong-PIN notice has been seen (a
            // failure to record it only keeps the notice a while longer).
            if (try? app.familyScreens.pinFailures.markSeen(member.id)) == true { app.memberChangedElsewhere(member.id) }
            return .redirect(to: next, setCookies: [SessionCookie.set(token, secure: page.isSecure),
                                                    DeviceCookie.remembering(member.id, generation: credentials?.deviceGeneration ?? 0,
                                                                             page, key: app.deviceKey)])
        } catch {
            // A full disk cannot store the session: say so, and when to try again.
            guard StorageFullPage.matches(error) else {
                return refuse(app.t("login.failed", page), .internalServerError)
            }
            var response = refuse(app.t("error.storage_full", page), .serviceUnavailable)
            StorageFullPage.markRetry(&response)
            return response
        }
    }

    private static func percentEncode(_ s: String) -> String {
        var out = ""
        for byte in s.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"),
                 UInt8(ascii: "."), UInt8(ascii: "/"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = Array("0123456789ABCDEF".unicodeScalars)
                out += "%"
                out.unicodeScalars.append(hex[Int(byte >> 4)])
                out.unicodeScalars.append(hex[Int(byte & 0xF)])
            }
        }
        return out
    }
}
