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

    /// The length of text for every limit Dawn sets, in Unicode scalars (code points). It
    /// is what SQLite's `length()` counts, so a form's limit and the schema's `CHECK` agree:
    /// counted in grapheme clusters, "a\r\n" is 2 and 🏃‍♀️ is 1, but they are 3 and 4
    /// to the database. A browser's `maxlength` counts UTF-16 units, never fewer.
    public static func length<S: StringProtocol>(_ text: S) -> Int {
        text.unicodeScalars.count
    }

    /// Text of several lines with every line break as one "\n": browsers send a textarea's
    /// breaks as "\r\n", which would count twice against a limit the browser counted once.
    public static func normalizingLineBreaks<S: StringProtocol>(_ text: S) -> String {
        guard text.unicodeScalars.contains("\r") else { return String(text) }
        var result = String.UnicodeScalarView()
        var afterCR = false
        for scalar in text.unicodeScalars {
            if scalar == "\n", afterCR { afterCR = false; continue }
            afterCR = scalar == "\r"
            result.append(afterCR ? "\n" : scalar)
        }
        return String(result)
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
