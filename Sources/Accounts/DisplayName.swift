import PlainText

/// The name shown for a member: trimmed, 1–60 characters (Unicode scalars, as
/// `PlainText.length` counts them), at most 240 bytes of UTF-8, one line. It shows on
/// every member's board and navigation, so a name of a million combining marks (one
/// grapheme cluster) must not pass.
///
/// One line of text in the sense of `PlainText.isSingleLine`: no controls, line
/// separators or bidi overrides that could make a name display as someone else's.
public struct DisplayName: Hashable, Sendable, CustomStringConvertible {
    public static let maximumLength = 60
    /// 60 scalars of at most 4 bytes each; checked first, before anything scans the text.
    public static let maximumBytes = 240

    public let value: String

    public init(_ raw: String) throws(AccountError) {
        let trimmed = PlainText.trimmed(raw)
        guard trimmed.utf8.count <= Self.maximumBytes,
            (1...Self.maximumLength).contains(PlainText.length(trimmed)),
            PlainText.isSingleLine(trimmed)
        else { throw .displayNameInvalid }
        value = String(trimmed)
    }

    public var description: String { value }
}
