/// A template that can't be compiled or rendered, with the place to fix it.
///
/// `line` and `column` are 1-based (the column counts characters); both are 0 when the
/// error has no place in a file, e.g. rendering a template name that doesn't exist.
public struct TemplateError: Error, CustomStringConvertible, Equatable {
    public let file: String
    public let line: Int
    public let column: Int
    public let message: String

    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String {
        "\(file):\(line):\(column): \(message)"
    }
}

extension TemplateError {
    init(file: String, source: [UInt8], offset: Int, message: String) {
        let position = SourcePosition(of: offset, in: source)
        self.init(file: file, line: position.line, column: position.column, message: message)
    }

    init(file: String, at position: SourcePosition, message: String) {
        self.init(file: file, line: position.line, column: position.column, message: message)
    }
}
