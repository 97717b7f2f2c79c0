import Locks
import MemberData
import Outbound
import Store
import TimeZones
import WebPush
import XCTest
@testable import DawnApp

/// A webhook call's parts without a network: the exact JSON body, its HMAC-SHA256 signature
/// (RFC 4231's vectors), the request the sender makes, the URL rules (the reminders' address
/// policy), and the reminders' queue delivering the event kind with its retries.
final class WebhookTests: XCTestCase {
    private let event = WebhookEvent(kind: .done, habitID: 3, name: #"Read "more", then \ sleep"#, emoji: "📚",
                                     day: LocalDate(iso: "2026-03-11")!, at: 1_773_223_200)

    func testTheBodyIsSmallJSONInAFixedOrder() {
        XCTAssertEqual(String(decoding: event.body, as: UTF8.self),
                       #"{"event":"habit.done","habit":{"id":3,"name":"Read \"more\", then \\ sleep","emoji":"📚"},"#
                       + #""date":"2026-03-11","at":"2026-03-11T10:00:00Z"}"#)
        let undone = WebhookEvent(kind: .undone, habitID: 1, name: "Run", emoji: "🏃", day: LocalDate(iso: "2026-03-10")!,
                                  at: 1_773_223_201)
        XCTAssertEqual(String(decoding: undone.body, as: UTF8.self),
                       #"{"event":"habit.undone","habit":{"id":1,"name":"Run","emoji":"🏃"},"date":"2026-03-10","at":"2026-03-11T10:00:01Z"}"#)
        XCTAssertEqual([WebhookEvent.Kind.done, .undone, .skipped, .unskipped].map(\.rawValue),
                       ["habit.done", "habit.undone", "habit.skipped", "habit.unskipped"])
    }

    func testTheSignatureIsHMACSHA256OfTheExactBody() {
        // RFC 4231, test cases 1 and 2.
        XCTAssertEqual(WebhookSignature.value(body: Array("what do ya want for nothing?".utf8), secret: "Jefe"),
                       "sha256=5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
        XCTAssertEqual(WebhookSignature.value(body: Array("Hi There".utf8),
                                              secret: String(decoding: [UInt8](repeating: 0x0b, count: 20), as: UTF8.self)),
                       "sha256=b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7")
        let secret = WebhookSignature.newSecret()
        XCTAssertTrue(secret.hasPrefix("whsec_"))
        XCTAssertEqual(secret.utf8.count, 6 + 43)
        XCTAssertNotEqual(secret, WebhookSignature.newSecret())
        XCTAssertNotEqual(WebhookSignature.value(body: event.body, secret: secret),
                          WebhookSignature.value(body: event.body, secret: WebhookSignature.newSecret()))
    }

    func testTheRequestCarriesTheBodyItsSignatureAndItsEvent() {
        let hook = NotifyTargets.Webhook(url: "https://hooks.example.org/dawn", secret: "whsec_test")
        let request = NotificationSender.webhookRequest(event, to: hook, policy: .publicOnly)
        XCTAssertEqual(request.url, hook.url)
        XCTAssertEqual(request.body, event.body)
        let headers = Dictionary(uniqueKeysWithValues: request.headers.map { ($0.name, $0.value) })
        XCTAssertEqual(headers["Content-Type"], "application/json")
        XCTAssertEqual(headers["X-Dawn-Event"], "habit.done")
        XCTAssertEqual(headers["X-Dawn-Signature"], WebhookSignature.value(body: event.body, secret: "whsec_test"))
        XCTAssertTrue(request.httpsOnly, "public addresses only: https only")
        XCTAssertEqual(request.policy, .publicOnly)
        XCTAssertFalse(NotificationSender.webhookRequest(event, to: hook, policy: .publicAndPrivate).httpsOnly)
        XCTAssertFalse(NotificationSender.webhookRequest(event, to: hook, policy: .any).httpsOnly)
    }

    func testTheURLFollowsTheRemindersAddressRules() {
        func check(_ url: String, _ policy: AddressPolicy = .publicOnly) -> Result<String?, NotifyInput.Problem> {
            Result { () throws(NotifyInput.Problem) in try NotifyInput.webhookURL(url, policy: policy, localAddresses: [[8, 8, 8, 8]]) }
        }
        XCTAssertEqual(check("  https://hooks.example.org/dawn?x=1  "), .success("https://hooks.example.org/dawn?x=1"))
        XCTAssertEqual(check(""), .success(nil), "empty: no webhook")
        for bad in ["hooks.example.org", "ftp://example.org/", "https://", "https://user:pw@example.org/", "https://exa mple.org/",
                    "javascript:alert(1)", "https://" + String(repeating: "a", count: 2050) + ".org/"] {
            XCTAssertEqual(check(bad), .failure(.webhookURL), bad)
        }
        XCTAssertEqual(check("http://hooks.example.org/dawn"), .failure(.webhookHTTPS))
        for inside in ["https://127.0.0.1/", "https://localhost/", "https://10.0.0.7/", "https://192.168.1.20/", "https://[::1]/",
                       "https://169.254.169.254/latest/", "https://[fe80::1]/", "https://0x7f000001/",
                       "https://2130706433/", "https://8.8.8.8/"] {
            XCTAssertEqual(check(inside), .failure(.webhookAddress), inside)
        }
        // The operator opened the home network: http there too, never link-local or metadata.
        XCTAssertEqual(check("http://192.168.1.20:8123/api/webhook/dawn", .publicAndPrivate),
                       .success("http://192.168.1.20:8123/api/webhook/dawn"))
        XCTAssertEqual(check("http://169.254.169.254/", .publicAndPrivate), .failure(.webhookAddress))
        XCTAssertEqual(check("http://127.0.0.1:9000/hook", .any), .success("http://127.0.0.1:9000/hook"))
    }

    func testTheQueueDeliversTheEventToTheWebhookAndRetriesItAlone() {
        let attempts = Lock<[NotificationContent]>([])
        let looked = Lock(0)
        let hook = NotifyTargets.Webhook(url: "https://hooks.example.org/dawn", secret: "whsec_test")
        let delivery = NotificationDelivery(retryBaseMilliseconds: 10, targets: { _ in looked.withLock { $0 += 1 }; return [] },
                                            deliver: { _, target, content in
                                                XCTAssertEqual(target, .webhook(hook))
                                                let count = attempts.withLock { $0.append(content); return $0.count }
                                                return count < 3 ? .failed("HTTP 500") : .delivered
                                            }, record: { _, _, _ in })
        defer { delivery.shutdown() }
        delivery.send(event, to: hook, of: MemberID(7))
        let deadline = ContinuousClock.now + .seconds(10)
        while attempts.withLock({ $0.count }) < 3, ContinuousClock.now < deadline { usleep(5_000) }
        usleep(100_000)
        XCTAssertEqual(attempts.withLock { $0 }, Array(repeating: .webhook(event), count: 3), "two failures, then delivered")
        XCTAssertEqual(looked.withLock { $0 }, 0, "no reminder target is looked up for it")
        XCTAssertEqual(delivery.pendingCount, 0)
    }

    func testTheSenderNeverSendsAReminderToTheWebhookNorAnEventElsewhere() {
        let sender = NotificationSender(vapidKey: try! .generate(), smtpURL: nil, smtpFrom: nil, policy: .publicOnly, now: { 0 })
        let hook = NotifyTargets.Webhook(url: "https://hooks.example.org/dawn", secret: "s")
        XCTAssertEqual(sender.deliver(.message(NotificationMessage(title: "t", body: "b")), to: .webhook(hook)),
                       .refused("a webhook gets habit events, and only it"))
        XCTAssertEqual(sender.deliver(.webhook(event), to: .email("kid@example.org")),
                       .refused("a webhook gets habit events, and only it"))
    }
}
