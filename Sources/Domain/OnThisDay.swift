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
            // Line by line, found by scalars (no grapheme walk over a long entry): only the
            // first line with text is looked at, and only as much of it as can be shown.
            var rest = Substring(text)
            while !rest.isEmpty {
                let scalars = rest.unicodeScalars
                let end = scalars.firstIndex(where: Self.isNewline) ?? scalars.endIndex
                let line = Substring(scalars[..<end])
                rest = end < scalars.endIndex ? Substring(scalars[scalars.index(after: end)...]) : ""
                let shown = line.drop(while: \.isWhitespace).prefix(OnThisDayConstants.excerptCharacters * 2)
                let clean = String(String.UnicodeScalarView(shown.unicodeScalars.map { PlainText.isRefusedInLine($0) ? " " : $0 }))
                let trimmed = PlainText.trimmed(clean)
                guard !trimmed.isEmpty else { continue }
                let limit = OnThisDayConstants.excerptCharacters
                guard trimmed.count > limit else { return String(trimmed) }
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

    /// What `Character.isNewline` counts, one scalar at a time.
    private static func isNewline(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }
}
