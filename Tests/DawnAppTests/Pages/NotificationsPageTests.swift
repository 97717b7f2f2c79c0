import HTTP
import MemberData
import XCTest
@testable import DawnApp

/// Where reminders go, in process: ntfy URLs into the house or the cloud refused when saved
/// with nothing stored.
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
}
