import JSON
import MemberData
import Outbound
import PlainText
import WebPush

/// Sends one notification to one target over the network (libcurl, through `Outbound`),
/// on a delivery thread: Web Push (RFC 8291 payload encryption, RFC 8292 VAPID), an ntfy
/// POST, an email through the instance's SMTP relay, a webhook's signed POST. Says what
/// happened as a `DeliveryOutcome`; never throws, never retries (the queue does).
struct NotificationSender: Sendable {
    /// The total time one HTTP attempt may take.
    static let httpTimeoutMilliseconds = 10_000
    static let smtpTimeoutMilliseconds = 20_000
    /// How long a push service keeps a message for a device that is offline: a reminder
    /// older than an hour is not worth showing.
    static let pushTimeToLive = 3600

    let vapidKey: P256KeyPair
    let smtpURL: String?
    let smtpFrom: String?
    /// Where any target (the SMTP relay included) may be; http:// push endpoints only with `.any`.
    let policy: AddressPolicy
    let now: @Sendable () -> Int64

    /// The VAPID contact (RFC 8292 §2.1): the instance's sender address when there is one.
    var vapidSubject: String { "mailto:" + (smtpFrom ?? "dawn@localhost") }

    func deliver(_ content: NotificationContent, to target: NotificationTarget) -> DeliveryOutcome {
        switch (content, target) {
        case let (.message(message), .push(subscription)): push(message, to: subscription)
        case let (.message(message), .ntfy(ntfy)): post(message, to: ntfy)
        case let (.message(message), .email(address)): mail(message, to: address)
        case let (.webhook(event), .webhook(webhook)): outcome(of: Self.webhookRequest(event, to: webhook, policy: policy)) { _ in nil }
        case (.message, .webhook), (.webhook, _): .refused("a webhook gets habit events, and only it")
        }
    }

    /// A webhook call: the event's JSON, signed (`WebhookSignature`). https only, unless the
    /// operator allowed private or loopback addresses (`NotifyInput.webhookURL` checks the
    /// same when the URL is saved).
    static func webhookRequest(_ event: WebhookEvent, to webhook: NotifyTargets.Webhook, policy: AddressPolicy) -> HTTPPost {
        let body = event.body
        return HTTPPost(url: webhook.url, headers: [
            ("Content-Type", "application/json"),
            ("User-Agent", "Dawn/\(DawnVersion.current) (webhook)"),
            ("X-Dawn-Event", event.kind.rawValue),
            (WebhookSignature.header, WebhookSignature.value(body: body, secret: webhook.secret)),
        ], body: body, timeoutMilliseconds: httpTimeoutMilliseconds, policy: policy,
           httpsOnly: !NotifyInput.allowsPlainHTTPWebhooks(policy))
    }

    private func push(_ message: NotificationMessage, to subscription: NotifyTargets.PushSubscription) -> DeliveryOutcome {
        let body: [UInt8], authorization: String
        do {
            let keys = try PushSubscriptionKeys(p256dh: subscription.p256dh, auth: subscription.auth)
            let payload = JSONWriter.bytes(.object(["title": .string(message.title), "body": .string(message.body), "url": .string("/")]),
                                           options: [.sortedKeys, .withoutEscapingSlashes])
            body = try PushMessageEncryption.encrypt(payload, for: keys)
            authorization = try VAPID.authorization(endpoint: subscription.endpoint, subject: vapidSubject,
                                                    signingKey: vapidKey, now: now())
        } catch {
            return .refused("\(error)")
        }
        let request = HTTPPost(url: subscription.endpoint, headers: [
            ("Authorization", authorization),
            ("Content-Encoding", PushMessageEncryption.contentEncoding),
            ("Content-Type", "application/octet-stream"),
            ("TTL", String(Self.pushTimeToLive)),
            ("Urgency", "normal"),
        ], body: body, timeoutMilliseconds: Self.httpTimeoutMilliseconds,
           policy: policy, httpsOnly: policy != .any)
        return outcome(of: request) { status in
            // RFC 8030 §7.3: the subscription expired or was removed.
            status == 404 || status == 410 ? .gone("HTTP \(status): the subscription is gone") : nil
        }
    }

    private func post(_ message: NotificationMessage, to ntfy: NotifyTargets.Ntfy) -> DeliveryOutcome {
        // ntfy decodes RFC 2047 encoded-words in its headers: a title in any language.
        var headers: [(name: String, value: String)] = [
            ("Title", MailMessage.encodedWords(message.title, separator: " ")),
            ("Content-Type", "text/plain; charset=utf-8"),
        ]
        if let token = ntfy.token { headers.append(("Authorization", "Bearer " + token)) }
        let request = HTTPPost(url: ntfy.url, headers: headers, body: Array(message.body.utf8),
                               timeoutMilliseconds: Self.httpTimeoutMilliseconds,
                               policy: policy, httpsOnly: false)
        return outcome(of: request) { _ in nil }
    }

    /// 2xx delivered; 408, 429 and 5xx (and no answer) worth another try; any other status
    /// refused as it stands. `special` may decide a status first.
    private func outcome(of request: HTTPPost, special: (Int) -> DeliveryOutcome?) -> DeliveryOutcome {
        let status: Int
        do {
            status = try request.send()
        } catch let error {
            if case .addressRefused = error { return .refused("\(error)") }
            if case .urlRefused = error { return .refused("\(error)") }
            return .failed("\(error)")
        }
        if let decided = special(status) { return decided }
        switch status {
        case 200...299: return .delivered
        case 408, 429, 500...599: return .failed("HTTP \(status)")
        default: return .refused("HTTP \(status)")
        }
    }

    private func mail(_ message: NotificationMessage, to address: String) -> DeliveryOutcome {
        guard let smtpURL, let smtpFrom else { return .refused("no SMTP relay is configured") }
        let mail = SMTPMail(url: smtpURL, from: smtpFrom, to: address, message: MailMessage(
            from: smtpFrom, to: address, subject: message.title, body: message.body + "\n",
            date: now(), messageID: "dawn." + String(UInt64.random(in: 1...UInt64.max), radix: 36) + "." + String(now(), radix: 36)),
            timeoutMilliseconds: Self.smtpTimeoutMilliseconds, policy: policy)
        do {
            try mail.send()
            return .delivered
        } catch {
            return .failed("\(error)")
        }
    }
}
