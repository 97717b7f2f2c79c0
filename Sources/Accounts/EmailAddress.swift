import PlainText

/// A member's email address as typed on `/account` or given to `dawn user email`,
/// normalised (`EmailAddressShape.normalized`: trimmed, the domain lowercased, the local
/// part as written). Compared with others ignoring ASCII case.
public struct EmailAddress: Hashable, Sendable, CustomStringConvertible {
    public static let maximumLength = EmailAddressShape.maximumLength

    /// Why a typed address was refused.
    public enum Problem: Error, Equatable, Sendable {
        case empty
        case tooLong
        case invalid
    }

    public let value: String

    public init(_ raw: String) throws(Problem) {
        let trimmed = PlainText.trimmed(raw)
        guard !trimmed.isEmpty else { throw .empty }
        guard trimmed.utf8.count <= Self.maximumLength else { throw .tooLong }
        guard let value = EmailAddressShape.normalized(raw) else { throw .invalid }
        self.value = value
    }

    public var description: String { value }
}
