/// The rules for short text people type into Dawn — names, notes — in one place.
///
/// One-line text refuses, anywhere inside: C0 and C1 controls and DEL (newline, tab…),
/// the line and paragraph separators U+2028/2029, and the bidi embeddings, overrides
/// and isolates U+202A–202E and U+2066–2069, which could make a name display as someone
/// else's or reorder the text around it on a page. Zero-width joiners stay allowed
/// (emoji sequences).
public enum PlainText {
    /// Without leading and trailing whitespace (Unicode White_Space, newlines included).
    public static func trimmed<S: StringProtocol>(_ text: S) -> Substring {
        let string = Substring(text)
        guard let first = string.firstIndex(where: { !$0.isWhitespace }),
              let last = string.lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return string[first...last]
    }

    /// Whether `scalar` may not appear in one-line text.
    public static func isRefusedInLine(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true  // C0, DEL, C1
        case 0x2028, 0x2029: true  // line and paragraph separators
        case 0x202A...0x202E, 0x2066...0x2069: true  // bidi embeddings, overrides, isolates
        default: false
        }
    }

    /// Whether `text` is fit for one line: none of the refused scalars.
    public static func isSingleLine<S: StringProtocol>(_ text: S) -> Bool {
        !text.unicodeScalars.contains(where: isRefusedInLine)
    }
}
