import JSON

extension JSONValue {
    /// The string, when this is one.
    var text: String? {
        if case .string(let string) = self { return string }
        return nil
    }

    /// A NumericDate (RFC 7519 §2): seconds since 1970, an integer or a decimal (its whole
    /// seconds); nil for anything else.
    var seconds: Int64? {
        switch self {
        case .integer(let value): return value
        case .double(let value) where value.isFinite && abs(value) < 1e15: return Int64(value.rounded(.down))
        default: return nil
        }
    }
}

extension JSONObject {
    /// Whether a member name is written twice. RFC 7515 §5.2 lets a reader refuse such a
    /// header or claim set; Dawn does, so that no two readers can see different claims.
    var hasDuplicateNames: Bool {
        Set(members.map(\.key)).count != members.count
    }
}
