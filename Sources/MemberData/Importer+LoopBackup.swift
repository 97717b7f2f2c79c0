import Domain
import PlainText
import Store
import TimeZones

extension Importer {
    /// Loop's schema versions (`PRAGMA user_version`) this reader knows: 9 made the tables
    /// it reads, 22 gave repetitions their `value`, 26 is today's.
    static let loopSchemaVersions = 9...26

    /// Loop Habit Tracker's palette, in the order its `color` column counts it.
    static let loopPalette = ["#D32F2F", "#E64A19", "#F57C00", "#FF8F00", "#F9A825", "#AFB42B", "#7CB342", "#388E3C",
                              "#00897B", "#00ACC1", "#039BE5", "#1976D2", "#303F9F", "#5E35B1", "#8E24AA", "#D81B60",
                              "#5D4037", "#303030", "#757575", "#AAAAAA"]

    static func isSQLite(_ bytes: [UInt8]) -> Bool {
        bytes.starts(with: Array("SQLite format 3\u{0}".utf8))
    }

    /// Loop's full backup (`Loop Habits Backup … .db`): its `Habits` (name, frequency, yes/no
    /// or numerical with target and unit, order, archived, colour, reminder) and its
    /// `Repetitions` (a day as milliseconds at UTC midnight; the value read as in
    /// `readLoopCheckmarks`, with the note where the schema has one). The file is opened
    /// from its bytes in memory, read only (`Connection.openImported`), and only tables by
    /// Loop's names are read, with columns this code names.
    static func readLoopBackup(_ bytes: [UInt8], filename: String, into plan: inout Plan, now: Int64) throws(Problem) {
        let file = Problem.Place.file(filename)
        let db: Connection
        do {
            db = try Connection.openImported(bytes)
        } catch {
            throw Problem(place: file, key: "import.problem.sqlite")
        }
        do {
            let version = try db.queryOne("PRAGMA user_version")?.int(0) ?? 0
            guard loopSchemaVersions.contains(version) else {
                throw Problem(place: file, key: "import.problem.loop_version", arguments: ["value": String(version)])
            }
            let kinds = Dictionary(try db.query("SELECT name, type FROM sqlite_master WHERE name IN ('Habits', 'Repetitions')")
                .map { ($0.string(0), $0.string(1)) }, uniquingKeysWith: { first, _ in first })
            guard kinds["Habits"] == "table", kinds["Repetitions"] == "table" else {
                throw Problem(place: file, key: "import.problem.unknown")
            }
            let habitColumns = Set(try db.query("SELECT name FROM pragma_table_info('Habits')").map { $0.string(0) })
            let repetitionColumns = Set(try db.query("SELECT name FROM pragma_table_info('Repetitions')").map { $0.string(0) })
            guard ["id", "name", "archived", "color", "freq_num", "freq_den"].allSatisfy(habitColumns.contains),
                  ["habit", "timestamp"].allSatisfy(repetitionColumns.contains) else {
                throw Problem(place: file, key: "import.problem.unknown")
            }
            // Optional columns as NULL where this version has none: every name here is ours.
            func column(_ name: String, in columns: Set<String>) -> String { columns.contains(name) ? name : "NULL" }
            let habits = try db.query("""
                SELECT id, name, archived, color, freq_num, freq_den, \(column("type", in: habitColumns)),
                       \(column("target_type", in: habitColumns)), \(column("target_value", in: habitColumns)),
                       \(column("unit", in: habitColumns)), \(column("reminder_hour", in: habitColumns)),
                       \(column("reminder_min", in: habitColumns))
                FROM Habits ORDER BY \(column("position", in: habitColumns)), id
                """)
            var indexByID: [Int64: Int] = [:]
            for (i, row) in habits.enumerated() {
                let place = Problem.Place.record("Habits[\(i)]")
                guard let name = try? HabitName(row.string(1)) else { throw Problem(place: place, key: "import.problem.name") }
                guard plan.habitIndex(named: name.value) == nil else {
                    throw Problem(place: place, key: "import.problem.duplicate_name", arguments: ["value": name.value])
                }
                let paletteIndex = row.int(3)
                let colour = loopPalette.indices.contains(paletteIndex) ? loopPalette[paletteIndex] : HabitColor.fallback.hex
                var habit = Plan.Habit(name: name.value, emoji: HabitEmoji.default.value, color: colour,
                                       defaultDuration: loopDuration, createdAt: now, archivedAt: row.int(2) != 0 ? now : nil)
                guard let schedule = loopSchedule(times: row.int(4), interval: row.int(5)) else {
                    throw Problem(place: place, key: "import.problem.frequency", arguments: ["value": "\(row.int(4))/\(row.int(5))"])
                }
                habit.schedule = schedule
                if row.int(6) == 1 {   // NUMERICAL
                    habit.numerical = true
                    let value = row.double(8), unit = row.string(9)
                    if value > 0 {
                        guard let target = try? HabitTarget(amount: value, unit: unit, kind: row.int(7) == 1 ? .atMost : .atLeast),
                              Habits.milli(target.amount) > 0 else {
                            throw Problem(place: place, key: "import.problem.loop_target", arguments: ["value": "\(value) \(unit)"])
                        }
                        habit.target = target
                    }
                }
                if !row.isNull(10), let reminder = ReminderTime(minuteOfDay: row.int(10) * 60 + row.int(11)) {
                    habit.reminders = [reminder]
                }
                indexByID[row.int64(0)] = try plan.add(habit, at: place)
            }
            let value = column("value", in: repetitionColumns), notes = column("notes", in: repetitionColumns)
            let repetitions = try db.query("SELECT habit, timestamp, \(value), \(notes) FROM Repetitions ORDER BY habit, timestamp")
            for (i, row) in repetitions.enumerated() {
                let place = Problem.Place.record("Repetitions[\(i)]")
                // A repetition of a habit the file does not hold (Loop deletes them itself) is left out.
                guard let habit = indexByID[row.int64(0)] else { continue }
                let milliseconds = row.int64(1)
                guard milliseconds >= 0, milliseconds < 4_102_444_800_000 else {   // before 2100
                    throw Problem(place: place, key: "import.problem.date", arguments: ["value": String(milliseconds)])
                }
                let day = LocalDate(daysSince1970: Int(milliseconds / 86_400_000))
                // Before value existed, a repetition was a check-in.
                let loopValue = row.isNull(2) ? 2 : row.int(2)
                // A note on one line, as Dawn keeps a log's note: line breaks and control
                // characters become spaces, and a long one is cut.
                var note = row.isNull(3) ? "" : String(PlainText.trimmed(row.string(3)))
                if !PlainText.isSingleLine(note) || PlainText.length(note) > Habits.maxNoteCharacters {
                    let flat = String(note.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : Character($0) })
                    note = String(PlainText.trimmed(String(flat.prefix(Habits.maxNoteCharacters))))
                }
                try addLoopValue(loopValue, habit: habit, day: day, note: note, into: &plan, at: place)
            }
        } catch let problem as Problem {
            throw problem
        } catch {
            throw Problem(place: file, key: "import.problem.sqlite")
        }
    }
}
