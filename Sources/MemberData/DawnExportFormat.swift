/// Dawn's own export file, `/export/dawn.json`: what `ExportPage` writes and `Importer`
/// reads back. Field names are the file's keys; changing one changes the format.
package enum DawnExportFormat {
    package static let formatName = "dawn-export"
    package static let version = 1

    /// The whole file. The importer reads only `format`, `version` and the four lists.
    package struct File: Codable {
        package var format = DawnExportFormat.formatName
        package var version = DawnExportFormat.version
        package var exportedAt: String
        package var member: Member
        package var settings: Settings
        package var habits: [Habit]
        package var instances: [Instance]
        package var entries: [Entry]
        package var notes: [Note]

        package init(exportedAt: String, member: Member, settings: Settings, habits: [Habit], instances: [Instance],
                     entries: [Entry], notes: [Note]) {
            self.exportedAt = exportedAt
            self.member = member
            self.settings = settings
            self.habits = habits
            self.instances = instances
            self.entries = entries
            self.notes = notes
        }
    }

    package struct Member: Codable {
        package var username: String; package var displayName: String; package var timeZone: String

        package init(username: String, displayName: String, timeZone: String) {
            self.username = username
            self.displayName = displayName
            self.timeZone = timeZone
        }
    }

    package struct Settings: Codable {
        package var language: String; package var firstWeekday: String; package var dayStartHour: Int
        package var showGrid: Bool; package var showGridDates: Bool; package var theme: String

        package init(language: String, firstWeekday: String, dayStartHour: Int, showGrid: Bool, showGridDates: Bool,
                     theme: String) {
            self.language = language
            self.firstWeekday = firstWeekday
            self.dayStartHour = dayStartHour
            self.showGrid = showGrid
            self.showGridDates = showGridDates
            self.theme = theme
        }
    }

    package struct Habit: Codable {
        package var id: Int64; package var name: String; package var emoji: String; package var colour: String
        package var defaultDurationMinutes: Int; package var createdAt: Int64; package var archivedAt: Int64?

        package init(id: Int64, name: String, emoji: String, colour: String, defaultDurationMinutes: Int,
                     createdAt: Int64, archivedAt: Int64?) {
            self.id = id
            self.name = name
            self.emoji = emoji
            self.colour = colour
            self.defaultDurationMinutes = defaultDurationMinutes
            self.createdAt = createdAt
            self.archivedAt = archivedAt
        }
    }

    /// A logged habit (a `HabitInstance`); `start` is `HH:MM`.
    package struct Instance: Codable {
        package var habitId: Int64; package var date: String; package var start: String
        package var durationMinutes: Int; package var note: String

        package init(habitId: Int64, date: String, start: String, durationMinutes: Int, note: String) {
            self.habitId = habitId
            self.date = date
            self.start = start
            self.durationMinutes = durationMinutes
            self.note = note
        }
    }

    package struct Entry: Codable {
        package var date: String; package var text: String

        package init(date: String, text: String) {
            self.date = date
            self.text = text
        }
    }

    package struct Note: Codable {
        package var date: String; package var text: String; package var createdAt: Int64

        package init(date: String, text: String, createdAt: Int64) {
            self.date = date
            self.text = text
            self.createdAt = createdAt
        }
    }
}
