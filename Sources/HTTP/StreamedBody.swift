/// A response body too large to hold in memory (a member's export with its photos): bytes
/// made up front and files read only as the client takes them. Its length is known before the
/// first byte goes, so it is sent with a `Content-Length` like any other body.
///
/// A file must still hold `size` bytes when its turn comes; if it does not (removed, cut
/// short), the server closes the connection mid-body, so the client sees a truncated
/// download rather than different bytes under the promised length.
public struct StreamedBody: Sendable, Equatable {
    public enum Part: Sendable, Equatable {
        case bytes([UInt8])
        case file(path: String, size: Int64)

        public var count: Int64 {
            switch self {
            case let .bytes(bytes): Int64(bytes.count)
            case let .file(_, size): size
            }
        }
    }

    public let parts: [Part]
    /// The body's length in bytes: its `Content-Length`.
    public let length: Int64

    public init(parts: [Part]) {
        self.parts = parts
        length = parts.reduce(0) { $0 + $1.count }
    }
}
