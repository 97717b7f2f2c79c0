import Files
import HTTP

/// The unsent rest of a `StreamedBody`, read a chunk at a time into a connection's output
/// as the client takes it: one chunk in memory per download, however large the body.
final class BodyStream {
    /// How much is read at once: a few socket buffers' worth.
    static let chunkBytes = 256 * 1024

    enum ReadError: Error, Equatable {
        /// The file could not be opened or read (removed, unreadable).
        case unreadable(FileError)
        /// The file ended before the size the body promised.
        case shorter(path: String)

        var message: String {
            switch self {
            case let .unreadable(error): "\(error)"
            case let .shorter(path): "\(path) is shorter than when the response began"
            }
        }
    }

    private let parts: [StreamedBody.Part]
    private var index = 0
    /// How far into `parts[index]` the reading is.
    private var offset: Int64 = 0
    /// The open file of the current part, if it is a file.
    private var file: OpenFile?
    /// Bytes not yet read.
    private(set) var remaining: Int64

    init(_ body: StreamedBody) {
        parts = body.parts
        remaining = body.length
    }

    /// The next bytes of the body, at most `chunkBytes` (never empty while `remaining > 0`).
    func next() throws(ReadError) -> [UInt8] {
        while index < parts.count {
            switch parts[index] {
            case let .bytes(bytes):
                if offset == 0, bytes.count <= Self.chunkBytes {
                    advance(by: Int64(bytes.count))
                    if bytes.isEmpty { continue }
                    return bytes
                }
                let start = Int(offset), end = min(bytes.count, start + Self.chunkBytes)
                advance(by: Int64(end - start))
                return Array(bytes[start..<end])
            case let .file(path, size):
                if size == 0 { advance(by: 0); continue }
                let open: OpenFile
                if let file {
                    open = file
                } else {
                    do { open = try OpenFile(reading: path) } catch { throw .unreadable(error) }
                    file = open
                }
                let wanted = Int(min(Int64(Self.chunkBytes), size - offset))
                let chunk: [UInt8]
                do { chunk = try open.read(at: offset, count: wanted) } catch { throw .unreadable(error) }
                guard chunk.count == wanted else { throw .shorter(path: path) }
                advance(by: Int64(chunk.count))
                return chunk
            }
        }
        return []
    }

    /// Counts `count` bytes of the current part as read; moves to the next part at its end.
    private func advance(by count: Int64) {
        offset += count
        remaining -= count
        if offset >= parts[index].count {
            file = nil
            index += 1
            offset = 0
        }
    }
}
