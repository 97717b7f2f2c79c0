import Domain
import TimeZones

/// The journal as Markdown (`/export/journal.md`): a title, then one `## YYYY-MM-DD ·
/// long date` section per day with an entry, notes or a mood, oldest first — the mood as
/// its face, the entry as typed, the notes as a list with their times, the photos as images
/// linked by their path in the zip export (`photos/<sha256>.jpg`, beside the file there).
/// Pure: the words
/// (title, dates, mood names) come in already in the member's language.
///
/// What the member typed cannot make structure: a line of an entry that Markdown would
/// read as a heading, a setext underline, a code fence or an HTML block (which could hide
/// the rest of the file) is escaped with a backslash, so every `## ` line that opens a
/// section is one this writer wrote.
enum JournalMarkdown {
    struct Note: Equatable {
        /// "08:15", on the member's wall clock.
        let time: String
        let body: String
    }

    struct Day: Equatable {
        let date: LocalDate
        var mood: Mood?
        var entry: String?
        var notes: [Note] = []
        var photos: [Photo] = []
    }

    struct Photo: Equatable {
        let caption: String
        /// Its path in the zip export, relative to the journal there.
        let path: String
    }

    /// Every day with something on it, oldest first, from lists each sorted by day.
    static func days(entries: [(day: LocalDate, body: String)], notes: [(day: LocalDate, note: Note)],
                     moods: [(day: LocalDate, mood: Mood)], photos: [(day: LocalDate, photo: Photo)] = []) -> [Day] {
        var byDay: [LocalDate: Day] = [:]
        for (day, photo) in photos { byDay[day, default: Day(date: day)].photos.append(photo) }
        for (day, body) in entries { byDay[day, default: Day(date: day)].entry = body }
        for (day, note) in notes { byDay[day, default: Day(date: day)].notes.append(note) }
        for (day, mood) in moods { byDay[day, default: Day(date: day)].mood = mood }
        return byDay.values.sorted { $0.date < $1.date }
    }

    /// The whole file. `heading` gives a day's long date, `mood` a mood's line ("Mood: 🙂 good").
    static func document(title: String, days: [Day], heading: (LocalDate) -> String, mood: (Mood) -> String) -> String {
        var out = "# " + escapedInline(title) + "\n"
        for day in days {
            out += "\n## \(day.date) · \(heading(day.date))\n"
            if let value = day.mood { out += "\n" + mood(value) + "\n" }
            if let entry = day.entry {
                out += "\n"
                for line in entry.split(separator: "\n", omittingEmptySubsequences: false) {
                    out += escapedLine(line) + "\n"
                }
            }
            if !day.notes.isEmpty {
                out += "\n"
                for note in day.notes { out += "- \(note.time) " + escapedInline(note.body) + "\n" }
            }
            if !day.photos.isEmpty {
                out += "\n"
                for photo in day.photos { out += "![" + escapedAltText(photo.caption) + "](" + photo.path + ")\n" }
            }
        }
        return out
    }

    /// A line of an entry, with a backslash before what would make it a heading (`#`),
    /// a setext underline (only `=` or only `-`), a code fence (```` ``` ````, `~~~`) or
    /// an HTML block (`<`). Other lines are kept as typed.
    static func escapedLine(_ line: Substring) -> String {
        // Up to three spaces of indentation still start a block; four make code, which ends with its lines.
        let indent = line.prefix { $0 == " " }
        guard indent.count <= 3 else { return String(line) }
        let rest = line.dropFirst(indent.count)
        guard let first = rest.first else { return String(line) }
        let trimmed = rest.trimmingTrailingWhitespace
        let underline = !trimmed.isEmpty && (trimmed.allSatisfy { $0 == "=" } || trimmed.allSatisfy { $0 == "-" || $0 == " " })
            && trimmed.first == first
        let opensBlock = first == "#" || first == "<" || rest.hasPrefix("```") || rest.hasPrefix("~~~") || underline
        return opensBlock ? String(indent) + "\\" + String(rest) : String(line)
    }

    /// A caption as an image's alt text: a bracket or backslash could end it early or open a
    /// link of the member's own, so each gets a backslash.
    static func escapedAltText(_ text: String) -> String {
        var out = ""
        for character in escapedInline(text) {
            if character == "[" || character == "]" || character == "\\" { out.append("\\") }
            out.append(character)
        }
        return out
    }

    /// A single line placed after other text (the title, a note after its time), where no
    /// block can start: only its line breaks would matter, and there are none (notes are
    /// one line); any left become spaces.
    static func escapedInline(_ text: String) -> String {
        String(text.map { $0 == "\n" || $0 == "\r" ? " " : $0 })
    }
}

private extension Substring {
    var trimmingTrailingWhitespace: Substring {
        var end = endIndex
        while end > startIndex, self[index(before: end)].isWhitespace { end = index(before: end) }
        return self[startIndex..<end]
    }
}
