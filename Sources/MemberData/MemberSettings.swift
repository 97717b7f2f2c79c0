import Domain
import Localization
import Store
import TimeZones

/// A member's preferences, kept in their own database (`member_settings`).
/// The time zone lives with the account (instance database), because the
/// sign-in pages need it before a member database is open.
package struct MemberSettings: Sendable, Equatable {
    package enum Theme: String, CaseIterable, Sendable { case system, light, dark }

    package var language: Language = .en
    package var firstWeekday: Weekday = .monday
    /// 0…6: the hour at which a new day begins, for night owls.
    package var dayStartHour = 0
    /// The day page opens on the date grid (seed 001: `showDatePickerGrid = true`); the
    /// row is the other choice in settings.
    package var showGrid = true
    package var showGridDates = false
    package var theme: Theme = .system
    /// "Share my journal with my guardians": off by default; when on, the
    /// member's guardians may read (never write) their entries, notes, moods and log notes.
    package var shareJournal = false
    /// An admin's first-run checklist on their day page ("add members, install the app, set
    /// reminders"), shown until they dismiss it.
    package var setupChecklistDismissed = false
    /// What fills the journal's textarea on a day without an entry ("Three good things:
    /// 1. 2. 3."); empty for none. At most `maxJournalTemplateCharacters`.
    package var journalTemplate = ""

    package static let maxJournalTemplateCharacters = 2_000

    /// Reads the settings; unknown or malformed stored values fall back to the defaults.
    package static func load(from database: Database) throws -> MemberSettings {
        let rows = try database.read { try $0.query("SELECT key, value FROM member_settings") }
        var settings = MemberSettings()
        for row in rows {
            let value = row.string(1)
            switch row.string(0) {
            case "language": settings.language = Language(rawValue: value) ?? settings.language
            case "first_weekday": settings.firstWeekday = value == "sunday" ? .sunday : .monday
            case "day_start_hour":
                if let hour = Int(value), MemberDayConstants.dayStartHours.contains(hour) { settings.dayStartHour = hour }
            case "show_grid": settings.showGrid = value == "1"
            case "show_grid_dates": settings.showGridDates = value == "1"
            case "theme": settings.theme = Theme(rawValue: value) ?? settings.theme
            case "share_journal": settings.shareJournal = value == "1"
            case "setup_checklist_dismissed": settings.setupChecklistDismissed = value == "1"
            case "journal_template":
                if value.unicodeScalars.count <= maxJournalTemplateCharacters { settings.journalTemplate = value }
            default: break
            }
        }
        return settings
    }

    package func save(to database: Database) throws {
        let values: [(String, String)] = [
            ("language", language.rawValue),
            ("first_weekday", firstWeekday == .sunday ? "sunday" : "monday"),
            ("day_start_hour", String(dayStartHour)),
            ("show_grid", showGrid ? "1" : "0"),
            ("show_grid_dates", showGridDates ? "1" : "0"),
            ("theme", theme.rawValue),
            ("share_journal", shareJournal ? "1" : "0"),
            ("setup_checklist_dismissed", setupChecklistDismissed ? "1" : "0"),
            ("journal_template", journalTemplate),
        ]
        try database.write { connection in
            for (key, value) in values {
                try connection.run("""
                    INSERT INTO member_settings (key, value) VALUES (?, ?)
                    ON CONFLICT (key) DO UPDATE SET value = excluded.value
                    """, [.text(key), .text(value)])
            }
        }
    }
}
