/// The name shown for a member: trimmed, 1–60 characters (grapheme clusters), one line.
///
/// Refused anywhere inside: C0 and C1 controls and DEL (newline, tab…), the line and
/// paragraph separators U+2028/2029, and the bidi embeddings, overrides and isolates
/// U+202A–202E and U+2066–2069, which could make a name display as someone else's or
/// reorder the text around it. Zero-width joiners stay allowed (emoji sequences).
public struct DisplayName: Hashable, Sendable, CustomStringConvertible {
    public static let maximumLength = 60

    public let value: String

    public init(_ raw: String) throws(AccountError) {
        let trimmed = raw.trimmingWhitespace
        guard (1...Self.maximumLength).contains(trimmed.count),
            !trimmed.unicodeScalars.contains(where: Self.isRefused)
        else { throw .displayNameInvalid }
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
