#if canImport(Glibc)
import Glibc
#endif

/// A regular file open for reading in pieces, by offset: a large file read a chunk at a time
/// (a photo sent in a download, a file's checksum) without holding it whole. Closed when
/// the last reference goes.
public final class OpenFile {
    public let path: String
    private let descriptor: Int32

    public init(reading path: String) throws(FileError) {
        var descriptor: Int32
        repeat {
            descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        } while descriptor < 0 && errno == EINTR
        guard descriptor >= 0 else { throw FileError(call: "open", path: path, kind: .system(errno: errno)) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            let error = FileError(call: "open", path: path, kind: .notRegularFile)
            Glibc.close(descriptor)
            throw error
        }
        self.path = path
        self.descriptor = descriptor
    }

    deinit { Glibc.close(descriptor) }

    /// Up to `count` bytes from `offset`: fewer only where the file ends.
    public func read(at offset: Int64, count: Int) throws(FileError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        var failure: Int32 = 0
        bytes.withUnsafeMutableBytes { buffer in
            while filled < count {
                let n = pread(descriptor, buffer.baseAddress! + filled, count - filled, off_t(offset) + off_t(filled))
                if n > 0 { filled += n; continue }
                if n < 0, errno == EINTR { continue }
                if n < 0 { failure = errno }
                return
            }
        }
        if failure != 0 { throw FileError(call: "pread", path: path, kind: .system(errno: failure)) }
        if filled < count { bytes.removeLast(count - filled) }
        return bytes
    }
}
