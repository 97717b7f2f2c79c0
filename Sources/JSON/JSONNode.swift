/// A value in a parsed document and its path there, for decoding by hand: each accessor
/// either returns what was asked for or throws a `JSONDecodingError` naming the path, as
/// Foundation's `JSONDecoder` names a coding path (`habits[2].colour`).
public struct JSONNode: Sendable {
    public let value: JSONValue
    public let path: String

    public init(_ value: JSONValue, path: String = "") {
        self.value = value
        self.path = path
    }

    private func child(_ key: String) -> String { path.isEmpty ? key : path + "." + key }

    private func mismatch(_ expected: String) -> JSONDecodingError {
        JSONDecodingError(path: path, message: "expected \(expected), found \(value.kindName)")
    }

    /// Whether the value is `null`.
    public var isNull: Bool { value == .null }

    /// The member `key` of an object, which must be there and not null.
    public func member(_ key: String) throws(JSONDecodingError) -> JSONNode {
        guard case .object(let object) = value else { throw mismatch("an object") }
        guard let member = object[key] else { throw JSONDecodingError(path: child(key), message: "missing") }
        guard member != .null else { throw JSONDecodingError(path: child(key), message: "expected a value, found null") }
        return JSONNode(member, path: child(key))
    }

    /// The member `key` of an object; nil when absent or null.
    public func optionalMember(_ key: String) throws(JSONDecodingError) -> JSONNode? {
        guard case .object(let object) = value else { throw mismatch("an object") }
        guard let member = object[key], member != .null else { return nil }
        return JSONNode(member, path: child(key))
    }

    public func elements() throws(JSONDecodingError) -> [JSONNode] {
        guard case .array(let elements) = value else { throw mismatch("an array") }
        return elements.enumerated().map { JSONNode($0.element, path: path + "[\($0.offset)]") }
    }

    public func string() throws(JSONDecodingError) -> String {
        guard case .string(let string) = value else { throw mismatch("a string") }
        return string
    }

    public func bool() throws(JSONDecodingError) -> Bool {
        guard case .bool(let bool) = value else { throw mismatch("a boolean") }
        return bool
    }

    /// A whole number: an integer, or a decimal with no fraction (`3.0`, `1e2`), as
    /// `JSONDecoder` reads them.
    public func int64() throws(JSONDecodingError) -> Int64 {
        switch value {
        case .integer(let integer): return integer
        case .double(let double):
            guard let integer = Int64(exactly: double) else {
                throw JSONDecodingError(path: path, message: "the number \(JSONWriter.number(double)) is not a whole number in range")
            }
            return integer
        default: throw mismatch("a number")
        }
    }

    public func int() throws(JSONDecodingError) -> Int {
        Int(try int64())
    }

    public func double() throws(JSONDecodingError) -> Double {
        switch value {
        case .integer(let integer): return Double(integer)
        case .double(let double): return double
        default: throw mismatch("a number")
        }
    }
}
