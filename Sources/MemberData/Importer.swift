import Domain
import JSON
import PlainText
import Store
import TimeZones

/// Imports into a member's database: Dawn's own JSON export, or Loop Habit Tracker's
/// `Habits.csv` / `Checkmarks.csv`. A file is first read and validated whole into a
/// `Plan`; only a valid plan is written, in one transaction, so a bad file changes nothing.
package enum Importer {
    package enum Mode: String { case merge, empty }

    package struct Plan {
        /// The records `write` goes through one by one, for its progress: habits, logs,
        /// entries, notes and moods.
        package var records: Int { habits.count + instances.count + entries.count + notes.count + moods.count }

        package struct Habit {
            var name: String; var emoji: String; var color: String; var defaultDuration: Int
            var createdAt: Int64?; var archivedAt: Int64?
            /// When the habit is due (every day unless the file says otherwise).
            var schedule = HabitSchedule.daily
            var target: HabitTarget? = nil
            var pausedFrom: LocalDate? = nil
            var group: String? = nil
            var reminders: [ReminderTime] = []
            /// Its earlier rules, oldest first, each `until` later than the one before (`HabitRule`).
            var pastRules: [PastRule] = []
            /// A Loop numerical habit: its check-marks are amounts × 1000.
            var numerical = false
        }
        package struct Instance {
            var habit: Int; var day: LocalDate; var startMinute: Int; var durationMinutes: Int?; var note: String
            var amountMilli: Int64? = nil
            /// False for a check-off (`"start": null`).
            var timed = true
            /// The guardian who logged it (`"loggedBy"`), a username.
            var loggedBy: String? = nil
        }
        package struct PastRule { var until: LocalDate; var schedule: HabitSchedule; var target: HabitTarget? }
        package struct Skip { var habit: Int; var day: LocalDate }
        package struct Vacation { var first: LocalDate; var last: LocalDate }
        package struct Entry { var day: LocalDate; var text: String }
        package struct Note { var day: LocalDate; var text: String; var createdAt: Int64 }
        package struct Mood { var day: LocalDate; var mood: Domain.Mood }
        /// A photo the file names (`photos`, in a zip): its bytes are the zip's `file`, whose
        /// SHA-256 must be `sha256`; the importing page checks and stores them.
        package struct Photo: Equatable {
            package var day: LocalDate; package var file: String; package var caption: String
            package var sha256: String; package var width: Int; package var height: Int
        }
        private(set) var habits: [Habit] = []
        private(set) var instances: [Instance] = []
        package var entries: [Entry] = []
        package var notes: [Note] = []
        package var skips: [Skip] = []
        /// Sorted by first day, none overlapping another.
        package var vacations: [Vacation] = []
        /// At most one a day.
        package var moods: [Mood] = []
        /// At most `PhotoConstants.maxPerDay` a day.
        package var photos: [Photo] = []
        /// Where reminders go (`settings.notify`), as the file has it: the importing page
        /// checks it before anything is written. Nil when the file has none.
        package var notify: DawnExportFormat.Notify?
        /// The index in `habits` of each name's first habit: one lookup per row, never a
        /// scan, so reading stays linear in the file's size.
        private var habitsByName: [String: Int] = [:]

        package init() {}

        /// Adds a habit and returns its index. One import holds at most `Habits.maxHabits`
        /// (no account can take more); past that, a problem at `place`.
        package mutating func add(_ habit: Habit, at place: Problem.Place) throws(Problem) -> Int {
            guard habits.count < Habits.maxHabits else {
                throw Problem(place: place, key: "import.problem.too_many_habits", numbers: ["max": Habits.maxHabits])
            }
            if habitsByName[habit.name] == nil { habitsByName[habit.name] = habits.count }
            habits.append(habit)
            return habits.count - 1
        }

        /// Adds a log; one import holds at most `Habits.maxLogs`.
        package mutating func add(_ instance: Instance, at place: Problem.Place) throws(Problem) {
            guard instances.count < Habits.maxLogs else {
                throw Problem(place: place, key: "import.problem.too_many_logs", numbers: ["max": Habits.maxLogs])
            }
            instances.append(instance)
        }

        /// Drops every log's `loggedBy` but those naming one of `usernames`: a file says who
        /// logged a habit, and only the importer's page knows whom the file may name
        /// (`ImportPage`). Dropped, the log is the member's own, as any log without one.
        package mutating func keepLoggedBy(only usernames: Set<String>) {
            for index in instances.indices where instances[index].loggedBy.map({ !usernames.contains($0) }) ?? false {
                instances[index].loggedBy = nil
            }
        }

        /// Whether the plan's habit at `index` is a Loop numerical habit.
        package func isNumerical(_ index: Int) -> Bool {
            habits[index].numerical
        }

        /// The index of the first habit named `name`, if the plan has one.
        package func habitIndex(named name: String) -> Int? {
            habitsByName[name]
        }

        /// The plan's habit index for `name`, adding a Loop-style habit when missing.
        package mutating func habitIndex(named name: String, now: Int64, at place: Problem.Place) throws(Problem) -> Int {
            if let index = habitsByName[name] { return index }
            return try add(Habit(name: name, emoji: HabitEmoji.default.value, color: HabitColor.fallback.hex,
                                 defaultDuration: Importer.loopDuration, createdAt: now, archivedAt: nil), at: place)
        }
    }

    /// What was written.
    package struct Counts: Equatable {
        package var habits = 0; package var instances = 0; package var entries = 0; package var notes = 0
        package var moods = 0
        package var photos = 0
    }

    /// A record the file got wrong: where (`instances[3]`, or a CSV line) and what.
    package struct Problem: Error, Equatable {
        package enum Place: Equatable { case record(String), line(file: String, line: Int), file(String) }
        package let place: Place
        /// A string key (`import.problem.…`) and its arguments.
        package let key: String
        package var arguments: [String: String] = [:]
        /// Arguments that are numbers, written the page's language's way.
        package var numbers: [String: Int] = [:]

        package init(place: Place, key: String, arguments: [String: String] = [:], numbers: [String: Int] = [:]) {
            self.place = place
            self.key = key
            self.arguments = arguments
            self.numbers = numbers
        }
    }

    /// The account is not empty and the mode was `empty`.
    package struct NotEmpty: Error {}

    /// A planned habit's row values, in `write`'s column order.
    private static func values(_ habit: Plan.Habit, now: Int64, position: Int64) -> [SQLValue] {
        let target = targetValues(habit.target)
        return [.text(habit.name), .text(habit.emoji), .text(habit.color), .integer(Int64(habit.defaultDuration)),
                .integer(habit.createdAt ?? now), habit.archivedAt.map(SQLValue.integer) ?? .null, .text(habit.schedule.storage)]
            + target + [habit.pausedFrom.map { .text($0.description) } ?? .null, habit.group.map(SQLValue.text) ?? .null,
                        .integer(position), .text(ReminderTime.storage(habit.reminders))]
    }

    /// `target_milli, target_kind, target_unit` as `target` stores them.
    private static func targetValues(_ target: HabitTarget?) -> [SQLValue] {
        if let target {
            [.integer(Habits.milli(target.amount)), .text(target.kind.rawValue), .text(target.unit)]
        } else {
            [.null, .null, .text("")]
        }
    }

    /// A vacation in the file overlaps one the member already has (and is not the same);
    /// nothing was written.
    package struct VacationOverlap: Error, Equatable {
        package let vacation: (String, String)
        package let existing: (String, String)

        package static func == (a: Self, b: Self) -> Bool { a.vacation == b.vacation && a.existing == b.existing }
    }

    /// Habits created from Loop get this default duration (minutes), and each Loop
    /// check-in becomes an instance at 00:00 lasting the habit's default duration.
    package static let loopDuration = 15

    // MARK: Reading

    /// Reads one uploaded file into `plan`.
    package static func read(_ bytes: [UInt8], filename: String, into plan: inout Plan, now: Int64) throws(Problem) {
        if isSQLite(bytes) { return try readLoopBackup(bytes, filename: filename, into: &plan, now: now) }
        guard var text = String(validating: bytes, as: UTF8.self) else {
            throw Problem(place: .file(filename), key: "import.problem.utf8")
        }
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        let trimmed = text.drop(while: { $0.isWhitespace })
        if trimmed.hasPrefix("{") {
            try readDawn(bytes, into: &plan)
            return
        }
        if trimmed.hasPrefix("<") {
            // Diaro's backup, bare: no photos can come with it.
            _ = try readDiaro(bytes, filename: filename, files: [], into: &plan)
            return
        }
        let records = try CSV.records(text, filename: filename)
        guard let header = records.first else { throw Problem(place: .file(filename), key: "import.problem.unknown") }
        let names = header.fields.map { String($0) }
        if names.first == "Date", names.count >= 2 {
            try readLoopCheckmarks(records, filename: filename, into: &plan, now: now)
        } else if names.contains("Name"), names.contains("Position") {
            try readLoopHabits(records, filename: filename, into: &plan, now: now)
        } else {
            throw Problem(place: .line(file: filename, line: header.line), key: "import.problem.unknown")
        }
    }

    private struct DawnFile {
        var format: String
        var version: Int
        var habits: [DawnExportFormat.Habit]
        var instances: [DawnExportFormat.Instance]
        var entries: [DawnExportFormat.Entry]
        var notes: [DawnExportFormat.Note]
        /// Version 2 on.
        var skips: [DawnExportFormat.Skip]?
        var vacations: [DawnExportFormat.Vacation]?
        /// Added within version 2: absent from older files.
        var moods: [FileMood]?
        /// Only in a zip's `dawn.json`, and only when the member had photos.
        var photos: [DawnExportFormat.Photo]?
        /// Only `settings.notify` is read back (added within version 2).
        var settings: FileSettings?

        /// Member by member in this order, so the first problem is the one reported.
        init(json: JSONNode) throws(JSONDecodingError) {
            format = try json.member("format").string()
            version = try json.member("version").int()
            habits = try json.member("habits").elements().map { node throws(JSONDecodingError) in try DawnExportFormat.Habit(json: node) }
            instances = try json.member("instances").elements().map { node throws(JSONDecodingError) in
                try DawnExportFormat.Instance(json: node)
            }
            entries = try json.member("entries").elements().map { node throws(JSONDecodingError) in try DawnExportFormat.Entry(json: node) }
            notes = try json.member("notes").elements().map { node throws(JSONDecodingError) in try DawnExportFormat.Note(json: node) }
            skips = try json.optionalMember("skips")?.elements().map { node throws(JSONDecodingError) in
                try DawnExportFormat.Skip(json: node)
            }
            vacations = try json.optionalMember("vacations")?.elements().map { node throws(JSONDecodingError) in
                try DawnExportFormat.Vacation(json: node)
            }
            moods = try json.optionalMember("moods")?.elements().map { node throws(JSONDecodingError) in try FileMood(json: node) }
            photos = try json.optionalMember("photos")?.elements().map { node throws(JSONDecodingError) in
                try DawnExportFormat.Photo(json: node)
            }
            settings = try json.optionalMember("settings").map { node throws(JSONDecodingError) in try FileSettings(json: node) }
        }
    }

    private struct FileSettings {
        var notify: DawnExportFormat.Notify?

        init(json: JSONNode) throws(JSONDecodingError) {
            notify = try json.optionalMember("notify").map { node throws(JSONDecodingError) in try DawnExportFormat.Notify(json: node) }
        }
    }

    /// A mood as the file has it, its value read as any number so that 3.5 is refused
    /// as a mood (`moods[0].value: mood 3.5 is not 1 to 5`), not as an unreadable file.
    private struct FileMood {
        var date: String
        var value: Double

        init(json: JSONNode) throws(JSONDecodingError) {
            date = try json.member("date").string()
            value = try json.member("value").double()
        }
    }

    /// An export nests four deep. The parser recurses once per level on a worker thread's
    /// small stack, so the depth is kept well inside it (a file nested deeper is refused
    /// with the place named). The request body is limited before it gets here
    /// (`DAWN_MAX_BODY_BYTES`, at most 256 MiB).
    static let jsonLimits = JSONParser.Limits(maxDepth: 32, maxBytes: 256 << 20)

    static func readDawn(_ bytes: [UInt8], into plan: inout Plan) throws(Problem) {
        let root = try jsonDocument(bytes, filename: "JSON")
        // The header first: a document that is not an object with a string (or no) `format`
        // is not one to read further.
        let format: String?
        do {
            format = try root.optionalMember("format")?.string()
        } catch {
            throw Problem(place: .file("JSON"), key: "import.problem.json")
        }
        guard format == DawnExportFormat.formatName else { throw Problem(place: .file("JSON"), key: "import.problem.unknown") }
        let file: DawnFile
        do {
            file = try DawnFile(json: root)
        } catch {
            throw Problem(place: .record(error.path.isEmpty ? "JSON" : error.path), key: "import.problem.field")
        }
        guard DawnExportFormat.readableVersions.contains(file.version) else {
            throw Problem(place: .record("version"), key: "import.problem.version", arguments: ["value": String(file.version)])
        }
        plan.notify = file.settings?.notify
        var habitIndex: [Int64: Int] = [:]
        // In the member's order (`position`), file order among equals and in version 1.
        let ordered = file.habits.enumerated().sorted { ($0.element.position ?? $0.offset, $0.offset) < ($1.element.position ?? $1.offset, $1.offset) }
        for (i, habit) in ordered {
            let place = Problem.Place.record("habits[\(i)]")
            guard habitIndex[habit.id] == nil else { throw Problem(place: place, key: "import.problem.duplicate_id", arguments: ["value": String(habit.id)]) }
            guard let name = try? HabitName(habit.name) else { throw Problem(place: place, key: "import.problem.name") }
            guard let emoji = try? HabitEmoji(habit.emoji) else { throw Problem(place: place, key: "import.problem.emoji") }
            guard let rgb = HabitColor.parse(habit.colour) else { throw Problem(place: place, key: "import.problem.colour", arguments: ["value": habit.colour]) }
            guard let duration = try? HabitDuration(defaultMinutes: habit.defaultDurationMinutes) else {
                throw Problem(place: place, key: "import.problem.default_duration", arguments: ["value": String(habit.defaultDurationMinutes)])
            }
            var planned = Plan.Habit(name: name.value, emoji: emoji.value, color: rgb.hex, defaultDuration: duration.minutes,
                                     createdAt: habit.createdAt, archivedAt: habit.archivedAt)
            planned.schedule = try schedule(habit.schedule, at: "habits[\(i)].schedule")
            planned.target = try target(habit.target, at: "habits[\(i)].target")
            if let paused = habit.pausedFrom { planned.pausedFrom = try date(paused, .record("habits[\(i)].pausedFrom")) }
            for (r, rule) in (habit.pastRules ?? []).enumerated() {
                let at = "habits[\(i)].pastRules[\(r)]"
                let until = try date(rule.until, .record(at + ".until"))
                // In order, one rule per day: each ends after the one before.
                if let previous = planned.pastRules.last, previous.until >= until {
                    throw Problem(place: .record(at + ".until"), key: "import.problem.rule_order", arguments: ["value": rule.until])
                }
                planned.pastRules.append(Plan.PastRule(until: until, schedule: try schedule(rule.schedule, at: at + ".schedule"),
                                                       target: try target(rule.target, at: at + ".target")))
            }
            if let group = habit.group {
                guard let valid = Habits.groupName(group) else { throw Problem(place: .record("habits[\(i)].group"), key: "import.problem.group") }
                planned.group = valid
            }
            if let reminders = habit.reminders {
                let place = Problem.Place.record("habits[\(i)].reminders")
                if let bad = reminders.first(where: { ReminderTime($0) == nil }) {
                    throw Problem(place: place, key: "import.problem.reminder_time", arguments: ["value": bad])
                }
                guard let times = try? ReminderTime.list(reminders) else { throw Problem(place: place, key: "import.problem.reminder_count") }
                planned.reminders = times
            }
            habitIndex[habit.id] = try plan.add(planned, at: place)
        }
        for (i, instance) in file.instances.enumerated() {
            let place = Problem.Place.record("instances[\(i)]")
            guard let habit = habitIndex[instance.habitId] else {
                throw Problem(place: place, key: "import.problem.habit_ref", arguments: ["value": String(instance.habitId)])
            }
            let day = try date(instance.date, place)
            var start = 0
            if let text = instance.start {
                guard let minute = minute(text) else { throw Problem(place: place, key: "import.problem.start", arguments: ["value": text]) }
                start = minute
            }
            guard HabitConstants.instanceDurations.contains(instance.durationMinutes) else {
                throw Problem(place: place, key: "import.problem.duration", arguments: ["value": String(instance.durationMinutes)])
            }
            guard PlainText.length(instance.note) <= Habits.maxNoteCharacters, PlainText.isSingleLine(instance.note) else {
                throw Problem(place: place, key: "import.problem.instance_note")
            }
            var logged = Plan.Instance(habit: habit, day: day, startMinute: start,
                                       durationMinutes: instance.durationMinutes, note: instance.note)
            logged.timed = instance.start != nil
            if let amount = instance.amount {
                guard let valid = try? HabitAmount(amount) else {
                    throw Problem(place: .record("instances[\(i)].amount"), key: "import.problem.amount", arguments: ["value": String(amount)])
                }
                logged.amountMilli = Habits.milli(valid.value)
            }
            if let loggedBy = instance.loggedBy {
                guard UsernameShape.matches(loggedBy) else {
                    throw Problem(place: .record("instances[\(i)].loggedBy"), key: "import.problem.logged_by",
                                  arguments: ["value": loggedBy])
                }
                logged.loggedBy = loggedBy
            }
            try plan.add(logged, at: place)
        }
        for (i, skip) in (file.skips ?? []).enumerated() {
            let place = Problem.Place.record("skips[\(i)]")
            guard let habit = habitIndex[skip.habitId] else {
                throw Problem(place: place, key: "import.problem.habit_ref", arguments: ["value": String(skip.habitId)])
            }
            plan.skips.append(Plan.Skip(habit: habit, day: try date(skip.date, place)))
        }
        var vacations: [Plan.Vacation] = []
        for (i, vacation) in (file.vacations ?? []).enumerated() {
            let place = Problem.Place.record("vacations[\(i)]")
            let first = try date(vacation.from, place), last = try date(vacation.to, place)
            guard first <= last else { throw Problem(place: place, key: "import.problem.vacation_order") }
            vacations.append(Plan.Vacation(first: first, last: last))
        }
        vacations.sort { $0.first < $1.first }
        for (previous, next) in zip(vacations, vacations.dropFirst()) where next.first <= previous.last {
            throw Problem(place: .record("vacations"), key: "import.problem.vacation_overlap",
                          arguments: ["value": "\(previous.first)–\(previous.last), \(next.first)–\(next.last)"])
        }
        plan.vacations = vacations
        var entryDays: Set<LocalDate> = []
        for (i, entry) in file.entries.enumerated() {
            let place = Problem.Place.record("entries[\(i)]")
            let day = try date(entry.date, place)
            let text = PlainText.normalizingLineBreaks(entry.text)
            guard !text.allSatisfy(\.isWhitespace), PlainText.length(text) <= Journal.maxEntryCharacters else {
                throw Problem(place: place, key: "import.problem.entry")
            }
            guard entryDays.insert(day).inserted else { throw Problem(place: place, key: "import.problem.duplicate_entry", arguments: ["value": entry.date]) }
            plan.entries.append(Plan.Entry(day: day, text: text))
        }
        for (i, note) in file.notes.enumerated() {
            let place = Problem.Place.record("notes[\(i)]")
            let day = try date(note.date, place)
            guard !note.text.allSatisfy(\.isWhitespace), PlainText.length(note.text) <= Journal.maxNoteCharacters,
                  PlainText.isSingleLine(note.text) else {
                throw Problem(place: place, key: "import.problem.note")
            }
            plan.notes.append(Plan.Note(day: day, text: note.text, createdAt: note.createdAt))
        }
        var moodDays: Set<LocalDate> = []
        for (i, mood) in (file.moods ?? []).enumerated() {
            let day = try date(mood.date, .record("moods[\(i)].date"))
            let whole = mood.value.rounded() == mood.value && abs(mood.value) < 1e9 ? Int(mood.value) : nil
            guard let whole, let valid = try? Domain.Mood(whole) else {
                let text = whole.map(String.init) ?? String(mood.value)
                throw Problem(place: .record("moods[\(i)].value"), key: "import.problem.mood", arguments: ["value": text])
            }
            guard moodDays.insert(day).inserted else {
                throw Problem(place: .record("moods[\(i)]"), key: "import.problem.duplicate_mood", arguments: ["value": mood.date])
            }
            plan.moods.append(Plan.Mood(day: day, mood: valid))
        }
        var photosByDay: [LocalDate: Int] = [:]
        for (i, photo) in (file.photos ?? []).enumerated() {
            let day = try date(photo.date, .record("photos[\(i)].date"))
            guard DayPhotos.isFileHash(photo.sha256), photo.file == DawnExportFormat.Photo.path(sha256: photo.sha256) else {
                throw Problem(place: .record("photos[\(i)].file"), key: "import.problem.photo_file", arguments: ["value": photo.file])
            }
            guard PlainText.isSingleLine(photo.caption), PlainText.length(photo.caption) <= PhotoConstants.maxCaptionCharacters,
                  PlainText.trimmed(photo.caption) == photo.caption[...] else {
                throw Problem(place: .record("photos[\(i)].caption"), key: "import.problem.field")
            }
            guard (1...PhotoConstants.longestSide).contains(photo.width), (1...PhotoConstants.longestSide).contains(photo.height) else {
                throw Problem(place: .record("photos[\(i)].width"), key: "import.problem.field")
            }
            photosByDay[day, default: 0] += 1
            guard photosByDay[day]! <= PhotoConstants.maxPerDay else {
                throw Problem(place: .record("photos[\(i)]"), key: "import.problem.photos_per_day",
                              arguments: ["value": photo.date], numbers: ["max": PhotoConstants.maxPerDay])
            }
            plan.photos.append(Plan.Photo(day: day, file: photo.file, caption: photo.caption, sha256: photo.sha256,
                                          width: photo.width, height: photo.height))
        }
    }

    /// A habit's schedule, from the file's (absent in version 1: every day).
    private static func schedule(_ schedule: DawnExportFormat.Schedule?, at place: String) throws(Problem) -> HabitSchedule {
        guard let schedule else { return .daily }
        do {
            return try HabitSchedule(every: schedule.every, times: schedule.times, weekdays: schedule.weekdays)
        } catch {
            throw Problem(place: .record(place), key: error.key)
        }
    }

    private static func target(_ target: DawnExportFormat.Target?, at place: String) throws(Problem) -> HabitTarget? {
        guard let target else { return nil }
        let valid: HabitTarget
        do {
            valid = try HabitTarget(amount: target.amount, unit: target.unit, kind: try HabitTarget.Kind(parsing: target.kind))
        } catch {
            throw Problem(place: .record(place), key: error.key)
        }
        // Kept in thousandths: an amount that rounds to none is no target.
        guard Habits.milli(valid.amount) > 0 else { throw Problem(place: .record(place), key: HabitError.targetAmount.key) }
        return valid
    }

    private static func date(_ text: String, _ place: Problem.Place) throws(Problem) -> LocalDate {
        guard let day = LocalDate(iso: text), day.description == text else {
            throw Problem(place: place, key: "import.problem.date", arguments: ["value": text])
        }
        return day
    }

    /// `HH:MM` → minutes since midnight.
    static func minute(_ text: String) -> Int? {
        let b = Array(text.utf8)
        guard b.count == 5, b[2] == UInt8(ascii: ":"), [b[0], b[1], b[3], b[4]].allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        let hour = Int(b[0] - 0x30) * 10 + Int(b[1] - 0x30)
        let minute = Int(b[3] - 0x30) * 10 + Int(b[4] - 0x30)
        guard hour < 24, minute < 60 else { return nil }
        return hour * 60 + minute
    }

    static func readLoopHabits(_ records: [CSV.Record], filename: String, into plan: inout Plan, now: Int64) throws(Problem) {
        let header = records[0].fields.map { String($0) }
        let nameColumn = header.firstIndex(of: "Name")!
        let colorColumn = header.firstIndex(of: "Color")
        let archivedColumn = header.firstIndex(of: "Archived?")
        // Loop's frequency: "FrequencyNumerator"/"FrequencyDenominator" today, "NumRepetitions"/"Interval" before.
        let timesColumn = header.firstIndex(of: "FrequencyNumerator") ?? header.firstIndex(of: "NumRepetitions")
        let intervalColumn = header.firstIndex(of: "FrequencyDenominator") ?? header.firstIndex(of: "Interval")
        let typeColumn = header.firstIndex(of: "Type")
        let unitColumn = header.firstIndex(of: "Unit")
        let targetTypeColumn = header.firstIndex(of: "Target Type")
        let targetValueColumn = header.firstIndex(of: "Target Value")
        for record in records.dropFirst() {
            let place = Problem.Place.line(file: filename, line: record.line)
            guard record.fields.count == header.count else {
                throw Problem(place: place, key: "import.problem.columns", arguments: ["count": String(header.count)])
            }
            guard let name = try? HabitName(record.fields[nameColumn]) else { throw Problem(place: place, key: "import.problem.name") }
            var color = HabitColor.fallback.hex
            if let colorColumn, !record.fields[colorColumn].isEmpty {
                guard let rgb = HabitColor.parse(record.fields[colorColumn]) else {
                    throw Problem(place: place, key: "import.problem.colour", arguments: ["value": record.fields[colorColumn]])
                }
                color = rgb.hex
            }
            guard plan.habitIndex(named: name.value) == nil else {
                throw Problem(place: place, key: "import.problem.duplicate_name", arguments: ["value": name.value])
            }
            let archived = archivedColumn.map { record.fields[$0].lowercased() == "true" } ?? false
            var habit = Plan.Habit(name: name.value, emoji: HabitEmoji.default.value, color: color,
                                   defaultDuration: loopDuration, createdAt: now, archivedAt: archived ? now : nil)
            if let timesColumn, let intervalColumn {
                let times = String(record.fields[timesColumn]), interval = String(record.fields[intervalColumn])
                guard let schedule = loopSchedule(times: Int(times), interval: Int(interval)) else {
                    throw Problem(place: place, key: "import.problem.frequency", arguments: ["value": "\(times)/\(interval)"])
                }
                habit.schedule = schedule
            }
            if let typeColumn, record.fields[typeColumn] == "NUMERICAL" {
                habit.numerical = true
                let kind = targetTypeColumn.map { String(record.fields[$0]) } ?? ""
                let value = targetValueColumn.flatMap { Double(record.fields[$0]) } ?? 0
                let unit = unitColumn.map { String(record.fields[$0]) } ?? ""
                if value > 0 {
                    guard let target = try? HabitTarget(amount: value, unit: unit, kind: kind == "AT_MOST" ? .atMost : .atLeast),
                          Habits.milli(target.amount) > 0 else {
                        throw Problem(place: place, key: "import.problem.loop_target", arguments: ["value": "\(value) \(unit)"])
                    }
                    habit.target = target
                }
            }
            _ = try plan.add(habit, at: place)
        }
    }

    /// Loop's `X times in Y days` as a schedule: every day; N a week (Y = 7); N a month
    /// (Y = 30 or 31); another Y as the nearest times a week (1–7). Nil for nonsense.
    static func loopSchedule(times: Int?, interval: Int?) -> HabitSchedule? {
        guard let times, let interval, times >= 1, interval >= 1, times <= interval else { return nil }
        if times == interval { return .daily }
        if interval == 7 { return .perWeek(times) }
        if interval == 30 || interval == 31 { return .perMonth(times) }
        let perWeek = (Double(times) * 7 / Double(interval)).rounded()
        return perWeek >= 7 ? .daily : .perWeek(max(1, Int(perWeek)))
    }

    /// Loop's values, as numbers or (today's exports) words: -1 `UNKNOWN`, 0 `NO`, 1
    /// `YES_AUTO` (not done, not expected), 2 `YES_MANUAL` (a check-in), 3 `SKIP` (a skip).
    /// A numerical habit's value is its amount × 1000 (any value above 0 a log of that
    /// amount); for others any other value above 3 is a check-in too. A check-in is a
    /// check-off, done that day at no time (Loop has none). Loop ends each line with the
    /// separator: an empty last column is left out.
    static func readLoopCheckmarks(_ records: [CSV.Record], filename: String, into plan: inout Plan, now: Int64) throws(Problem) {
        var header = records[0].fields
        if header.count > 2, header.last?.isEmpty == true { header.removeLast() }
        var columns: [Int] = []
        for raw in header.dropFirst() {
            let place = Problem.Place.line(file: filename, line: records[0].line)
            guard let name = try? HabitName(raw) else { throw Problem(place: place, key: "import.problem.name") }
            columns.append(try plan.habitIndex(named: name.value, now: now, at: place))
        }
        for record in records.dropFirst() {
            let place = Problem.Place.line(file: filename, line: record.line)
            let trailing = record.fields.count == header.count + 1 && record.fields.last?.isEmpty == true
            guard record.fields.count == header.count || trailing else {
                throw Problem(place: place, key: "import.problem.columns", arguments: ["count": String(header.count)])
            }
            let day = try date(record.fields[0], place)
            for (offset, habit) in columns.enumerated() {
                let raw = String(record.fields[offset + 1])
                let words = ["UNKNOWN": -1, "NO": 0, "YES_AUTO": 1, "YES_MANUAL": 2, "SKIP": 3]
                guard let value = words[raw] ?? Int(raw) else {
                    throw Problem(place: place, key: "import.problem.value", arguments: ["value": raw])
                }
                try addLoopValue(value, habit: habit, day: day, note: "", into: &plan, at: place)
            }
        }
    }

    /// One of Loop's values for a habit's day, as the plan takes it (see `readLoopCheckmarks`):
    /// a check-off (with its amount for a numerical habit), a skip, or nothing.
    static func addLoopValue(_ value: Int, habit: Int, day: LocalDate, note: String, into plan: inout Plan,
                             at place: Problem.Place) throws(Problem) {
        var checkIn = Plan.Instance(habit: habit, day: day, startMinute: 0, durationMinutes: nil, note: note)
        checkIn.timed = false
        if plan.isNumerical(habit) {
            guard value > 0 else { return }
            checkIn.amountMilli = Int64(value)
        } else if value == 3 {
            plan.skips.append(Plan.Skip(habit: habit, day: day))
            return
        } else if value != 2 && value <= 3 {
            return
        }
        try plan.add(checkIn, at: place)
    }

    // MARK: Writing

    /// Writes the plan in one transaction. `empty` refuses (`NotEmpty`) an account that
    /// has any habit, log, entry, note or mood; `merge` skips what is already there (a
    /// day's mood the member set stays). An account
    /// that would end up with more than `Habits.maxHabits` habits or `Habits.maxLogs` logs
    /// refuses the whole import (`Habits.LimitReached`). Linear in the plan and the account.
    /// `photos` are the plan's photos with their files stored (`DayPhotos.insert`, whose
    /// `Refusal` refuses the whole import too).
    /// `progress` hears how many of the plan's records (`Plan.records`) are done, now and then.
    package static func write(_ plan: Plan, mode: Mode, to database: Database, now: Int64,
                              photos: [DayPhotos.Imported] = [], photoQuotaBytes: Int = .max,
                              progress: ((Int) -> Void)? = nil) throws -> Counts {
        try write(plan, mode: mode, to: database, now: now, photos: photos, photoQuotaBytes: photoQuotaBytes, dryRun: false,
                  progress: progress)
    }

    /// What `write` would write, found by writing it and rolling back.
    private struct DryRun: Error { let counts: Counts }

    /// What importing the plan would do, nothing written: its counts as `write` would give
    /// them (so its refusals too), the days whose entry is already here (merge keeps those),
    /// and the days the file spans.
    package struct Preview: Equatable {
        package var counts: Counts
        package var photos: Int
        package var keptEntryDays: [LocalDate]
        package var first: LocalDate?
        package var last: LocalDate?
    }

    package static func preview(_ plan: Plan, mode: Mode, in database: Database, now: Int64) throws -> Preview {
        let counts: Counts
        do {
            _ = try write(plan, mode: mode, to: database, now: now, photos: [], photoQuotaBytes: .max, dryRun: true,
                          progress: nil)
            counts = Counts()
        } catch let dry as DryRun {
            counts = dry.counts
        }
        let (here, photosHere) = try database.read { connection in
            (Set(try connection.query("SELECT day FROM entries").compactMap { LocalDate(iso: $0.string(0)) }),
             Set(try connection.query("SELECT day, sha256 FROM photos").map { $0.string(0) + " " + $0.string(1) }))
        }
        // A photo of Dawn's own zip already on its day is skipped; another app's cannot be told yet.
        let newPhotos = plan.photos.filter { $0.sha256.isEmpty || !photosHere.contains("\($0.day) \($0.sha256)") }.count
        let days = plan.instances.map(\.day) + plan.entries.map(\.day) + plan.notes.map(\.day) + plan.moods.map(\.day)
            + plan.photos.map(\.day) + plan.skips.map(\.day)
        return Preview(counts: counts, photos: newPhotos,
                       keptEntryDays: plan.entries.map(\.day).filter(here.contains).sorted(),
                       first: days.min(), last: days.max())
    }

    private static func write(_ plan: Plan, mode: Mode, to database: Database, now: Int64,
                              photos: [DayPhotos.Imported], photoQuotaBytes: Int, dryRun: Bool,
                              progress: ((Int) -> Void)?) throws -> Counts {
        try database.write { connection in
            var counts = Counts()
            var done = 0
            func step(_ count: Int = 1) {
                let before = done
                done += count
                if let progress, done / 500 != before / 500 { progress(done) }
            }
            if mode == .empty {
                for table in ["habits", "habit_instances", "entries", "notes", "moods", "photos"] {
                    if try connection.queryOne("SELECT 1 FROM \(table) LIMIT 1") != nil { throw NotEmpty() }
                }
            }
            if let notify = plan.notify {
                try NotifyTargets.write(ntfy: notify.ntfy.map { NotifyTargets.Ntfy(url: $0.url, token: $0.token) }, email: notify.email,
                                        keepingExisting: mode == .merge, in: connection)
            }
            // Existing habits by name (the oldest of a name wins); their default durations.
            var byName: [String: Int64] = [:]
            var durations: [Int64: Int] = [:]
            let existingHabits = try connection.query("SELECT id, name, default_duration FROM habits ORDER BY id")
            for row in existingHabits {
                if byName[row.string(1)] == nil { byName[row.string(1)] = row.int64(0) }
                durations[row.int64(0)] = row.int(2)
            }
            var ids: [Int64] = []
            // New habits come after the member's own, in the plan's order.
            var position = try connection.queryOne("SELECT coalesce(max(position), 0) FROM habits")?.int64(0) ?? 0
            for habit in plan.habits {
                step()
                if mode == .merge, let id = byName[habit.name] {
                    ids.append(id)
                    continue
                }
                position += 1
                try connection.run("""
                    INSERT INTO habits (name, emoji, color, default_duration, created_at, archived_at, schedule,
                                        target_milli, target_kind, target_unit, paused_from, group_name, position, reminders)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """, Self.values(habit, now: now, position: position))
                let id = connection.lastInsertRowID
                for rule in habit.pastRules {
                    try connection.run("""
                        INSERT INTO habit_rules (habit_id, until, schedule, target_milli, target_kind, target_unit)
                        VALUES (?, ?, ?, ?, ?, ?)
                        """, [.integer(id), .text(rule.until.description), .text(rule.schedule.storage)] + Self.targetValues(rule.target))
                }
                ids.append(id)
                durations[id] = habit.defaultDuration
                if byName[habit.name] == nil { byName[habit.name] = id }
                counts.habits += 1
            }
            let habitTotal = existingHabits.count + counts.habits
            guard habitTotal <= Habits.maxHabits else { throw Habits.LimitReached(kind: .habits, wouldHold: habitTotal) }
            var seen: Set<String> = []
            var existingLogs = 0
            if mode == .merge {
                for row in try connection.query("SELECT habit_id, day, start_minute FROM habit_instances") {
                    seen.insert("\(row.int64(0)) \(row.string(1)) \(row.int(2))")
                    existingLogs += 1
                }
            }
            var newInstances: [(habit: Int64, instance: Plan.Instance)] = []
            for instance in plan.instances {
                let habit = ids[instance.habit]
                if mode == .merge, !seen.insert("\(habit) \(instance.day) \(instance.startMinute)").inserted { continue }
                newInstances.append((habit, instance))
            }
            let logTotal = existingLogs + newInstances.count
            guard logTotal <= Habits.maxLogs else { throw Habits.LimitReached(kind: .logs, wouldHold: logTotal) }
            step(plan.instances.count - newInstances.count)
            for (habit, instance) in newInstances {
                step()
                let duration = instance.durationMinutes ?? durations[habit] ?? loopDuration
                try connection.run("""
                    INSERT INTO habit_instances (habit_id, day, start_minute, duration_minutes, note, created_at, amount_milli, timed,
                                                 logged_by)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """, [.integer(habit), .text(instance.day.description), .integer(Int64(instance.startMinute)),
                          .integer(Int64(duration)), .text(instance.note), .integer(now),
                          instance.amountMilli.map(SQLValue.integer) ?? .null, .integer(instance.timed ? 1 : 0),
                          instance.loggedBy.map(SQLValue.text) ?? .null])
                counts.instances += 1
            }
            for entry in plan.entries {
                step()
                let inserted = try connection.run("""
                    INSERT INTO entries (day, body, created_at, updated_at) VALUES (?, ?, ?, ?) ON CONFLICT (day) DO NOTHING
                    """, [.text(entry.day.description), .text(entry.text), .integer(now), .integer(now)])
                counts.entries += inserted
            }
            var notes: Set<String> = []
            if mode == .merge {
                for row in try connection.query("SELECT day, body, created_at FROM notes") {
                    notes.insert("\(row.string(0))\u{0}\(row.string(1))\u{0}\(row.int64(2))")
                }
            }
            for note in plan.notes {
                step()
                if mode == .merge, !notes.insert("\(note.day)\u{0}\(note.text)\u{0}\(note.createdAt)").inserted { continue }
                try connection.run("INSERT INTO notes (day, body, created_at) VALUES (?, ?, ?)",
                                   [.text(note.day.description), .text(note.text), .integer(note.createdAt)])
                counts.notes += 1
            }
            for mood in plan.moods {
                step()
                counts.moods += try connection.run("INSERT INTO moods (day, value) VALUES (?, ?) ON CONFLICT (day) DO NOTHING",
                                                   [.text(mood.day.description), .integer(Int64(mood.mood.value))])
            }
            for skip in plan.skips {
                try connection.run("INSERT INTO habit_skips (habit_id, day) VALUES (?, ?) ON CONFLICT DO NOTHING",
                                   [.integer(ids[skip.habit]), .text(skip.day.description)])
            }
            // A vacation already there is kept once; one overlapping a different one refuses the import.
            for vacation in plan.vacations {
                let first = vacation.first.description, last = vacation.last.description
                let overlapping = try connection.query("SELECT first, last FROM vacations WHERE first <= ? AND last >= ?",
                                                       [.text(last), .text(first)]).map { ($0.string(0), $0.string(1)) }
                if overlapping.contains(where: { $0 == (first, last) }) { continue }
                if let other = overlapping.first { throw VacationOverlap(vacation: (first, last), existing: other) }
                try connection.run("INSERT INTO vacations (first, last) VALUES (?, ?)", [.text(first), .text(last)])
            }
            counts.photos = try DayPhotos.insert(photos, quotaBytes: photoQuotaBytes, now: now, in: connection)
            if dryRun { throw DryRun(counts: counts) }
            return counts
        }
    }
}
