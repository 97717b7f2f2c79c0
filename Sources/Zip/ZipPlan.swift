/// A zip laid out as the parts to send in order, for streaming: the headers and small
/// entries as bytes, large files by path, read only when sent.
public struct ZipPlan: Equatable, Sendable {
    public enum Part: Equatable, Sendable {
        case bytes([UInt8])
        /// The whole of the file at `path`, which must be `size` bytes when it is read
        /// (the headers already hold its size and CRC-32).
        case file(path: String, size: Int64)

        /// Its number of bytes.
        public var length: Int64 {
            switch self {
            case let .bytes(bytes): Int64(bytes.count)
            case let .file(_, size): size
            }
        }
    }

    /// Local header, data, … central directory and end records; never two `.bytes` in a row.
    public let parts: [Part]
    /// The zip's exact size, for Content-Length.
    public let length: Int64

    init(parts: [Part]) {
        self.parts = parts
        length = parts.reduce(0) { $0 + $1.length }
    }
}
