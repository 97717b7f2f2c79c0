import HTTP
import XCTest
@testable import DawnApp

/// After `/setup`, the admin's day page offers the first steps (add the family on
/// `/family`, install the app, choose where reminders go on `/settings`) until the admin
/// dismisses them: a POST with the CSRF token, stored with their settings, so the cached
/// page changes at once. Nobody else sees it.
final class SetupChecklistPageTests: XCTestCase {
    private static let now = PageHarness.instant("2026-03-11T10:00:00Z")

    private func checklist(_ page: PageHarness.Page) -> String? {
        guard let start = page.text.range(of: "<section class=\"card setup-checklist\""),
              let end = page.text.range(of: "</section>", range: start.upperBound..<page.text.endIndex) else { return nil }
        return String(page.text[start.lowerBound..<end.upperBound])
    }

    func testTheAdminsDayPageLeadsToTheFamilyPageUntilDismissed() throws {
        let dawn = try PageHarness(now: Self.now).signedUp()
        let first = dawn.get("/")
        XCTAssertEqual(first.status, .ok)
        let list = try XCTUnwrap(checklist(first), "right after setup")
        XCTAssertTrue(list.contains("<a href=\"/family\">Add your family’s members</a>"), list)
        XCTAssertTrue(list.contains("Install the app on each phone"), list)
        XCTAssertTrue(list.contains("<a href=\"/settings#notify\">Choose where reminders go</a>"), list)
        XCTAssertTrue(list.contains("action=\"/setup-checklist/dismiss\""), list)
        XCTAssertTrue(list.contains("name=\"csrf\""), list)
        // Still there on the next visit, and on another day's page.
        let etag = try XCTUnwrap(first.headers["ETag"])
        XCTAssertEqual(dawn.get("/", headers: [("If-None-Match", etag)]).status, .notModified)
        XCTAssertNotNil(checklist(dawn.get("/day/2026-03-10")))

        // Without the token: refused, nothing stored.
        XCTAssertEqual(dawn.post("/setup-checklist/dismiss", [("csrf", "wrong")]).status, .forbidden)
        XCTAssertNotNil(checklist(dawn.get("/")))

        let dismissed = dawn.post("/setup-checklist/dismiss", [])
        XCTAssertEqual(dismissed.status, .seeOther)
        XCTAssertEqual(dismissed.location, "/")
        let after = dawn.get("/", headers: [("If-None-Match", etag)])
        XCTAssertEqual(after.status, .ok, "the dismissal makes a new page")
        XCTAssertNil(checklist(after))
        XCTAssertTrue(try dawn.member().settings.setupChecklistDismissed)
        // Every day page, not only today’s.
        XCTAssertNil(checklist(dawn.get("/day/2026-03-10")))
    }

    func testOnlyTheAdminSeesItAndOnlyTheAdminMayDismissIt() throws {
        let dawn = try PageHarness(now: Self.now).signedUp()
        dawn.addMember("dad", displayName: "Dad")
        dawn.signIn("dad")
        XCTAssertNil(checklist(dawn.get("/")))
        XCTAssertEqual(dawn.post("/setup-checklist/dismiss", []).status, .forbidden)
        dawn.signIn("mum")
        XCTAssertNotNil(checklist(dawn.get("/")))
    }
}
