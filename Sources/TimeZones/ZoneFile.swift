import Glibc

/// The only file system access of this library: reading a whole, bounded,
/// regular file.
enum ZoneFile {
    enum ReadResult {
        case bytes([UInt8])
        /// Absent, or not a regular file (e.g. "Europe" is a directory).
        case missing
        case tooLarge
        case failed(errno: Int32)
    }

    static func read(_ path: String, maxBytes: Int) -> ReadResult {
        var descriptor: Int32
        repeat {
            descriptor = open(path, O_RDONLY | O_CLOEXEC)
        } while descriptor < 0 && errno == EINTR
        guard descriptor >= 0 else {
            return errno == ENOENT || errno == ENOTDIR ? .missing : .failed(errno: errno)
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .failed(errno: errno) }
        guard status.st_mode & S_IFMT == S_IFREG else { return .missing }
        guard status.st_size <= maxBytes else { return .tooLarge }

        // Read to end of file even if it grew since fstat, never past maxBytes + 1.
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size) + 1)
        var count = 0
        while true {
            if count == bytes.count {
                guard count <= maxBytes else { return .tooLarge }
                bytes += repeatElement(0, count: min(count, maxBytes + 1 - count))
            }
            let result = bytes.withUnsafeMutableBytes { buffer in
                Glibc.read(descriptor, buffer.baseAddress! + count, buffer.count - count)
            }
            if result < 0 {
                if errno == EINTR { continue }
                return .failed(errno: errno)
            }
            if result == 0 { break }
            count += result
        }
        guard count <= maxBytes else { return .tooLarge }
        bytes.removeSubrange(count...)
        return .bytes(bytes)
    }
}
