import HTTP
import HTTPServer
import MemberData
import Outbound

/// "Webhook" on `/settings`: a URL Dawn calls when one of the member's habits is checked off,
/// undone, skipped or unskipped (`DayPage.writeCheck`), signed with a secret of theirs
/// (`WebhookSignature`). The URL is checked by the reminders' rules (`NotifyInput.webhookURL`,
/// `AddressPolicy`); a refused one comes back beside its field with nothing stored. The
/// secret is made with the first URL and shown once, on the page that answers (200,
/// `no-store` as all of `/settings`); "New secret" replaces it. An empty URL removes the
/// webhook. `Views/partials/settings-webhook.html`.
extension SettingsPage {
    static func addWebhook(to router: inout Router<Route>) {
        router.add(.POST, Paths.webhook, .settings { app, page, member in
            let typed = page.form["webhook_url"] ?? ""
            let targets = NotifyTargets(database: member.database)
            let url: String?
            do throws(NotifyInput.Problem) {
                url = try NotifyInput.webhookURL(typed, policy: app.configuration.notifyAddressPolicy,
                                                 localAddresses: InterfaceAddresses.current())
            } catch {
                var form = FormState(values: ["webhook_url": typed])
                form.fail("webhook_url", app.t(error.key, page))
                return show(app, page, Model(app, member), webhookForm: form, status: .badRequest)
            }
            guard let url else {
                try targets.setWebhook(nil)
                return .redirect(to: Paths.done(Paths.settings, "webhook_removed", anchor: "webhook"))
            }
            if let stored = try targets.webhook() {
                try targets.setWebhook(NotifyTargets.Webhook(url: url, secret: stored.secret))
                return .redirect(to: Paths.done(Paths.settings, "webhook_saved", anchor: "webhook"))
            }
            let secret = WebhookSignature.newSecret()
            try targets.setWebhook(NotifyTargets.Webhook(url: url, secret: secret))
            return show(app, page, Model(app, member), notice: app.t("webhook.saved", page), noticeCard: "webhook",
                        webhookSecret: secret)
        })
        router.add(.POST, Paths.webhookSecret, .settings { app, page, member in
            let targets = NotifyTargets(database: member.database)
            guard let stored = try targets.webhook() else { throw PageError(.notFound, key: "webhook.none") }
            let secret = WebhookSignature.newSecret()
            try targets.setWebhook(NotifyTargets.Webhook(url: stored.url, secret: secret))
            return show(app, page, Model(app, member), notice: app.t("webhook.secret_replaced", page), noticeCard: "webhook",
                        webhookSecret: secret)
        })
    }

    /// The card: the stored URL (or the refused one, with why), its last call, and the
    /// secret when it was just made.
    static func webhook(_ app: Dawn, _ page: PageRequest, _ model: Model, form: FormState, secret: String?,
                        result: String?) -> SettingsView.Webhook {
        // The answer opens on the card (the form's fragment stays with the page it answers),
        // so a secret shown once, or a refusal, is on the first screen.
        SettingsView.Webhook(
            action: Paths.webhook + "#webhook",
            secretAction: Paths.webhookSecret + "#webhook",
            url: form.isValid ? model.webhookURL ?? "" : form.value("webhook_url"),
            error: form.error("webhook_url"),
            isSet: model.webhookURL != nil,
            secret: secret,
            result: result,
            httpsOnly: !NotifyInput.allowsPlainHTTPWebhooks(app.configuration.notifyAddressPolicy))
    }
}
