/// Dawn's own export file, `/export/dawn.json`: what `ExportPage` writes and `Importer`
/// reads back. Field names are the file's keys (written and read by hand in
/// `DawnExportFormat+JSON.swift`); changing one changes the format.
///
/// Version 2 added habits' `schedule`, `target`, `pausedFrom`, `group` and `position`,
/// logs' `amount` and `"start": null` for a check-off, and the top level's `skips` and
/// `vacations`. Version 1 files still import (every habit daily, in file order). The
/// top level's `moods` came later within version 2: a file without it still imports, and
/// so does one without habits' `pastRules`. So did `photos`, which only the zip export
/// (`/export/dawn.zip`, with the files under `photos/`) writes, and only when there are any.
package enum DawnExportFormat {
    package static let formatName = "dawn-export"
    package static let version = 2
    /// The versions the importer reads.
    package static let readableVersions = 1...2

    /// The whole file. The importer reads only `format`, `version` and the lists.
    package struct File {
        package var format = DawnExportFormat.formatName
        package var version = DawnExportFormat.version
        package var exportedAt: String
        package var member: Member
        package var settings: Settings
        package var habits: [Habit]
        package var instances: [Instance]
        package var entries: [Entry]
        package var notes: [Note]
        package var skips: [Skip]
        package var vacations: [Vacation]
        package var moods: [Mood]
        /// Written only in the zip, and only when the member has photos: absent, older readers
        /// and files without photos round-trip as before.
        package var photos: [Photo]?
        /// A child's points: written only for a child account (their balance and ledger live
        /// in instance.sqlite). Never read back by an import: points are earned, not brought.
        package var points: Points?

        package init(exportedAt: String, member: Member, settings: Settings, habits: [Habit], instances: [Instance],
                     entries: [Entry], notes: [Note], skips: [Skip], vacations: [Vacation], moods: [Mood],
                     photos: [Photo]? = nil) {
            self.exportedAt = exportedAt
            self.member = member
            self.settings = settings
            self.habits = habits
            self.instances = instances
            self.entries = entries
            self.notes = notes
            self.skips = skips
            self.vacations = vacations
            self.moods = moods
            self.photos = photos
        }
    }

    /// A child's points: `{"balance", "ledger": [{"amount", "reason", "kind", "item", "date",
    /// "at"}]}`, the ledger newest first, a row undone kept with amount 0.
    package struct Points: Equatable {
        package var balance: Int64
        package var ledger: [LedgerRow]

        package init(balance: Int64, ledger: [LedgerRow]) {
            self.balance = balance
            self.ledger = ledger
        }

        package struct LedgerRow: Equatable {
            package var amount: Int64; package var reason: String; package var kind: String
            package var item: Int64; package var date: String; package var at: Int64

            package init(amount: Int64, reason: String, kind: String, item: Int64, date: String, at: Int64) {
                self.amount = amount
                self.reason = reason
                self.kind = kind
                self.item = item
                self.date = date
                self.at = at
            }
        }
    }

    /// A photo on a day: `{"date", "file": "photos/<sha256>.jpg", "caption", "sha256", "width",
    /// "height"}`, `file` the path of its bytes in the zip.
    package struct Photo: Equatable {
        package var date: String; package var file: String; package var caption: String
        package var sha256: String; package var width: Int; package var height: Int

        package init(date: String, file: String, caption: String, sha256: String, width: Int, height: Int) {
            self.date = date
            self.file = file
            self.caption = caption
            self.sha256 = sha256
            self.width = width
            self.height = height
        }

        /// Where a photo's bytes are in the zip.
        package static func path(sha256: String) -> String { "photos/\(sha256).jpg" }
    }

    /// `{"every": "day"}`, `{"weekdays": ["mon", "wed"]}`, `{"every": "week", "times": 3}`,
    /// `{"every": "month", "times": 10}`.
    package struct Schedule: Equatable {
        package var every: String?
        package var times: Int?
        package var weekdays: [String]?

        package init(every: String? = nil, times: Int? = nil, weekdays: [String]? = nil) {
            self.every = every
            self.times = times
            self.weekdays = weekdays
        }
    }

    /// A daily target: `{"amount": 20, "unit": "pages", "kind": "at_least"}`.
    package struct Target: Equatable {
        package var amount: Double
        package var unit: String
        package var kind: String

        package init(amount: Double, unit: String, kind: String) {
            self.amount = amount
            self.unit = unit
            self.kind = kind
        }
    }

    /// A schedule and target a habit had before a change, on the days before `until`
    /// (see `HabitRule`): `{"until": "2026-11-27", "schedule": {"every": "day"}}`, with
    /// `target` as the habit's, absent when there was none.
    package struct PastRule: Equatable {
        package var until: String
        package var schedule: Schedule
        package var target: Target?

        package init(until: String, schedule: Schedule, target: Target?) {
            self.until = until
            self.schedule = schedule
            self.target = target
        }
    }

    package struct Skip: Equatable {
        package var habitId: Int64; package var date: String

        package init(habitId: Int64, date: String) {
            self.habitId = habitId
            self.date = date
        }
    }

    package struct Vacation: Equatable {
        package var from: String; package var to: String

        package init(from: String, to: String) {
            self.from = from
            self.to = to
        }
    }

    /// A day's mood: `{"date": "2026-11-24", "value": 4}`, 1 (awful) to 5 (great).
    package struct Mood: Equatable {
        package var date: String; package var value: Int

        package init(date: String, value: Int) {
            self.date = date
            self.value = value
        }
    }

    package struct Member {
        package var username: String; package var displayName: String; package var timeZone: String

        package init(username: String, displayName: String, timeZone: String) {
            self.username = username
            self.displayName = displayName
            self.timeZone = timeZone
        }
    }

    package struct Settings {
        package var language: String; package var firstWeekday: String; package var dayStartHour: Int
        package var showGrid: Bool; package var showGridDates: Bool; package var theme: String
        /// Where reminders go (added within version 2; absent from older files).
        package var notify: Notify?

        package init(language: String, firstWeekday: String, dayStartHour: Int, showGrid: Bool, showGridDates: Bool,
                     theme: String, notify: Notify? = nil) {
            self.language = language
            self.firstWeekday = firstWeekday
            self.dayStartHour = dayStartHour
            self.showGrid = showGrid
            self.showGridDates = showGridDates
            self.theme = theme
            self.notify = notify
        }
    }

    /// `{"ntfy": {"url": "https://…/topic", "token": null}, "email": "kid@example.org"}`,
    /// every key written even when null. Push subscriptions belong to browsers and are
    /// not exported.
    package struct Notify: Equatable {
        package struct Ntfy: Equatable {
            package var url: String; package var token: String?

            package init(url: String, token: String?) {
                self.url = url
                self.token = token
            }
        }
        package var ntfy: Ntfy?; package var email: String?

        package init(ntfy: Ntfy?, email: String?) {
            self.ntfy = ntfy
            self.email = email
        }
    }

    /// A habit. `group` is written even when null; `schedule` and `position` are absent
    /// from version 1 files (daily; file order).
    package struct Habit {
        package var id: Int64; package var name: String; package var emoji: String; package var colour: String
        package var defaultDurationMinutes: Int; package var createdAt: Int64; package var archivedAt: Int64?
        package var schedule: Schedule?
        package var target: Target?
        package var pausedFrom: String?
        package var group: String?
        package var position: Int?
        /// "07:30", sorted; absent when none (and in older files).
        package var reminders: [String]?
        /// Its earlier rules, oldest first; absent when its schedule and target have not
        /// changed (and in older files: their rule held from the beginning).
        package var pastRules: [PastRule]?

        package init(id: Int64, name: String, emoji: String, colour: String, defaultDurationMinutes: Int,
                     createdAt: Int64, archivedAt: Int64?, schedule: Schedule? = nil, target: Target? = nil,
                     pausedFrom: String? = nil, group: String? = nil, position: Int? = nil, reminders: [String]? = nil,
                     pastRules: [PastRule]? = nil) {
            self.id = id
            self.name = name
            self.emoji = emoji
            self.colour = colour
            self.defaultDurationMinutes = defaultDurationMinutes
            self.createdAt = createdAt
            self.archivedAt = archivedAt
            self.schedule = schedule
            self.target = target
            self.pausedFrom = pausedFrom
            self.group = group
            self.position = position
            self.reminders = reminders
            self.pastRules = pastRules
        }
    }

    /// A logged habit (a `HabitInstance`); `start` is `HH:MM`, or null for a check-off
    /// (done that day at no time); `amount` in the habit's unit, when logged; `loggedBy`
    /// the username of the guardian who logged it for the member (absent when they did).
    package struct Instance {
        package var habitId: Int64; package var date: String; package var start: String?
        package var durationMinutes: Int; package var note: String
        package var amount: Double?
        package var loggedBy: String?

        package init(habitId: Int64, date: String, start: String?, durationMinutes: Int, note: String, amount: Double? = nil,
                     loggedBy: String? = nil) {
            self.habitId = habitId
            self.date = date
            self.start = start
            self.durationMinutes = durationMinutes
            self.note = note
            self.amount = amount
            self.loggedBy = loggedBy
        }
    }

    package struct Entry {
        package var date: String; package var text: String

        package init(date: String, text: String) {
            self.date = date
            self.text = text
        }
    }

    package struct Note {
        package var date: String; package var text: String; package var createdAt: Int64

        package init(date: String, text: String, createdAt: Int64) {
            self.date = date
            self.text = text
            self.createdAt = createdAt
        }
    }
}
