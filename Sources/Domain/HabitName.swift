import PlainText

/// A habit's name: trimmed of whitespace and newlines, 1–60 characters (Unicode
/// scalars, as `PlainText.length` and the schema's `CHECK` count them), one line.
///
/// One line of text in the sense of `PlainText.isSingleLine`, as a member's display name.
public struct HabitName: Hashable, Sendable, CustomStringConvertible {
    public let value: String

    public init(_ raw: String) throws(HabitError) {
        let trimmed = PlainText.trimmed(raw)
        guard HabitConstants.nameLength.contains(PlainText.length(trimmed)) else { throw .nameLength }
        guard PlainText.isSingleLine(trimmed) else { throw .nameCharacters }
        value = String(trimmed)
    }

    public var description: String { value }
}
