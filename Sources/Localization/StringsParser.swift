/// Reads Apple's `.strings` format, strictly:
///
///     /* a comment */  // another
///     "key.name" = "Text with \"quotes\", a \\ and a\nnewline, and a {placeholder}.";
///
/// Escapes are `\"`, `\\` and `\n` only; a string may not span lines. Keys are
/// dot-separated parts of lowercase letters, digits and `_` (they become template
/// paths: `{{t.key.name}}`). A `{` in a text must open a placeholder `{name}`.
/// Every refusal names the line.
struct StringsParser {
    let file: String
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1

    init(_ bytes: [UInt8], file: String) {
        self.file = file
        self.bytes = bytes
        // A UTF-8 byte order mark, as some editors write one.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }

    static func parse(_ bytes: [UInt8], file: String) throws(StringsError) -> [StringsEntry] {
        var parser = StringsParser(bytes, file: file)
        return try parser.entries()
    }

    mutating func entries() throws(StringsError) -> [StringsEntry] {
        var entries: [StringsEntry] = []
        while true {
            try skipSpaceAndComments()
            guard index < bytes.count else { return entries }
            let entryLine = line
            guard bytes[index] == UInt8(ascii: "\"") else {
                throw fail("expected an entry \"key\" = \"text\"; but found \(shown(bytes[index]))")
            }
            let key = try quoted()
            try Self.checkKey(key, file: file, line: entryLine)
            try expect("=", after: "the key \"\(key)\"")
            try skipSpaceAndComments()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw fail("expected the quoted text of \"\(key)\" after =")
            }
            let value = try quoted()
            guard !value.isEmpty else { throw fail("the text of \"\(key)\" is empty") }
            try Placeholder.check(value, file: file, line: line)
            try expect(";", after: "the text of \"\(key)\"")
            entries.append(StringsEntry(key: key, value: value, line: entryLine))
        }
    }

    /// Keys become template paths, so: `part(.part)*`, parts of `a-z`, `0-9`, `_`.
    static func checkKey(_ key: String, file: String, line: Int) throws(StringsError) {
        let parts = key.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        let valid = !key.isEmpty && parts.allSatisfy { part in
            !part.isEmpty && part.allSatisfy { byte in
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                    || byte == UInt8(ascii: "_")
            }
        }
        guard valid else {
            throw StringsError(file: file, line: line,
                               "bad key \"\(key)\": keys are parts of lowercase letters, digits and _ joined by dots")
        }
    }

    private mutating func skipSpaceAndComments() throws(StringsError) {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\n"):
                line += 1
                index += 1
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                index += 1
            case UInt8(ascii: "/") where next == UInt8(ascii: "/"):
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
            case UInt8(ascii: "/") where next == UInt8(ascii: "*"):
                let startLine = line
                index += 2
                while true {
                    guard index < bytes.count else {
                        throw StringsError(file: file, line: startLine, "comment /* is never closed with */")
                    }
                    if bytes[index] == UInt8(ascii: "*"), next == UInt8(ascii: "/") {
                        index += 2
                        break
                    }
                    if bytes[index] == UInt8(ascii: "\n") { line += 1 }
                    index += 1
                }
            default:
                return
            }
        }
    }

    private var next: UInt8? {
        index + 1 < bytes.count ? bytes[index + 1] : nil
    }

    /// A `"…"` string at `index`, unescaped and checked to be UTF-8.
    private mutating func quoted() throws(StringsError) -> String {
        index += 1
        var text: [UInt8] = []
        while true {
            guard index < bytes.count else { throw fail("the string is never closed with \"") }
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                guard let string = String(validating: text, as: UTF8.self) else {
                    throw fail("the string is not valid UTF-8")
                }
                return string
            case UInt8(ascii: "\n"):
                throw fail("the string is never closed with \" on its line (write a line break as \\n)")
            case UInt8(ascii: "\\"):
                guard index < bytes.count else { throw fail("the string is never closed with \"") }
                let escaped = bytes[index]
                index += 1
                switch escaped {
                case UInt8(ascii: "\""): text.append(UInt8(ascii: "\""))
                case UInt8(ascii: "\\"): text.append(UInt8(ascii: "\\"))
                case UInt8(ascii: "n"): text.append(UInt8(ascii: "\n"))
                default:
                    let what = (0x21...0x7E).contains(escaped) ? "\\" + String(Unicode.Scalar(escaped)) : "\\ before \(shown(escaped))"
                    throw fail("unknown escape \(what): only \\\", \\\\ and \\n exist")
                }
            default:
                text.append(byte)
            }
        }
    }

    /// Skips to `character` and past it. A refusal names the line `what` ended on,
    /// where the character belongs, not the line of whatever came next.
    private mutating func expect(_ character: Unicode.Scalar, after what: String) throws(StringsError) {
        let lineOfWhat = line
        try skipSpaceAndComments()
        guard index < bytes.count, bytes[index] == UInt8(ascii: character) else {
            let found = index < bytes.count ? shown(bytes[index]) : "the end of the file"
            throw StringsError(file: file, line: lineOfWhat, "expected \(character) after \(what), found \(found)")
        }
        index += 1
    }

    private func shown(_ byte: UInt8) -> String {
        (0x21...0x7E).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16))"
    }

    private func fail(_ message: String) -> StringsError {
        StringsError(file: file, line: line, message)
    }
}
