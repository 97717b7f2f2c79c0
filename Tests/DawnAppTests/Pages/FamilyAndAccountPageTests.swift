import HTTP
import XCTest

/// `/family` (add, reset a password, remove), `/account` (name, password, signing out
/// everywhere) and `/board` in process: who may, what each refusal says, and that a
/// refused form changed nothing (read back through the pages).
final class FamilyAndAccountPageTests: XCTestCase {
    private let now = PageHarness.instant("2026-12-31T23:30:00Z")  // 00:30 on 1 January in Rome

    /// "Display name @username" for each member on the family page.
    private func members(_ dawn: PageHarness) -> [String] {
        PageHarness.allMatches(#"<div class="member-head"><strong>([^<]*</strong> <span class="muted">@[^<]*)</span>"#,
                               in: dawn.get("/family").text)
            .map { $0.replacingOccurrences(of: #"</strong> <span class="muted">"#, with: " ") }
    }

    // MARK: Family

    func testTheAdminAddsAMember() throws {
        let dawn = try PageHarness(now: now)
        dawn.signedUp()
        let page = dawn.get("/family")
        XCTAssertEqual(page.status, .ok)
        XCTAssertTrue(page.text.contains(#"<span class="badge">admin</span> <span class="badge">you</span>"#))
        XCTAssertEqual(members(dawn), ["Mum @mum"])

        let added = dawn.post("/family/members", [("username", "kid"), ("display_name", "Kid <3"),
                                                  ("password", PageHarness.password), ("password_again", PageHarness.password)])
        XCTAssertEqual(added.status, .seeOther)
        XCTAssertEqual(added.location, "/family?done=added")
        XCTAssertEqual(dawn.get("/family?done=added").notice,
                       "The member was added. Give them their username and initial password.")
        XCTAssertEqual(Set(members(dawn)), ["Kid &lt;3 @kid", "Mum @mum"])
        XCTAssertTrue(dawn.get("/family").text.contains(#"<a class="danger-link" href="/family/members/kid/remove">Remove Kid &lt;3…</a>"#))

        func refused(_ fields: [(String, String)], _ message: String) {
            let page = dawn.post("/family/members", fields)
            XCTAssertEqual(page.status, .badRequest, message)
            XCTAssertTrue(page.text.contains(message), "\(message): \(page.text)")
        }
        refused([("username", "kid"), ("display_name", "Another"), ("password", PageHarness.password),
                 ("password_again", PageHarness.password)], "That username is already taken. Please choose another one.")
        refused([("username", "Dad!"), ("display_name", "Dad"), ("password", PageHarness.password),
                 ("password_again", PageHarness.password)], "Usernames are 3 to 32 characters")
        refused([("username", "dad"), ("display_name", ""), ("password", PageHarness.password),
                 ("password_again", PageHarness.password)], "Names are 1 to 60 characters on one line")
        refused([("username", "dad"), ("display_name", "Dad"), ("password", "short"), ("password_again", "short")],
                "Passwords need at least 10 characters.")
        XCTAssertEqual(dawn.post("/family/members", [("username", "dad"), ("display_name", "Dad"), ("password", PageHarness.password),
                                                     ("password_again", PageHarness.password), ("csrf", "forged")]).status, .forbidden)
        XCTAssertEqual(Set(members(dawn)), ["Kid &lt;3 @kid", "Mum @mum"], "nobody else was added")

        // The new member signs in and is no admin: /family and its forms are 403 for them.
        let mumsBrowser = dawn.cookies
        dawn.signIn("kid")
        let home = dawn.get("/")
        XCTAssertTrue(home.text.contains(#"title="Account">Kid &lt;3</a>"#))
        XCTAssertFalse(home.text.contains(#"href="/family""#))
        let forbidden = dawn.get("/family")
        XCTAssertEqual(forbidden.status, .forbidden)
        XCTAssertEqual(PageHarness.errorMessage(forbidden), "Only the family&#39;s admin can open this page.")
        XCTAssertEqual(dawn.get("/family/members/mum/remove").status, .forbidden)
        _ = dawn.get("/account")
        XCTAssertEqual(dawn.post("/family/members", [("username", "dad"), ("display_name", "Dad"), ("password", PageHarness.password),
                                                     ("password_again", PageHarness.password)]).status, .forbidden)
        XCTAssertEqual(dawn.post("/family/members/mum/remove", []).status, .forbidden)
        XCTAssertEqual(dawn.post("/family/members/mum/password", [("password", "kid owns it now"),
                                                                  ("password_again", "kid owns it now")]).status, .forbidden)
        dawn.cookies = mumsBrowser
        XCTAssertEqual(Set(members(dawn)), ["Kid &lt;3 @kid", "Mum @mum"])
        dawn.signIn("mum")  // mum's password is unchanged
    }

    func testTheAdminResetsAPasswordAndTheMemberIsSignedOutEverywhere() throws {
        let dawn = try PageHarness(now: now)
        dawn.signedUp()
        dawn.addMember("kid", displayName: "Kid")
        let mumsBrowser = dawn.cookies
        dawn.signIn("kid")
        let kidsBrowser = dawn.cookies
        dawn.cookies = mumsBrowser
        _ = dawn.get("/family")

        let mismatch = dawn.post("/family/members/kid/password", [("password", "a new password"), ("password_again", "another one!")])
        XCTAssertEqual(mismatch.status, .badRequest)
        XCTAssertTrue(mismatch.text.contains(#"<details class="member-actions" open>"#))
        XCTAssertTrue(mismatch.text.contains("The two passwords do not match."))
        XCTAssertEqual(dawn.post("/family/members/nobody/password", [("password", "a new password"),
                                                                     ("password_again", "a new password")]).status, .notFound)
        let own = dawn.post("/family/members/mum/password", [("password", "a new password"), ("password_again", "a new password")])
        XCTAssertEqual(own.status, .forbidden)
        XCTAssertTrue(PageHarness.errorMessage(own)?.hasPrefix("Your own password is changed on your account page") == true)
        dawn.cookies = kidsBrowser
        XCTAssertEqual(dawn.get("/").status, .ok, "the refused resets left the kid signed in")
        dawn.cookies = mumsBrowser
        _ = dawn.get("/family")

        let reset = dawn.post("/family/members/kid/password", [("password", "a new password"), ("password_again", "a new password")])
        XCTAssertEqual(reset.status, .seeOther)
        XCTAssertEqual(reset.location, "/family?done=reset")
        XCTAssertEqual(dawn.get("/family?done=reset").notice, "The password was reset. The member was signed out everywhere.")
        dawn.cookies = kidsBrowser
        XCTAssertEqual(dawn.get("/").location, "/login", "the kid's session ended")
        dawn.signIn("kid", password: "a new password")
    }

    func testTheAdminRemovesAMemberAfterConfirmation() throws {
        let dawn = try PageHarness(now: now)
        dawn.signedUp()
        dawn.addMember("kid", displayName: "Kid")
        let confirm = dawn.get("/family/members/kid/remove")
        XCTAssertEqual(confirm.status, .ok)
        XCTAssertTrue(confirm.text.contains("<title>Remove Kid</title>"))
        XCTAssertTrue(confirm.text.contains("<p>This deletes <strong>@kid</strong>&#39;s account and their private database"))
        XCTAssertTrue(confirm.text.contains(#"<form method="post" action="/family/members/kid/remove" class="row">"#))
        let mine = dawn.get("/family/members/mum/remove")
        XCTAssertEqual(mine.status, .ok)
        XCTAssertTrue(mine.text.contains("<h1>You cannot remove yourself</h1>"))
        XCTAssertFalse(mine.text.contains(#"action="/family/members/mum/remove""#))
        for target in ["/family/members/nobody/remove", "/family/members/NOT%20A%20NAME/remove"] {
            let page = dawn.get(target)
            XCTAssertEqual(page.status, .notFound, target)
            XCTAssertEqual(PageHarness.errorMessage(page), "There is no member with that username.")
        }

        let me = dawn.post("/family/members/mum/remove", [])
        XCTAssertEqual(me.status, .badRequest)
        XCTAssertEqual(PageHarness.errorMessage(me), "You cannot remove your own account. Another admin can remove it.")
        XCTAssertEqual(dawn.post("/family/members/kid/remove", [("csrf", "forged")]).status, .forbidden)
        XCTAssertEqual(dawn.post("/family/members/nobody/remove", []).status, .notFound)
        XCTAssertEqual(Set(members(dawn)), ["Kid @kid", "Mum @mum"])

        let removed = dawn.post("/family/members/kid/remove", [])
        XCTAssertEqual(removed.status, .seeOther)
        XCTAssertEqual(removed.location, "/family?done=removed")
        XCTAssertEqual(dawn.get("/family?done=removed").notice, "The member and all of their data were removed.")
        XCTAssertEqual(members(dawn), ["Mum @mum"])
        XCTAssertEqual(dawn.get("/family/members/kid/remove").status, .notFound)
        dawn.forgetCookies()
        _ = dawn.get("/login")
        XCTAssertEqual(dawn.post("/login", [("username", "kid"), ("password", PageHarness.password)]).status, .badRequest)
        XCTAssertEqual(dawn.get("/family").location, "/login?next=/family")
    }

    // MARK: Account

    func testChangingTheDisplayName() throws {
        let dawn = try PageHarness(now: now)
        dawn.signedUp()
        let account = dawn.get("/account")
        XCTAssertEqual(account.status, .ok)
        XCTAssertTrue(account.text.contains(#"name="display_name" value="Mum""#))
        XCTAssertTrue(account.text.contains(#"<a href="/export/dawn.json" download>"#))

        let saved = dawn.post("/account/name", [("display_name", "Mamma \"M\" <3")])
        XCTAssertEqual(saved.status, .seeOther)
        XCTAssertEqual(saved.location, "/account?done=name")
        let page = dawn.get("/account?done=name")
        XCTAssertEqual(page.notice, "Your name was saved.")
        XCTAssertTrue(page.text.contains(#"title="Account">Mamma &#34;M&#34; &lt;3</a>"#))

        for name in ["", String(repeating: "m", count: 61), "two\nlines"] {
            let refused = dawn.post("/account/name", [("display_name", name)])
            XCTAssertEqual(refused.status, .badRequest, name)
            XCTAssertTrue(refused.text.contains("Names are 1 to 60 characters on one line"), name)
        }
        XCTAssertEqual(dawn.post("/account/name", [("display_name", "Forged"), ("csrf", "forged")]).status, .forbidden)
        XCTAssertTrue(dawn.get("/account").text.contains(#"name="display_name" value="Mamma &#34;M&#34; &lt;3""#))
        dawn.forgetCookies()
        XCTAssertEqual(dawn.get("/account").location, "/login?next=/account")
        XCTAssertEqual(dawn.post("/account/name", [("display_name", "X"), ("csrf", "x")]).status, .forbidden)
    }

    func testChangingThePasswordKeepsThisSessionOnly() throws {
        let dawn = try PageHarness(now: now)
        dawn.signedUp()
        let first = dawn.cookies
        dawn.signIn("mum")  // a second browser
        let second = dawn.cookies
        _ = dawn.get("/account")

        let wrong = dawn.post("/account/password", [("current_password", "not it at all"), ("password", "a brand new password"),
                                                    ("password_again", "a brand new password")])
        XCTAssertEqual(wrong.status, .badRequest)
        XCTAssertTrue(wrong.text.contains("Your current password is not correct. Please type it again."))
        let differ = dawn.post("/account/password", [("current_password", PageHarness.password), ("password", "a brand new password"),
                                                     ("password_again", "a different one")])
        XCTAssertEqual(differ.status, .badRequest)
        XCTAssertTrue(differ.text.contains("The two passwords do not match."))
        XCTAssertEqual(dawn.post("/account/password", [("current_password", PageHarness.password), ("password", "a brand new password"),
                                                       ("password_again", "a brand new password"), ("csrf", "forged")]).status,
                       .forbidden)
        dawn.cookies = first
        XCTAssertEqual(dawn.get("/").status, .ok, "refused changes sign nobody out")
        dawn.cookies = second
        _ = dawn.get("/account")

        let changed = dawn.post("/account/password", [("current_password", PageHarness.password), ("password", "a brand new password"),
                                                      ("password_again", "a brand new password")])
        XCTAssertEqual(changed.status, .seeOther)
        XCTAssertEqual(changed.location, "/account?done=password")
        XCTAssertEqual(dawn.get("/account?done=password").notice,
                       "Your password was changed. Your other sessions were signed out.")
        dawn.cookies = first
        XCTAssertEqual(dawn.get("/").location, "/login", "the other browser is signed out")
        dawn.signIn("mum", password: "a brand new password")
    }

    func testWrongCurrentPasswordsAreThrottled() throws {
        let dawn = try PageHarness(now: now)
        dawn.signedUp()
        for _ in 0..<5 {
            XCTAssertEqual(dawn.post("/account/password", [("current_password", "a guess at it"), ("password", "a brand new password"),
                                                           ("password_again", "a brand new password")]).status, .badRequest)
        }
        let throttled = dawn.post("/account/password", [("current_password", PageHarness.password),
                                                        ("password", "a brand new password"), ("password_again", "a brand new password")])
        XCTAssertEqual(throttled.status, .tooManyRequests)
        XCTAssertTrue(throttled.text.contains("Too many wrong current passwords. Wait 15 minutes, then try again."))
        dawn.setNow(now + 15 * 60 + 1)
        XCTAssertEqual(dawn.post("/account/password", [("current_password", PageHarness.password), ("password", "a brand new password"),
                                                       ("password_again", "a brand new password")]).status, .seeOther)
    }

    func testSigningOutEverywhere() throws {
        let dawn = try PageHarness(now: now)
        dawn.signedUp()
        let first = dawn.cookies
        dawn.signIn("mum")
        XCTAssertEqual(dawn.post("/account/sign-out-everywhere", [("csrf", "forged")]).status, .forbidden)
        dawn.cookies = first
        XCTAssertEqual(dawn.get("/").status, .ok)
        _ = dawn.get("/account")
        let out = dawn.post("/account/sign-out-everywhere", [])
        XCTAssertEqual(out.status, .seeOther)
        XCTAssertEqual(out.location, "/login")
        XCTAssertEqual(out.setCookie("dawn_session"), "dawn_session=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax")
        XCTAssertEqual(dawn.get("/").location, "/login")
        dawn.cookies = first
        XCTAssertEqual(dawn.get("/").location, "/login", "this browser's session ended on the server")
        XCTAssertEqual(dawn.post("/account/sign-out-everywhere", [("csrf", "x")]).status, .forbidden)
    }

    // MARK: Board

    /// Each member's "today" on the board is their own: at 23:30 UTC on New Year's Eve
    /// it is already 2027 in Rome and still 2026 in New York.
    func testTheBoardShowsOnlyWhoOptedInEachOnTheirOwnDay() throws {
        let dawn = try PageHarness(now: now)
        dawn.signedUp(timeZone: "Europe/Rome")
        let empty = dawn.get("/board")
        XCTAssertEqual(empty.status, .ok)
        XCTAssertTrue(empty.text.contains("Nobody shares their streak yet."))
        XCTAssertTrue(empty.text.contains(#"turn on sharing in <a href="/settings">Settings</a>"#))
        for day in ["2026-12-30", "2026-12-31"] {
            XCTAssertEqual(dawn.post("/day/\(day)/notes", [("note", "walked")]).status, .seeOther)
        }
        dawn.addMember("kid", displayName: "Kid")
        dawn.addMember("dad", displayName: "Dad")
        let mumsBrowser = dawn.cookies
        let settings = [("language", "en"), ("first_weekday", "monday"), ("day_start_hour", "0"), ("view", "row"),
                        ("theme", "system"), ("board", "1")]
        XCTAssertEqual(dawn.post("/settings", settings + [("time_zone", "Europe/Rome")]).status, .seeOther)

        dawn.signIn("kid")
        XCTAssertEqual(dawn.post("/settings", settings + [("time_zone", "America/New_York")]).status, .seeOther)
        XCTAssertEqual(dawn.post("/day/2026-12-31/notes", [("note", "skated")]).status, .seeOther)
        dawn.signIn("dad")
        XCTAssertEqual(dawn.post("/day/2026-12-31/notes", [("note", "private")]).status, .seeOther)

        let board = dawn.get("/board")
        XCTAssertEqual(board.status, .ok)
        let rows = PageHarness.allMatches(#"<li><strong>(.*?)</li>"#, in: board.text)
            .map { $0.replacingOccurrences(of: #"<[^>]*>"#, with: "", options: .regularExpression) }
        XCTAssertEqual(Set(rows), ["Mum 2 days streak not yet today", "Kid 1 day streak active today"])
        XCTAssertFalse(rows.contains { $0.hasPrefix("Dad") }, "dad (who is looking) did not opt in")
        XCTAssertTrue(board.text.contains("turn on sharing in"))

        dawn.cookies = mumsBrowser
        let mine = dawn.get("/board")
        XCTAssertTrue(mine.text.contains(#"<strong>Mum</strong> <span class="badge">you</span>"#))
        XCTAssertFalse(mine.text.contains("turn on sharing in"))
        dawn.forgetCookies()
        XCTAssertEqual(dawn.get("/board").location, "/login?next=/board")
    }
}
