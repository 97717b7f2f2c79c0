import HTTP
import HTTPServer
import MemberData
import Outbound
import TimeZones

/// Where a member's reminders go: the VAPID public key and the push subscriptions of their
/// browsers (`/notifications/…`, for `Public/app.js`), their ntfy topic and email address
/// (`POST /settings/notify`, shown on `/settings`), and the "send a test" button.
enum NotificationsPage {
    /// How long the test button waits for every target's first answer before showing the
    /// results it has (a hanging target shows as not answered yet).
    static let testWaitMilliseconds = NotificationSender.httpTimeoutMilliseconds + 2_000

    static func add(to router: inout Router<Route>) {
        router.add(.GET, "/notifications/vapid-public-key", .member { app, page in
            var response = HTTPResponse(status: .ok, contentType: "text/plain; charset=utf-8",
                                        body: Array(app.vapidKey.publicKeyBase64URL.utf8))
            response.headers.add("Cache-Control", "no-store")
            return response
        })
        router.add(.POST, "/notifications/push", .memberJSON { app, page in
            let member = try page.member
            do {
                let (endpoint, keys) = try NotifyInput.pushSubscription(json: page.http.body,
                                                                        policy: app.configuration.notifyAddressPolicy,
                                                                        localAddresses: InterfaceAddresses.current())
                try NotifyTargets(database: member.database).addPushSubscription(endpoint: endpoint, p256dh: keys.p256dh,
                                                                                 auth: keys.auth, now: app.now())
                return json(.created, ["message": app.t("notify.push_saved", page)])
            } catch let problem as NotifyInput.Problem {
                return json(.badRequest, ["message": app.t(problem.key, page)])
            }
        })
        router.add(.POST, "/notifications/push/{id}/remove", .member { app, page in
            let member = try page.member
            guard let id = try page.id() else { throw PageError(.notFound, key: "error.not_found") }
            try NotifyTargets(database: member.database).removePushSubscription(id: id)
            return .redirect(to: Paths.done(Paths.settings, "notify_removed", anchor: "notify"))
        })
        router.add(.POST, "/settings/notify", .member { app, page, member in
            var form = FormState()
            let url = page.form["ntfy_url"] ?? "", email = page.form["email"] ?? ""
            // The token is never echoed back: a refused form asks for it again.
            form.values = ["ntfy_url": url, "email": email]
            let targets = NotifyTargets(database: member.database)
            let token = NotifyInput.token(typed: page.form["ntfy_token"] ?? "", stored: try targets.ntfy()?.token,
                                          remove: page.form["ntfy_token_remove"] == "1")
            var ntfy: NotifyTargets.Ntfy?
            var address: String?
            do throws(NotifyInput.Problem) {
                ntfy = try NotifyInput.ntfy(url: url, token: token, policy: app.configuration.notifyAddressPolicy,
                                            localAddresses: InterfaceAddresses.current())
            } catch {
                form.fail(error == .ntfyToken ? "ntfy_token" : "ntfy_url", app.t(error.key, page))
            }
            do throws(NotifyInput.Problem) {
                address = try NotifyInput.email(email)
            } catch {
                form.fail("email", app.t(error.key, page))
            }
            guard form.isValid else {
                return SettingsPage.show(app, page, SettingsPage.Model(app, member), notifyForm: form, status: .badRequest)
            }
            try targets.set(ntfy: ntfy, email: address)
            return .redirect(to: Paths.done(Paths.settings, "notify_saved", anchor: "notify"))
        })
        router.add(.POST, "/notifications/test", .member(slow: true) { app, page in
            let member = try page.member
            let now = app.now()
            guard app.notificationTests.allow(member.member.id, now: now) else {
                let wait = app.notificationTests.secondsUntilAllowed(member.member.id, now: now)
                var response = app.errorPages.page(PageError(.tooManyRequests, key: "notify.test_throttled", [
                    "count": String(app.notificationTests.limit),
                    "minutes": String(app.notificationTests.window / 60),
                ]), language: page.language)
                response.headers.add("Retry-After", String(max(1, wait)))
                return response
            }
            let emailConfigured = app.configuration.emailConfigured
            let targets = try Dawn.notificationTargets(of: member.member.id, data: app.data, emailConfigured: emailConfigured)
            guard !targets.isEmpty else { return .redirect(to: Paths.done(Paths.settings, "notify_no_targets", anchor: "notify")) }
            let message = NotificationMessage(title: app.t("notify.test_title", page), body: app.t("notify.test_body", page))
            guard app.notifications.sendAndWait(message, to: targets, of: member.member.id, waitMilliseconds: testWaitMilliseconds) else {
                throw PageError(.serviceUnavailable, key: "notify.queue_full")
            }
            return .redirect(to: Paths.done(Paths.settings, "notify_tested", anchor: "notify"))
        })
    }

    private static func json(_ status: HTTPStatus, _ object: [String: String]) -> HTTPResponse {
        let body = "{" + object.sorted { $0.key < $1.key }.map { quoted($0.key) + ":" + quoted($0.value) }.joined(separator: ",") + "}"
        return HTTPResponse(status: status, contentType: "application/json", body: Array(body.utf8))
    }

    private static func quoted(_ text: String) -> String {
        var output = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case _ where scalar.value < 0x20: output += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16)
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output + "\""
    }

    /// "07:30, 2026-07-07" in the member's time zone.
    static func resultTime(_ seconds: Int64, rules: TimeZoneRules) -> String {
        let local = rules.localDateTime(at: seconds)
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(local.date) \(two(local.hour)):\(two(local.minute)):\(two(local.second))"
    }
}
