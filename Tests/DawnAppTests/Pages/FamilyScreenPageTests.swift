import Accounts
import HTTP
import Store
import XCTest
@testable import DawnApp

/// The kitchen screen in process: enrolment codes (once, hashed, 15 minutes, throttled), the
/// screen cookie (never a session), revocation, PINs (set, refused, checked, counted per
/// member across screens apart from sign-in, told to the member and the admins), the
/// keypad without JavaScript (digits on the server, never in a page), the member's minute
/// on the screen (bound to screen and member, expiring on the server), the check-off
/// landing in their day, and CSRF on every new POST. All through the pages, on a fixed clock.
final class FamilyScreenPageTests: XCTestCase {
    private let now = PageHarness.instant("2027-03-10T09:00:00Z")  // 10:00 in Rome
    private let pin = "2468"
    private let visitOver = "Your minute on the screen is over, and nothing was changed. Tap your name and type your PIN again."

    // MARK: Helpers

    /// The admin's browser makes a code on /family; returns it as shown.
    private func makeCode(_ dawn: PageHarness, label: String = "Kitchen") -> String {
        _ = dawn.get("/family")
        let page = dawn.post("/family/screens/code", [("label", label)])
        XCTAssertEqual(page.status, .ok, page.text)
        XCTAssertEqual(page.headers["Cache-Control"], "no-store")
        return PageHarness.firstMatch(#"<p class="enrolment-code">([^<]+)</p>"#, in: page.text) ?? ""
    }

    /// A new browser enrols with `code`; returns its cookies (the screen's).
    @discardableResult
    private func enrol(_ dawn: PageHarness, code: String) -> [String: String] {
        dawn.forgetCookies()
        XCTAssertTrue(dawn.get("/family-screen").text.contains(#"action="/family-screen/enrol""#))
        let page = dawn.post("/family-screen/enrol", [("code", code)])
        XCTAssertEqual(page.status, .seeOther, page.text)
        XCTAssertEqual(page.location, "/family-screen?done=enrolled")
        return dawn.cookies
    }

    /// Mum (admin) with a habit, a journal entry, a PIN and the opt-in; returns her browser.
    private func mumOnTheScreen(_ dawn: PageHarness) -> [String: String] {
        dawn.signedUp()
        dawn.addHabit("Stretch", emoji: "🧘")
        _ = dawn.get("/day/2027-03-10")
        XCTAssertEqual(dawn.post("/day/2027-03-10/entry", [("entry", "Secret diary line"), ("version", "0")]).status, .seeOther)
        setOwnPIN(dawn, pin)
        return dawn.cookies
    }

    private func setOwnPIN(_ dawn: PageHarness, _ pin: String) {
        _ = dawn.get("/settings")
        XCTAssertEqual(dawn.post("/settings/pin", [("pin", pin), ("pin_again", pin)]).status, .seeOther)
        _ = dawn.get("/settings")
        XCTAssertEqual(dawn.post("/settings/family-screen", [("on_screen", "1")]).status, .seeOther)
    }

    private func mumID(_ dawn: PageHarness) throws -> MemberID {
        try XCTUnwrap(try dawn.app.family.member(username: Username("mum"))).id
    }

    private func count(_ dawn: PageHarness, _ sql: String) throws -> Int {
        try dawn.app.data.instance.read { try $0.queryOne(sql)?.int(0) ?? -1 }
    }

    // MARK: Enrolment

    func testAnEnrolmentCodeIsShownOnceStoredAsAHashAndWorksOnce() throws {
        let dawn = try PageHarness(now: now)
        dawn.signedUp()
        let admin = dawn.cookies
        let code = makeCode(dawn)
        XCTAssertNotNil(EnrolmentCode.normalized(code), code)
        let stored = try dawn.app.data.instance.read { try $0.queryOne("SELECT code_hash FROM screen_codes")?.blob(0) }
        XCTAssertEqual(stored?.count, 32)
        XCTAssertNotEqual(stored, Array(code.utf8))
        let family = dawn.get("/family")
        XCTAssertFalse(family.text.contains(code), "shown once")
        XCTAssertTrue(family.text.contains("A code for “Kitchen” is waiting until 10:15."))

        // Typed in lower case with spaces: still the code.
        dawn.forgetCookies()
        _ = dawn.get("/family-screen")
        let typed = code.lowercased().replacingOccurrences(of: "-", with: " ")
        let enrolled = dawn.post("/family-screen/enrol", [("code", typed)])
        XCTAssertEqual(enrolled.status, .seeOther)
        let cookie = try XCTUnwrap(enrolled.setCookie(ScreenCookie.name))
        for part in ["HttpOnly", "SameSite=Strict", "Path=/family-screen", "Max-Age=31536000"] {
            XCTAssertTrue(cookie.contains(part), cookie)
        }
        XCTAssertFalse(cookie.contains("Secure"), "plain http without a trusted proxy")
        let token = try XCTUnwrap(dawn.cookies[ScreenCookie.name])
        let hashes = try dawn.app.data.instance.read { try $0.query("SELECT token_hash FROM screens").map { $0.blob(0) } }
        XCTAssertEqual(hashes, [SessionToken.hash(token)], "only the token's hash is stored")
        XCTAssertEqual(try count(dawn, "SELECT count(*) FROM screen_codes"), 0, "used up")
        let picker = dawn.get("/family-screen?done=enrolled")
        XCTAssertTrue(picker.text.contains("This browser is now the family screen."))
        XCTAssertEqual(picker.headers["Cache-Control"], "no-store")

        // The same code on another browser: refused, nothing made.
        dawn.forgetCookies()
        _ = dawn.get("/family-screen")
        let again = dawn.post("/family-screen/enrol", [("code", code)])
        XCTAssertEqual(again.status, .badRequest)
        XCTAssertTrue(again.text.contains("That code is not right, was already used, or has expired."))
        XCTAssertNil(again.setCookie(ScreenCookie.name))
        XCTAssertEqual(try count(dawn, "SELECT count(*) FROM screens"), 1)

        dawn.cookies = admin
        XCTAssertTrue(dawn.get("/family").text.contains("<strong>Kitchen</strong>"))
    }

    /// The answer to making a code is a small page of its own with the code at the top, not
    /// the long family page with the code at its bottom; never stored by the browser.
    func testAnEnrolmentCodeOpensOnAPageOfItsOwnWithTheCodeAtTheTop() throws {
        let dawn = try PageHarness(now: now)
        dawn.signedUp()
        _ = dawn.get("/family")
        let page = dawn.post("/family/screens/code", [("label", "Hall tablet")])
        XCTAssertEqual(page.status, .ok)
        XCTAssertEqual(page.headers.values(for: "Cache-Control"), ["no-store"])
        let code = try XCTUnwrap(PageHarness.firstMatch(#"<p class="enrolment-code">([^<]+)</p>"#, in: page.text))
        let main = try XCTUnwrap(page.text.range(of: "<main"))
        let body = page.text[main.upperBound...]
        // The page's heading, then the screen's name and the code: nothing of /family before it, nor after.
        let heading = try XCTUnwrap(body.range(of: "<h1 id=\"code-heading\">Enrolment code</h1>"))
        let shown = try XCTUnwrap(body.range(of: code))
        XCTAssertLessThan(heading.lowerBound, shown.lowerBound)
        XCTAssertLessThan(body.distance(from: body.startIndex, to: shown.lowerBound), 400, "the code opens the page")
        XCTAssertTrue(page.text.contains("Hall tablet"))
        XCTAssertTrue(page.text.contains("before 10:15"))
        XCTAssertTrue(page.text.contains("<a href=\"/family#screens\">Back to the family page</a>"))
        for familyPart in ["id=\"screens\"", "id=\"guardians\"", "action=\"/family/members\""] {
            XCTAssertFalse(page.text.contains(familyPart), familyPart)
        }
        // A refused name stays on /family, with its message by the field.
        _ = dawn.get("/family")
        let refused = dawn.post("/family/screens/code", [("label", String(repeating: "x", count: 200))])
        XCTAssertEqual(refused.status, .badRequest)
        XCTAssertTrue(refused.text.contains("id=\"screen-label-error\""))
        XCTAssertNil(PageHarness.firstMatch(#"<p class="enrolment-code">([^<]+)</p>"#, in: refused.text))
    }

    func testACodeExpiresAfterFifteenMinutesAndANewOneCancelsTheOld() throws {
        let dawn = try PageHarness(now: now)
        dawn.signedUp()
        let admin = dawn.cookies
        let first = makeCode(dawn)
        let second = makeCode(dawn)
        dawn.forgetCookies()
        _ = dawn.get("/family-screen")
        XCTAssertEqual(dawn.post("/family-screen/enrol", [("code", first)]).status, .badRequest, "the newer code cancelled it")
        dawn.setNow(now + FamilyScreens.codeLifetime)
        XCTAssertEqual(dawn.post("/family-screen/enrol", [("code", second)]).status, .badRequest, "expired at 15 minutes")
        XCTAssertEqual(try count(dawn, "SELECT count(*) FROM screens"), 0)
        dawn.cookies = admin
        let third = makeCode(dawn)
        dawn.setNow(now + FamilyScreens.codeLifetime + FamilyScreens.codeLifetime - 1)
        enrol(dawn, code: third)
    }

    func testWrongCodesAreThrottledPerAddressAndMalformedOnesToo() throws {
        let dawn = try PageHarness(now: now)
        dawn.signedUp()
        let code = makeCode(dawn)
        dawn.forgetCookies()
        _ = dawn.get("/family-screen")
        for wrong in ["AAAA-AAAA-AAAA", "nope", "", "AAAA-AAAA-AAAB"] {
            XCTAssertEqual(dawn.post("/family-screen/enrol", [("code", wrong)]).status, .badRequest, wrong)
        }
        let fifth = dawn.post("/family-screen/enrol", [("code", "AAAA-AAAA-AAAC")])
        XCTAssertEqual(fifth.status, .tooManyRequests)
        XCTAssertTrue(fifth.text.contains("Too many wrong codes from here. Please wait 15 minutes"))
        XCTAssertEqual(dawn.post("/family-screen/enrol", [("code", code)]).status, .tooManyRequests, "even the right code waits")
        XCTAssertEqual(try count(dawn, "SELECT count(*) FROM screens"), 0)
        // Another address is not locked out.
        dawn.peer = "127.0.0.9"
        enrol(dawn, code: code)
    }

    func testARevokedScreenStopsAtItsNextRequest() throws {
        let dawn = try PageHarness(now: now)
        let admin = mumOnTheScreen(dawn)
        let screen = enrol(dawn, code: { dawn.cookies = admin; return makeCode(dawn) }())
        XCTAssertTrue(dawn.get("/family-screen").text.contains("Who are you?"))
        dawn.cookies = admin
        _ = dawn.get("/family")
        let id = try dawn.app.familyScreens.screens()[0].id
        XCTAssertEqual(dawn.post("/family/screens/\(id)/revoke", []).location, "/family?done=screen_revoked")
        dawn.cookies = screen
        let after = dawn.get("/family-screen")
        XCTAssertTrue(after.text.contains(#"action="/family-screen/enrol""#), "back to the code form")
        XCTAssertFalse(after.text.contains("Mum"))
        XCTAssertTrue(after.setCookie(ScreenCookie.name)?.contains("Max-Age=0") == true, "the dead cookie is cleared")
        dawn.cookies = screen
        XCTAssertEqual(dawn.get("/family-screen/members/\(try mumID(dawn).rawValue)").location, "/family-screen")
    }

    // MARK: The screen cookie is not a session

    func testTheScreenCookiesNeverOpenAMemberPage() throws {
        let dawn = try PageHarness(now: now)
        let admin = mumOnTheScreen(dawn)
        dawn.cookies = admin
        enrol(dawn, code: { makeCode(dawn) }())
        let mum = try mumID(dawn)
        _ = dawn.get("/family-screen/members/\(mum.rawValue)")
        XCTAssertEqual(dawn.post("/family-screen/members/\(mum.rawValue)/pin", [("pin", pin)]).location, "/family-screen/today")
        XCTAssertNotNil(dawn.cookies[ScreenCookie.visitName])
        XCTAssertNil(dawn.cookies[SessionCookie.name])
        let screenCSRF = try XCTUnwrap(dawn.app.familyScreens.screens().first?.csrfToken)
        for path in ["/", "/day/2027-03-10", "/settings", "/account", "/habits", "/family", "/export/dawn.json", "/stats"] {
            let page = dawn.get(path)
            XCTAssertEqual(page.status, .seeOther, path)
            XCTAssertTrue(page.location?.hasPrefix("/login") == true, "\(path) → \(page.location ?? "")")
            XCTAssertFalse(page.text.contains("Secret diary line"), path)
        }
        let post = dawn.post("/day/2027-03-10/entry", [("entry", "overwritten"), ("version", "0"), ("csrf", screenCSRF)])
        XCTAssertEqual(post.status, .forbidden)
        let today = dawn.get("/family-screen/today")
        XCTAssertEqual(today.status, .ok)
        XCTAssertFalse(today.text.contains("Secret diary line"), "never the journal")
        XCTAssertTrue(today.text.contains("Stretch"))
    }

    // MARK: PINs

    func testAPINIsFourToEightASCIIDigitsTypedTwiceAndStoredAsYescrypt() throws {
        let dawn = try PageHarness(now: now)
        dawn.signedUp()
        let mum = try mumID(dawn)
        for (pin, again, message) in [("123", "123", "A PIN is 4 to 8 digits"), ("123456789", "123456789", "A PIN is 4 to 8 digits"),
                                      ("12a4", "12a4", "A PIN is 4 to 8 digits"), ("١٢٣٤", "١٢٣٤", "A PIN is 4 to 8 digits"),
                                      (" 1234", " 1234", "A PIN is 4 to 8 digits"), ("1234", "1235", "The two PINs do not match.")] {
            _ = dawn.get("/settings")
            let page = dawn.post("/settings/pin", [("pin", pin), ("pin_again", again)])
            XCTAssertEqual(page.status, .badRequest, pin)
            XCTAssertTrue(page.text.contains(message), pin)
            XCTAssertFalse(try dawn.app.familyScreens.profile(mum).hasPIN, "nothing stored for \(pin)")
        }
        setOwnPIN(dawn, "12345678")
        let hash = try dawn.app.data.instance.read { try $0.queryOne("SELECT pin_hash FROM members")?.string(0) }
        XCTAssertTrue(hash?.hasPrefix("$y$") == true)
        XCTAssertTrue(PasswordHasher.verify("12345678", against: hash ?? ""))
        XCTAssertEqual(dawn.get("/settings?done=pin_saved").status, .ok)
        XCTAssertTrue(dawn.get("/settings").text.contains("You have a PIN."))
        _ = dawn.get("/settings")
        XCTAssertEqual(dawn.post("/settings/pin", [("action", "clear")]).location, "/settings?done=pin_cleared#family-screen")
        XCTAssertFalse(try dawn.app.familyScreens.profile(mum).hasPIN)
    }

    /// The settings card's form that holds the PIN fields, as a browser sees it: where it posts,
    /// whether "show me on the family screen" is inside it, and whether that box is ticked.
    private func pinForm(_ page: PageHarness.Page) -> (action: String, hasBox: Bool, ticked: Bool)? {
        let forms = PageHarness.allMatches(#"(?s)(<form method="post" action="/settings/[^"]*".*?</form>)"#, in: page.text)
        guard let form = forms.first(where: { $0.contains(#"name="pin""#) }),
              let action = PageHarness.firstMatch(#"action="([^"]*)""#, in: form) else { return nil }
        let box = PageHarness.firstMatch(#"(<input type="checkbox" name="on_screen"[^>]*>)"#, in: form)
        return (action, box != nil, box?.contains("checked") == true)
    }

    /// Sends the card's PIN form as a browser would: the box's state and the two PIN fields.
    private func sendPINForm(_ dawn: PageHarness, ticked: Bool, pin: String, again: String? = nil) throws -> PageHarness.Page {
        let form = try XCTUnwrap(pinForm(dawn.get("/settings")), "a form with the PIN fields")
        XCTAssertTrue(form.hasBox, "the box is in the same form as the PIN, so Save takes both")
        return dawn.post(form.action, (ticked ? [("on_screen", "1")] : []) + [("pin", pin), ("pin_again", again ?? pin)])
    }

    private func pinHash(_ dawn: PageHarness) throws -> String? {
        try dawn.app.data.instance.read { try $0.queryOne("SELECT pin_hash FROM members")?.optionalString(0) }
    }

    func testTheSettingsCardSavesTheTickWithThePINAndEachAlone() throws {
        let dawn = try PageHarness(now: now)
        dawn.signedUp()
        let mum = try mumID(dawn)
        // Ticked and a PIN typed, one press: both saved.
        let both = try sendPINForm(dawn, ticked: true, pin: "2468")
        XCTAssertEqual(both.status, .seeOther, both.text)
        XCTAssertEqual(both.location, "/settings?done=screen_pin_saved#family-screen")
        XCTAssertTrue(dawn.get("/settings?done=screen_pin_saved").text.contains("Family screen setting and your PIN saved."))
        var profile = try dawn.app.familyScreens.profile(mum)
        XCTAssertTrue(profile.onScreen, "the tick is saved with the PIN")
        XCTAssertTrue(PasswordHasher.verify("2468", against: try pinHash(dawn) ?? ""))
        XCTAssertEqual(pinForm(dawn.get("/settings"))?.ticked, true, "and shown ticked again")
        let hash = try pinHash(dawn)

        // The box alone, PIN fields left empty: the choice changes, the PIN stays.
        XCTAssertEqual(try sendPINForm(dawn, ticked: false, pin: "").location, "/settings?done=screen_saved#family-screen")
        profile = try dawn.app.familyScreens.profile(mum)
        XCTAssertFalse(profile.onScreen)
        XCTAssertEqual(try pinHash(dawn), hash, "an empty PIN keeps the PIN")
        XCTAssertEqual(pinForm(dawn.get("/settings"))?.ticked, false)
        XCTAssertEqual(try sendPINForm(dawn, ticked: true, pin: "").location, "/settings?done=screen_saved#family-screen")
        XCTAssertTrue(try dawn.app.familyScreens.profile(mum).onScreen)
        XCTAssertEqual(try pinHash(dawn), hash)

        // The PIN alone, the box left as the page shows it (ticked): a new PIN, still shown.
        XCTAssertEqual(try sendPINForm(dawn, ticked: true, pin: "13579").status, .seeOther)
        XCTAssertTrue(try dawn.app.familyScreens.profile(mum).onScreen)
        XCTAssertTrue(PasswordHasher.verify("13579", against: try pinHash(dawn) ?? ""))

        // A refused PIN saves neither, and the form comes back with the box as it was sent.
        let hashBefore = try pinHash(dawn)
        let refused = try sendPINForm(dawn, ticked: false, pin: "12")
        XCTAssertEqual(refused.status, .badRequest)
        XCTAssertTrue(refused.text.contains("A PIN is 4 to 8 digits"))
        XCTAssertEqual(pinForm(refused)?.ticked, false, "the untick the member sent is not lost")
        XCTAssertTrue(try dawn.app.familyScreens.profile(mum).onScreen, "nothing saved")
        XCTAssertEqual(try pinHash(dawn), hashBefore)
        let differ = try sendPINForm(dawn, ticked: false, pin: "2468", again: "2469")
        XCTAssertEqual(differ.status, .badRequest)
        XCTAssertTrue(differ.text.contains("The two PINs do not match."))
        XCTAssertTrue(try dawn.app.familyScreens.profile(mum).onScreen)
        XCTAssertEqual(try pinHash(dawn), hashBefore)
        // Any value but "1" for the box is refused before anything is read.
        _ = dawn.get("/settings")
        XCTAssertEqual(dawn.post("/settings/family-screen", [("on_screen", "yes"), ("pin", "2468"), ("pin_again", "2468")]).status,
                       .badRequest)
        XCTAssertEqual(try pinHash(dawn), hashBefore)
    }

    func testTheRightPINShowsThatMembersDueHabitsAndACheckOffLandsInTheirDay() throws {
        let dawn = try PageHarness(now: now)
        let admin = mumOnTheScreen(dawn)
        dawn.addMember("kid", displayName: "Kid")  // not opted in: not on the screen
        enrol(dawn, code: { dawn.cookies = admin; return makeCode(dawn) }())
        let picker = dawn.get("/family-screen")
        XCTAssertTrue(picker.text.contains("Mum"))
        XCTAssertFalse(picker.text.contains("Kid"))
        XCTAssertFalse(picker.text.contains(#"class="nav""#), "no member navigation")
        let mum = try mumID(dawn)
        XCTAssertTrue(picker.text.contains(#"href="/family-screen/members/\#(mum.rawValue)""#))
        XCTAssertTrue(picker.text.contains("screen-colour-\(FamilyScreenPage.MemberColour.index(mum))"))

        let pinPage = dawn.get("/family-screen/members/\(mum.rawValue)")
        XCTAssertFalse(pinPage.text.contains("http-equiv"), "no meta refresh: a time limit the member cannot extend")
        XCTAssertTrue(pinPage.text.contains(#"<div class="screen-countdown" data-countdown="60""#))
        XCTAssertEqual(PageHarness.allMatches(#"data-key="([^"]+)""#, in: pinPage.text),
                       ["1", "2", "3", "4", "5", "6", "7", "8", "9", "clear", "0", "back"])
        let wrong = dawn.post("/family-screen/members/\(mum.rawValue)/pin", [("pin", "1111")])
        XCTAssertEqual(wrong.status, .badRequest)
        XCTAssertTrue(wrong.text.contains("That PIN is not right."))
        XCTAssertNil(wrong.setCookie(ScreenCookie.visitName))
        XCTAssertEqual(dawn.get("/family-screen/today").location, "/family-screen", "no visit yet")

        _ = dawn.get("/family-screen/members/\(mum.rawValue)")
        let right = dawn.post("/family-screen/members/\(mum.rawValue)/pin", [("pin", pin)])
        XCTAssertEqual(right.location, "/family-screen/today")
        let visit = try XCTUnwrap(right.setCookie(ScreenCookie.visitName))
        for part in ["HttpOnly", "SameSite=Strict", "Path=/family-screen", "Max-Age=60"] { XCTAssertTrue(visit.contains(part), visit) }
        let today = dawn.get("/family-screen/today")
        XCTAssertTrue(today.text.contains("Mum&#39;s habits today"))
        XCTAssertFalse(today.text.contains("http-equiv"))
        XCTAssertTrue(today.text.contains("Back to the names in <span class=\"screen-countdown-seconds\" data-countdown-seconds>60</span>\u{00A0}s"),
                      today.text)
        XCTAssertTrue(today.text.contains(#"<form method="post" action="/family-screen/more-time">"#))
        XCTAssertFalse(today.text.contains("Secret diary line"))
        let checkURL = try XCTUnwrap(PageHarness.firstMatch(#"<form method="post" action="(/family-screen/today/\d+)">"#, in: today.text))
        let checked = dawn.post(checkURL, [])
        XCTAssertEqual(checked.location, "/family-screen/today?done=checked")
        XCTAssertTrue(checked.setCookie(ScreenCookie.visitName)?.contains("Max-Age=60") == true, "another minute")
        let after = dawn.get("/family-screen/today?done=checked").text
        XCTAssertTrue(after.contains(#"<p class="screen-status" role="status">Checked off. Well done!</p>"#), after)

        // It is in Mum's day, as a check-off.
        dawn.cookies = admin
        let day = dawn.get("/day/2027-03-10")
        XCTAssertTrue(day.text.contains(#"<span class="visually-hidden">done</span>"#), "the day's checklist shows it done")
        let logs = try dawn.app.data.member(mum).read { try $0.queryOne("SELECT count(*) FROM habit_instances WHERE timed = 0")?.int(0) }
        XCTAssertEqual(logs, 1)
    }

    /// The family chores on the screen: the picker lists today's with who did each; a member
    /// after their PIN taps an open one, it is checked off in their name (on everyone's day
    /// page), and the screen goes back to the names. Nobody's check-off is taken over.
    func testTheFamilyChoresShowOnThePickerAndAMemberChecksOneOffInTheirName() throws {
        let dawn = try PageHarness(now: now)
        let admin = mumOnTheScreen(dawn)
        _ = dawn.get("/family")
        XCTAssertEqual(dawn.post("/family/chores", [("name", "Feed the cat"), ("mark", "🐈"), ("color", ""),
                                                    ("schedule", "day")]).status, .seeOther)
        enrol(dawn, code: { dawn.cookies = admin; return makeCode(dawn) }())
        let screen = dawn.cookies
        let picker = dawn.get("/family-screen")
        XCTAssertTrue(picker.text.contains(#"<li class="screen-chore is-open"><span aria-hidden="true">🐈</span> Feed the cat <span class="muted">Not done yet</span></li>"#),
                      picker.text)

        let mum = try mumID(dawn)
        _ = dawn.get("/family-screen/members/\(mum.rawValue)")
        XCTAssertEqual(dawn.post("/family-screen/members/\(mum.rawValue)/pin", [("pin", pin)]).location, "/family-screen/today")
        let today = dawn.get("/family-screen/today")
        let choreURL = try XCTUnwrap(PageHarness.firstMatch(#"<form method="post" action="(/family-screen/chores/\d+)">"#,
                                                            in: today.text))
        let visit = dawn.cookies
        dawn.cookies = [:]
        XCTAssertEqual(dawn.post(choreURL, []).status, .forbidden, "not without the screen and its token")
        dawn.cookies = visit
        let checked = dawn.post(choreURL, [])
        XCTAssertEqual(checked.location, "/family-screen/today?done=checked")
        XCTAssertFalse(dawn.get("/family-screen/today?done=checked").text.contains("/family-screen/chores/"), "done: offered no more")
        XCTAssertEqual(dawn.post("/family-screen/done", []).location, "/family-screen")
        XCTAssertTrue(dawn.get("/family-screen").text.contains(#"🐈</span> Feed the cat <span class="muted">Done by Mum</span>"#))
        XCTAssertEqual(try count(dawn, "SELECT count(*) FROM chore_completions WHERE member_id = \(mum.rawValue)"), 1)
        XCTAssertEqual(dawn.post(choreURL, []).status, .forbidden, "the visit is over: nothing more in Mum's name")

        // Done: the member's page offers it no more.
        _ = dawn.get("/family-screen/members/\(mum.rawValue)")
        XCTAssertEqual(dawn.post("/family-screen/members/\(mum.rawValue)/pin", [("pin", pin)]).status, .seeOther)
        XCTAssertFalse(dawn.get("/family-screen/today").text.contains("/family-screen/chores/"))
        dawn.cookies = admin
        XCTAssertTrue(dawn.get("/day/2027-03-10").text.contains("Done by you"), "on Mum's own day page")
        dawn.cookies = screen
    }

    func testTheVisitEndsAfterSixtySecondsAndOnAnotherScreen() throws {
        let dawn = try PageHarness(now: now)
        let admin = mumOnTheScreen(dawn)
        let mum = try mumID(dawn)
        let screenB = enrol(dawn, code: { dawn.cookies = admin; return makeCode(dawn, label: "Hall") }())
        let screenA = enrol(dawn, code: { dawn.cookies = admin; return makeCode(dawn) }())
        func openVisit() -> String {
            dawn.cookies = screenA
            _ = dawn.get("/family-screen/members/\(mum.rawValue)")
            XCTAssertEqual(dawn.post("/family-screen/members/\(mum.rawValue)/pin", [("pin", pin)]).location, "/family-screen/today")
            return dawn.cookies[ScreenCookie.visitName] ?? ""
        }
        func logs() throws -> Int {
            try dawn.app.data.member(mum).read { try $0.queryOne("SELECT count(*) FROM habit_instances")?.int(0) ?? -1 }
        }
        let habit = try XCTUnwrap(PageHarness.firstMatch(#"action="/family-screen/today/(\d+)""#, in: {
            _ = openVisit(); return dawn.get("/family-screen/today").text }()))

        // From screen B with screen A's visit: not Mum's.
        let visit = openVisit()
        var onB = screenB
        onB[ScreenCookie.visitName] = visit
        dawn.cookies = onB
        XCTAssertEqual(dawn.get("/family-screen/today").location, "/family-screen")
        dawn.cookies[ScreenCookie.visitName] = visit
        _ = dawn.get("/family-screen/members/\(mum.rawValue)")  // screen B's own CSRF token
        let fromB = dawn.post("/family-screen/today/\(habit)", [])
        XCTAssertEqual(fromB.status, .forbidden)
        XCTAssertEqual(PageHarness.errorMessage(fromB), PageHarness.html(visitOver))
        XCTAssertEqual(try logs(), 0)

        // After 60 seconds: over, on the server, whatever the browser keeps.
        dawn.cookies = screenA
        dawn.cookies[ScreenCookie.visitName] = visit
        dawn.setNow(now + FamilyScreens.visitLifetime - 1)
        XCTAssertEqual(dawn.get("/family-screen/today").status, .ok)
        dawn.setNow(now + FamilyScreens.visitLifetime)
        XCTAssertEqual(dawn.get("/family-screen/today").location, "/family-screen")
        dawn.cookies[ScreenCookie.visitName] = visit
        _ = dawn.get("/family-screen/members/\(mum.rawValue)")
        let late = dawn.post("/family-screen/today/\(habit)", [])
        XCTAssertEqual(late.status, .forbidden)
        XCTAssertEqual(PageHarness.errorMessage(late), PageHarness.html(visitOver))
        XCTAssertEqual(try logs(), 0)

        // A check-off keeps the visit (and starts its minute again).
        dawn.setNow(now)
        _ = openVisit()
        _ = dawn.get("/family-screen/today")
        XCTAssertEqual(dawn.post("/family-screen/today/\(habit)", []).location, "/family-screen/today?done=checked")
        XCTAssertEqual(dawn.get("/family-screen/today").status, .ok)
        XCTAssertEqual(try logs(), 1)

        // "Done" ends a visit without a check-off.
        let third = openVisit()
        _ = dawn.get("/family-screen/today")
        XCTAssertEqual(dawn.post("/family-screen/done", []).location, "/family-screen")
        XCTAssertNil(try dawn.app.familyScreens.visitor(token: third, screen: try dawn.app.familyScreens.screens()[1].id))
    }

    /// A visit is one member's list until "Done" or a minute without a tap: two habits and two
    /// chores are four taps after the PIN, each landing back on the list with what it did;
    /// every tap (and "More time") starts the minute again; "Done" shows the names.
    func testAVisitKeepsTheListAfterEachCheckOffUntilDoneOrAMinuteWithoutATap() throws {
        let dawn = try PageHarness(now: now)
        let admin = mumOnTheScreen(dawn)
        dawn.addHabit("Read", emoji: "📚")
        _ = dawn.get("/family")
        for (name, mark) in [("Feed the cat", "🐈"), ("Walk the dog", "🐕")] {
            XCTAssertEqual(dawn.post("/family/chores", [("name", name), ("mark", mark), ("color", ""), ("schedule", "day")]).status,
                           .seeOther)
        }
        enrol(dawn, code: { dawn.cookies = admin; return makeCode(dawn) }())
        let mum = try mumID(dawn)
        _ = dawn.get("/family-screen/members/\(mum.rawValue)")
        XCTAssertEqual(dawn.post("/family-screen/members/\(mum.rawValue)/pin", [("pin", pin)]).location, "/family-screen/today")
        let visit = try XCTUnwrap(dawn.cookies[ScreenCookie.visitName])
        func openTaps(_ page: PageHarness.Page) -> [String] {
            PageHarness.allMatches(#"<form method="post" action="(/family-screen/(?:today|chores)/\d+)">"#, in: page.text)
        }
        var list = dawn.get("/family-screen/today")
        XCTAssertEqual(openTaps(list).count, 4, list.text)
        // Each tap 40 s after the last: 160 s in all, never a minute without a tap.
        var time = now
        while let tap = openTaps(list).first {
            time += 40
            dawn.setNow(time)
            let checked = dawn.post(tap, [])
            XCTAssertEqual(checked.location, "/family-screen/today?done=checked", tap)
            XCTAssertEqual(dawn.cookies[ScreenCookie.visitName], visit, "the same visit")
            list = dawn.get("/family-screen/today?done=checked")
            XCTAssertEqual(list.status, .ok, "still the list after \(tap)")
            XCTAssertTrue(list.text.contains("Mum&#39;s habits today"))
            XCTAssertTrue(list.text.contains("Checked off. Well done!"))
        }
        XCTAssertEqual(try dawn.app.data.member(mum).read { try $0.queryOne("SELECT count(*) FROM habit_instances")?.int(0) }, 2)
        XCTAssertEqual(try count(dawn, "SELECT count(*) FROM chore_completions WHERE member_id = \(mum.rawValue)"), 2)

        // "More time" 59 s after the last tap: another minute from then.
        time += 59
        dawn.setNow(time)
        XCTAssertEqual(dawn.post("/family-screen/more-time", []).location, "/family-screen/today")
        time += 59
        dawn.setNow(time)
        XCTAssertEqual(dawn.get("/family-screen/today").status, .ok, "59 s after More time")
        // A minute without a tap: over, on the server.
        dawn.setNow(time + 1)
        XCTAssertEqual(dawn.get("/family-screen/today").location, "/family-screen")
        dawn.cookies[ScreenCookie.visitName] = visit
        XCTAssertEqual(dawn.post("/family-screen/more-time", []).location, "/family-screen", "too late for more time")
        XCTAssertNil(try dawn.app.familyScreens.visitor(token: visit, screen: try dawn.app.familyScreens.screens()[0].id))

        // "Done": the names, and the visit is over.
        _ = dawn.get("/family-screen/members/\(mum.rawValue)")
        XCTAssertEqual(dawn.post("/family-screen/members/\(mum.rawValue)/pin", [("pin", pin)]).location, "/family-screen/today")
        _ = dawn.get("/family-screen/today")
        let done = dawn.post("/family-screen/done", [])
        XCTAssertEqual(done.location, "/family-screen")
        XCTAssertTrue(done.setCookie(ScreenCookie.visitName)?.contains("Max-Age=0") == true)
        XCTAssertTrue(dawn.get("/family-screen").text.contains("Who are you?"))
        XCTAssertEqual(dawn.get("/family-screen/today").location, "/family-screen")
    }

    /// Wrong PINs count per member across every screen: the fifth, on any screen, locks the
    /// name everywhere for 15 minutes, the tenth for an hour, the fifteenth until an admin
    /// unlocks it on /family. Password sign-in is never touched.
    func testWrongPINsLockTheNameOnEveryScreenGrowingUntilAnAdminUnlocks() throws {
        let dawn = try PageHarness(now: now)
        let admin = mumOnTheScreen(dawn)
        dawn.cookies = admin
        dawn.addMember("dad", displayName: "Dad")
        dawn.signIn("dad")
        setOwnPIN(dawn, "9999")
        let dad = try XCTUnwrap(try dawn.app.family.member(username: Username("dad"))).id
        let mum = try mumID(dawn).rawValue
        let hall = enrol(dawn, code: { dawn.cookies = admin; return makeCode(dawn, label: "Hall") }())
        let kitchen = enrol(dawn, code: { dawn.cookies = admin; return makeCode(dawn) }())
        /// The screen's own CSRF token (a locked PIN page has no form to read it from).
        func csrf(_ screen: [String: String]) throws -> String {
            try XCTUnwrap(try dawn.app.familyScreens.screen(forToken: screen[ScreenCookie.name])).csrfToken
        }
        /// `times` wrong PINs on `screen`; the last may reach a lock (429), the others are 400.
        func wrong(_ times: Int, on screen: [String: String]) throws {
            dawn.cookies = screen
            for attempt in 1...times {
                let status = dawn.post("/family-screen/members/\(mum)/pin", [("pin", "0000"), ("csrf", try csrf(screen))]).status
                if attempt < times { XCTAssertEqual(status, .badRequest) } else { XCTAssertTrue([.badRequest, .tooManyRequests].contains(status)) }
            }
        }
        func right(on screen: [String: String]) throws -> PageHarness.Page {
            dawn.cookies = screen
            return dawn.post("/family-screen/members/\(mum)/pin", [("pin", pin), ("csrf", try csrf(screen))])
        }
        try wrong(4, on: kitchen)
        dawn.cookies = hall
        _ = dawn.get("/family-screen/members/\(mum)")
        let fifth = dawn.post("/family-screen/members/\(mum)/pin", [("pin", "0005")])
        XCTAssertEqual(fifth.status, .tooManyRequests, "the fifth, on another screen")
        XCTAssertTrue(fifth.text.contains("Too many wrong PINs for Mum: their name is locked on every family screen until 10:15."),
                      fifth.text)
        let locked = try right(on: hall)
        XCTAssertEqual(locked.status, .tooManyRequests, "the right PIN waits too")
        XCTAssertNil(locked.setCookie(ScreenCookie.visitName))
        XCTAssertEqual(try right(on: kitchen).status, .tooManyRequests, "every screen")
        XCTAssertTrue(dawn.get("/family-screen").text.contains("locked for now"))
        // Malformed PINs are refused without counting or hashing; Dad stays open.
        _ = dawn.get("/family-screen/members/\(dad.rawValue)")
        XCTAssertEqual(dawn.post("/family-screen/members/\(dad.rawValue)/pin", [("pin", "12")]).status, .badRequest)
        XCTAssertEqual(dawn.post("/family-screen/members/\(dad.rawValue)/pin", [("pin", "9999")]).location, "/family-screen/today")
        XCTAssertEqual(try count(dawn, "SELECT count(*) FROM pin_failures"), 5)
        // Sign-in with her password: untouched.
        dawn.signIn("mum")
        XCTAssertEqual(dawn.app.throttle.trackedKeyCount, 0, "the sign-in throttle never saw a PIN")

        // Fifteen minutes after the fifth: open, and five more lock for an hour.
        dawn.setNow(now + 15 * 60 - 1)
        dawn.cookies = kitchen
        XCTAssertEqual(dawn.get("/family-screen/members/\(mum)").status, .tooManyRequests)
        dawn.setNow(now + 15 * 60)
        try wrong(4, on: kitchen)
        XCTAssertEqual(dawn.post("/family-screen/members/\(mum)/pin", [("pin", "0000"), ("csrf", try csrf(kitchen))]).status,
                       .tooManyRequests, "the tenth")
        dawn.setNow(now + 15 * 60 + 60 * 60 - 1)
        XCTAssertEqual(try right(on: hall).status, .tooManyRequests, "an hour after the tenth")
        // Five more after that hour: locked until an admin unlocks, even a week later.
        dawn.setNow(now + 15 * 60 + 60 * 60)
        try wrong(5, on: hall)
        dawn.setNow(now + 7 * 86_400)
        let forGood = try right(on: kitchen)
        XCTAssertEqual(forGood.status, .tooManyRequests)
        XCTAssertTrue(forGood.text.contains("until an admin unlocks it on the Family page"))

        // The admins see it on /family, and one unlocks it (admin only, with CSRF).
        dawn.cookies = admin
        dawn.signIn("dad")
        XCTAssertEqual(dawn.post("/family/members/mum/pin-unlock", []).status, .forbidden)
        dawn.signIn("mum")
        let family = dawn.get("/family").text
        XCTAssertTrue(family.contains("15 wrong PINs on the family screen, the last on Hall at"), family)
        XCTAssertTrue(family.contains("Locked on the family screen until an admin unlocks it."))
        XCTAssertEqual(dawn.post("/family/members/mum/pin-unlock", [("csrf", "forged")]).status, .forbidden)
        XCTAssertEqual(try count(dawn, "SELECT count(*) FROM pin_failures WHERE counted = 1"), 15)
        XCTAssertEqual(dawn.post("/family/members/mum/pin-unlock", []).location, "/family?done=pin_unlocked")
        XCTAssertTrue(dawn.get("/family?done=pin_unlocked").text.contains("The PIN works again on every family screen."))
        XCTAssertFalse(dawn.get("/family").text.contains("wrong PINs on the family screen"))
        XCTAssertEqual(try right(on: kitchen).location, "/family-screen/today")
    }

    /// The member's day page says "3 wrong PINs on Kitchen at 10:00" (their language, their
    /// zone) until they dismiss it or sign in with their password; each wrong PIN replaces the
    /// cached page (a new ETag).
    func testTheMemberIsToldOfWrongPINsOnTheirDayPage() throws {
        let dawn = try PageHarness(now: now)
        let admin = mumOnTheScreen(dawn)
        let mum = try mumID(dawn).rawValue
        let kitchen = enrol(dawn, code: { dawn.cookies = admin; return makeCode(dawn) }())
        let hall = enrol(dawn, code: { dawn.cookies = admin; return makeCode(dawn, label: "Hall") }())
        dawn.cookies = admin
        let before = dawn.get("/")
        XCTAssertFalse(before.text.contains("wrong PIN"))
        let etag = try XCTUnwrap(before.headers["ETag"])
        XCTAssertEqual(dawn.get("/", headers: [("If-None-Match", etag)]).status, .notModified, "cached")
        for (screen, times, at) in [(kitchen, 3, now), (hall, 1, now + 62 * 60)] {
            dawn.setNow(at)
            dawn.cookies = screen
            _ = dawn.get("/family-screen/members/\(mum)")
            for _ in 0..<times { _ = dawn.post("/family-screen/members/\(mum)/pin", [("pin", "1111")]) }
        }
        dawn.cookies = admin
        let after = dawn.get("/", headers: [("If-None-Match", etag)])
        XCTAssertEqual(after.status, .ok, "a wrong PIN replaced the cached page")
        XCTAssertTrue(after.text.contains("<li>1 wrong PIN on Hall at 11:02</li>"), after.text)
        XCTAssertTrue(after.text.contains("<li>3 wrong PINs on Kitchen at 10:00</li>"))
        // Italian for a member who reads Italian.
        _ = dawn.get("/settings")
        XCTAssertEqual(dawn.post("/settings", [("language", "it"), ("first_weekday", "monday"), ("day_start_hour", "0"),
                                               ("view", "row"), ("theme", "system"), ("time_zone", "Europe/Rome")]).status,
                       .seeOther)
        XCTAssertTrue(dawn.get("/").text.contains("3 PIN sbagliati su Kitchen alle 10:00"))
        // Dismissed (with the session's CSRF token only): gone, and the lockout count is not touched by seeing it.
        XCTAssertEqual(dawn.post("/pin-notices/seen", [("csrf", "forged")]).status, .forbidden)
        XCTAssertTrue(dawn.get("/").text.contains("3 PIN sbagliati su Kitchen alle 10:00"))
        XCTAssertEqual(dawn.post("/pin-notices/seen", []).location, "/")
        XCTAssertFalse(dawn.get("/").text.contains("PIN sbagliat"))
        XCTAssertEqual(try count(dawn, "SELECT count(*) FROM pin_failures WHERE counted = 1"), 4)
        // A new one shows again, until the next password sign-in.
        dawn.cookies = kitchen
        _ = dawn.get("/family-screen/members/\(mum)")
        _ = dawn.post("/family-screen/members/\(mum)/pin", [("pin", "1111")])
        dawn.cookies = admin
        XCTAssertTrue(dawn.get("/").text.contains("1 PIN sbagliato su Kitchen"))
        dawn.signIn("mum")
        XCTAssertFalse(dawn.get("/").text.contains("PIN sbagliat"))
    }

    /// Without JavaScript each key is a POST answered 303 to the PIN page, which never holds
    /// a typed digit: the digits wait on the server, bound to the screen and the member, for
    /// 60 seconds after the last key, and are used up by "Open".
    func testTheKeypadKeepsTheDigitsOnTheServerNeverInThePage() throws {
        let dawn = try PageHarness(now: now)
        let admin = mumOnTheScreen(dawn)
        let hall = enrol(dawn, code: { dawn.cookies = admin; return makeCode(dawn, label: "Hall") }())
        let kitchen = enrol(dawn, code: { dawn.cookies = admin; return makeCode(dawn) }())
        let mum = try mumID(dawn).rawValue
        let pinPage = "/family-screen/members/\(mum)"
        /// The PIN field carries no value, and the digits typed appear nowhere in the page.
        func assertNoDigits(_ page: PageHarness.Page, _ why: String) {
            let field = PageHarness.firstMatch(#"(<input id="pin"[^>]*>)"#, in: page.text) ?? "no field"
            XCTAssertFalse(field.contains("value="), "\(field) \(why)")
            XCTAssertFalse(page.text.contains("2468"), why)
        }
        _ = dawn.get(pinPage)
        for (key, count) in [("2", 1), ("4", 2), ("9", 3), ("back", 2), ("6", 3), ("8", 4)] {
            // A field sent with the key is ignored: only the key counts.
            let pressed = dawn.post(pinPage + "/key", [("pin", "5555"), ("key", key)])
            XCTAssertEqual(pressed.status, .seeOther)
            XCTAssertEqual(pressed.location, pinPage)
            let page = dawn.get(pinPage)
            XCTAssertEqual(page.status, .ok)
            XCTAssertTrue(page.text.contains(count == 1 ? "1 digit typed" : "\(count) digits typed"), page.text)
            assertNoDigits(page, "after \(key)")
        }
        XCTAssertEqual(dawn.post(pinPage + "/key", [("key", "x")]).status, .badRequest)
        XCTAssertEqual(dawn.post(pinPage + "/key", [("key", "12")]).status, .badRequest)
        // Another screen has its own keypad: empty there, and "Open" with nothing is refused.
        dawn.cookies = hall
        XCTAssertFalse(dawn.get(pinPage).text.contains("digits typed"))
        XCTAssertEqual(dawn.post(pinPage + "/pin", [("pin", "")]).status, .badRequest)
        // "Open" with an empty field takes the server's digits, once.
        dawn.cookies = kitchen
        _ = dawn.get(pinPage)
        XCTAssertEqual(dawn.post(pinPage + "/pin", [("pin", "")]).location, "/family-screen/today")
        XCTAssertFalse(dawn.get(pinPage).text.contains("digits typed"))
        let replayed = dawn.post(pinPage + "/pin", [("pin", "")])
        XCTAssertEqual(replayed.status, .badRequest, "Back and resubmit opens nothing")
        XCTAssertNil(replayed.setCookie(ScreenCookie.visitName))
        // At most eight digits; "clear" empties; sixty seconds after the last key they are gone.
        for _ in 0..<10 { _ = dawn.post(pinPage + "/key", [("key", "1")]) }
        XCTAssertTrue(dawn.get(pinPage).text.contains("8 digits typed"))
        _ = dawn.post(pinPage + "/key", [("key", "clear")])
        XCTAssertFalse(dawn.get(pinPage).text.contains("digits typed"))
        for key in ["2", "4", "6", "8"] { _ = dawn.post(pinPage + "/key", [("key", key)]) }
        dawn.setNow(now + ScreenKeypad.lifetime)
        XCTAssertFalse(dawn.get(pinPage).text.contains("digits typed"))
        XCTAssertEqual(dawn.post(pinPage + "/pin", [("pin", "")]).status, .badRequest)
        // The plain field (typed, or filled by the JavaScript keypad) still works.
        XCTAssertEqual(dawn.post(pinPage + "/pin", [("pin", pin)]).location, "/family-screen/today")
        XCTAssertEqual(try count(dawn, "SELECT count(*) FROM pin_failures"), 0, "an empty Open is not a wrong PIN")
    }

    func testEveryNewPostNeedsItsCSRFToken() throws {
        let dawn = try PageHarness(now: now)
        let admin = mumOnTheScreen(dawn)
        let mum = try mumID(dawn).rawValue
        dawn.cookies = admin
        for path in ["/family/screens/code", "/family/screens/1/revoke", "/family/members/mum/pin", "/settings/pin",
                     "/settings/family-screen"] {
            XCTAssertEqual(dawn.post(path, [("csrf", "forged"), ("pin", "1234"), ("pin_again", "1234")]).status, .forbidden, path)
        }
        let code = makeCode(dawn)
        dawn.forgetCookies()
        _ = dawn.get("/family-screen")
        XCTAssertEqual(dawn.post("/family-screen/enrol", [("code", code), ("csrf", "forged")]).status, .forbidden)
        enrol(dawn, code: code)
        _ = dawn.get("/family-screen")
        for path in ["/family-screen/members/\(mum)/key", "/family-screen/members/\(mum)/pin", "/family-screen/today/1",
                     "/family-screen/more-time", "/family-screen/done"] {
            XCTAssertEqual(dawn.post(path, [("csrf", "forged"), ("pin", pin), ("key", "1")]).status, .forbidden, path)
        }
        // The pre-session token is not the screen's: once enrolled, only the screen's works.
        XCTAssertEqual(dawn.post("/family-screen/members/\(mum)/pin", [("csrf", dawn.cookies["dawn_csrf"] ?? ""), ("pin", pin)]).status,
                       .forbidden)
        XCTAssertEqual(dawn.get("/family-screen/today").location, "/family-screen", "no visit was opened")
    }

    func testTheScreenSpeaksTheBrowsersLanguageAndTheMemberSeesTheirOwn() throws {
        let dawn = try PageHarness(now: now)
        let admin = mumOnTheScreen(dawn)
        enrol(dawn, code: { dawn.cookies = admin; return makeCode(dawn) }())
        XCTAssertTrue(dawn.get("/family-screen", headers: [("Accept-Language", "it")]).text.contains("Chi sei?"))
        XCTAssertTrue(dawn.get("/family-screen", headers: [("Accept-Language", "fr")]).text.contains("Qui êtes-vous\u{00A0}?"))
        let mum = try mumID(dawn).rawValue
        _ = dawn.get("/family-screen/members/\(mum)")
        _ = dawn.post("/family-screen/members/\(mum)/pin", [("pin", pin)])
        // Mum's own language is English: her list is in English on an Italian tablet.
        XCTAssertTrue(dawn.get("/family-screen/today", headers: [("Accept-Language", "it")]).text.contains("Mum&#39;s habits today"))
    }

    func testTheAdminSetsOnlyAChildsPIN() throws {
        let dawn = try PageHarness(now: now)
        dawn.signedUp()
        dawn.addMember("dad", displayName: "Dad")
        _ = dawn.get("/family")
        XCTAssertEqual(dawn.post("/family/members", [("username", "sam"), ("display_name", "Sam"), ("child", "1"),
                                                     ("password", PageHarness.password), ("password_again", PageHarness.password)]).status,
                       .seeOther)
        let sam = try XCTUnwrap(try dawn.app.family.member(username: Username("sam")))
        let family = dawn.get("/family")
        XCTAssertTrue(family.text.contains(#"action="/family/members/sam/pin""#))
        XCTAssertFalse(family.text.contains(#"action="/family/members/dad/pin""#))
        for (pin, again) in [("12", "12"), ("abcd", "abcd"), ("1234", "4321")] {
            _ = dawn.get("/family")
            XCTAssertEqual(dawn.post("/family/members/sam/pin", [("pin", pin), ("pin_again", again), ("on_screen", "1")]).status,
                           .badRequest, pin)
            XCTAssertEqual(try dawn.app.familyScreens.profile(sam.id).hasPIN, false)
            XCTAssertEqual(try dawn.app.familyScreens.profile(sam.id).onScreen, false)
        }
        _ = dawn.get("/family")
        let notChild = dawn.post("/family/members/dad/pin", [("pin", "1234"), ("pin_again", "1234")])
        XCTAssertEqual(notChild.status, .badRequest)
        XCTAssertEqual(PageHarness.errorMessage(notChild), "Only a child&#39;s PIN is set here; other members choose their own in their settings.")
        _ = dawn.get("/family")
        XCTAssertEqual(dawn.post("/family/members/sam/pin", [("pin", "1234"), ("pin_again", "1234"), ("on_screen", "1")]).location,
                       "/family?done=pin_set")
        XCTAssertEqual(try dawn.app.familyScreens.profile(sam.id).hasPIN, true)
        XCTAssertEqual(try dawn.app.familyScreens.shownMembers().map(\.username), ["sam"])
    }
}
