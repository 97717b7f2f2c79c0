import Accounts
import HTTP
import Store
import XCTest
@testable import DawnApp

/// "Your children" on a guardian's own day page and in the navigation: each child the
/// guardian looks after, linked to the guardian's view of the child's day, with how many of
/// the child's habits due today are neither done nor skipped. The count comes from the
/// child's data, so a check-off of the child's makes a new page out of a cached one.
final class GuardianChildrenPageTests: XCTestCase {
    static let day = "2026-03-11"

    /// Mum (admin), Dad, and the child accounts Mia and Leo; Dad looks after Mia. Mia has
    /// three daily habits, Leo one. Signed in as Dad.
    private func family() throws -> (dawn: PageHarness, habits: [Int]) {
        let dawn = try PageHarness(now: PageHarness.instant("2026-03-11T10:00:00Z"))
        dawn.signedUp(timeZone: "UTC")
        dawn.addMember("dad", displayName: "Dad")
        dawn.addMember("mia", displayName: "Mia", child: true)
        dawn.addMember("leo", displayName: "Leo", child: true)
        _ = dawn.get("/family")
        XCTAssertEqual(dawn.post("/family/guardians", [("guardian", "dad"), ("child", "mia")]).status, .seeOther)
        dawn.signIn("leo")
        dawn.addHabit("Football")
        dawn.signIn("mia")
        let habits = [dawn.addHabit("Piano", emoji: "🎹"), dawn.addHabit("Reading", emoji: "📚"),
                      dawn.addHabit("Teeth", emoji: "🪥")]
        dawn.signIn("dad")
        return (dawn, habits)
    }

    private func section(_ page: PageHarness.Page) -> String? {
        guard let start = page.text.range(of: "<nav class=\"children-row\""),
              let end = page.text.range(of: "</nav>", range: start.upperBound..<page.text.endIndex) else { return nil }
        return String(page.text[start.lowerBound..<end.upperBound])
    }

    func testAGuardiansDayPageNamesTheirChildrenWithWhatIsLeftToday() throws {
        let (dawn, _) = try family()
        let page = dawn.get("/")
        XCTAssertEqual(page.status, .ok)
        let section = try XCTUnwrap(section(page), "Dad's day page has the section")
        XCTAssertTrue(section.contains("Your children"))
        XCTAssertTrue(section.contains("href=\"/members/mia\""), section)
        XCTAssertTrue(section.contains("<span class=\"child-name\">Mia</span>"), section)
        XCTAssertTrue(section.contains("3 left today"), section)
        XCTAssertFalse(section.contains("Leo"), "only the children Dad looks after")
        // The link is the guardian's view of the child's today.
        let child = dawn.get("/members/mia")
        XCTAssertEqual(child.status, .ok)
        XCTAssertTrue(child.text.contains("Mia’s day"))
        // Nobody else's day page has it: not the admin's, not the child's, not the guardian's view of the child.
        XCTAssertNil(self.section(child), "the guardian's view of the child")
        for username in ["mum", "mia", "leo"] {
            dawn.signIn(username)
            XCTAssertNil(self.section(dawn.get("/")), username)
        }
    }

    func testTheNavigationLinksEachChildsDay() throws {
        let (dawn, _) = try family()
        for path in ["/habits", "/stats", "/settings", "/members/mia"] {
            let page = dawn.get(path)
            XCTAssertTrue(page.text.contains("<a href=\"/members/mia\" class=\"nav-child\">Mia</a>"), path)
            XCTAssertFalse(page.text.contains("class=\"nav-child\">Leo"), path)
        }
        dawn.signIn("mum")
        XCTAssertFalse(dawn.get("/habits").text.contains("nav-child"), "no children, no links")
    }

    /// What is done or skipped is not left; the model counts from the child's own checklist.
    func testTheModelCountsWhatIsNeitherDoneNorSkipped() throws {
        let (dawn, habits) = try family()
        XCTAssertEqual(dawn.post("/members/mia/day/\(Self.day)/check/\(habits[0])", [("action", "done")]).status, .seeOther)
        XCTAssertEqual(dawn.post("/members/mia/day/\(Self.day)/skip/\(habits[1])", [("action", "skip")]).status, .seeOther)
        let dad = try dawn.member()
        let model = try DayPage.ChildrenModel(dawn.app, dad)
        XCTAssertEqual(model.children.map(\.member.username), ["mia"])
        XCTAssertEqual(model.children.first?.leftToday, 1)
        XCTAssertEqual(model.children.first?.today.description, Self.day)
        XCTAssertTrue(section(dawn.get("/"))?.contains("1 left today") == true)
    }

    /// The guardian's cached day page changes when the child checks a habit off on her own
    /// day page (a write to her database, not his).
    func testTheChildsCheckOffChangesTheGuardiansCachedPage() throws {
        let (dawn, habits) = try family()
        let dad = dawn.cookies
        let first = dawn.get("/")
        let etag = try XCTUnwrap(first.headers["ETag"])
        XCTAssertEqual(dawn.get("/", headers: [("If-None-Match", etag)]).status, .notModified)
        dawn.signIn("mia")
        _ = dawn.get("/")
        XCTAssertEqual(dawn.post("/day/\(Self.day)/check/\(habits[2])", [("action", "done")]).status, .seeOther)
        dawn.cookies = dad
        let after = dawn.get("/", headers: [("If-None-Match", etag)])
        XCTAssertEqual(after.status, .ok, "the child's check-off must change the guardian's page")
        XCTAssertTrue(section(after)?.contains("2 left today") == true, section(after) ?? after.text)
        XCTAssertNotEqual(after.headers["ETag"], etag)
    }
}
