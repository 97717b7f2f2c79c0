/// A habit's name: trimmed of whitespace and newlines, 1–60 characters
/// (grapheme clusters), one line.
///
/// Refused anywhere inside, as for a member's display name: C0 and C1 controls and
/// DEL (newline, tab…), the line and paragraph separators U+2028/2029, and the bidi
/// embeddings, overrides and isolates U+202A–202E and U+2066–2069, which could
/// reorder the text around the name on a page. Zero-width joiners stay allowed
/// (emoji sequences in a name).
public struct HabitName: Hashable, Sendable, CustomStringConvertible {
    public let value: String

    public init(_ raw: String) throws(HabitError) {
        let trimmed = raw.habitTrimmed
        guard HabitConstants.nameLength.contains(trimmed.count) else { throw .nameLength }
        guard !trimmed.unicodeScalars.contains(where: Self.isRefused) else { throw .nameCharacters }
        value = String(trimmed)
    }

    public var description: String { value }

    private static func isRefused(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true  // C0, DEL, C1
        case 0x2028, 0x2029: true  // line and paragraph separators
        case 0x202A...0x202E, 0x2066...0x2069: true  // bidi embeddings, overrides, isolates
        default: false
        }
    }
}

extension StringProtocol {
    /// Without leading and trailing whitespace (Unicode White_Space, newlines included).
    /// Domain has no Foundation, and Accounts' twin is internal to Accounts.
    var habitTrimmed: Substring {
        let string = Substring(self)
        guard let first = string.firstIndex(where: { !$0.isWhitespace }),
            let last = string.lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return string[first...last]
    }
}
