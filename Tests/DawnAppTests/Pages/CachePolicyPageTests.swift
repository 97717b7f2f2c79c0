import HTTP
import XCTest
@testable import DawnApp

/// What a shared family computer keeps of a member's pages (`CachePolicy`): every page made
/// for a signed-in member is `private, no-cache` (revalidated, so a signed-out browser gets
/// the sign-in page instead of the copy), search, settings and account pages are `no-store`,
/// and signing out answers with `Clear-Site-Data`; what sets its own header keeps it.
final class CachePolicyPageTests: XCTestCase {
    private let now = PageHarness.instant("2026-03-11T10:00:00Z")
    private let day = "2026-03-10"

    /// Mum (admin) with a habit and a journal entry, signed in.
    private func mum() throws -> (dawn: PageHarness, habit: Int) {
        let dawn = try PageHarness(now: now)
        dawn.signedUp(timeZone: "UTC")
        let habit = dawn.addHabit("Piano", emoji: "🎹")
        _ = dawn.get("/day/\(day)")
        XCTAssertEqual(dawn.post("/day/\(day)/entry", [("entry", "Rowed at dawn."), ("version", "0")]).status, .seeOther)
        return (dawn, habit)
    }

    func testEveryPageOfAMemberIsPrivateAndRevalidatedAndOwnHeadersStay() throws {
        let (dawn, habit) = try mum()
        for target in ["/", "/day/\(day)", "/stats", "/stats?g=year", "/calendar/2026-03", "/habits",
                       "/habits/new", "/habits/archived", "/habits/\(habit)", "/habits/\(habit)/edit",
                       "/day/\(day)/log/\(habit)", "/board", "/vacations", "/family"] {
            let page = dawn.get(target)
            XCTAssertEqual(page.status, .ok, target)
            XCTAssertEqual(page.headers.values(for: "Cache-Control"), ["private, no-cache"], target)
        }
        // A refused form shows the member's page again: the same rule.
        let refused = dawn.post("/day/\(day)/notes", [("note", "  ")])
        XCTAssertEqual(refused.status, .badRequest)
        XCTAssertEqual(refused.headers["Cache-Control"], "private, no-cache")
        // An error page made for a member too.
        XCTAssertEqual(dawn.get("/day/1800-01-01").headers["Cache-Control"], "private, no-cache")

        // The day page's revalidation stays a 304, from the page cache too.
        let etag = try XCTUnwrap(dawn.get("/day/\(day)").headers["ETag"])
        let again = dawn.get("/day/\(day)", headers: [("If-None-Match", etag)])
        XCTAssertEqual(again.status, .notModified)
        XCTAssertEqual(again.headers["ETag"], etag)
        XCTAssertEqual(again.headers.values(for: "Cache-Control"), ["private, no-cache"])

        // What sets its own header keeps it.
        let css = try XCTUnwrap(dawn.app.staticFiles.url(for: "app.css"))
        XCTAssertEqual(dawn.get(css).headers.values(for: "Cache-Control"), ["public, max-age=31536000, immutable"])
        XCTAssertEqual(dawn.get("/export/dawn.json").headers.values(for: "Cache-Control"), ["private, no-store"])
        XCTAssertEqual(dawn.get("/manifest.webmanifest").headers.values(for: "Cache-Control"), ["public, no-cache"])
        XCTAssertEqual(dawn.get("/sw.js").headers.values(for: "Cache-Control"), ["no-cache"])
    }

    func testSearchSettingsAndAccountAreNeverStored() throws {
        let (dawn, _) = try mum()
        for target in ["/search?q=rowed", "/search?q=%22open", "/settings", "/settings?done=saved", "/account",
                       "/account?done=name"] {
            let page = dawn.get(target)
            XCTAssertTrue([.ok, .badRequest].contains(page.status), target)
            XCTAssertEqual(page.headers.values(for: "Cache-Control"), ["no-store"], target)
        }
        XCTAssertTrue(dawn.get("/search?q=rowed").text.contains("Rowed"), "the search found the entry")
        // Their refused forms, which show the typed values again.
        let settings = dawn.post("/settings", [("language", "xx"), ("time_zone", "UTC")])
        XCTAssertEqual(settings.status, .badRequest)
        XCTAssertEqual(settings.headers["Cache-Control"], "no-store")
        let name = dawn.post("/account/name", [("display_name", "")])
        XCTAssertEqual(name.status, .badRequest)
        XCTAssertEqual(name.headers["Cache-Control"], "no-store")
    }

    func testSigningOutClearsTheSitesCacheAndStorage() throws {
        let (dawn, _) = try mum()
        _ = dawn.get("/day/\(day)")
        let out = dawn.post("/logout", [])
        XCTAssertEqual(out.status, .seeOther)
        XCTAssertEqual(out.location, "/login")
        XCTAssertEqual(out.headers.values(for: "Clear-Site-Data"), [#""cache", "storage""#])
        XCTAssertEqual(dawn.get("/day/\(day)").location, "/login?next=/day/\(day)")

        dawn.signIn("mum")
        _ = dawn.get("/account")
        let everywhere = dawn.post("/account/sign-out-everywhere", [])
        XCTAssertEqual(everywhere.status, .seeOther)
        XCTAssertEqual(everywhere.location, "/login")
        XCTAssertEqual(everywhere.headers.values(for: "Clear-Site-Data"), [#""cache", "storage""#])
        XCTAssertNil(dawn.cookies["dawn_session"])

        // Other redirects clear nothing.
        dawn.signIn("mum")
        _ = dawn.get("/day/\(day)")
        let saved = dawn.post("/day/\(day)/notes", [("note", "Tea.")])
        XCTAssertEqual(saved.status, .seeOther)
        XCTAssertNil(saved.headers["Clear-Site-Data"])
    }

    func testASessionEndedElsewhereClearsSiteDataOnItsNextPage() throws {
        let (dawn, _) = try mum()
        let stale = try XCTUnwrap(dawn.cookies["dawn_session"])
        _ = dawn.get("/account")
        XCTAssertEqual(dawn.post("/account/sign-out-everywhere", []).status, .seeOther)
        // This browser still holds a cookie of the ended session (as another device would).
        dawn.cookies["dawn_session"] = stale
        let page = dawn.get("/day/\(day)")
        XCTAssertEqual(page.location, "/login?next=/day/\(day)")
        XCTAssertEqual(page.headers.values(for: "Clear-Site-Data"), [#""cache", "storage""#])
        XCTAssertEqual(page.setCookie("dawn_session"), "dawn_session=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax")
        XCTAssertNil(dawn.cookies["dawn_session"])
        // A browser that never signed in is only sent to sign in.
        let stranger = dawn.get("/day/\(day)")
        XCTAssertEqual(stranger.location, "/login?next=/day/\(day)")
        XCTAssertNil(stranger.headers["Clear-Site-Data"])
        XCTAssertNil(stranger.headers["Set-Cookie"])
    }
}
