/// A `ValuePath` as plain data: `count` keys from `first` in the program's key table.
struct PathReference: Sendable, Equatable {
    enum Kind: UInt8, Sendable {
        case current, loopIndex, keys
    }

    var kind: Kind
    var first: Int32 = 0
    var count: Int32 = 0

    static let current = PathReference(kind: .current)
}
