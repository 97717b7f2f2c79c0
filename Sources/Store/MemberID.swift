/// A family member's account id (the rowid in the instance database). It is the only
/// input to a member database's file name, so a file name can never come from user text.
public struct MemberID: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: Int64

    public init(_ rawValue: Int64) {
        self.rawValue = rawValue
    }

    public var description: String { String(rawValue) }
}
