import Domain
import FamilyData
import Files
import HTTP
import HTTPServer
import Localization
import MemberData
import Store
import TimeZones

/// A member's own data, out: `/export/dawn.csv` (one row per logged habit),
/// `/export/dawn.json` (everything), `/export/dawn.sqlite` (a consistent snapshot
/// of their database, taken with `VACUUM INTO`), `/export/journal.md` (entries, notes
/// and moods as Markdown, `ExportPage+Journal.swift`), `/export/dawn.zip` (the JSON, the
/// journal and the photos, streamed: `ExportPage+Zip.swift`). All on the worker pool.
enum ExportPage {
    static func add(to router: inout Router<Route>) {
        router.add(.GET, "/export/dawn.csv", .member(slow: true) { _, _, member in try csv(member) })
        router.add(.GET, "/export/dawn.json", .member(slow: true) { app, _, member in try json(app, member) })
        router.add(.GET, "/export/dawn.sqlite", .member(slow: true) { app, _, member in try sqlite(app, member) })
        router.add(.GET, "/export/journal.md", .member(slow: true) { app, page, member in try journal(app, page, member) })
        router.add(.GET, "/export/dawn.zip", .member(slow: true) { app, page, member in try zip(app, page, member) })
    }

    static func attachment(_ body: [UInt8], type: String, name: String) -> HTTPResponse {
        var response = HTTPResponse(status: .ok, contentType: type, body: body)
        response.headers.add("Content-Disposition", "attachment; filename=\"\(name)\"")
        response.headers.add("Cache-Control", "private, no-store")
        return response
    }

    /// "dawn-<username>-<today>", a download's name before its extension.
    static func stamp(username: String, today: LocalDate) -> String {
        "dawn-\(username)-\(today)"
    }

    // MARK: CSV

    static func csv(_ member: MemberContext) throws -> HTTPResponse {
        let model = try Model(member, withJournal: false)
        let habits = Dictionary(uniqueKeysWithValues: model.habits.map { ($0.id, $0) })
        var out = "date,start,duration_minutes,habit,emoji,colour,note\r\n"
        for instance in model.instances {
            guard let habit = habits[instance.habitID] else { continue }
            let start = twoDigits(instance.startMinute / 60) + ":" + twoDigits(instance.startMinute % 60)
            let fields = [instance.day.description, start, String(instance.durationMinutes), habit.name, habit.emoji,
                          habit.color.hex, instance.note]
            out += fields.map(csvField).joined(separator: ",") + "\r\n"
        }
        return attachment(Array(out.utf8), type: "text/csv; charset=utf-8", name: model.fileStem + ".csv")
    }

    /// RFC 4180 quoting; a leading = + - @ is prefixed with ' so spreadsheets never run it.
    static func csvField(_ value: String) -> String {
        var text = value
        if let first = text.first, "=+-@\t\r".contains(first) { text = "'" + text }
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacing("\"", with: "\"\"") + "\""
    }

    private static func twoDigits(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }

    // MARK: JSON

    /// `settings.notify`: the member's ntfy topic and email address (not their browsers).
    private static func notify(_ database: Database) throws -> DawnExportFormat.Notify {
        let targets = NotifyTargets(database: database)
        return DawnExportFormat.Notify(ntfy: try targets.ntfy().map { DawnExportFormat.Notify.Ntfy(url: $0.url, token: $0.token) },
                                       email: try targets.email())
    }

    static func json(_ app: Dawn, _ member: MemberContext) throws -> HTTPResponse {
        let model = try Model(member, withJournal: true)
        return attachment(DawnExportFormat.bytes(try file(model, member, photos: nil, points: try points(app, member))),
                          type: "application/json; charset=utf-8",
                          name: model.fileStem + ".json")
    }

    /// The export as a file: `photos` only in the zip, which holds their bytes.
    static func file(_ model: Model, _ member: MemberContext, photos: [DawnExportFormat.Photo]?,
                     points: DawnExportFormat.Points? = nil) throws -> DawnExportFormat.File {
        let s = model.settings
        var file = DawnExportFormat.File(
            exportedAt: model.exportedAt.description,
            member: DawnExportFormat.Member(username: model.account.username, displayName: model.account.displayName,
                                 timeZone: model.account.timeZone),
            settings: DawnExportFormat.Settings(language: s.language.rawValue, firstWeekday: s.firstWeekday == .sunday ? "sunday" : "monday",
                                     dayStartHour: s.dayStartHour, showGrid: s.showGrid, showGridDates: s.showGridDates,
                                     theme: s.theme.rawValue, notify: try notify(member.database)),
            habits: model.habits.enumerated().map { offset, habit in
                DawnExportFormat.Habit(id: habit.id, name: habit.name, emoji: habit.emoji, colour: habit.color.hex,
                                       defaultDurationMinutes: habit.defaultDuration, createdAt: habit.createdAt,
                                       archivedAt: habit.archivedAt, schedule: schedule(habit), target: target(habit),
                                       pausedFrom: habit.pausedFrom?.description, group: habit.group, position: offset + 1,
                                       reminders: habit.reminders.isEmpty ? nil : habit.reminders.map(\.description),
                                       pastRules: habit.pastRules.isEmpty ? nil : habit.pastRules.map(pastRule))
            },
            instances: model.instances.map {
                DawnExportFormat.Instance(habitId: $0.habitID, date: $0.day.description,
                                          start: $0.timed ? twoDigits($0.startMinute / 60) + ":" + twoDigits($0.startMinute % 60) : nil,
                                          durationMinutes: $0.durationMinutes, note: $0.note,
                                          amount: $0.amountMilli.map { Double($0) / 1000 }, loggedBy: $0.loggedBy)
            },
            entries: model.entries.map { DawnExportFormat.Entry(date: $0.day, text: $0.body) },
            notes: model.notes.map { DawnExportFormat.Note(date: $0.day, text: $0.body, createdAt: $0.createdAt) },
            skips: model.skips.map { DawnExportFormat.Skip(habitId: $0.habitID, date: $0.day.description) },
            vacations: model.vacations.map { DawnExportFormat.Vacation(from: $0.first.description, to: $0.last.description) },
            moods: model.moods.map { DawnExportFormat.Mood(date: $0.day.description, value: $0.mood.value) },
            photos: photos)
        file.points = points
        return file
    }

    /// A child's points for the export (`"points": {"balance", "ledger"}`); nil for an adult.
    static func points(_ app: Dawn, _ member: MemberContext) throws -> DawnExportFormat.Points? {
        guard member.account.isChild else { return nil }
        let points = Points(instance: app.data.instance)
        return DawnExportFormat.Points(
            balance: try points.balance(of: member.account.id),
            ledger: try points.ledger(of: member.account.id).map {
                DawnExportFormat.Points.LedgerRow(amount: $0.amount, reason: $0.reason, kind: $0.kind.rawValue, item: $0.item,
                                                  date: $0.day.description, at: $0.at)
            })
    }

    /// The habit's schedule in the file's shape.
    static func schedule(_ habit: Habits.Habit) -> DawnExportFormat.Schedule {
        schedule(habit.schedule)
    }

    /// The habit's daily target in the file's shape; nil when it has none.
    static func target(_ habit: Habits.Habit) -> DawnExportFormat.Target? {
        habit.targetMilli.map { DawnExportFormat.Target(amount: Double($0) / 1000, unit: habit.targetUnit, kind: habit.targetKind.rawValue) }
    }

    private static func schedule(_ schedule: HabitSchedule) -> DawnExportFormat.Schedule {
        DawnExportFormat.Schedule(every: schedule.every, times: schedule.times, weekdays: schedule.weekdayNames)
    }

    /// An earlier rule of the habit in the file's shape.
    private static func pastRule(_ rule: HabitRule) -> DawnExportFormat.PastRule {
        DawnExportFormat.PastRule(until: rule.until.description, schedule: schedule(rule.schedule), target: rule.targetMilli.map {
            DawnExportFormat.Target(amount: Double($0) / 1000, unit: rule.targetUnit, kind: rule.targetKind.rawValue)
        })
    }

    // MARK: SQLite

    /// A random file-name part for the temporary snapshot.
    private static func temporaryName() -> String {
        var generator = SystemRandomNumberGenerator()
        return String(generator.next(), radix: 36) + String(generator.next(), radix: 36)
    }

    static func sqlite(_ app: Dawn, _ member: MemberContext) throws -> HTTPResponse {
        let path = app.configuration.dataDirectory + "/export-\(temporaryName()).sqlite"
        defer { try? FileSystem.remove(path) }
        try member.database.backup(to: path)
        guard let bytes = try? FileSystem.read(path) else {
            throw PageError(.internalServerError, key: "error.internal")
        }
        return attachment(Array(bytes), type: "application/vnd.sqlite3",
                          name: stamp(username: member.account.username, today: member.today) + ".sqlite")
    }
}
