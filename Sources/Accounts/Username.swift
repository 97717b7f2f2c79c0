import PlainText

/// A sign-in name: trimmed, ASCII-lowercased, then 3–32 characters of `a-z 0-9 _ . -`.
///
/// Only ASCII is folded: full Unicode lowercasing would turn look-alikes such as the
/// Kelvin sign into plain letters, so non-ASCII input is refused rather than mapped.
public struct Username: Hashable, Sendable, CustomStringConvertible {
    public static let lengthLimits = UsernameShape.lengthLimits

    public let value: String

    public init(_ raw: String) throws(AccountError) {
        guard let value = Self.normalized(raw) else { throw .usernameInvalid }
        self.value = value
    }

    public var description: String { value }

    /// Trimmed and ASCII-lowercased, or nil when what remains breaks the rules.
    static func normalized(_ raw: String) -> String? {
        let folded = Self.folded(raw)
        guard UsernameShape.matches(folded) else { return nil }
        return folded
    }

    /// Trimmed and ASCII-lowercased without checking the rules; also the key the sign-in
    /// throttle counts failures under.
    static func folded(_ raw: String) -> String {
        let trimmed = PlainText.trimmed(raw)
        return String(decoding: trimmed.utf8.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }, as: UTF8.self)
    }
}
