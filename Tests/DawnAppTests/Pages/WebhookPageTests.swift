import Accounts
import Foundation
import HTTP
import Locks
import MemberData
import Store
import TimeZones
import XCTest
@testable import DawnApp

/// The webhook in process, on a fixed clock (Wednesday 2026-03-11, Rome): the settings card
/// (a URL saved with a secret shown once, a new secret, removed by an empty field), every
/// refused URL beside its field with nothing changed on disk, and the checklist's one write
/// path telling the webhook from the day page's forms, the API and the kitchen screen, and
/// only when something changed.
final class WebhookPageTests: XCTestCase {
    private static let now = PageHarness.instant("2026-03-11T10:00:00Z")
    private static let url = "https://hooks.example.org/dawn"

    /// What the checklist hands its webhook, instead of the network.
    final class Recorder: WebhookOutbox {
        let calls = Lock<[(WebhookEvent, NotifyTargets.Webhook, MemberID)]>([])
        func send(_ event: WebhookEvent, to webhook: NotifyTargets.Webhook, of member: MemberID) {
            calls.withLock { $0.append((event, webhook, member)) }
        }
        var events: [String] { calls.withLock { $0.map { "\($0.0.kind.rawValue) \($0.0.habitID) \($0.0.day)" } } }
    }

    private func harness(_ recorder: Recorder = Recorder()) throws -> PageHarness {
        let dawn = try PageHarness(now: Self.now, webhooks: recorder).signedUp()
        dawn.addHabit("Read", emoji: "📚")
        return dawn
    }

    /// Saves `url` on the card; returns the answer.
    private func save(_ dawn: PageHarness, _ url: String) -> PageHarness.Page {
        _ = dawn.get("/settings")
        return dawn.post("/settings/webhook", [("webhook_url", url)])
    }

    private func secretShown(_ page: PageHarness.Page) -> String? {
        PageHarness.firstMatch(#"<code class="api-token">(whsec_[A-Za-z0-9_-]{43})</code>"#, in: page.text)
    }

    /// Every `member_settings` row: what "nothing changed on disk" compares.
    private func settingsRows(_ dawn: PageHarness) throws -> [String] {
        try dawn.member().database.read { connection in
            try connection.query("SELECT key, value FROM member_settings ORDER BY key").map { $0.string(0) + "=" + $0.string(1) }
        }
    }

    private func stored(_ dawn: PageHarness) throws -> NotifyTargets.Webhook? {
        try NotifyTargets(database: dawn.member().database).webhook()
    }

    func testTheCardSavesAURLWithASecretShownOnce() throws {
        let dawn = try harness()
        let card = dawn.get("/settings")
        XCTAssertTrue(card.text.contains(#"<section class="card stack" id="webhook" aria-labelledby="settings-webhook">"#))
        XCTAssertFalse(card.text.contains(#"action="/settings/webhook/secret#webhook""#), "no secret to replace yet")
        let saved = save(dawn, "  \(Self.url)  ")
        XCTAssertEqual(saved.status, .ok, "the answer shows the secret: no redirect")
        XCTAssertEqual(saved.headers["Cache-Control"], "no-store")
        let secret = try XCTUnwrap(secretShown(saved))
        XCTAssertEqual(try stored(dawn), NotifyTargets.Webhook(url: Self.url, secret: secret))
        XCTAssertTrue(saved.text.contains("The webhook was saved."))
        // Never again: the card shows the URL, not the secret.
        let later = dawn.get("/settings")
        XCTAssertFalse(later.text.contains(secret))
        XCTAssertTrue(later.text.contains(#"value="https://hooks.example.org/dawn""#))
        XCTAssertTrue(later.text.contains(#"action="/settings/webhook/secret#webhook""#))
        // Another URL keeps the secret; "Make a new secret" replaces it, shown once.
        XCTAssertEqual(save(dawn, "https://hooks.example.org/other").location, "/settings?done=webhook_saved#webhook")
        XCTAssertEqual(try stored(dawn)?.secret, secret)
        let replaced = dawn.post("/settings/webhook/secret", [])
        XCTAssertEqual(replaced.status, .ok)
        let newSecret = try XCTUnwrap(secretShown(replaced))
        XCTAssertNotEqual(newSecret, secret)
        XCTAssertEqual(try stored(dawn), NotifyTargets.Webhook(url: "https://hooks.example.org/other", secret: newSecret))
        // An empty URL removes it, secret and all.
        XCTAssertEqual(save(dawn, "").location, "/settings?done=webhook_removed#webhook")
        XCTAssertNil(try stored(dawn))
        XCTAssertFalse(try settingsRows(dawn).contains { $0.hasPrefix("notify_webhook") })
        XCTAssertEqual(dawn.post("/settings/webhook/secret", []).status, .notFound, "no webhook, no secret")
        XCTAssertTrue(dawn.get("/settings?done=webhook_removed").text.contains("The webhook was removed."))
    }

    func testARefusedURLIsToldBesideItsFieldAndNothingIsStored() throws {
        let dawn = try harness()
        let secret = try XCTUnwrap(secretShown(save(dawn, Self.url)))
        let before = try settingsRows(dawn)
        let refusals: [(String, String)] = [
            ("hooks.example.org/dawn", "The webhook must be an https:// address with a host"),
            ("ftp://hooks.example.org/", "The webhook must be an https:// address with a host"),
            ("https://user:secret@hooks.example.org/", "The webhook must be an https:// address with a host"),
            ("http://hooks.example.org/dawn", "Dawn calls webhooks on https:// addresses only."),
            ("https://127.0.0.1:8123/hook", "Dawn does not call that address"),
            ("https://localhost/hook", "Dawn does not call that address"),
            ("https://192.168.1.20/hook", "Dawn does not call that address"),
            ("https://169.254.169.254/latest/meta-data/", "Dawn does not call that address"),
            ("https://[::1]/hook", "Dawn does not call that address"),
            ("https://0x7f000001/hook", "Dawn does not call that address"),
        ]
        for (url, message) in refusals {
            let page = save(dawn, url)
            XCTAssertEqual(page.status, .badRequest, url)
            // Beside the field, which keeps what was typed and says it is invalid.
            XCTAssertNotNil(PageHarness.firstMatch(
                #"(?s)<input type="url" id="webhook_url" name="webhook_url" value="([^"]*)"[^>]*aria-invalid="true">.*?<p class="field-error" id="webhook_url-error">"#
                    + NSRegularExpression.escapedPattern(for: PageHarness.html(message)), in: page.text)
                .flatMap { $0 == PageHarness.html(url) ? $0 : nil }, url)
            XCTAssertNil(secretShown(page), url)
            XCTAssertFalse(page.text.contains(secret), url)
            XCTAssertEqual(try settingsRows(dawn), before, "nothing changed on disk: \(url)")
        }
    }

    func testEachMemberHasTheirOwnWebhook() throws {
        let dawn = try harness()
        XCTAssertEqual(save(dawn, Self.url).status, .ok)
        dawn.addMember("dad", displayName: "Dad")
        dawn.signIn("dad")
        XCTAssertNil(try stored(dawn), "Dad's settings hold none")
        XCTAssertFalse(dawn.get("/settings").text.contains("hooks.example.org"))
    }

    func testTheDayPagesFormsTellTheWebhookWhatChanged() throws {
        let recorder = Recorder()
        let dawn = try harness(recorder)
        _ = dawn.get("/day/2026-03-11")
        XCTAssertEqual(dawn.post("/day/2026-03-11/check/1", [("action", "done")]).status, .seeOther)
        XCTAssertEqual(recorder.events, [], "no webhook, nothing handed over")
        let secret = try XCTUnwrap(secretShown(save(dawn, Self.url)))
        _ = dawn.get("/day/2026-03-11")
        XCTAssertEqual(dawn.post("/day/2026-03-11/check/1", [("action", "undo")]).status, .seeOther)
        XCTAssertEqual(dawn.post("/day/2026-03-11/check/1", [("action", "undo")]).status, .seeOther, "nothing left to undo")
        XCTAssertEqual(dawn.post("/day/2026-03-10/check/1", [("action", "done")]).status, .seeOther)
        XCTAssertEqual(dawn.post("/day/2026-03-10/check/1", [("action", "done")]).status, .seeOther, "already done: nothing written")
        XCTAssertEqual(dawn.post("/day/2026-03-09/skip/1", [("action", "skip")]).status, .seeOther)
        XCTAssertEqual(dawn.post("/day/2026-03-09/skip/1", [("action", "unskip")]).status, .seeOther)
        XCTAssertEqual(recorder.events, ["habit.undone 1 2026-03-11", "habit.done 1 2026-03-10", "habit.skipped 1 2026-03-09",
                                         "habit.unskipped 1 2026-03-09"])
        let (event, hook, member) = try XCTUnwrap(recorder.calls.withLock { $0.first })
        XCTAssertEqual(hook, NotifyTargets.Webhook(url: Self.url, secret: secret))
        XCTAssertEqual(member, try dawn.member().account.id)
        XCTAssertEqual(event, WebhookEvent(kind: .undone, habitID: 1, name: "Read", emoji: "📚", day: LocalDate(iso: "2026-03-11")!,
                                           at: Self.now))
    }

    func testAnAmountShortOfItsTargetIsNotDone() throws {
        let recorder = Recorder()
        let dawn = try harness(recorder)
        _ = dawn.get("/habits/new")
        XCTAssertEqual(dawn.post("/habits", [("name", "Pages"), ("emoji", "📖"), ("color", "#48DBAB"), ("duration", "30"),
                                             ("schedule", "day"), ("target_amount", "20"), ("target_unit", "pages"),
                                             ("target_kind", "at_least")]).status, .seeOther)
        XCTAssertEqual(save(dawn, Self.url).status, .ok)
        _ = dawn.get("/day/2026-03-11")
        XCTAssertEqual(dawn.post("/day/2026-03-11/check/2", [("action", "done"), ("amount", "5")]).status, .seeOther)
        XCTAssertEqual(recorder.events, [], "5 of 20 pages: not done")
        XCTAssertEqual(dawn.post("/day/2026-03-11/check/2", [("action", "done"), ("amount", "15")]).status, .seeOther)
        XCTAssertEqual(recorder.events, ["habit.done 2 2026-03-11"])
    }

    func testTheAPIsCheckTellsTheWebhookToo() throws {
        let recorder = Recorder()
        let dawn = try harness(recorder)
        XCTAssertEqual(save(dawn, Self.url).status, .ok)
        _ = dawn.get("/account/tokens")
        let made = dawn.post("/account/tokens", [("name", "Shortcut"), ("scope", "write")])
        let token = try XCTUnwrap(PageHarness.firstMatch(#"<code class="api-token">(dawn_[^<]+)</code>"#, in: made.text))
        let saved = dawn.cookies
        dawn.cookies = [:]
        for action in ["done", "undo"] {
            let page = dawn.request(.POST, "/api/v1/days/today/check/1",
                                    headers: [("Authorization", "Bearer " + token), ("Content-Type", "application/json")],
                                    body: Array(#"{"action": "\#(action)"}"#.utf8))
            XCTAssertEqual(page.status, .ok, page.text)
        }
        dawn.cookies = saved
        XCTAssertEqual(recorder.events, ["habit.done 1 2026-03-11", "habit.undone 1 2026-03-11"])
    }

    func testTheKitchenScreensTapTellsTheWebhookToo() throws {
        let recorder = Recorder()
        let dawn = try harness(recorder)
        XCTAssertEqual(save(dawn, Self.url).status, .ok)
        _ = dawn.get("/settings")
        XCTAssertEqual(dawn.post("/settings/pin", [("pin", "2468"), ("pin_again", "2468")]).status, .seeOther)
        _ = dawn.get("/settings")
        XCTAssertEqual(dawn.post("/settings/family-screen", [("on_screen", "1")]).status, .seeOther)
        _ = dawn.get("/family")
        let code = try XCTUnwrap(PageHarness.firstMatch(#"<p class="enrolment-code">([^<]+)</p>"#,
                                                        in: dawn.post("/family/screens/code", [("label", "Kitchen")]).text))
        let mum = try dawn.member().account.id
        dawn.forgetCookies()
        _ = dawn.get("/family-screen")
        XCTAssertEqual(dawn.post("/family-screen/enrol", [("code", code)]).status, .seeOther)
        _ = dawn.get("/family-screen/members/\(mum.rawValue)")
        XCTAssertEqual(dawn.post("/family-screen/members/\(mum.rawValue)/pin", [("pin", "2468")]).location, "/family-screen/today")
        let today = dawn.get("/family-screen/today")
        let checkURL = try XCTUnwrap(PageHarness.firstMatch(#"<form method="post" action="(/family-screen/today/\d+)">"#, in: today.text))
        XCTAssertEqual(dawn.post(checkURL, []).location, "/family-screen/today?done=checked")
        XCTAssertEqual(recorder.events, ["habit.done 1 2026-03-11"])
    }

    func testAGuardiansCheckOffOnAChildsDayCallsTheChildsWebhook() throws {
        let recorder = Recorder()
        let dawn = try harness(recorder)
        XCTAssertEqual(save(dawn, Self.url).status, .ok, "Mum's own webhook")
        dawn.addMember("mia", displayName: "Mia", child: true)
        _ = dawn.get("/family")
        XCTAssertEqual(dawn.post("/family/guardians", [("guardian", "mum"), ("child", "mia")]).status, .seeOther)
        dawn.signIn("mia")
        dawn.addHabit("Piano", emoji: "🎹")
        let miasSecret = try XCTUnwrap(secretShown(save(dawn, "https://mia.example.org/hook")))
        let mia = try dawn.member().account.id
        dawn.signIn("mum")
        _ = dawn.get("/members/mia/day/2026-03-11")
        XCTAssertEqual(dawn.post("/members/mia/day/2026-03-11/check/1", [("action", "done")]).status, .seeOther)
        let calls = recorder.calls.withLock { $0 }
        XCTAssertEqual(calls.map(\.0.name), ["Piano"])
        XCTAssertEqual(calls.first?.1, NotifyTargets.Webhook(url: "https://mia.example.org/hook", secret: miasSecret))
        XCTAssertEqual(calls.first?.2, mia)
    }
}
