import Accounts
import Domain
import HTTP
import HTTPServer
import Localization
import FamilyData
import MemberData
import Store
import Templates
import TimeZones

/// `/settings`: language, time zone, first day of the week, day start hour,
/// row or grid, grid dates, theme. Stored in the member's own database (the
/// time zone with their account).
enum SettingsPage {
    static func add(to router: inout Router<Route>) {
        router.add(.GET, "/settings", .settings { app, page, member in
            let done = try page.query()["done"]
            // Each notice and the card its redirect's anchor scrolls to, where it is shown (nil:
            // above the cards, where the page opens); a card's key is its id with `_` for `-`.
            let notices: [String: (key: String, card: String?)] = [
                "saved": ("settings.saved", nil),
                "notify_saved": ("notify.saved", "notify"), "notify_tested": ("notify.tested", "notify"),
                "notify_removed": ("notify.removed", "notify"), "notify_no_targets": ("notify.no_targets", "notify"),
                "journal_sharing_saved": ("guardians.settings.saved", "journal_sharing"),
                "screen_saved": ("screen.settings.saved", "family_screen"), "pin_saved": ("screen.settings.pin_saved", "family_screen"),
                "screen_pin_saved": ("screen.settings.saved_with_pin", "family_screen"),
                "pin_cleared": ("screen.settings.pin_cleared", "family_screen"),
                "journal_template_saved": ("journal_template.saved", "journal_template"),
                "webhook_saved": ("webhook.saved", "webhook"), "webhook_removed": ("webhook.removed", "webhook"),
            ]
            let notice = done.flatMap { notices[$0] }
            return show(app, page, Model(app, member), notice: notice.map { app.t($0.key, page) }, noticeCard: notice?.card)
        })
        router.add(.POST, "/settings", .settings { app, page, member in
            let f = page.form
            var settings = member.settings
            var form = FormState()
            if let language = Language(rawValue: f["language"] ?? "") { settings.language = language } else { form.fail("language", app.t("settings.invalid", page)) }
            switch f["first_weekday"] {
            case "monday": settings.firstWeekday = .monday
            case "sunday": settings.firstWeekday = .sunday
            default: form.fail("first_weekday", app.t("settings.invalid", page))
            }
            if let hour = Int(f["day_start_hour"] ?? ""), MemberDayConstants.dayStartHours.contains(hour) {
                settings.dayStartHour = hour
            } else {
                form.fail("day_start_hour", app.t("settings.invalid", page))
            }
            switch f["view"] {
            case "row": settings.showGrid = false
            case "grid": settings.showGrid = true
            default: form.fail("view", app.t("settings.invalid", page))
            }
            switch f["grid_dates"] {
            case nil: settings.showGridDates = false
            case "1": settings.showGridDates = true
            default: form.fail("grid_dates", app.t("settings.invalid", page))
            }
            if let theme = MemberSettings.Theme(rawValue: f["theme"] ?? "") { settings.theme = theme } else { form.fail("theme", app.t("settings.invalid", page)) }
            let timeZone = f["time_zone"] ?? ""
            if !app.timeZones.isValid(timeZone) { form.fail("time_zone", app.t("settings.invalid", page)) }
            let shareOnBoard: Bool
            switch f["board"] {
            case nil: shareOnBoard = false
            case "1": shareOnBoard = true
            default: shareOnBoard = false; form.fail("board", app.t("settings.invalid", page))
            }
            guard form.isValid else {
                return show(app, page, Model(app, member, settings: settings, timeZone: timeZone), form: form,
                            status: .badRequest)
            }
            try settings.save(to: member.database)
            if timeZone != member.account.timeZone {
                try app.family.setTimeZone(timeZone, for: member.account.id)
                app.reminders.memberChanged(member.account.id)
            }
            if shareOnBoard {
                try app.publishBoard(member.account.id)
            } else {
                try Board(instance: app.data.instance).optOut(member.account.id)
            }
            return .redirect(to: Paths.done(Paths.settings, "saved"))
        })
        addJournalSharing(to: &router)
        addJournalTemplate(to: &router)
        addFamilyScreen(to: &router)
        addWebhook(to: &router)
    }

    static func show(_ app: Dawn, _ page: PageRequest, _ model: Model, notice: String? = nil, noticeCard: String? = nil,
                     form: FormState = FormState(), notifyForm: FormState = FormState(), screenForm: FormState = FormState(),
                     templateForm: FormState = FormState(), webhookForm: FormState = FormState(), webhookSecret: String? = nil,
                     status: HTTPStatus = .ok) -> HTTPResponse {
        // The zone shown may be one the form just refused: the times of the notification
        // results are then written in UTC, so the refusal is still shown (no "today" here).
        let rules = (try? app.timeZones.rules(for: model.timeZone)) ?? .utc
        func result(_ key: String) -> String? {
            guard let result = model.results[key] else { return nil }
            let time = NotificationsPage.resultTime(result.at, rules: rules)
            return result.error.map { app.t("notify.result_failed", page, ["time": time, "error": $0]) }
                ?? app.t("notify.result_ok", page, ["time": time])
        }
        let notifyValues = notifyForm.isValid
            ? SettingsView.NotifyValues(ntfyURL: model.ntfy?.url ?? "", email: model.email ?? "")
            : SettingsView.NotifyValues(ntfyURL: notifyForm.value("ntfy_url"), email: notifyForm.value("email"))
        let notifyErrors = SettingsView.NotifyErrors(ntfyURL: notifyForm.error("ntfy_url"), ntfyToken: notifyForm.error("ntfy_token"),
                                                     email: notifyForm.error("email"))
        let notify = SettingsView.Notify(
            form: SettingsView.NotifyForm(values: notifyValues, errors: notifyErrors),
            tokenSet: model.ntfy?.token != nil,
            ntfyResult: result(NotifyTargets.Key.ntfy),
            emailResult: result(NotifyTargets.Key.email),
            emailConfigured: model.emailConfigured,
            devices: model.pushSubscriptions.map { subscription in
                SettingsView.Device(host: NotifyInput.host(of: subscription.endpoint) ?? subscription.endpoint,
                                    removeURL: "/notifications/push/\(subscription.id)/remove",
                                    result: result(NotifyTargets.Key.push(subscription.id)))
            })
        func options<T>(_ choices: [Model.Choice<T>], _ label: (T) -> String) -> [SettingsView.Option] {
            choices.map { SettingsView.Option(value: $0.id, label: label($0.value), selected: $0.isSelected) }
        }
        var cardNotice: SettingsView.CardNotice?
        if let noticeCard, let notice { cardNotice = SettingsView.CardNotice(card: noticeCard, text: notice) }
        return app.render(SettingsView(
            title: app.t("settings.title", page),
            notice: noticeCard == nil ? notice : nil,
            cardNotice: cardNotice,
            errors: form,
            languages: options(model.languages) { $0.nativeName },
            timeZones: TimeZoneChoices.choices(model.timeZones, selected: model.timeZone),
            weekdays: options(model.weekdays) { app.t($0 == .sunday ? "settings.sunday" : "settings.monday", page) },
            hours: options(model.dayStartHours) { app.t("settings.hour", page, ["hour": String($0)]) },
            views: options(model.views) { app.t($0 ? "settings.view_grid" : "settings.view_row", page) },
            gridDates: model.settings.showGridDates,
            themes: options(model.themes) { app.t("settings.theme_\($0.rawValue)", page) },
            board: model.sharesOnBoard,
            vacationsURL: Paths.vacations,
            photoUsage: app.t("settings.photos.usage", page, [
                "used": PhotosPage.megabytes(model.photoBytes, page.language),
                "left": PhotosPage.megabytes(max(0, model.photoQuotaBytes - model.photoBytes), page.language),
                "quota": PhotosPage.megabytes(model.photoQuotaBytes, page.language),
            ]),
            notify: notify,
            journalSharing: journalSharing(app, page, model.settings),
            familyScreen: familyScreen(app, page, form: screenForm),
            journalTemplate: journalTemplate(app, page, model.settings, form: templateForm),
            webhook: webhook(app, page, model, form: webhookForm, secret: webhookSecret, result: result(NotifyTargets.Key.webhook))),
                          status: status, for: page)
    }
}
