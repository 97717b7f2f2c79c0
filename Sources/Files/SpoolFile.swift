#if canImport(Glibc)
import Glibc
#endif

/// A new file written front to back, a chunk at a time (a request body on its way to disk):
/// created owner-only and exclusively, with a name no one else has. Closed when the last
/// reference goes; `discard()` removes it as well.
public final class SpoolFile {
    public let path: String
    private var descriptor: Int32
    /// Bytes written so far.
    public private(set) var written: Int64 = 0

    /// Creates `<directory>/<prefix><16 random hex digits>`, mode 0600, failing if it exists.
    public init(in directory: String, prefix: String) throws(FileError) {
        let digits = Array("0123456789abcdef".utf8)
        let name = String(decoding: (0..<16).map { _ in digits[Int.random(in: 0..<16)] }, as: UTF8.self)
        let path = directory + "/" + prefix + name
        var descriptor: Int32
        repeat {
            descriptor = Glibc.open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        } while descriptor < 0 && errno == EINTR
        guard descriptor >= 0 else { throw FileError(call: "open", path: path, kind: .system(errno: errno)) }
        self.path = path
        self.descriptor = descriptor
    }

    deinit { close() }

    /// Appends all of `bytes`; throws (the file then incomplete) when the disk refuses.
    public func append(_ bytes: UnsafeRawBufferPointer) throws(FileError) {
        guard descriptor >= 0 else { throw FileError(call: "write", path: path, kind: .system(errno: EBADF)) }
        var offset = 0
        while offset < bytes.count {
            let n = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if n > 0 { offset += n; continue }
            if n < 0, errno == EINTR { continue }
            throw FileError(call: "write", path: path, kind: .system(errno: n < 0 ? errno : ENOSPC))
        }
        written += Int64(bytes.count)
    }

    /// Closes the descriptor; the file stays.
    public func close() {
        if descriptor >= 0 { _ = Glibc.close(descriptor) }
        descriptor = -1
    }

    /// Closes and removes the file.
    public func discard() {
        close()
        _ = unlink(path)
    }
}
