import PlainText
import TimeZones

/// "On this day": which days of earlier years the day page for a date recalls, and the
/// line it shows for each. The same month and day in every earlier year; 29 February,
/// missing from common years, is recalled on 28 February of a common year (and on 29
/// February itself in a leap year, where 28 February recalls only 28 Februaries).
public enum OnThisDay {
    /// The days the page for `day` may recall, newest first: for each year from
    /// `firstYear` (raised to the first day page's year) to the year before `day`'s.
    /// At most two a year (a common year's 28 February recalls the 29th and the 28th).
    public static func dates(for day: LocalDate, since firstYear: Int) -> [LocalDate] {
        let first = max(firstYear, DayNavigationConstants.firstDay.year)
        guard first < day.year else { return [] }
        let recallsLeapDay = day.month == 2 && day.day == 28 && !day.isLeapYear
        var dates: [LocalDate] = []
        for year in stride(from: day.year - 1, through: first, by: -1) {
            if recallsLeapDay, let leapDay = LocalDate(year: year, month: 2, day: 29) { dates.append(leapDay) }
            if let same = LocalDate(year: year, month: day.month, day: day.day) { dates.append(same) }
        }
        return dates
    }

    /// The line shown for a recalled day: its entry's first line that is not blank, else
    /// its first note, trimmed, without control or bidi characters, at most
    /// `OnThisDayConstants.excerptCharacters` characters (longer ones are cut after a whole
    /// word, or mid-word when the first words are too long, and end in "…").
    /// nil when neither has any text.
    public static func excerpt(entry: String?, firstNote: String?) -> String? {
        for text in [entry, firstNote].compactMap({ $0 }) {
            // Line by line, found by scalar indices into `text` itself (no copy of what is
            // left, no grapheme walk over a long entry): only the first line with text is
            // looked at, and only as much of it as can be shown.
            let scalars = text.unicodeScalars
            var lineStart = scalars.startIndex
            while lineStart < scalars.endIndex {
                let lineEnd = scalars[lineStart...].firstIndex(where: Self.isNewline) ?? scalars.endIndex
                let line = scalars[lineStart..<lineEnd]
                lineStart = lineEnd < scalars.endIndex ? scalars.index(after: lineEnd) : lineEnd
                guard let first = line.firstIndex(where: { !$0.properties.isWhitespace && !PlainText.isRefusedInLine($0) })
                else { continue }
                let limit = OnThisDayConstants.excerptCharacters
                // Twice the room in scalars is enough for most text; characters of many
                // scalars each (accents stacked, emoji sequences) get eight times.
                var (trimmed, cutShort) = Self.cleaned(line, from: first, scalars: limit * 2)
                if cutShort, trimmed.count <= limit {
                    (trimmed, cutShort) = Self.cleaned(line, from: first, scalars: limit * 8)
                }
                guard trimmed.count > limit else {
                    return cutShort ? String(trimmed.prefix(limit - 1)) + "…" : String(trimmed)
                }
                // Cut after the last whole word that fits, unless that leaves under half the room.
                let room = trimmed.prefix(limit - 1)
                if trimmed[room.endIndex].isWhitespace { return String(PlainText.trimmed(room)) + "…" }
                let space = room.lastIndex(where: \.isWhitespace).flatMap {
                    room.distance(from: room.startIndex, to: $0) >= limit / 2 ? $0 : nil
                }
                return String(PlainText.trimmed(space.map { room[..<$0] } ?? room)) + "…"
            }
        }
        return nil
    }

    /// At most `scalars` scalars of `line` from `first`, refused ones (controls, bidi) as
    /// spaces, trimmed; and whether the line went on. A slice with nothing to replace is
    /// copied whole rather than scalar by scalar.
    private static func cleaned(_ line: Substring.UnicodeScalarView, from first: String.Index, scalars: Int)
        -> (text: Substring, cutShort: Bool) {
        let end = line.index(first, offsetBy: scalars, limitedBy: line.endIndex) ?? line.endIndex
        let slice = line[first..<end]
        let text = slice.contains(where: PlainText.isRefusedInLine)
            ? String(String.UnicodeScalarView(slice.map { PlainText.isRefusedInLine($0) ? " " : $0 }))
            : String(Substring(slice))
        return (PlainText.trimmed(text), end < line.endIndex)
    }

    /// What `Character.isNewline` counts, one scalar at a time.
    private static func isNewline(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }
}
