import HTTP
import XCTest

/// `/setup`, `/login`, `/logout` in process: statuses, redirects, the cookies' attributes,
/// and every refused form leaving the instance as it was.
final class SetupAndSignInPageTests: XCTestCase {
    private let now = PageHarness.instant("2026-03-29T10:00:00Z")

    func testAFreshInstanceSendsEveryPageToSetupButAnswersMachines() throws {
        let dawn = try PageHarness(now: now)
        for target in ["/", "/stats", "/day/2026-03-29", "/login", "/family"] {
            let page = dawn.get(target)
            XCTAssertEqual(page.status, .seeOther, target)
            XCTAssertEqual(page.location, "/setup", target)
            XCTAssertEqual(page.headers["Cache-Control"], "no-store", target)
        }
        XCTAssertEqual(dawn.get("/healthz").status, .ok)
        let setup = dawn.get("/setup")
        XCTAssertEqual(setup.status, .ok)
        XCTAssertEqual(setup.headers["Content-Type"], "text/html; charset=utf-8")
        XCTAssertNotNil(setup.headers["Content-Security-Policy"])
        XCTAssertEqual(setup.headers["X-Frame-Options"], "DENY")
        let csrf = try XCTUnwrap(setup.setCookie("dawn_csrf"))
        XCTAssertTrue(csrf.hasSuffix("; Path=/; HttpOnly; SameSite=Strict"), csrf)
        XCTAssertFalse(csrf.contains("Max-Age"), "a browser-session cookie")
        XCTAssertFalse(csrf.contains("Secure"), "plain HTTP here")
        XCTAssertTrue(setup.text.contains(#"<option value="UTC" selected>"#))
        XCTAssertTrue(setup.text.contains(#"<option value="Europe/Rome">"#))
        // The same browser keeps its token: no new cookie on the next visit.
        XCTAssertNil(dawn.get("/setup").setCookie("dawn_csrf"))
    }

    func testRefusedSetupFormsCreateNobody() throws {
        let dawn = try PageHarness(now: now)
        _ = dawn.get("/setup")
        let good = [("username", "mum"), ("display_name", "Mum"), ("password", PageHarness.password),
                    ("password_again", PageHarness.password), ("time_zone", "Europe/Rome")]

        let forged = dawn.post("/setup", good + [("csrf", "not-the-cookie-token")])
        XCTAssertEqual(forged.status, .forbidden)
        XCTAssertEqual(PageHarness.errorMessage(forged),
                       "This form has expired or did not come from Dawn. Go back, reload the page and try again.")

        func refused(_ change: (String, String), field: String, message: String) {
            let fields = good.map { $0.0 == change.0 ? change : $0 }
            let page = dawn.post("/setup", fields)
            XCTAssertEqual(page.status, .badRequest, "\(change)")
            XCTAssertTrue(page.text.contains(#"<p class="field-error" id="\#(field)-error">\#(message)</p>"#),
                          "\(change): \(page.text)")
        }
        refused(("username", "M"), field: "username",
                message: "Usernames are 3 to 32 characters: lowercase letters, digits, and _ . -")
        refused(("password", "short"), field: "password",
                message: "Passwords need at least 10 characters. A few words in a row make a good one.")
        refused(("password_again", "something else entirely"), field: "password_again",
                message: "The two passwords do not match. Please type the same password in both fields.")
        refused(("time_zone", "Mars/Olympus_Mons"), field: "time_zone", message: "Choose a time zone from the list.")

        // What was typed comes back, escaped; the refused time zone is not offered as chosen.
        let page = dawn.post("/setup", good.map { $0.0 == "display_name" ? ("display_name", #"<b>"Mum" & co</b>"#) : $0 }
            .map { $0.0 == "password" ? ("password", "short") : $0 })
        XCTAssertEqual(page.status, .badRequest)
        XCTAssertTrue(page.text.contains(#"value="&lt;b&gt;&#34;Mum&#34; &amp; co&lt;/b&gt;""#))
        XCTAssertFalse(page.text.contains("<b>\"Mum\""))

        // Nobody was created: setup is still offered, and sign-in still sends there.
        XCTAssertEqual(dawn.get("/setup").status, .ok)
        XCTAssertEqual(dawn.get("/login").location, "/setup")
    }

    func testSetupCreatesTheAdminSignsThemInAndThenIsGone() throws {
        let dawn = try PageHarness(now: now)
        let created = dawn.setUp(username: "mum", timeZone: "Europe/Rome")
        XCTAssertEqual(created.location, "/")
        XCTAssertEqual(created.headers["Cache-Control"], "no-store")
        let session = try XCTUnwrap(created.setCookie("dawn_session"))
        XCTAssertTrue(session.hasSuffix("; Path=/; Max-Age=2592000; HttpOnly; SameSite=Lax"), session)
        let device = try XCTUnwrap(created.setCookie("dawn_device"))
        XCTAssertTrue(device.hasSuffix("; Path=/; Max-Age=31536000; HttpOnly; SameSite=Lax"), device)

        let home = dawn.get("/")
        XCTAssertEqual(home.status, .ok)
        XCTAssertTrue(home.text.contains(#"<a href="/account" title="Account">Mum</a>"#))
        XCTAssertTrue(home.text.contains(#"<a href="/family">Family</a>"#), "the first member is the admin")
        // 10:00 UTC is 12:00 in Rome, on the day the clocks went forward.
        XCTAssertTrue(home.text.contains(#"<time datetime="2026-03-29">Sunday, 29 March 2026</time>"#))

        let again = dawn.get("/setup")
        XCTAssertEqual(again.status, .notFound)
        XCTAssertEqual(PageHarness.errorMessage(again), "This Dawn is already set up.")
        let second = dawn.post("/setup", [("username", "dad"), ("display_name", "Dad"), ("password", PageHarness.password),
                                          ("password_again", PageHarness.password), ("time_zone", "UTC")])
        XCTAssertEqual(second.status, .notFound)
        XCTAssertNil(second.setCookie("dawn_session"))
        // Still one member, signed in as before.
        XCTAssertEqual(dawn.get("/family").text.components(separatedBy: #"<li class="member">"#).count - 1, 1)
    }

    func testSignInReturnsToWhereTheMemberWasGoingAndOnlyOnThisSite() throws {
        let dawn = try PageHarness(now: now)
        dawn.signedUp()
        XCTAssertEqual(dawn.post("/logout", []).status, .seeOther)

        let stats = dawn.get("/stats?g=month&p=2026-03")
        XCTAssertEqual(stats.status, .seeOther)
        XCTAssertEqual(stats.location, "/login?next=/stats%3Fg%3Dmonth%26p%3D2026-03")
        XCTAssertEqual(dawn.get("/").location, "/login")

        let login = dawn.get("/login?next=/stats%3Fg%3Dmonth%26p%3D2026-03")
        XCTAssertEqual(login.status, .ok)
        XCTAssertTrue(login.text.contains(#"<input type="hidden" name="next" value="/stats?g=month&amp;p=2026-03">"#))
        let signedIn = dawn.post("/login", [("username", "MUM "), ("password", PageHarness.password),
                                            ("next", "/stats?g=month&p=2026-03")])
        XCTAssertEqual(signedIn.status, .seeOther)
        XCTAssertEqual(signedIn.location, "/stats?g=month&p=2026-03", "usernames are trimmed and lowercased")
        XCTAssertNotNil(signedIn.setCookie("dawn_session"))

        // Signed in, /login sends on at once; an address elsewhere becomes "/".
        XCTAssertEqual(dawn.get("/login?next=/board").location, "/board")
        XCTAssertEqual(dawn.get("/login?next=//evil.example/x").location, "/")
        XCTAssertEqual(dawn.get("/login?next=https://evil.example/").location, "/")
        XCTAssertEqual(dawn.get("/login?next=%ZZ").status, .badRequest, "an unreadable query")

        dawn.forgetCookies()
        _ = dawn.get("/login")
        let away = dawn.post("/login", [("username", "mum"), ("password", PageHarness.password),
                                        ("next", "//evil.example/")])
        XCTAssertEqual(away.location, "/")
    }

    func testWrongPasswordsAndForgedFormsSignNobodyIn() throws {
        let dawn = try PageHarness(now: now)
        dawn.signedUp()
        dawn.forgetCookies()
        _ = dawn.get("/login")
        let wrong = dawn.post("/login", [("username", "mum"), ("password", "not the password")])
        XCTAssertEqual(wrong.status, .badRequest)
        XCTAssertNil(wrong.setCookie("dawn_session"))
        XCTAssertTrue(wrong.text.contains(
            #"<p class="form-error" role="alert">That username and password do not match. Check both and try again.</p>"#))
        XCTAssertTrue(wrong.text.contains(#"name="username" value="mum""#), "the username stays in the form")
        let unknown = dawn.post("/login", [("username", "nobody"), ("password", PageHarness.password)])
        XCTAssertEqual(unknown.status, .badRequest)
        XCTAssertTrue(unknown.text.contains("That username and password do not match."), "no hint the name is unknown")

        let forged = dawn.post("/login", [("username", "mum"), ("password", PageHarness.password), ("csrf", "forged")])
        XCTAssertEqual(forged.status, .forbidden)
        XCTAssertNil(forged.setCookie("dawn_session"))
        XCTAssertEqual(dawn.get("/").location, "/login", "still signed out")

        let json = dawn.request(.POST, "/login", headers: [("Content-Type", "application/json")],
                                body: Array(#"{"username":"mum"}"#.utf8))
        XCTAssertEqual(json.status, .unsupportedMediaType)
        XCTAssertEqual(dawn.get("/").location, "/login")
    }

    /// Failures from a browser that never signed in as the member: five per username in
    /// 15 minutes, then 429 until the window passes on the clock.
    func testAGuessedUsernameIsThrottledUntilTheWindowPasses() throws {
        let dawn = try PageHarness(now: now)
        dawn.signedUp()
        dawn.forgetCookies()
        _ = dawn.get("/login")
        for _ in 0..<5 {
            XCTAssertEqual(dawn.post("/login", [("username", "mum"), ("password", "a wrong guess")]).status, .badRequest)
        }
        let throttled = dawn.post("/login", [("username", "mum"), ("password", PageHarness.password)])
        XCTAssertEqual(throttled.status, .tooManyRequests)
        XCTAssertTrue(throttled.text.contains("Too many failed sign-ins. Wait 15 minutes, then try again."))
        XCTAssertNil(throttled.setCookie("dawn_session"), "even the right password waits")
        dawn.setNow(now + 15 * 60 + 1)
        let later = dawn.post("/login", [("username", "mum"), ("password", PageHarness.password)])
        XCTAssertEqual(later.status, .seeOther)
    }

    /// The server-wide budget answers 503 with Retry-After, and nothing is checked meanwhile.
    func testPastTheServerBudgetSignInsWaitWithRetryAfter() throws {
        let dawn = try PageHarness(now: now) { $0.signInFailureBudget = 1 }
        dawn.signedUp()
        dawn.forgetCookies()
        _ = dawn.get("/login")
        XCTAssertEqual(dawn.post("/login", [("username", "dad"), ("password", "a wrong guess")]).status, .badRequest)
        let busy = dawn.post("/login", [("username", "mum"), ("password", PageHarness.password)])
        XCTAssertEqual(busy.status, .serviceUnavailable)
        XCTAssertEqual(busy.headers["Retry-After"], "60")
        XCTAssertNil(busy.setCookie("dawn_session"))
        dawn.setNow(now + 61)
        XCTAssertEqual(dawn.post("/login", [("username", "mum"), ("password", PageHarness.password)]).status, .seeOther)
    }

    /// A browser's device cookie lets it past a throttled username only until its member
    /// signs out everywhere, changes password or has it reset by an admin: each moves the
    /// member's device generation on, and every older cookie is then a stranger's.
    func testSigningOutEverywhereOrANewPasswordEndsEveryDevicesTrust() throws {
        let dawn = try PageHarness(now: now)
        dawn.signedUp()
        dawn.addMember("dad", displayName: "Dad")
        var clock = now
        var password = PageHarness.password
        /// Five wrong guesses at Dad's password from strangers: his username is throttled.
        func guessedAt() {
            clock += 16 * 60
            dawn.setNow(clock)
            dawn.forgetCookies()
            dawn.peer = "192.0.2.66"
            _ = dawn.get("/login")
            for _ in 0..<5 { XCTAssertEqual(dawn.post("/login", [("username", "dad"), ("password", "a wrong guess")]).status, .badRequest) }
            XCTAssertEqual(dawn.post("/login", [("username", "dad"), ("password", password)]).status, .tooManyRequests)
            dawn.peer = "127.0.0.1"
        }
        /// Dad's password from the tablet holding `device` only.
        func fromTheTablet(_ device: String) -> PageHarness.Page {
            dawn.cookies = ["dawn_device": device]
            _ = dawn.get("/login")
            return dawn.post("/login", [("username", "dad"), ("password", password)])
        }
        func signedInOnTheTablet() throws -> String {
            dawn.forgetCookies()
            _ = dawn.get("/login")
            XCTAssertEqual(dawn.post("/login", [("username", "dad"), ("password", password)]).status, .seeOther)
            return try XCTUnwrap(dawn.cookies["dawn_device"])
        }

        // Signing out everywhere.
        var device = try signedInOnTheTablet()
        guessedAt()
        XCTAssertEqual(fromTheTablet(device).status, .seeOther, "a known browser gets in")
        _ = dawn.get("/account")
        XCTAssertEqual(dawn.post("/account/sign-out-everywhere", []).status, .seeOther)
        XCTAssertEqual(fromTheTablet(device).status, .tooManyRequests, "after signing out everywhere it is a stranger")

        // Changing the password (the browser that changed it stays signed in, but not trusted).
        clock += 16 * 60
        dawn.setNow(clock)
        device = try signedInOnTheTablet()
        XCTAssertNotEqual(device.split(separator: ".")[1], "0", "a cookie of the new generation")
        _ = dawn.get("/account")
        XCTAssertEqual(dawn.post("/account/password", [("current_password", password), ("password", "a brand new password"),
                                                       ("password_again", "a brand new password")]).status, .seeOther)
        password = "a brand new password"
        guessedAt()
        XCTAssertEqual(fromTheTablet(device).status, .tooManyRequests, "after a new password it is a stranger")

        // An admin's reset.
        clock += 16 * 60
        dawn.setNow(clock)
        device = try signedInOnTheTablet()
        guessedAt()
        XCTAssertEqual(fromTheTablet(device).status, .seeOther)
        dawn.signIn("mum")
        _ = dawn.get("/family")
        XCTAssertEqual(dawn.post("/family/members/dad/password", [("password", "another new password"),
                                                                 ("password_again", "another new password")]).status, .seeOther)
        password = "another new password"
        XCTAssertEqual(fromTheTablet(device).status, .tooManyRequests, "after an admin's reset it is a stranger")
    }

    func testSignOutEndsTheSessionAndKeepsTheDeviceCookie() throws {
        let dawn = try PageHarness(now: now)
        dawn.signedUp()
        let session = try XCTUnwrap(dawn.cookies["dawn_session"])

        // Without the session's token nothing happens.
        let forged = dawn.post("/logout", [("csrf", "forged")])
        XCTAssertEqual(forged.status, .forbidden)
        XCTAssertEqual(dawn.get("/").status, .ok, "still signed in")

        let out = dawn.post("/logout", [])
        XCTAssertEqual(out.status, .seeOther)
        XCTAssertEqual(out.location, "/login")
        XCTAssertEqual(out.setCookie("dawn_session"), "dawn_session=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax")
        XCTAssertNil(out.setCookie("dawn_device"), "sign-out does not make the browser a stranger")
        XCTAssertNotNil(dawn.cookies["dawn_device"])
        XCTAssertEqual(dawn.get("/").location, "/login")

        // The old token is dead on the server too, not just forgotten by this browser.
        dawn.forgetCookies()
        let replayed = dawn.get("/", headers: [("Cookie", "dawn_session=\(session)")])
        XCTAssertEqual(replayed.location, "/login")
        // Signed out, sign-out is a 403 that says so.
        let again = dawn.post("/logout", [("csrf", "whatever")])
        XCTAssertEqual(again.status, .forbidden)
        XCTAssertEqual(PageHarness.errorMessage(again), "Your session has ended. Please sign in again.")
    }
}
