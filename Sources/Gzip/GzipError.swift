/// Why gzip data could not be decompressed.
public enum GzipError: Error, Equatable, Sendable {
    /// Not gzip, or damaged: zlib's own explanation.
    case corrupt(String)
    /// The data ends before the gzip stream does.
    case truncated
    /// Decompressing would produce more than `maxOutputBytes`.
    case tooLarge(maxOutputBytes: Int)
    /// zlib failed for a reason unrelated to the input (e.g. out of memory).
    case zlib(code: Int32)

    public var message: String {
        switch self {
        case let .corrupt(reason): "Corrupt gzip data: \(reason)"
        case .truncated: "Truncated gzip data"
        case let .tooLarge(max): "Decompressed data larger than \(max) bytes"
        case let .zlib(code): "zlib error \(code)"
        }
    }
}
