import Domain
import JSON
import PlainText
import TimeZones

/// The journals families leave, read into a plan: Day One's JSON export, Daylio's backup and
/// a folder of daily Markdown notes. Each gives entries by day (several on one day joined,
/// oldest first, with a rule between them), and Day One and Daylio more: photos, tags,
/// stars, moods. What the files hold is checked like Dawn's own file; a mistake names the
/// file and the record (`Journal.json entries[12].creationDate: …`).
extension Importer {
    /// Between two entries of one day, in the joined entry.
    static let entrySeparator = "\n\n---\n\n"

    /// One entry of another app, before the day's entries are joined.
    struct JournalEntry {
        let day: LocalDate
        /// Orders a day's entries (seconds since 1970, or any increasing number).
        let order: Int64
        let text: String
    }

    /// Joins each day's entries, oldest first, into the plan's entries: refused when a day's
    /// text would pass Dawn's entry limit, naming the day.
    static func addJournalEntries(_ entries: [JournalEntry], filename: String, into plan: inout Plan) throws(Problem) {
        var byDay: [LocalDate: [JournalEntry]] = [:]
        for entry in entries where !entry.text.allSatisfy(\.isWhitespace) { byDay[entry.day, default: []].append(entry) }
        for day in byDay.keys.sorted() {
            let text = byDay[day]!.sorted { $0.order < $1.order }
                .map { String(PlainText.trimmed(PlainText.normalizingLineBreaks($0.text))) }.joined(separator: entrySeparator)
            guard PlainText.length(text) <= Journal.maxEntryCharacters else {
                throw Problem(place: .file(filename), key: "import.problem.day_too_long", arguments: ["value": day.description],
                              numbers: ["max": Journal.maxEntryCharacters])
            }
            guard !plan.entries.contains(where: { $0.day == day }) else {
                throw Problem(place: .file(filename), key: "import.problem.duplicate_entry", arguments: ["value": day.description])
            }
            plan.entries.append(Plan.Entry(day: day, text: text))
        }
    }

    /// The file as a JSON document, or the problem naming it. A UTF-8 byte order mark
    /// before the document is allowed, as `JSONDecoder` allowed it.
    static func jsonDocument(_ bytes: [UInt8], filename: String) throws(Problem) -> JSONNode {
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        guard let document = try? JSONParser.parse(body, limits: jsonLimits) else {
            throw Problem(place: .file(filename), key: "import.problem.json")
        }
        return JSONNode(document)
    }

    // MARK: Day One

    /// What a Day One export leaves out or keeps aside.
    package struct DayOneOutcome: Equatable {
        /// Photo references whose file is not in the zip (or is not a photo Dawn takes): dropped.
        package var droppedPhotos = 0
    }

    /// Day One's JSON export (`Journal.json` in its zip; `photos/<md5>.<type>` beside it):
    /// each entry's `creationDate` (UTC) in its `timeZone` gives the day; its text as typed,
    /// its `![](dayone-moment://…)` references taken out and the photos they name added to the
    /// day (`files` lists the zip's names); its tags a line at the end ("🏷️ a, b"); a starred
    /// entry a note "⭐" on its day.
    package static func readDayOne(_ bytes: [UInt8], filename: String, files: Set<String>, zone: (String) -> TimeZoneRules?,
                           into plan: inout Plan) throws(Problem) -> DayOneOutcome {
        let root = try jsonDocument(bytes, filename: filename)
        var outcome = DayOneOutcome()
        var entries: [JournalEntry] = []
        let list: [JSONNode]
        do {
            list = try root.member("entries").elements()
        } catch {
            throw Problem(place: .file(filename), key: "import.problem.unknown")
        }
        var zones: [String: TimeZoneRules] = [:]
        for (i, node) in list.enumerated() {
            func place(_ field: String) -> Problem.Place { .record("\(filename) entries[\(i)]\(field.isEmpty ? "" : ".")\(field)") }
            do {
                let created = try node.member("creationDate").string()
                guard let seconds = unixSeconds(iso8601: created) else {
                    throw Problem(place: place("creationDate"), key: "import.problem.date", arguments: ["value": created])
                }
                let zoneName = try node.optionalMember("timeZone")?.string() ?? "UTC"
                guard let rules = zones[zoneName] ?? zone(zoneName) else {
                    throw Problem(place: place("timeZone"), key: "import.problem.time_zone", arguments: ["value": zoneName])
                }
                zones[zoneName] = rules
                let day = rules.localDate(at: seconds)
                var text = try node.optionalMember("text")?.string() ?? ""
                // The entry's photos by identifier, each to its file in the zip.
                var photoFiles: [String: String] = [:]
                for photo in try node.optionalMember("photos")?.elements() ?? [] {
                    let identifier = try photo.member("identifier").string()
                    if let md5 = try photo.optionalMember("md5")?.string(), let type = try photo.optionalMember("type")?.string(),
                       md5.utf8.count <= 64, md5.allSatisfy(\.isHexDigit), ["jpeg", "jpg", "png", "heic", "webp"].contains(type) {
                        photoFiles[identifier] = "photos/\(md5).\(type)"
                    }
                }
                let (stripped, references) = takeMomentReferences(text)
                text = stripped
                for identifier in references {
                    if let file = photoFiles[identifier], files.contains(file) {
                        plan.photos.append(Plan.Photo(day: day, file: file, caption: "", sha256: "", width: 0, height: 0))
                    } else {
                        outcome.droppedPhotos += 1
                    }
                }
                let tags = try node.optionalMember("tags")?.elements().map { node throws(JSONDecodingError) in try node.string() } ?? []
                let named = tags.map { String(PlainText.trimmed($0)) }.filter { !$0.isEmpty }
                if !named.isEmpty { text = String(PlainText.trimmed(text)) + "\n\n🏷️ " + named.joined(separator: ", ") }
                if try node.optionalMember("starred")?.bool() == true {
                    plan.notes.append(Plan.Note(day: day, text: "⭐", createdAt: seconds))
                }
                entries.append(JournalEntry(day: day, order: seconds, text: text))
            } catch let problem as Problem {
                throw problem
            } catch let error as JSONDecodingError {
                throw Problem(place: .record("\(filename) \(error.path.isEmpty ? "entries[\(i)]" : error.path)"), key: "import.problem.field")
            } catch {
                throw Problem(place: place(""), key: "import.problem.field")
            }
        }
        var perDay: [LocalDate: Int] = [:]
        for photo in plan.photos {
            perDay[photo.day, default: 0] += 1
            guard perDay[photo.day]! <= PhotoConstants.maxPerDay else {
                throw Problem(place: .file(filename), key: "import.problem.photos_per_day", arguments: ["value": photo.day.description],
                              numbers: ["max": PhotoConstants.maxPerDay])
            }
        }
        try addJournalEntries(entries, filename: filename, into: &plan)
        return outcome
    }

    /// The text without its `![…](dayone-moment://ID)` images, and their IDs in order.
    static func takeMomentReferences(_ text: String) -> (text: String, identifiers: [String]) {
        var out = ""
        var identifiers: [String] = []
        var rest = Substring(text)
        while let open = rest.firstRange(of: "![") {
            guard let close = rest[open.upperBound...].firstRange(of: "](dayone-moment://"),
                  !rest[open.upperBound..<close.lowerBound].contains("\n"),
                  let end = rest[close.upperBound...].firstIndex(of: ")") else {
                out += rest[..<open.upperBound]
                rest = rest[open.upperBound...]
                continue
            }
            out += rest[..<open.lowerBound]
            var identifier = String(rest[close.upperBound..<end])
            // `dayone-moment:/video/ID` and the like: the last path segment is the ID.
            if let slash = identifier.lastIndex(of: "/") { identifier = String(identifier[identifier.index(after: slash)...]) }
            identifiers.append(identifier)
            rest = rest[rest.index(after: end)...]
        }
        out += rest
        return (out, identifiers)
    }

    /// `2026-03-10T08:15:00Z` (fractions of a second and a `±HH:MM` offset allowed) as
    /// seconds since 1970; nil for anything else.
    static func unixSeconds(iso8601 text: String) -> Int64? {
        let b = Array(text.utf8)
        func digits(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= b.count, range.allSatisfy({ (48...57).contains(b[$0]) }) else { return nil }
            return range.reduce(0) { $0 * 10 + Int(b[$1] - 48) }
        }
        guard b.count >= 20, b[4] == 45, b[7] == 45, b[10] == 84 || b[10] == 32, b[13] == 58, b[16] == 58,
              let year = digits(0..<4), let month = digits(5..<7), let dayOfMonth = digits(8..<10),
              let hour = digits(11..<13), let minute = digits(14..<16), let second = digits(17..<19),
              hour < 24, minute < 60, second < 61,
              let day = LocalDate(iso: String(decoding: b[0..<10], as: UTF8.self)), day.year == year,
              day.month == month, day.day == dayOfMonth else { return nil }
        var i = 19
        if i < b.count, b[i] == 46 {   // fractions, ignored
            i += 1
            while i < b.count, (48...57).contains(b[i]) { i += 1 }
        }
        var offset = 0
        if i < b.count, b[i] == 90 {
            i += 1
        } else if i + 6 == b.count, b[i] == 43 || b[i] == 45, b[i + 3] == 58,
                  let h = digits((i + 1)..<(i + 3)), let m = digits((i + 4)..<(i + 6)), h < 24, m < 60 {
            offset = (h * 60 + m) * 60 * (b[i] == 45 ? -1 : 1)
            i += 6
        } else {
            return nil
        }
        guard i == b.count else { return nil }
        return Int64(day.daysSince1970) * 86_400 + Int64(hour * 3600 + minute * 60 + min(second, 59) - offset)
    }

    // MARK: Daylio

    /// Daylio's backup (`backup.daylio` in its zip: Base64 of JSON): `dayEntries` (a 0-based
    /// `month`), each entry's `note_title` and `note` its text, the names of its `tags` a
    /// line at the end, and its `mood` (an id of `customMoods`, whose `mood_group_id` 1–5 runs
    /// from Daylio's best to its worst) the day's mood, the latest entry's on a day of several.
    package static func readDaylio(_ base64: [UInt8], filename: String, into plan: inout Plan) throws(Problem) {
        guard let bytes = decodeBase64(base64) else { throw Problem(place: .file(filename), key: "import.problem.daylio") }
        let root = try jsonDocument(bytes, filename: filename)
        var entries: [JournalEntry] = []
        var moods: [LocalDate: (order: Int64, mood: Mood)] = [:]
        do {
            var groups: [Int64: Int] = [:]
            for node in try root.optionalMember("customMoods")?.elements() ?? [] {
                groups[try node.member("id").int64()] = try node.member("mood_group_id").int()
            }
            var tagNames: [Int64: String] = [:]
            for node in try root.optionalMember("tags")?.elements() ?? [] {
                tagNames[try node.member("id").int64()] = try node.member("name").string()
            }
            for (i, node) in try root.member("dayEntries").elements().enumerated() {
                let place = Problem.Place.record("\(filename) dayEntries[\(i)]")
                let year = try node.member("year").int(), month = try node.member("month").int() + 1
                let dayOfMonth = try node.member("day").int()
                let iso = String(format4(year)) + "-" + twoDigits(month) + "-" + twoDigits(dayOfMonth)
                guard let day = LocalDate(iso: iso), day.description == iso else {
                    throw Problem(place: place, key: "import.problem.date", arguments: ["value": iso])
                }
                let hour = try node.optionalMember("hour")?.int() ?? 0, minute = try node.optionalMember("minute")?.int() ?? 0
                let order = try node.optionalMember("datetime")?.int64() ?? Int64(hour * 60 + minute)
                let title = try node.optionalMember("note_title")?.string() ?? ""
                let note = try node.optionalMember("note")?.string() ?? ""
                var text = [title, note].map { String(PlainText.trimmed($0)) }.filter { !$0.isEmpty }.joined(separator: "\n\n")
                let tags = try node.optionalMember("tags")?.elements().compactMap { node throws(JSONDecodingError) in
                    tagNames[try node.int64()]
                } ?? []
                if !tags.isEmpty { text += (text.isEmpty ? "" : "\n\n") + "🏷️ " + tags.joined(separator: ", ") }
                entries.append(JournalEntry(day: day, order: order, text: text))
                if let id = try node.optionalMember("mood")?.int64() {
                    guard let group = groups[id] ?? (1...5).contains(Int(id)).then(Int(id)), (1...5).contains(group),
                          let mood = try? Mood(6 - group) else {
                        throw Problem(place: place, key: "import.problem.mood", arguments: ["value": String(id)])
                    }
                    if moods[day].map({ $0.order <= order }) ?? true { moods[day] = (order, mood) }
                }
            }
        } catch let problem as Problem {
            throw problem
        } catch {
            throw Problem(place: .record("\(filename) \((error as? JSONDecodingError)?.path ?? "")"), key: "import.problem.field")
        }
        try addJournalEntries(entries, filename: filename, into: &plan)
        for day in moods.keys.sorted() { plan.moods.append(Plan.Mood(day: day, mood: moods[day]!.mood)) }
    }

    private static func format4(_ n: Int) -> String { n < 0 || n > 9999 ? "x" : String(repeating: "0", count: 4 - String(n).count) + String(n) }
    private static func twoDigits(_ n: Int) -> String { n >= 0 && n < 10 ? "0\(n)" : String(n) }

    /// Standard Base64 (`+` and `/`, line breaks and padding allowed), read as the
    /// base64url it differs from in two letters; nil when it is not.
    static func decodeBase64(_ text: [UInt8]) -> [UInt8]? {
        let url = text.compactMap { byte -> UInt8? in
            switch byte {
            case UInt8(ascii: "+"): UInt8(ascii: "-")
            case UInt8(ascii: "/"): UInt8(ascii: "_")
            case UInt8(ascii: "-"), UInt8(ascii: "_"): 0   // not standard Base64: refused below
            case 10, 13, 32, 9: nil
            default: byte
            }
        }
        guard !url.contains(0) else { return nil }
        return Base64URL.decode(String(decoding: url, as: UTF8.self))
    }

    // MARK: Markdown notes

    /// A folder of daily notes (Obsidian, Logseq's journals…) in a zip: each `YYYY-MM-DD.md`
    /// (in any folder; Logseq's `YYYY_MM_DD.md` too) is that day's entry, its front matter
    /// (`---` … `---` at the top) left out. `files` are the notes' names and texts.
    package static func readMarkdownNotes(_ files: [(name: String, text: String)], into plan: inout Plan) throws(Problem) {
        var entries: [JournalEntry] = []
        for (order, file) in files.enumerated() {
            guard let day = dailyNoteDay(file.name) else { continue }
            entries.append(JournalEntry(day: day, order: Int64(order), text: withoutFrontMatter(file.text)))
        }
        try addJournalEntries(entries, filename: "zip", into: &plan)
    }

    /// The day a daily note's file name gives (`2026-03-10.md`, `journals/2026_03_10.md`).
    package static func dailyNoteDay(_ path: String) -> LocalDate? {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard name.hasSuffix(".md"), name.utf8.count == 13 else { return nil }
        let stem = String(name.dropLast(3)).replacing("_", with: "-")
        guard let day = LocalDate(iso: stem), day.description == stem else { return nil }
        return day
    }

    static func withoutFrontMatter(_ text: String) -> String {
        let normalized = PlainText.normalizingLineBreaks(text)
        guard normalized.hasPrefix("---\n") else { return normalized }
        let body = normalized.dropFirst(4)
        if let end = body.firstRange(of: "\n---\n") { return String(body[end.upperBound...]) }
        if body.hasSuffix("\n---") { return "" }   // front matter and nothing else
        return normalized
    }
}

private extension Bool {
    func then<T>(_ value: T) -> T? { self ? value : nil }
}
