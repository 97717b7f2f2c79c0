import Domain
import PlainText
import TimeZones

/// Diaro's backup: `DiaroBackup.xml` (in its zip, photos under `media/photo/`, or bare).
extension Importer {
    /// An element of a small XML document, as `XMLReader` reads it.
    struct XMLElement {
        var name: String
        var attributes: [String: String] = [:]
        var children: [XMLElement] = []
        /// The text directly inside it, entities and CDATA read.
        var text = ""

        func child(_ name: String) -> XMLElement? { children.first { $0.name == name } }
    }

    /// A small XML reader for the backups of other apps: elements, attributes, text, CDATA,
    /// comments and the `<?xml …?>` declaration. A DOCTYPE or an ENTITY declaration is refused
    /// (no external entities, no entity expansion), and so is anything deeper than `maxDepth`
    /// or holding more than `maxElements`. A failure names where it happened as a path
    /// (`diaro_entries[3].text`: a `table` by its `name`, a repeated `r` by its index).
    enum XMLReader {
        struct Failure: Error {
            let path: String
            let declaration: Bool
        }

        static let maxDepth = 16
        static let maxElements = 4_000_000

        static func parse(_ bytes: [UInt8]) throws(Failure) -> XMLElement {
            var b = bytes[...]
            if b.starts(with: [0xEF, 0xBB, 0xBF]) { b = b.dropFirst(3) }
            var i = b.startIndex
            var stack: [XMLElement] = []
            var root: XMLElement?
            var count = 0
            func path() -> String {
                var out = ""
                for (depth, element) in stack.enumerated() where depth > 0 {
                    let parent = stack[depth - 1]
                    if element.name == "table", let name = element.attributes["name"] {
                        out += (out.isEmpty ? "" : ".") + name
                    } else if element.name == "r" {
                        out += "[\(parent.children.filter { $0.name == "r" }.count)]"
                    } else {
                        out += (out.isEmpty ? "" : ".") + element.name
                    }
                }
                return out.isEmpty ? (stack.first?.name ?? "") : out
            }
            func fail(_ declaration: Bool = false) -> Failure { Failure(path: path(), declaration: declaration) }
            func starts(_ text: String) -> Bool { b[i...].starts(with: text.utf8) }
            func isNameByte(_ c: UInt8) -> Bool {
                (c | 0x20) >= 97 && (c | 0x20) <= 122 || (48...57).contains(c) || c == 95 || c == 45 || c == 46 || c == 58 || c >= 0x80
            }
            func isSpace(_ c: UInt8) -> Bool { c == 32 || c == 9 || c == 10 || c == 13 }
            func skipSpace() { while i < b.endIndex, isSpace(b[i]) { i += 1 } }
            func name() throws(Failure) -> String {
                let start = i
                while i < b.endIndex, isNameByte(b[i]) { i += 1 }
                guard i > start else { throw fail() }
                return String(decoding: b[start..<i], as: UTF8.self)
            }
            /// The bytes as text, XML's entities read (HTML's `&nbsp;` is not one).
            func decoded(_ range: Range<Int>) throws(Failure) -> String {
                let all = Array(b[range])
                var out: [UInt8] = []
                var k = 0
                while k < all.count {
                    if all[k] == UInt8(ascii: "&") {
                        guard let (scalar, length) = entity(all, at: k), !all[k...].starts(with: "&nbsp;".utf8) else { throw fail() }
                        out += Array(String(Character(scalar)).utf8)
                        k += length
                    } else {
                        guard all[k] != UInt8(ascii: "<") else { throw fail() }
                        out.append(all[k])
                        k += 1
                    }
                }
                guard let text = String(validating: out, as: UTF8.self) else { throw fail() }
                return text
            }
            while i < b.endIndex {
                if b[i] != UInt8(ascii: "<") {
                    let start = i
                    while i < b.endIndex, b[i] != UInt8(ascii: "<") { i += 1 }
                    let text = try decoded(start..<i)
                    if stack.isEmpty {
                        guard text.utf8.allSatisfy(isSpace) else { throw fail() }
                    } else {
                        stack[stack.count - 1].text += text
                    }
                    continue
                }
                if starts("<!--") {
                    guard let end = b[(i + 4)...].firstRange(of: Array("-->".utf8)) else { throw fail() }
                    i = end.upperBound
                } else if starts("<![CDATA[") {
                    guard !stack.isEmpty, let end = b[(i + 9)...].firstRange(of: Array("]]>".utf8)) else { throw fail() }
                    guard let text = String(validating: b[(i + 9)..<end.lowerBound], as: UTF8.self) else { throw fail() }
                    stack[stack.count - 1].text += text
                    i = end.upperBound
                } else if starts("<!") {
                    throw fail(true)   // DOCTYPE, ENTITY and the like: never read
                } else if starts("<?") {
                    guard stack.isEmpty, root == nil, let end = b[(i + 2)...].firstRange(of: Array("?>".utf8)) else { throw fail() }
                    i = end.upperBound
                } else if starts("</") {
                    i += 2
                    let closing = try name()
                    skipSpace()
                    guard i < b.endIndex, b[i] == UInt8(ascii: ">"), let open = stack.last, open.name == closing else { throw fail() }
                    i += 1
                    let done = stack.removeLast()
                    if stack.isEmpty { root = done } else { stack[stack.count - 1].children.append(done) }
                } else {
                    guard root == nil, stack.count < maxDepth, count < maxElements else { throw fail() }
                    count += 1
                    i += 1
                    var element = XMLElement(name: try name())
                    while true {
                        skipSpace()
                        guard i < b.endIndex else { throw fail() }
                        if b[i] == UInt8(ascii: ">") || starts("/>") { break }
                        let attribute = try name()
                        skipSpace()
                        guard i < b.endIndex, b[i] == UInt8(ascii: "=") else { throw fail() }
                        i += 1
                        skipSpace()
                        guard i < b.endIndex, b[i] == UInt8(ascii: "\"") || b[i] == UInt8(ascii: "'") else { throw fail() }
                        let quote = b[i]
                        i += 1
                        guard let end = b[i...].firstIndex(of: quote) else { throw fail() }
                        element.attributes[attribute] = try decoded(i..<end)
                        i = end + 1
                    }
                    stack.append(element)
                    if b[i] == UInt8(ascii: "/") {
                        i += 2
                        let done = stack.removeLast()
                        if stack.isEmpty { root = done } else { stack[stack.count - 1].children.append(done) }
                    } else {
                        i += 1
                    }
                }
            }
            guard stack.isEmpty, let root else { throw fail() }
            return root
        }
    }

    /// Diaro's backup: `<data>` with `<table name="diaro_entries">` rows `<r>`, each `date`
    /// (milliseconds since 1970, UTC) moved by its `tz_offset` (`+01:00`) giving the day; its
    /// `title` (a first line) and `text` the entry; its `tags` (`,uid1,uid2,`) named through
    /// `diaro_tags`. In a zip (`files` its names), the photos of `diaro_attachments`
    /// (`media/photo/<filename>`) are added to their entry's day.
    package static func readDiaro(_ bytes: [UInt8], filename: String, files: Set<String>,
                                  into plan: inout Plan) throws(Problem) -> JourneyOutcome {
        let root: XMLElement
        do {
            root = try XMLReader.parse(bytes)
        } catch {
            throw Problem(place: error.path.isEmpty ? .file(filename) : .record("\(filename) \(error.path)"),
                          key: error.declaration ? "import.problem.xml_declaration" : "import.problem.xml")
        }
        let tables = root.children.filter { $0.name == "table" }
        guard root.name == "data", let entryTable = tables.first(where: { $0.attributes["name"] == "diaro_entries" }) else {
            throw Problem(place: .file(filename), key: "import.problem.unknown")
        }
        func rows(_ table: String) -> [XMLElement] {
            tables.filter { $0.attributes["name"] == table }.flatMap { $0.children.filter { $0.name == "r" } }
        }
        func value(_ row: XMLElement, _ name: String) -> String { String(PlainText.trimmed(row.child(name)?.text ?? "")) }
        var tagNames: [String: String] = [:]
        for row in rows("diaro_tags") { tagNames[value(row, "uid")] = value(row, "title") }
        var outcome = JourneyOutcome()
        var entries: [JournalEntry] = []
        var days: [String: LocalDate] = [:]
        for (i, row) in entryTable.children.filter({ $0.name == "r" }).enumerated() {
            func place(_ field: String) -> Problem.Place { .record("\(filename) diaro_entries[\(i)].\(field)") }
            let date = value(row, "date")
            guard let milliseconds = Int64(date), (0...maxMilliseconds).contains(milliseconds) else {
                throw Problem(place: place("date"), key: "import.problem.date", arguments: ["value": date])
            }
            let offsetText = value(row, "tz_offset")
            guard let offset = offsetSeconds(offsetText) else {
                throw Problem(place: place("tz_offset"), key: "import.problem.time_zone", arguments: ["value": offsetText])
            }
            let day = TimeZoneRules.utc.localDate(at: milliseconds / 1000 + Int64(offset))
            days[value(row, "uid")] = day
            let title = value(row, "title"), body = value(row, "text")
            var text = [title, body].filter { !$0.isEmpty }.joined(separator: "\n\n")
            let tags = value(row, "tags").split(separator: ",").compactMap { tagNames[String(PlainText.trimmed($0))] }
            text = withTags(text, tags)
            entries.append(JournalEntry(day: day, order: milliseconds, text: text))
        }
        for row in rows("diaro_attachments") where value(row, "type") == "photo" {
            let name = value(row, "filename"), file = "media/photo/" + name
            if let day = days[value(row, "entry_uid")], !name.contains("/"), isPhotoName(name), files.contains(file) {
                plan.photos.append(Plan.Photo(day: day, file: file, caption: "", sha256: "", width: 0, height: 0))
            } else {
                outcome.droppedPhotos += 1
            }
        }
        try checkPhotosPerDay(plan, filename: filename)
        try addJournalEntries(entries, filename: filename, into: &plan)
        return outcome
    }

    /// `+01:00`, `-0530`, `GMT+01:00` or nothing (UTC) as seconds east of UTC; nil otherwise.
    static func offsetSeconds(_ text: String) -> Int? {
        var t = Substring(text)
        if t.hasPrefix("GMT") || t.hasPrefix("UTC") { t = t.dropFirst(3) }
        guard !t.isEmpty else { return 0 }
        guard let sign = t.first, sign == "+" || sign == "-" else { return nil }
        let digits = t.dropFirst().filter { $0 != ":" }
        guard digits.count == 4 || digits.count == 2, digits.allSatisfy(\.isASCII), let number = Int(digits),
              t.dropFirst().count == digits.count || (t.dropFirst().count == 5 && Array(t)[3] == ":") else { return nil }
        let hours = digits.count == 2 ? number : number / 100, minutes = digits.count == 2 ? 0 : number % 100
        guard hours <= 14, minutes < 60 else { return nil }
        return (hours * 3600 + minutes * 60) * (sign == "-" ? -1 : 1)
    }
}
