/// The fields of a form body or query string, in order; names may repeat.
public struct FormFields: Sendable, Sequence {
    public typealias Field = (name: String, value: String)

    public private(set) var fields: [Field]

    public init(_ fields: [Field] = []) {
        self.fields = fields
    }

    public var count: Int { fields.count }

    public var isEmpty: Bool { fields.isEmpty }

    public func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }

    /// The first value of `name` (names are case-sensitive), if any.
    public subscript(_ name: String) -> String? {
        fields.first { $0.name == name }?.value
    }

    /// Every value of `name`, in order (checkboxes, multi-selects).
    public func values(_ name: String) -> [String] {
        fields.filter { $0.name == name }.map(\.value)
    }
}
