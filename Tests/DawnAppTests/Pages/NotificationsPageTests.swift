import HTTP
import MemberData
import XCTest
@testable import DawnApp

/// Where reminders go, in process: ntfy URLs into the house or the cloud refused when saved
/// with nothing stored, the ntfy token never written into a page (kept, replaced, removed),
/// and "Send a test" throttled per member.
final class NotificationsPageTests: XCTestCase {
    private let addressRefused = "Dawn does not send reminders to that address"

    private func stored(_ dawn: PageHarness) throws -> (ntfy: NotifyTargets.Ntfy?, email: String?) {
        let targets = NotifyTargets(database: try dawn.member().database)
        return (try targets.ntfy(), try targets.email())
    }

    private func save(_ dawn: PageHarness, url: String, token: String = "", email: String = "", remove: Bool = false) -> PageHarness.Page {
        _ = dawn.get("/settings")
        var fields = [("ntfy_url", url), ("ntfy_token", token), ("email", email)]
        if remove { fields.append(("ntfy_token_remove", "1")) }
        return dawn.post("/settings/notify", fields)
    }

    /// The value attribute of the token's field, if it has one.
    private func tokenFieldValue(_ page: PageHarness.Page) -> String? {
        PageHarness.firstMatch(#"<input type="password" id="ntfy_token"[^>]*value="([^"]*)""#, in: page.text)
    }

    func testAddressesInTheHouseAndTheCloudAreRefusedWhenSaved() throws {
        let dawn = try PageHarness(now: PageHarness.instant("2026-07-07T09:00:00Z"))
        dawn.signedUp()
        XCTAssertEqual(save(dawn, url: "https://ntfy.example.org/kid", token: "tk_kept", email: "kid@example.org").status, .seeOther)
        let before = try stored(dawn)
        XCTAssertEqual(before.ntfy, NotifyTargets.Ntfy(url: "https://ntfy.example.org/kid", token: "tk_kept"))
        for url in ["http://169.254.169.254/latest/meta-data/", "http://[fe80::1]/", "http://10.0.0.7/", "http://192.168.1.20/",
                    "http://100.64.1.1/", "http://[fd00::2]/", "http://[::ffff:169.254.169.254]/", "http://224.0.0.1/",
                    "http://0x7f000001/", "http://127.1/", "http://2130706433/", "http://0177.0.0.1/", "http://127.0.0.1:2586/",
                    "http://localhost/", "http://[::1]/", "http://[64:ff9b::a9fe:a9fe]/", "http://0.0.0.0:2586/"] {
            let page = save(dawn, url: url, token: "tk_evil", email: "kid@example.org")
            XCTAssertEqual(page.status, .badRequest, url)
            // The message sits beside the URL's field, which keeps what was typed.
            XCTAssertNotNil(PageHarness.firstMatch(#"(?s)id="ntfy_url" name="ntfy_url" value="([^"]*)".*?<p class="field-error">Dawn does not send reminders to that address"#,
                                                   in: page.text).flatMap { $0 == PageHarness.html(url) ? $0 : nil }, url)
            XCTAssertFalse(page.text.contains("tk_evil"), url)
            XCTAssertFalse(page.text.contains("tk_kept"), url)
            XCTAssertEqual(try stored(dawn).ntfy, before.ntfy, url)
            XCTAssertEqual(try stored(dawn).email, before.email, url)
        }
    }

    /// DAWN_NOTIFY_ALLOW_PRIVATE: the home LAN may be saved, link-local and metadata never.
    func testTheOperatorMayOpenTheLANButNeverLinkLocalOrMetadata() throws {
        let dawn = try PageHarness(now: PageHarness.instant("2026-07-07T09:00:00Z")) { $0.notifyAllowPrivate = true }
        dawn.signedUp()
        for url in ["http://192.168.1.20/family", "http://10.0.0.7:2586/kid", "http://100.64.1.1/kid", "http://[fd00::3]/kid"] {
            XCTAssertEqual(save(dawn, url: url).status, .seeOther, url)
            XCTAssertEqual(try stored(dawn).ntfy?.url, url)
        }
        for url in ["http://169.254.169.254/latest/meta-data/", "http://[fe80::1]/", "http://[::ffff:169.254.169.254]/",
                    "http://100.100.100.200/", "http://[fd00:ec2::254]/", "http://127.1/", "http://224.0.0.1/"] {
            let page = save(dawn, url: url)
            XCTAssertEqual(page.status, .badRequest, url)
            XCTAssertTrue(page.text.contains(addressRefused), url)
            XCTAssertEqual(try stored(dawn).ntfy?.url, "http://[fd00::3]/kid", url)
        }
    }

    func testTheTokenIsNeverWrittenIntoAPage() throws {
        let dawn = try PageHarness(now: PageHarness.instant("2026-07-07T09:00:00Z"))
        dawn.signedUp()
        var page = dawn.get("/settings")
        XCTAssertFalse(page.text.contains("A token is set"))
        XCTAssertEqual(save(dawn, url: "https://ntfy.example.org/kid", token: "tk_secret_0123456789").status, .seeOther)
        XCTAssertEqual(try stored(dawn).ntfy?.token, "tk_secret_0123456789")
        page = dawn.get("/settings?done=notify_saved")
        XCTAssertFalse(page.text.contains("tk_secret"))
        XCTAssertNil(tokenFieldValue(page))
        XCTAssertTrue(page.text.contains("A token is set. Leave this field empty to keep it"))
        XCTAssertTrue(page.text.contains(#"<input type="checkbox" name="ntfy_token_remove" value="1">"#))
        // A refused save shows neither the stored token nor the one just typed.
        page = save(dawn, url: "https://ntfy.example.org/kid", token: "tk_typed_0123456789", email: "not an address")
        XCTAssertEqual(page.status, .badRequest)
        XCTAssertFalse(page.text.contains("tk_secret"))
        XCTAssertFalse(page.text.contains("tk_typed"))
        XCTAssertNil(tokenFieldValue(page))
        XCTAssertEqual(try stored(dawn).ntfy?.token, "tk_secret_0123456789")
    }

    func testAnEmptyTokenKeepsTheStoredOneATypedOneReplacesItRemoveDropsIt() throws {
        let dawn = try PageHarness(now: PageHarness.instant("2026-07-07T09:00:00Z"))
        dawn.signedUp()
        XCTAssertEqual(save(dawn, url: "https://ntfy.example.org/kid", token: "tk_first").status, .seeOther)
        XCTAssertEqual(save(dawn, url: "https://ntfy.example.org/kid", email: "kid@example.org").status, .seeOther)
        XCTAssertEqual(try stored(dawn).ntfy, NotifyTargets.Ntfy(url: "https://ntfy.example.org/kid", token: "tk_first"))
        XCTAssertEqual(try stored(dawn).email, "kid@example.org")
        XCTAssertEqual(save(dawn, url: "https://ntfy.example.org/kid", token: "tk_second").status, .seeOther)
        XCTAssertEqual(try stored(dawn).ntfy?.token, "tk_second")
        XCTAssertEqual(save(dawn, url: "https://ntfy.example.org/kid", remove: true).status, .seeOther)
        XCTAssertEqual(try stored(dawn).ntfy, NotifyTargets.Ntfy(url: "https://ntfy.example.org/kid", token: nil))
        XCTAssertFalse(dawn.get("/settings").text.contains("A token is set"))
        // An empty URL removes the topic and its token.
        XCTAssertEqual(save(dawn, url: "https://ntfy.example.org/kid", token: "tk_third").status, .seeOther)
        XCTAssertEqual(save(dawn, url: "").status, .seeOther)
        XCTAssertNil(try stored(dawn).ntfy)
    }

    func testTheTestButtonIsThrottledPerMemberInTheirLanguage() throws {
        let start = PageHarness.instant("2026-07-07T09:00:00Z")
        let dawn = try PageHarness(now: start)
        dawn.signedUp()
        dawn.addMember("kid", displayName: "Kid")
        _ = dawn.get("/settings")
        XCTAssertEqual(dawn.post("/settings", [("language", "it"), ("first_weekday", "monday"), ("day_start_hour", "0"),
                                               ("view", "row"), ("theme", "system"), ("time_zone", "Europe/Rome")]).status, .seeOther)
        func press() -> PageHarness.Page {
            _ = dawn.get("/settings")
            return dawn.post("/notifications/test", [])
        }
        for minute in 0..<dawn.app.notificationTests.limit {
            dawn.setNow(start + Int64(minute) * 60)
            XCTAssertEqual(press().location, "/settings?done=notify_no_targets#notify", "press \(minute + 1)")
        }
        dawn.setNow(start + 5 * 60)
        let refused = press()
        XCTAssertEqual(refused.status, .tooManyRequests)
        XCTAssertEqual(PageHarness.errorMessage(refused),
                       "Hai inviato 5 prove negli ultimi 10 minuti. Aspetta qualche minuto, poi riprova.")
        XCTAssertEqual(refused.headers["Retry-After"], "300")   // when the first press leaves the window
        // Another member is not held up by her.
        dawn.signIn("kid")
        XCTAssertEqual(press().status, .seeOther)
        // Ten minutes after her first press, she may press again.
        dawn.signIn("mum")
        dawn.setNow(start + 10 * 60)
        XCTAssertEqual(press().status, .seeOther)
        XCTAssertEqual(press().status, .tooManyRequests)
    }
}
