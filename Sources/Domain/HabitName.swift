import PlainText

/// A habit's name: trimmed of whitespace and newlines, 1–60 characters
/// (grapheme clusters), one line.
///
/// One line of text in the sense of `PlainText.isSingleLine`, as a member's display name.
public struct HabitName: Hashable, Sendable, CustomStringConvertible {
    public let value: String

    public init(_ raw: String) throws(HabitError) {
        let trimmed = PlainText.trimmed(raw)
        guard HabitConstants.nameLength.contains(trimmed.count) else { throw .nameLength }
        guard PlainText.isSingleLine(trimmed) else { throw .nameCharacters }
        value = String(trimmed)
    }

    public var description: String { value }
}
