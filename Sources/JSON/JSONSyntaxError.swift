/// Why some bytes are not JSON: what was wrong, at which byte offset, and where in the
/// document (`habits[2].name`; empty at the top level).
public struct JSONSyntaxError: Error, Equatable, CustomStringConvertible {
    public let message: String
    public let offset: Int
    public let path: String

    public init(_ message: String, offset: Int, path: String) {
        self.message = message
        self.offset = offset
        self.path = path
    }

    public var description: String {
        "invalid JSON at byte \(offset)" + (path.isEmpty ? "" : " (in \(path))") + ": " + message
    }
}
