/// A JSON object: its members in the order written. A key written twice keeps its first
/// value for lookups (as Foundation's `JSONDecoder` does); `members` holds both.
public struct JSONObject: Equatable, Sendable, ExpressibleByDictionaryLiteral {
    public private(set) var members: [(key: String, value: JSONValue)] = []
    private var index: [String: Int] = [:]

    public init() {}

    public init(_ members: [(String, JSONValue)]) {
        for (key, value) in members { append(key, value) }
    }

    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(elements)
    }

    public var count: Int { members.count }

    /// Adds a member at the end.
    public mutating func append(_ key: String, _ value: JSONValue) {
        if index[key] == nil { index[key] = members.count }
        members.append((key, value))
    }

    public subscript(key: String) -> JSONValue? {
        index[key].map { members[$0].value }
    }

    public static func == (a: JSONObject, b: JSONObject) -> Bool {
        a.members.count == b.members.count && zip(a.members, b.members).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }
}
