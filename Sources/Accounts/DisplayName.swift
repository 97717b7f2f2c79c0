import PlainText

/// The name shown for a member: trimmed, 1–60 characters (grapheme clusters), one line.
///
/// One line of text in the sense of `PlainText.isSingleLine`: no controls, line
/// separators or bidi overrides that could make a name display as someone else's.
public struct DisplayName: Hashable, Sendable, CustomStringConvertible {
    public static let maximumLength = 60

    public let value: String

    public init(_ raw: String) throws(AccountError) {
        let trimmed = PlainText.trimmed(raw)
        guard (1...Self.maximumLength).contains(trimmed.count),
            PlainText.isSingleLine(trimmed)
        else { throw .displayNameInvalid }
        value = String(trimmed)
    }

    public var description: String { value }
}
