/// A JSON document that parsed but is not the shape expected: where (`habits[2].colour`,
/// empty for the whole document) and what was wrong.
public struct JSONDecodingError: Error, Equatable, CustomStringConvertible {
    public let path: String
    public let message: String

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { (path.isEmpty ? "the document" : path) + ": " + message }
}
