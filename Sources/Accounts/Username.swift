import PlainText

/// A sign-in name: trimmed, ASCII-lowercased, then 3–32 characters of `a-z 0-9 _ . -`.
///
/// Only ASCII is folded: full Unicode lowercasing would turn look-alikes such as the
/// Kelvin sign into plain letters, so non-ASCII input is refused rather than mapped.
public struct Username: Hashable, Sendable, CustomStringConvertible {
    public static let lengthLimits = 3...32

    public let value: String

    public init(_ raw: String) throws(AccountError) {
        guard let value = Self.normalized(raw) else { throw .usernameInvalid }
        self.value = value
    }

    public var description: String { value }

    /// Trimmed and ASCII-lowercased, or nil when what remains breaks the rules.
    static func normalized(_ raw: String) -> String? {
        let folded = Self.folded(raw)
        let bytes = folded.utf8
        guard Self.lengthLimits.contains(bytes.count), bytes.allSatisfy(Self.isAllowed) else { return nil }
        return folded
    }

    /// Trimmed and ASCII-lowercased without checking the rules; also the key the sign-in
    /// throttle counts failures under.
    static func folded(_ raw: String) -> String {
        let trimmed = PlainText.trimmed(raw)
        return String(decoding: trimmed.utf8.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }, as: UTF8.self)
    }

    private static func isAllowed(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "-"):
            true
        default:
            false
        }
    }
}
