#if canImport(Glibc)
import Glibc
#endif

/// The only file system access of this library: reading one whole, bounded file.
enum StringsFileReader {
    /// Far above what three languages of a small app need; a bigger file is a mistake.
    static let maxBytes = 1 << 20

    static func read(_ path: String) throws(StringsError) -> [UInt8] {
        var descriptor: Int32
        repeat {
            descriptor = open(path, O_RDONLY | O_CLOEXEC)
        } while descriptor < 0 && errno == EINTR
        guard descriptor >= 0 else { throw StringsError(file: path, line: 0, "cannot open: \(reason(errno))") }
        defer { close(descriptor) }

        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress!, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw StringsError(file: path, line: 0, "cannot read: \(reason(errno))")
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[..<count])
            guard bytes.count <= maxBytes else {
                throw StringsError(file: path, line: 0, "larger than \(maxBytes) bytes")
            }
        }
    }

    private static func reason(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "errno \(code)" }
        return String(cString: text)
    }
}
