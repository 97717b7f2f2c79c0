import Files

#if canImport(Glibc)
import Glibc
#endif

/// The only file system access of this library: reading a whole, bounded,
/// regular file (through the `Files` layer).
enum ZoneFile {
    enum ReadResult {
        case bytes([UInt8])
        /// Absent, or not a regular file (e.g. "Europe" is a directory).
        case missing
        case tooLarge
        case failed(errno: Int32)
    }

    static func read(_ path: String, maxBytes: Int) -> ReadResult {
        do {
            return .bytes(try FileSystem.read(path, maxBytes: maxBytes))
        } catch {
            switch error.kind {
            case .notRegularFile: return .missing
            case .tooLarge: return .tooLarge
            case let .system(code):
                return error.call == "open" && (code == ENOENT || code == ENOTDIR) ? .missing : .failed(errno: code)
            }
        }
    }
}
