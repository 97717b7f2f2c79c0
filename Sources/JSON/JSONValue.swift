/// A JSON value (RFC 8259). Numbers keep what they were written as: an integer that fits
/// Int64 stays exact (`integer`), anything else is a `double`.
public enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case integer(Int64)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// The value under `key` when this is an object holding it.
    public subscript(key: String) -> JSONValue? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    /// What the value is, for error messages: "null", "a boolean", "a number"…
    public var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .integer, .double: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
