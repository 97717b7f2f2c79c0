import Glibc
import HTTP

/// The unsent rest of a `StreamedBody`, read a chunk at a time into a connection's output
/// as the client takes it: one chunk in memory per download, however large the body.
final class BodyStream {
    /// How much is read at once: a few socket buffers' worth.
    static let chunkBytes = 256 * 1024

    enum ReadError: Error, Equatable {
        /// The file could not be opened or read (removed, unreadable).
        case unreadable(path: String, errno: Int32)
        /// The file ended before the size the body promised.
        case shorter(path: String)

        var message: String {
            switch self {
            case let .unreadable(path, code): "\(path) cannot be read: \(String(cString: strerror(code)))"
            case let .shorter(path): "\(path) is shorter than when the response began"
            }
        }
    }

    private let parts: [StreamedBody.Part]
    private var index = 0
    /// How far into `parts[index]` the reading is.
    private var offset: Int64 = 0
    /// The open file of the current part, if it is a file.
    private var fd: Int32 = -1
    /// Bytes not yet read.
    private(set) var remaining: Int64

    init(_ body: StreamedBody) {
        parts = body.parts
        remaining = body.length
    }

    deinit { closeFile() }

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
                if fd < 0 {
                    fd = open(path, O_RDONLY | O_CLOEXEC)
                    if fd < 0 { throw .unreadable(path: path, errno: errno) }
                }
                let wanted = Int(min(Int64(Self.chunkBytes), size - offset))
                let chunk = try read(wanted, from: path)
                advance(by: Int64(chunk.count))
                return chunk
            }
        }
        return []
    }

    private func read(_ count: Int, from path: String) throws(ReadError) -> [UInt8] {
        var chunk = [UInt8](repeating: 0, count: count)
        var filled = 0
        var failure: Int32 = 0
        chunk.withUnsafeMutableBytes { buffer in
            while filled < count {
                let n = pread(fd, buffer.baseAddress! + filled, count - filled, off_t(offset) + off_t(filled))
                if n > 0 { filled += n; continue }
                if n < 0, errno == EINTR { continue }
                if n < 0 { failure = errno }
                return
            }
        }
        if failure != 0 { throw .unreadable(path: path, errno: failure) }
        if filled < count { throw .shorter(path: path) }
        return chunk
    }

    /// Counts `count` bytes of the current part as read; moves to the next part at its end.
    private func advance(by count: Int64) {
        offset += count
        remaining -= count
        if offset >= parts[index].count {
            closeFile()
            index += 1
            offset = 0
        }
    }

    private func closeFile() {
        if fd >= 0 { Glibc.close(fd) }
        fd = -1
    }
}
