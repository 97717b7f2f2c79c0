/// A 1-based line and column in a template's source; the column counts Unicode scalars.
struct SourcePosition: Sendable, Equatable, CustomStringConvertible {
    let line: Int
    let column: Int

    init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    init(of offset: Int, in source: [UInt8]) {
        var line = 1
        var column = 1
        for byte in source[..<min(offset, source.count)] {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        self.init(line: line, column: column)
    }

    var description: String { "\(line):\(column)" }
}
