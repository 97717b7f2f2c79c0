import HTTP
import HTTPServer
import MemberData
import PlainText

/// "Journal template" on `/settings`: text that fills the journal's textarea on a day
/// without an entry (the day page, `DayPage`), chosen from five starters in the member's
/// language or written by hand. Its own form, so the main settings form leaves it alone.
/// `Views/partials/settings-journal-template.html`.
extension SettingsPage {
    /// The starters' keys in the strings: `journal_template.starters.<n>.name` and `.text`.
    static let starterNumbers = 1...5

    static func addJournalTemplate(to router: inout Router<Route>) {
        router.add(.POST, Paths.journalTemplate, .settings { app, page, member in
            var settings = member.settings
            if let starter = page.form["starter"] {
                // A starter's button: its text, in the member's language.
                guard let number = Int(starter), starterNumbers.contains(number), String(number) == starter else {
                    throw PageError(.badRequest, key: "settings.invalid")
                }
                settings.journalTemplate = app.t("journal_template.starters.\(number).text", page)
            } else {
                // The textarea, its lines as the journal keeps them (a browser sends CRLF).
                let text = PlainText.normalizingLineBreaks(page.form["template"] ?? "")
                guard PlainText.length(text) <= MemberSettings.maxJournalTemplateCharacters else {
                    var form = FormState(values: ["template": text])
                    form.fail("template", app.t("journal_template.too_long", page,
                                                ["max": String(MemberSettings.maxJournalTemplateCharacters)]))
                    return show(app, page, Model(app, member), templateForm: form, status: .badRequest)
                }
                settings.journalTemplate = text.allSatisfy(\.isWhitespace) ? "" : text
            }
            try settings.save(to: member.database)
            return .redirect(to: Paths.done(Paths.settings, "journal_template_saved", anchor: "journal-template"))
        })
    }

    /// The card: the member's template (or the refused one) and the starters.
    static func journalTemplate(_ app: Dawn, _ page: PageRequest, _ settings: MemberSettings,
                                form: FormState) -> SettingsView.JournalTemplate {
        SettingsView.JournalTemplate(
            action: Paths.journalTemplate,
            text: form.isValid ? settings.journalTemplate : form.value("template"),
            error: form.error("template"),
            maxLength: MemberSettings.maxJournalTemplateCharacters,
            starters: starterNumbers.map { number in
                SettingsView.JournalTemplate.Starter(number: String(number),
                                                     name: app.t("journal_template.starters.\(number).name", page),
                                                     text: app.t("journal_template.starters.\(number).text", page))
            })
    }
}
