/// Why the strings could not be loaded, pointing at the line to fix.
public struct StringsError: Error, Equatable, CustomStringConvertible {
    /// The path of the file at fault.
    public let file: String
    /// 1-based; 0 when the problem is the file as a whole (missing, unreadable).
    public let line: Int
    public let message: String

    public init(file: String, line: Int, _ message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    public var description: String {
        line > 0 ? "\(file):\(line): \(message)" : "\(file): \(message)"
    }
}
