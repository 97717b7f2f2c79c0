import Domain
import JSON
import PlainText
import TimeZones

/// Journey's export (Journey.Cloud): a zip of one JSON file per entry, its photos beside it.
extension Importer {
    /// What a Journey or Diaro export leaves out.
    package struct JourneyOutcome: Equatable {
        /// Photos named by an entry whose file is not in the zip (or is not a photo Dawn takes): dropped.
        package var droppedPhotos = 0
    }

    /// The names of photo files Dawn takes from another app's zip.
    static let photoExtensions: Set<String> = ["jpg", "jpeg", "png", "heic", "webp"]

    static func isPhotoName(_ name: String) -> Bool {
        guard let dot = name.lastIndex(of: ".") else { return false }
        return photoExtensions.contains(name[name.index(after: dot)...].lowercased())
    }

    /// Whether the file is one of Journey's entries: a JSON object with `date_journal`.
    package static func isJourneyEntry(_ bytes: [UInt8]) -> Bool {
        guard let root = try? jsonDocument(bytes, filename: "") else { return false }
        return (try? root.optionalMember("date_journal")) != nil
    }

    /// Journey's entries, one JSON object a file (`name`, `bytes`): `date_journal` (milliseconds
    /// since 1970) in its `timezone` (UTC when absent or unknown) gives the day; `text`, often
    /// HTML, as plain text; its `tags` a line at the end ("🏷️ a, b"); a `favourite` entry a
    /// note "⭐"; each of its `photos` (names of files in the zip, `files`) the day's photo.
    /// `mood` is left out: what Journey's numbers mean is not published.
    package static func readJourney(_ entryFiles: [(name: String, bytes: [UInt8])], files: Set<String>,
                                    zone: (String) -> TimeZoneRules?, into plan: inout Plan) throws(Problem) -> JourneyOutcome {
        var outcome = JourneyOutcome()
        var entries: [JournalEntry] = []
        var zones: [String: TimeZoneRules] = [:]
        for file in entryFiles {
            let node = try jsonDocument(file.bytes, filename: file.name)
            func place(_ field: String) -> Problem.Place { .record("\(file.name) \(field)") }
            do {
                let milliseconds = try node.member("date_journal").int64()
                guard (0...maxMilliseconds).contains(milliseconds) else {
                    throw Problem(place: place("date_journal"), key: "import.problem.date", arguments: ["value": String(milliseconds)])
                }
                let seconds = milliseconds / 1000
                let zoneName = try node.optionalMember("timezone")?.string() ?? "UTC"
                let rules = zones[zoneName] ?? zone(zoneName) ?? .utc
                zones[zoneName] = rules
                let day = rules.localDate(at: seconds)
                var text = journalText(fromHTML: try node.optionalMember("text")?.string() ?? "")
                for name in try node.optionalMember("photos")?.elements().map({ node throws(JSONDecodingError) in try node.string() }) ?? [] {
                    if !name.contains("/"), isPhotoName(name), files.contains(name) {
                        plan.photos.append(Plan.Photo(day: day, file: name, caption: "", sha256: "", width: 0, height: 0))
                    } else {
                        outcome.droppedPhotos += 1
                    }
                }
                let tags = try node.optionalMember("tags")?.elements().map { node throws(JSONDecodingError) in try node.string() } ?? []
                text = withTags(text, tags)
                if try node.optionalMember("favourite")?.bool() == true {
                    plan.notes.append(Plan.Note(day: day, text: "⭐", createdAt: seconds))
                }
                entries.append(JournalEntry(day: day, order: milliseconds, text: text))
            } catch let problem as Problem {
                throw problem
            } catch let error as JSONDecodingError {
                throw Problem(place: .record("\(file.name)\(error.path.isEmpty ? "" : " " + error.path)"), key: "import.problem.field")
            } catch {
                throw Problem(place: .file(file.name), key: "import.problem.field")
            }
        }
        try checkPhotosPerDay(plan, filename: "zip")
        try addJournalEntries(entries, filename: "zip", into: &plan)
        return outcome
    }

    /// The last millisecond of the year 9999: later dates are refused.
    static let maxMilliseconds: Int64 = 253_402_300_799_999

    /// The text with its tags as a line at the end ("🏷️ a, b"), blank tags left out.
    static func withTags(_ text: String, _ tags: [String]) -> String {
        let named = tags.map { String(PlainText.trimmed($0)) }.filter { !$0.isEmpty }
        guard !named.isEmpty else { return text }
        let body = String(PlainText.trimmed(text))
        return body + (body.isEmpty ? "" : "\n\n") + "🏷️ " + named.joined(separator: ", ")
    }

    static func checkPhotosPerDay(_ plan: Plan, filename: String) throws(Problem) {
        var perDay: [LocalDate: Int] = [:]
        for photo in plan.photos {
            perDay[photo.day, default: 0] += 1
            guard perDay[photo.day]! <= PhotoConstants.maxPerDay else {
                throw Problem(place: .file(filename), key: "import.problem.photos_per_day", arguments: ["value": photo.day.description],
                              numbers: ["max": PhotoConstants.maxPerDay])
            }
        }
    }

    /// Simple HTML as the plain text an entry holds: paragraphs, blocks and `<br>` become
    /// line breaks, list items "- " lines, every other tag is dropped (a `<script>` or
    /// `<style>` with what it holds), and entities are read. Text with no tag is kept as it is.
    package static func journalText(fromHTML html: String) -> String {
        let b = Array(html.utf8)
        func isTagStart(_ i: Int) -> Bool {
            i + 1 < b.count && b[i] == UInt8(ascii: "<")
                && (b[i + 1] == UInt8(ascii: "/") || b[i + 1] == UInt8(ascii: "!") || (b[i + 1] | 0x20) >= 97 && (b[i + 1] | 0x20) <= 122)
        }
        guard b.indices.contains(where: isTagStart) else { return html }
        var out: [UInt8] = []
        var i = 0
        // Past the last `>` no tag can close: not searched again for every `<` (linear time).
        let lastClose = b.lastIndex(of: UInt8(ascii: ">")) ?? -1
        func newlines(_ n: Int) {
            guard !out.isEmpty else { return }
            var have = 0
            while have < out.count, out[out.count - 1 - have] == 10 { have += 1 }
            if have < n { out += Array(repeating: 10, count: n - have) }
        }
        while i < b.count {
            if b[i] == UInt8(ascii: "<"), i < lastClose, isTagStart(i), let close = b[i...].firstIndex(of: UInt8(ascii: ">")) {
                var nameStart = i + 1
                let closing = b[nameStart] == UInt8(ascii: "/")
                if closing { nameStart += 1 }
                var nameEnd = nameStart
                while nameEnd < close, (b[nameEnd] | 0x20) >= 97 && (b[nameEnd] | 0x20) <= 122 || (48...57).contains(b[nameEnd]) { nameEnd += 1 }
                let name = String(decoding: b[nameStart..<nameEnd], as: UTF8.self).lowercased()
                i = close + 1
                switch name {
                case "br": out.append(10)
                case "p", "div", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "blockquote", "pre", "table", "tr", "hr":
                    newlines(2)
                case "li":
                    if !closing { newlines(1); out += Array("- ".utf8) }
                case "script", "style":
                    if !closing {
                        // Everything up to its closing tag is left out.
                        let end = Array("</\(name)".utf8)
                        var j = i
                        while j < b.count, !(b[j] == UInt8(ascii: "<") && b[j...].prefix(end.count).map({ $0 | 0x20 }) == end.map({ $0 | 0x20 })) { j += 1 }
                        i = j
                    }
                default: break
                }
                continue
            }
            if b[i] == UInt8(ascii: "&"), let (scalar, length) = entity(b, at: i) {
                out += Array(String(Character(scalar)).utf8)
                i += length
                continue
            }
            out.append(b[i])
            i += 1
        }
        var text = String(decoding: out, as: UTF8.self).replacing("\u{00A0}", with: " ")
        while text.contains("\n\n\n") { text = text.replacing("\n\n\n", with: "\n\n") }
        return String(PlainText.trimmed(text))
    }

    /// The character an HTML or XML entity at `i` (`&amp;`, `&#233;`, `&#xE9;`) stands for, and
    /// its length; nil when there is none there.
    static func entity(_ b: [UInt8], at i: Int) -> (Unicode.Scalar, Int)? {
        guard let semicolon = b[i...].prefix(12).firstIndex(of: UInt8(ascii: ";")) else { return nil }
        let name = String(decoding: b[(i + 1)..<semicolon], as: UTF8.self)
        let length = semicolon - i + 1
        switch name {
        case "amp": return ("&", length)
        case "lt": return ("<", length)
        case "gt": return (">", length)
        case "quot": return ("\"", length)
        case "apos": return ("'", length)
        case "nbsp": return ("\u{00A0}", length)
        default:
            guard name.hasPrefix("#") else { return nil }
            let digits = name.dropFirst()
            let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
            guard let value, value != 0, let scalar = Unicode.Scalar(value) else { return nil }
            return (scalar, length)
        }
    }
}
