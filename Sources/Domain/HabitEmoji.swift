import PlainText
/// A habit's emoji: after trimming, exactly one grapheme cluster that shows as an
/// emoji, at most `HabitConstants.emojiMaximumBytes` bytes of UTF-8.
///
/// Unicode marks the digits, "#", "*", "©" and "®" as `isEmoji` because they may
/// start an emoji sequence; alone they are text. So a cluster counts only when it is
/// presented as an emoji (UTS #51): its first scalar is emoji-presentation by default
/// (😀, 👍, ⭐, regional indicators), or the cluster asks for emoji presentation with
/// U+FE0F (⭐️, ❤️, 🏳️‍🌈), an emoji modifier (☝🏽), or a keycap (1️⃣). Every scalar of
/// the cluster must belong in an emoji sequence: emoji, ZWJ, U+FE0F, the keycap mark
/// U+20E3 (only after 0–9, # or *, and last), or tag characters (🏴󠁧󠁢󠁳󠁣󠁴󠁿). The text
/// selector U+FE0E, letters and combining accents are refused.
public struct HabitEmoji: Hashable, Sendable, CustomStringConvertible {
    public let value: String

    /// ⭐️ (U+2B50 U+FE0F), what a new habit's form starts with.
    public static let `default` = HabitEmoji(unchecked: HabitConstants.defaultEmoji)

    public init(_ raw: String) throws(HabitError) {
        let trimmed = PlainText.trimmed(raw)
        guard let character = trimmed.first else { throw .emojiMissing }
        guard trimmed.utf8.count <= HabitConstants.emojiMaximumBytes else { throw .emojiTooLong }
        guard trimmed.index(after: trimmed.startIndex) == trimmed.endIndex else { throw .emojiNotSingle }
        guard Self.isEmoji(character) else { throw .emojiNotEmoji }
        value = String(trimmed)
    }

    private init(unchecked value: String) {
        self.value = value
    }

    public var description: String { value }

    private static func isEmoji(_ character: Character) -> Bool {
        let scalars = Array(character.unicodeScalars)
        guard let first = scalars.first, first.properties.isEmoji else { return false }
        for (offset, scalar) in scalars.enumerated() {
            switch scalar {
            case zeroWidthJoiner, emojiVariationSelector, tags: continue
            case keycapMark:
                guard offset == scalars.count - 1, keycapBases.contains(first) else { return false }
            default:
                guard scalar.properties.isEmoji else { return false }
            }
        }
        return first.properties.isEmojiPresentation
            || scalars.contains { $0 == emojiVariationSelector || $0 == keycapMark || $0.properties.isEmojiModifier }
    }

    private static let zeroWidthJoiner: Unicode.Scalar = "\u{200D}"
    /// VS16: show the preceding character as an emoji.
    private static let emojiVariationSelector: Unicode.Scalar = "\u{FE0F}"
    /// COMBINING ENCLOSING KEYCAP.
    private static let keycapMark: Unicode.Scalar = "\u{20E3}"
    private static let keycapBases: Set<Unicode.Scalar> = Set("0123456789#*".unicodeScalars)
    /// TAG SPACE…CANCEL TAG, which spell subdivision flags after 🏴.
    private static let tags: ClosedRange<Unicode.Scalar> = "\u{E0020}"..."\u{E007F}"
}
