/// Why a request path was refused; the server answers 400 (or 404) without touching the disk.
public enum RequestPathError: Error, Equatable, Sendable {
    /// The path does not start with `/` (e.g. the `*` of `OPTIONS *`).
    case notAbsolute
    case invalidEncoding(PercentDecodingError)
    /// A segment that is, or decodes to, `.` or `..`.
    case dotSegment
    /// A segment decoding to a `/`, `\` or control character.
    case forbiddenCharacter

    public var message: String {
        switch self {
        case .notAbsolute: "Path must start with '/'"
        case let .invalidEncoding(error): "Path: \(error.message)"
        case .dotSegment: "Path segments '.' and '..' are not allowed"
        case .forbiddenCharacter: "Path contains an encoded '/', '\\' or control character"
        }
    }
}
