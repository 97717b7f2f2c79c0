import Accounts
import HTTP
import Locks
import Outbound
import XCTest
@testable import DawnApp

/// The email address on `/account`: typed, mailed a one-time link, confirmed by the link's
/// form (never by the GET), changed, removed; every refused address, link and press with
/// its message and nothing changed. The SMTP relay is a recorder here (`test_account_email.py`
/// sends through a real one).
final class AccountEmailPageTests: XCTestCase {
    private let start = PageHarness.instant("2026-03-10T09:00:00Z")

    /// The mails the app handed to its relay; `failing` makes the relay refuse them.
    private final class Relay: Sendable {
        let mails = Lock<[SMTPMail]>([])
        let failing = Lock(false)
        var count: Int { mails.withLock { $0.count } }
        var last: SMTPMail? { mails.withLock { $0.last } }
        /// The confirmation link's path in the last mail.
        var lastLink: String? {
            last.flatMap { PageHarness.firstMatch(#"http://localhost(/account/email/confirm/[A-Za-z0-9_-]+)"#, in: $0.message.body) }
        }
        func send(_ mail: SMTPMail) throws {
            if failing.withLock({ $0 }) { throw OutboundError.urlRefused("the relay is down") }
            mails.withLock { $0.append(mail) }
        }
    }

    private func harness(smtp: Bool = true) throws -> (PageHarness, Relay) {
        let relay = Relay()
        let dawn = try PageHarness(now: start, configure: { configuration in
            if smtp {
                configuration.smtpURL = "smtp://127.0.0.1:2525"
                configuration.smtpFrom = "dawn@example.org"
            }
        }, sendMail: { try relay.send($0) })
        dawn.signedUp()
        return (dawn, relay)
    }

    /// The member's row, as `member_emails` holds it.
    private func row(_ dawn: PageHarness, _ username: String) throws -> (address: String, verified: Bool, tokenHash: [UInt8]?)? {
        try dawn.app.data.instance.read { connection in
            try connection.queryOne("""
                SELECT address, verified_at IS NOT NULL, token_hash FROM member_emails
                JOIN members ON members.id = member_emails.member_id WHERE username = ?
                """, [.text(username)]).map { ($0.string(0), $0.int(1) == 1, $0.isNull(2) ? nil : $0.blob(2)) }
        }
    }

    private func send(_ dawn: PageHarness, _ address: String) -> PageHarness.Page {
        _ = dawn.get("/account")
        return dawn.post("/account/email", [("email", address)])
    }

    private func fieldError(_ page: PageHarness.Page) -> String? {
        PageHarness.firstMatch(#"<p class="field-error" id="email_address-error">(.*?)</p>"#, in: page.text)
    }

    func testAnAddressIsVerifiedByTheMailedLinksFormNeverByOpeningIt() throws {
        let (dawn, relay) = try harness()
        XCTAssertTrue(dawn.get("/account").text.contains(#"<input id="email_address" name="email" type="email""#))
        let sent = send(dawn, "  Anna.B@Example.ORG ")
        XCTAssertEqual(sent.location, "/account?done=email-sent#email")
        // Trimmed, the domain lowercased, the local part as typed.
        let mail = try XCTUnwrap(relay.last)
        XCTAssertEqual(mail.to, "Anna.B@example.org")
        XCTAssertEqual(mail.from, "dawn@example.org")
        XCTAssertEqual(mail.message.subject, "Confirm your email address for Dawn")
        XCTAssertTrue(mail.message.body.contains("Hello Mum,"), mail.message.body)
        XCTAssertTrue(mail.message.body.contains("The link works once, for 24 hours."), mail.message.body)
        let link = try XCTUnwrap(relay.lastLink)
        let token = String(link.dropFirst("/account/email/confirm/".count))
        // Only the link's SHA-256 is kept, and the address waits.
        let waiting = try XCTUnwrap(try row(dawn, "mum"))
        XCTAssertEqual(waiting.address, "Anna.B@example.org")
        XCTAssertFalse(waiting.verified)
        XCTAssertEqual(waiting.tokenHash?.count, 32)
        XCTAssertNotEqual(waiting.tokenHash, Array(token.utf8))
        let account = dawn.get("/account")
        XCTAssertEqual(account.notice, nil)
        XCTAssertTrue(account.text.contains("<p>Anna.B@example.org is waiting for you to follow the link mailed to it.</p>"))
        XCTAssertTrue(account.text.contains(">Send the link again</button>"))
        XCTAssertEqual(dawn.get("/account?done=email-sent").notice,
                       "The confirmation link is on its way. Open it from the mail to confirm your address.")

        // Opening the link (as a mail scanner would) only asks.
        let question = dawn.get(link)
        XCTAssertEqual(question.status, .ok)
        XCTAssertTrue(question.text.contains("Confirm Anna.B@example.org as your email address on Dawn?"))
        XCTAssertTrue(question.text.contains(#"<form method="post" action="\#(link)""#))
        XCTAssertEqual(try row(dawn, "mum")?.verified, false)
        // Without the page's CSRF token the form does nothing.
        XCTAssertEqual(dawn.post(link, [("csrf", "forged")]).status, .forbidden)
        XCTAssertEqual(try row(dawn, "mum")?.verified, false)

        let confirmed = dawn.post(link, [])
        XCTAssertEqual(confirmed.location, "/account?done=email-verified#email")
        let verified = try XCTUnwrap(try row(dawn, "mum"))
        XCTAssertTrue(verified.verified)
        XCTAssertNil(verified.tokenHash)
        XCTAssertEqual(try dawn.app.family.member(verifiedEmail: EmailAddress("ANNA.b@example.org"))?.username, "mum")
        let after = dawn.get("/account?done=email-verified")
        XCTAssertEqual(after.notice, "Your email address is verified.")
        XCTAssertTrue(after.text.contains("<p><strong>Anna.B@example.org is verified.</strong></p>"))
        XCTAssertTrue(after.text.contains(">Remove the address</button>"))

        // The link is spent: a second use says so and changes nothing.
        for page in [dawn.get(link), dawn.post(link, [])] {
            XCTAssertEqual(page.status, .badRequest)
            XCTAssertTrue(PageHarness.errorMessage(page)?.hasPrefix("This confirmation link does not work") == true,
                          page.text)
        }
        XCTAssertEqual(try row(dawn, "mum")?.verified, true)
        // The same address again sends nothing.
        XCTAssertEqual(send(dawn, "anna.b@EXAMPLE.org").location, "/account?done=email-unchanged#email")
        XCTAssertEqual(relay.count, 1)
    }

    func testRefusedAddressesSayWhyAndChangeNothing() throws {
        let (dawn, relay) = try harness()
        let tooLong = String(repeating: "a", count: 64) + "@" + String(repeating: "b", count: 186) + ".org"
        XCTAssertEqual(tooLong.utf8.count, 255)
        let cases: [(String, String)] = [
            ("   ", "Type an email address."),
            ("anna", "That is not an email address Dawn can use. Write it as name@example.org, without spaces or accented letters."),
            ("anna b@example.org", "That is not an email address Dawn can use. Write it as name@example.org, without spaces or accented letters."),
            ("anna@example", "That is not an email address Dawn can use. Write it as name@example.org, without spaces or accented letters."),
            ("anna@exämple.org", "That is not an email address Dawn can use. Write it as name@example.org, without spaces or accented letters."),
            ("anna@example.org\r\nBcc: x@example.org", "That is not an email address Dawn can use. Write it as name@example.org, without spaces or accented letters."),
            (tooLong, "Email addresses are at most 254 characters."),
        ]
        for (typed, message) in cases {
            let page = send(dawn, typed)
            XCTAssertEqual(page.status, .badRequest, typed)
            XCTAssertEqual(fieldError(page), PageHarness.html(message), typed)
            XCTAssertTrue(page.text.contains(#"aria-invalid="true""#), typed)
        }
        XCTAssertNil(try row(dawn, "mum"))
        XCTAssertEqual(relay.count, 0)
    }

    func testAnAddressAnotherMemberVerifiedIsRefused() throws {
        let (dawn, relay) = try harness()
        dawn.addMember("kid", displayName: "Kid")
        let kid = try XCTUnwrap(try dawn.app.family.member(username: Username("kid")))
        try dawn.app.family.setVerifiedEmail(EmailAddress("kid@example.org"), for: kid.id)
        let refused = send(dawn, "KID@example.org")
        XCTAssertEqual(refused.status, .conflict)
        XCTAssertEqual(fieldError(refused), "Another member of your family has verified this address already. Use another one.")
        XCTAssertNil(try row(dawn, "mum"))
        XCTAssertEqual(relay.count, 0)

        // Two members may wait on one address; the first to confirm keeps it.
        XCTAssertEqual(send(dawn, "shared@example.org").status, .seeOther)
        let mumsLink = try XCTUnwrap(relay.lastLink)
        try dawn.app.family.setVerifiedEmail(EmailAddress("Shared@example.org"), for: kid.id)
        _ = dawn.get(mumsLink)
        let late = dawn.post(mumsLink, [])
        XCTAssertEqual(late.status, .conflict)
        XCTAssertEqual(PageHarness.errorMessage(late), "Another member of your family has verified this address already. Use another one.")
        let mum = try XCTUnwrap(try row(dawn, "mum"))
        XCTAssertFalse(mum.verified)
        XCTAssertNotNil(mum.tokenHash)
    }

    func testExpiredReplacedForeignAndMalformedLinksChangeNothing() throws {
        let (dawn, relay) = try harness()
        XCTAssertEqual(send(dawn, "anna@example.org").status, .seeOther)
        let first = try XCTUnwrap(relay.lastLink)
        // Sending again replaces the link: the first one stops working.
        XCTAssertEqual(send(dawn, "anna@example.org").status, .seeOther)
        let second = try XCTUnwrap(relay.lastLink)
        XCTAssertNotEqual(first, second)
        let malformed = "/account/email/confirm/not-a-token"
        let unknown = "/account/email/confirm/" + String(repeating: "A", count: 43)
        for link in [first, malformed, unknown] {
            XCTAssertEqual(dawn.get(link).status, .badRequest, link)
            XCTAssertEqual(dawn.post(link, []).status, .badRequest, link)
        }
        // Another member signed in cannot use it.
        dawn.addMember("kid", displayName: "Kid")
        dawn.signIn("kid")
        let foreign = dawn.get(second)
        XCTAssertEqual(foreign.status, .badRequest)
        XCTAssertEqual(dawn.post(second, []).status, .badRequest)
        XCTAssertNil(try row(dawn, "kid"))
        // A day later it has run out.
        dawn.signIn("mum")
        dawn.setNow(start + 24 * 3600)
        let expired = dawn.get(second)
        XCTAssertEqual(expired.status, .badRequest)
        XCTAssertEqual(PageHarness.errorMessage(expired), PageHarness.html(
            "This confirmation link does not work: it was already used, has run out, was replaced by a newer one, "
                + "or belongs to another member. Nothing was changed. Send a new link from your Account page."))
        XCTAssertEqual(dawn.post(second, []).status, .badRequest)
        XCTAssertEqual(try row(dawn, "mum")?.verified, false)
        // A second before, it worked.
        dawn.setNow(start + 24 * 3600 - 1)
        _ = dawn.get(second)
        XCTAssertEqual(dawn.post(second, []).status, .seeOther)
        XCTAssertEqual(try row(dawn, "mum")?.verified, true)
    }

    func testChangingTheAddressResetsItsVerificationAndRemovingDropsIt() throws {
        let (dawn, relay) = try harness()
        XCTAssertEqual(send(dawn, "anna@example.org").status, .seeOther)
        let link = try XCTUnwrap(relay.lastLink)
        _ = dawn.get(link)
        XCTAssertEqual(dawn.post(link, []).status, .seeOther)
        XCTAssertEqual(send(dawn, "anna@work.example.org").location, "/account?done=email-sent#email")
        XCTAssertEqual(try row(dawn, "mum")?.address, "anna@work.example.org")
        XCTAssertEqual(try row(dawn, "mum")?.verified, false)
        XCTAssertNil(try dawn.app.family.member(verifiedEmail: EmailAddress("anna@example.org")))
        XCTAssertNil(try dawn.app.family.member(verifiedEmail: EmailAddress("anna@work.example.org")))
        _ = dawn.get("/account")
        XCTAssertEqual(dawn.post("/account/email/remove", []).location, "/account?done=email-removed#email")
        XCTAssertNil(try row(dawn, "mum"))
        XCTAssertEqual(dawn.get("/account?done=email-removed").notice, "Your email address is removed.")
        // The link out for the removed address is gone with it.
        let stale = try XCTUnwrap(relay.lastLink)
        XCTAssertEqual(dawn.get(stale).status, .badRequest)
    }

    func testSendingIsThrottledPerMember() throws {
        let (dawn, relay) = try harness()
        for minute in 0..<5 {
            dawn.setNow(start + Int64(minute) * 60)
            XCTAssertEqual(send(dawn, "anna\(minute)@example.org").status, .seeOther, "mail \(minute + 1)")
        }
        XCTAssertEqual(relay.count, 5)
        dawn.setNow(start + 10 * 60)
        let refused = send(dawn, "anna9@example.org")
        XCTAssertEqual(refused.status, .tooManyRequests)
        XCTAssertEqual(fieldError(refused), "Dawn sent 5 confirmation links in the last 60 minutes. Wait a while, then try again.")
        XCTAssertEqual(refused.headers["Retry-After"], "3000")
        XCTAssertEqual(relay.count, 5)
        XCTAssertEqual(try row(dawn, "mum")?.address, "anna4@example.org", "the refused address is not stored")
        // Another member is not held up.
        dawn.addMember("kid", displayName: "Kid")
        dawn.signIn("kid")
        XCTAssertEqual(send(dawn, "kid@example.org").status, .seeOther)
        // An hour after the first, one more.
        dawn.signIn("mum")
        dawn.setNow(start + 3600)
        XCTAssertEqual(send(dawn, "anna9@example.org").status, .seeOther)
        XCTAssertEqual(relay.last?.to, "anna9@example.org")
    }

    func testASignedOutBrowserSignsInFirstAndComesBackToTheQuestion() throws {
        let (dawn, relay) = try harness()
        XCTAssertEqual(send(dawn, "anna@example.org").status, .seeOther)
        let link = try XCTUnwrap(relay.lastLink)
        dawn.forgetCookies()
        let away = dawn.get(link)
        XCTAssertEqual(away.status, .seeOther)
        let location = try XCTUnwrap(away.location)
        XCTAssertTrue(location.hasPrefix("/login?next="), location)
        XCTAssertEqual(try row(dawn, "mum")?.verified, false)
        let login = dawn.get(location)
        let next = try XCTUnwrap(PageHarness.firstMatch(#"name="next" value="([^"]+)""#, in: login.text))
        XCTAssertEqual(next, link)
        let signedIn = dawn.post("/login", [("username", "mum"), ("password", PageHarness.password), ("next", next)])
        XCTAssertEqual(signedIn.location, link)
        XCTAssertTrue(dawn.get(link).text.contains("Confirm anna@example.org as your email address on Dawn?"))
    }

    func testARelayThatFailsIsSaidAndTheAddressWaits() throws {
        let (dawn, relay) = try harness()
        relay.failing.withLock { $0 = true }
        XCTAssertEqual(send(dawn, "anna@example.org").location, "/account?done=email-not-sent#email")
        XCTAssertEqual(dawn.get("/account?done=email-not-sent").notice,
                       "The confirmation link could not be sent just now. Try again in a while.")
        XCTAssertEqual(try row(dawn, "mum")?.verified, false)
    }

    func testWithoutARelayTheCardSaysSoAndNothingIsStored() throws {
        let (dawn, relay) = try harness(smtp: false)
        let account = dawn.get("/account")
        XCTAssertFalse(account.text.contains(#"name="email""#))
        XCTAssertTrue(account.text.contains("This Dawn cannot send mail (no SMTP relay is set up)"))
        let refused = dawn.post("/account/email", [("email", "anna@example.org")])
        XCTAssertEqual(refused.status, .conflict)
        XCTAssertNil(try row(dawn, "mum"))
        XCTAssertEqual(relay.count, 0)
        // An address the operator vouched for shows, and can be removed.
        let mum = try XCTUnwrap(try dawn.app.family.member(username: Username("mum")))
        try dawn.app.family.setVerifiedEmail(EmailAddress("anna@example.org"), for: mum.id)
        let shown = dawn.get("/account")
        XCTAssertTrue(shown.text.contains("<p><strong>anna@example.org is verified.</strong></p>"))
        XCTAssertEqual(dawn.post("/account/email/remove", []).status, .seeOther)
        XCTAssertNil(try row(dawn, "mum"))
    }

    func testTheCardInEveryLanguage() throws {
        let (dawn, _) = try harness()
        for (language, heading) in [("it", "Indirizzo email"), ("fr", "Adresse e-mail"), ("de", "E-Mail-Adresse"),
                                    ("es", "Correo electrónico")] {
            _ = dawn.get("/settings")
            XCTAssertEqual(dawn.post("/settings", [("language", language), ("first_weekday", "monday"), ("day_start_hour", "0"),
                                                   ("view", "row"), ("theme", "system"), ("time_zone", "Europe/Rome")]).status,
                           .seeOther)
            let page = dawn.get("/account")
            XCTAssertTrue(page.text.contains(#"<h2 id="account-email">\#(heading)</h2>"#), language)
        }
    }
}
