import Templates

/// `Views/settings.html`: the member's settings, their reminders' targets, webhook, journal
/// sharing and family screen cards (`SettingsPage`), shown again with why a form was refused.
struct SettingsView: PageView {
    static let template = "settings"

    var title: String
    /// What `?done=` did, above the cards.
    var notice: String?
    /// What `?done=` did, inside the card it concerns.
    var cardNotice: CardNotice?
    var errors: FormState
    var languages: [Option]
    var timeZones: [TimeZoneChoices.Choice]
    var weekdays: [Option]
    var hours: [Option]
    var views: [Option]
    var gridDates: Bool
    var themes: [Option]
    var board: Bool
    var vacationsURL: String
    /// "120 MB used, 4,880 MB left of 5,000 MB."
    var photoUsage: String
    var notify: Notify
    /// None for a member without a guardian.
    var journalSharing: JournalSharing?
    /// None when the member's family screen profile cannot be read.
    var familyScreen: FamilyScreen?
    var journalTemplate: JournalTemplate
    var webhook: Webhook

    static let fields: [ViewField<Self>] = [
        .text("title", \.title),
        .text("notice", \.notice),
        .object("cardNotice", \.cardNotice),
        .object("form") { SettingsForm(errors: SettingsErrors($0.errors)) },
        .list("languages", \.languages),
        .list("timeZones", \.timeZones),
        .list("weekdays", \.weekdays),
        .list("hours", \.hours),
        .list("views", \.views),
        .bool("gridDates", \.gridDates),
        .list("themes", \.themes),
        .bool("board", \.board),
        .text("vacationsURL", \.vacationsURL),
        .text("photoUsage", \.photoUsage),
        .object("notify", \.notify),
        .object("journalSharing", \.journalSharing),
        .object("familyScreen", \.familyScreen),
        .object("journalTemplate", \.journalTemplate),
        .object("webhook", \.webhook),
    ]

    /// The notice of `?done=…` in the card its redirect's anchor lands on.
    struct CardNotice: TemplateView {
        var notify: String?
        var journalSharing: String?
        var familyScreen: String?
        var journalTemplate: String?
        var webhook: String?
        static let fields: [ViewField<Self>] = [
            .text("notify", \.notify),
            .text("journal_sharing", \.journalSharing),
            .text("family_screen", \.familyScreen),
            .text("journal_template", \.journalTemplate),
            .text("webhook", \.webhook),
        ]

        /// The notice in `card`; none for a card the template shows no notice in.
        init?(card: String, text: String) {
            switch card {
            case "notify": notify = text
            case "journal_sharing": journalSharing = text
            case "family_screen": familyScreen = text
            case "journal_template": journalTemplate = text
            case "webhook": webhook = text
            default: return nil
            }
        }
    }

    /// A `<select>`'s `<option>`.
    struct Option: TemplateView {
        var value: String
        var label: String
        var selected: Bool
        static let fields: [ViewField<Self>] = [
            .text("value", \.value),
            .text("label", \.label),
            .bool("selected", \.selected),
        ]
    }

    struct SettingsForm: TemplateView {
        var errors: SettingsErrors
        static let fields: [ViewField<Self>] = [.object("errors", \.errors)]
    }

    /// Why a setting was refused, by its field.
    struct SettingsErrors: TemplateView {
        var view: String?
        var timeZone: String?
        var theme: String?
        var language: String?
        var gridDates: String?
        var firstWeekday: String?
        var dayStartHour: String?
        var board: String?
        static let fields: [ViewField<Self>] = [
            .text("view", \.view),
            .text("time_zone", \.timeZone),
            .text("theme", \.theme),
            .text("language", \.language),
            .text("grid_dates", \.gridDates),
            .text("first_weekday", \.firstWeekday),
            .text("day_start_hour", \.dayStartHour),
            .text("board", \.board),
        ]

        init(_ form: FormState) {
            view = form.error("view")
            timeZone = form.error("time_zone")
            theme = form.error("theme")
            language = form.error("language")
            gridDates = form.error("grid_dates")
            firstWeekday = form.error("first_weekday")
            dayStartHour = form.error("day_start_hour")
            board = form.error("board")
        }
    }

    /// The reminders' card: ntfy, e-mail and this browser's pushes, each with its last result.
    struct Notify: TemplateView {
        var form: NotifyForm
        /// Whether a token is stored, never the token: a secret stays out of the page, the
        /// browser's cache and the offline copy.
        var tokenSet: Bool
        var ntfyResult: String?
        var emailResult: String?
        var emailConfigured: Bool
        var devices: [Device]
        static let fields: [ViewField<Self>] = [
            .object("form", \.form),
            .bool("tokenSet", \.tokenSet),
            .text("ntfyResult", \.ntfyResult),
            .text("emailResult", \.emailResult),
            .bool("emailConfigured", \.emailConfigured),
            .list("devices", \.devices),
        ]
    }

    struct NotifyForm: TemplateView {
        var values: NotifyValues
        var errors: NotifyErrors
        static let fields: [ViewField<Self>] = [
            .object("values", \.values),
            .object("errors", \.errors),
        ]
    }

    struct NotifyValues: TemplateView {
        var ntfyURL: String
        var email: String
        static let fields: [ViewField<Self>] = [
            .text("ntfy_url", \.ntfyURL),
            .text("email", \.email),
        ]
    }

    struct NotifyErrors: TemplateView {
        var ntfyURL: String?
        var ntfyToken: String?
        var email: String?
        static let fields: [ViewField<Self>] = [
            .text("ntfy_url", \.ntfyURL),
            .text("ntfy_token", \.ntfyToken),
            .text("email", \.email),
        ]
    }

    /// A browser that receives pushes.
    struct Device: TemplateView {
        var host: String
        var removeURL: String
        var result: String?
        static let fields: [ViewField<Self>] = [
            .text("host", \.host),
            .text("removeURL", \.removeURL),
            .text("result", \.result),
        ]
    }

    /// The journal template card (`partials/settings-journal-template.html`): the member's
    /// template, or what they sent when it was refused, and the starters to pick from.
    struct JournalTemplate: TemplateView {
        var action: String
        var text: String
        var error: String?
        var maxLength: Int
        var starters: [Starter]
        static let fields: [ViewField<Self>] = [
            .text("action", \.action),
            .text("text", \.text),
            .text("error", \.error),
            .number("maxLength", \.maxLength),
            .list("starters", \.starters),
        ]

        struct Starter: TemplateView {
            var number: String
            var name: String
            var text: String
            static let fields: [ViewField<Self>] = [
                .text("number", \.number),
                .text("name", \.name),
                .text("text", \.text),
            ]
        }
    }

    /// The webhook card (`partials/settings-webhook.html`).
    struct Webhook: TemplateView {
        var action: String
        var secretAction: String
        /// As stored, or as a refused form sent it.
        var url: String
        var error: String?
        /// Whether a webhook is stored (so its secret may be replaced).
        var isSet: Bool
        /// The secret just made: its only showing.
        var secret: String?
        /// Its last call: when, and how it went.
        var result: String?
        /// Whether the URL must be https (the operator allowed no private addresses).
        var httpsOnly: Bool
        static let fields: [ViewField<Self>] = [
            .text("action", \.action),
            .text("secretAction", \.secretAction),
            .text("url", \.url),
            .text("error", \.error),
            .bool("isSet", \.isSet),
            .text("secret", \.secret),
            .text("result", \.result),
            .bool("httpsOnly", \.httpsOnly),
        ]
    }

    /// Whether the member shares their journal with their guardians (`partials/settings-guardians.html`).
    struct JournalSharing: TemplateView {
        var shared: Bool
        var action: String
        static let fields: [ViewField<Self>] = [
            .bool("shared", \.shared),
            .text("action", \.action),
        ]
    }

    /// The family screen card (`partials/settings-family-screen.html`).
    struct FamilyScreen: TemplateView {
        /// As sent, in a refused form.
        var onScreen: Bool
        var hasPIN: Bool
        var status: String
        var pinError: String?
        var pinAgainError: String?
        static let fields: [ViewField<Self>] = [
            .bool("onScreen", \.onScreen),
            .bool("hasPIN", \.hasPIN),
            .text("status", \.status),
            .object("form") { PINForm(errors: PINErrors(pin: $0.pinError, pinAgain: $0.pinAgainError)) },
        ]
    }

    struct PINForm: TemplateView {
        var errors: PINErrors
        static let fields: [ViewField<Self>] = [.object("errors", \.errors)]
    }

    struct PINErrors: TemplateView {
        var pin: String?
        var pinAgain: String?
        static let fields: [ViewField<Self>] = [
            .text("pin", \.pin),
            .text("pin_again", \.pinAgain),
        ]
    }
}
