/// Why percent-encoded text could not be decoded.
public enum PercentDecodingError: Error, Equatable, Sendable {
    /// A `%` not followed by two hex digits.
    case invalidEscape
    /// The decoded bytes are not valid UTF-8 (overlong forms and surrogates included).
    case invalidUTF8
    /// The decoded text contains NUL, which no name, value or path in Dawn may hold.
    case containsNUL

    public var message: String {
        switch self {
        case .invalidEscape: "'%' must be followed by two hex digits"
        case .invalidUTF8: "Percent-encoded bytes are not valid UTF-8"
        case .containsNUL: "NUL character (%00) is not allowed"
        }
    }
}
