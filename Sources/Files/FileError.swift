#if canImport(Glibc)
import Glibc
#endif

/// A file operation that failed: the call, the path, and why.
public struct FileError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: Equatable, Sendable {
        /// The system call failed with this errno.
        case system(errno: Int32)
        /// Reading a whole file that is not a regular file (a folder, a device, a pipe).
        case notRegularFile
        /// Reading a whole file larger than the caller's limit.
        case tooLarge(limit: Int)
    }

    /// `open`, `read`, `mkdir`…
    public let call: String
    public let path: String
    public let kind: Kind

    public init(call: String, path: String, kind: Kind) {
        self.call = call
        self.path = path
        self.kind = kind
    }

    /// The errno, for a failed system call.
    public var errno: Int32? {
        if case let .system(code) = kind { return code }
        return nil
    }

    /// What went wrong, in the C library's words for an errno ("No such file or directory").
    public var reason: String {
        switch kind {
        case let .system(code): FileError.reason(code)
        case .notRegularFile: "not a regular file"
        case let .tooLarge(limit): "larger than \(limit) bytes"
        }
    }

    public var description: String { "\(call) \(path): \(reason)" }

    /// The C library's text for an errno.
    public static func reason(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "errno \(code)" }
        return String(cString: text)
    }
}
