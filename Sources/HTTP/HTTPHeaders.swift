/// An ordered list of header fields with ASCII case-insensitive lookup.
/// Names keep the case they were given; lookups never allocate.
public struct HTTPHeaders: Sendable, Sequence, ExpressibleByDictionaryLiteral {
    public typealias Field = (name: String, value: String)

    public private(set) var fields: [Field] = []

    public init() {}

    public init(_ fields: [Field]) {
        self.fields = fields
    }

    public init(dictionaryLiteral elements: (String, String)...) {
        fields = elements.map { (name: $0.0, value: $0.1) }
    }

    public var count: Int { fields.count }

    public func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }

    /// The first value of `name`, if any.
    public subscript(name: String) -> String? {
        for field in fields where Self.namesEqual(field.name, name) { return field.value }
        return nil
    }

    public func values(for name: String) -> [String] {
        fields.filter { Self.namesEqual($0.name, name) }.map(\.value)
    }

    public func contains(_ name: String) -> Bool { self[name] != nil }

    public mutating func add(_ name: String, _ value: String) {
        fields.append((name: name, value: value))
    }

    /// Replaces every field called `name` with one field.
    public mutating func set(_ name: String, _ value: String) {
        remove(name)
        fields.append((name: name, value: value))
    }

    public mutating func remove(_ name: String) {
        fields.removeAll { Self.namesEqual($0.name, name) }
    }

    /// ASCII case-insensitive comparison, as header names are tokens.
    public static func namesEqual(_ a: String, _ b: String) -> Bool {
        // O(1) for native strings, and most names differ in length.
        guard a.utf8.count == b.utf8.count else { return false }
        // Every request looks up a few names: compare the bytes in place (native and small
        // strings alike), not through two UTF-8 iterators.
        if let inPlace = a.utf8.withContiguousStorageIfAvailable({ x in
            b.utf8.withContiguousStorageIfAvailable { y in bytesEqualIgnoringCase(x, y) }
        }), let equal = inPlace {
            return equal
        }
        return bytesEqualIgnoringCase(Array(a.utf8), Array(b.utf8))
    }

    private static func bytesEqualIgnoringCase<C: RandomAccessCollection<UInt8>>(_ a: C, _ b: C) -> Bool
    where C.Index == Int {
        guard a.count == b.count else { return false }
        for offset in 0..<a.count {
            let x = a[a.startIndex + offset], y = b[b.startIndex + offset]
            if x == y { continue }
            let lower = x | 0x20
            if lower != y | 0x20 || lower < UInt8(ascii: "a") || lower > UInt8(ascii: "z") { return false }
        }
        return true
    }
}
