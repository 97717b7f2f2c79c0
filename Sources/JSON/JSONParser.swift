/// A strict RFC 8259 parser: one value, optionally surrounded by whitespace, in UTF-8.
/// Refuses what the RFC does not allow (trailing commas, leading zeros, `NaN`, comments,
/// unescaped control characters, bad escapes, lone surrogates, invalid UTF-8) and
/// anything past its limits, with a `JSONSyntaxError` naming the byte and the path.
public struct JSONParser {
    /// How deep arrays and objects may nest, and how many bytes a document may have.
    public struct Limits: Sendable {
        public var maxDepth: Int
        public var maxBytes: Int

        public init(maxDepth: Int = 32, maxBytes: Int = 64 << 20) {
            self.maxDepth = maxDepth
            self.maxBytes = maxBytes
        }
    }

    private enum Step { case key(String), index(Int) }

    private let bytes: [UInt8]
    private let limits: Limits
    private var position = 0
    private var steps: [Step] = []

    private init(_ bytes: [UInt8], limits: Limits) {
        self.bytes = bytes
        self.limits = limits
    }

    /// Parses a whole document.
    public static func parse(_ bytes: [UInt8], limits: Limits = Limits()) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(bytes, limits: limits)
        guard bytes.count <= limits.maxBytes else {
            throw JSONSyntaxError("the document is \(bytes.count) bytes, more than \(limits.maxBytes)", offset: 0, path: "")
        }
        parser.skipWhitespace()
        let value = try parser.value(depth: 0)
        parser.skipWhitespace()
        guard parser.position == bytes.count else { throw parser.error("unexpected text after the value") }
        return value
    }

    public static func parse(_ text: String, limits: Limits = Limits()) throws(JSONSyntaxError) -> JSONValue {
        try parse(Array(text.utf8), limits: limits)
    }

    // MARK: Values

    private func error(_ message: String, at offset: Int? = nil) -> JSONSyntaxError {
        var path = ""
        for step in steps {
            switch step {
            case .key(let key): path += (path.isEmpty ? "" : ".") + key
            case .index(let index): path += "[\(index)]"
            }
        }
        return JSONSyntaxError(message, offset: offset ?? position, path: path)
    }

    private var current: UInt8? { position < bytes.count ? bytes[position] : nil }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { position += 1 }
    }

    private mutating func value(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard let byte = current else { throw error("the document ends where a value should be") }
        switch byte {
        case UInt8(ascii: "{"): return try object(depth: depth + 1)
        case UInt8(ascii: "["): return try array(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw error("unexpected character \(Self.describe(byte)) where a value should be")
        }
    }

    private static func describe(_ byte: UInt8) -> String {
        (0x21...0x7E).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x" + String(byte, radix: 16, uppercase: true)
    }

    private mutating func literal(_ word: String) throws(JSONSyntaxError) {
        let start = position
        for byte in word.utf8 {
            guard current == byte else { throw error("unknown word (true, false and null are the only ones)", at: start) }
            position += 1
        }
    }

    private mutating func object(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard depth <= limits.maxDepth else { throw error("nested more than \(limits.maxDepth) deep") }
        position += 1
        var object = JSONObject()
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            position += 1
            return .object(object)
        }
        while true {
            guard current == UInt8(ascii: "\"") else {
                throw error(object.count == 0 ? "expected a key in quotes or '}'" : "expected a key in quotes (no comma before '}')")
            }
            let key = try string()
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw error("expected ':' after the key \"\(key)\"") }
            position += 1
            skipWhitespace()
            steps.append(.key(key))
            let member = try value(depth: depth)
            steps.removeLast()
            object.append(key, member)
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): position += 1; skipWhitespace()
            case UInt8(ascii: "}"): position += 1; return .object(object)
            case nil: throw error("the document ends inside an object")
            default: throw error("expected ',' or '}' in an object")
            }
        }
    }

    private mutating func array(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard depth <= limits.maxDepth else { throw error("nested more than \(limits.maxDepth) deep") }
        position += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            position += 1
            return .array(elements)
        }
        while true {
            if current == UInt8(ascii: "]") { throw error("a trailing comma before ']'") }
            steps.append(.index(elements.count))
            let element = try value(depth: depth)
            steps.removeLast()
            elements.append(element)
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): position += 1; skipWhitespace()
            case UInt8(ascii: "]"): position += 1; return .array(elements)
            case nil: throw error("the document ends inside an array")
            default: throw error("expected ',' or ']' in an array")
            }
        }
    }

    // MARK: Numbers

    private mutating func digits() -> Int {
        let start = position
        while let byte = current, (0x30...0x39).contains(byte) { position += 1 }
        return position - start
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`: an integer that fits Int64
    /// stays one; `-0` and every other number is a Double (whose `-0` keeps its sign).
    private mutating func number() throws(JSONSyntaxError) -> JSONValue {
        let start = position
        if current == UInt8(ascii: "-") { position += 1 }
        let integerStart = position
        let integerDigits = digits()
        guard integerDigits > 0 else { throw error("a minus sign without digits", at: start) }
        if integerDigits > 1, bytes[integerStart] == UInt8(ascii: "0") { throw error("a number with a leading zero", at: start) }
        var isInteger = true
        if current == UInt8(ascii: ".") {
            position += 1
            guard digits() > 0 else { throw error("a decimal point without digits after it", at: start) }
            isInteger = false
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            position += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { position += 1 }
            guard digits() > 0 else { throw error("an exponent without digits", at: start) }
            isInteger = false
        }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        if isInteger, text != "-0", let integer = Int64(text) { return .integer(integer) }
        guard let double = Double(text), double.isFinite else { throw error("the number \(text) is out of range", at: start) }
        return .double(double)
    }

    // MARK: Strings

    private mutating func string() throws(JSONSyntaxError) -> String {
        let start = position
        position += 1
        var buffer: [UInt8] = []
        while true {
            guard let byte = current else { throw error("the document ends inside a string", at: start) }
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                guard let text = String(validating: buffer, as: UTF8.self) else { throw error("a string that is not valid UTF-8", at: start) }
                return text
            case UInt8(ascii: "\\"):
                position += 1
                try escape(into: &buffer)
            case 0..<0x20:
                throw error("an unescaped control character (\(Self.describe(byte))) in a string")
            default:
                buffer.append(byte)
                position += 1
            }
        }
    }

    private mutating func escape(into buffer: inout [UInt8]) throws(JSONSyntaxError) {
        guard let byte = current else { throw error("the document ends inside an escape") }
        position += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(byte)
        case UInt8(ascii: "b"): buffer.append(0x08)
        case UInt8(ascii: "f"): buffer.append(0x0C)
        case UInt8(ascii: "n"): buffer.append(0x0A)
        case UInt8(ascii: "r"): buffer.append(0x0D)
        case UInt8(ascii: "t"): buffer.append(0x09)
        case UInt8(ascii: "u"):
            let escapeStart = position - 2
            var scalar = try hex4()
            if (0xD800...0xDBFF).contains(scalar) {
                guard current == UInt8(ascii: "\\"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "u") else {
                    throw error("a lone high surrogate \\u\(String(scalar, radix: 16, uppercase: true))", at: escapeStart)
                }
                position += 2
                let low = try hex4()
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw error("a high surrogate not followed by a low one", at: escapeStart)
                }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(scalar) {
                throw error("a lone low surrogate \\u\(String(scalar, radix: 16, uppercase: true))", at: escapeStart)
            }
            buffer.append(contentsOf: String(Character(Unicode.Scalar(scalar)!)).utf8)
        default:
            throw error("an unknown escape \\\(Self.describe(byte))", at: position - 2)
        }
    }

    private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current else { throw error("the document ends inside a \\u escape") }
            let digit: UInt8
            switch byte {
            case 0x30...0x39: digit = byte - 0x30
            case 0x41...0x46: digit = byte - 0x41 + 10
            case 0x61...0x66: digit = byte - 0x61 + 10
            default: throw error("a \\u escape needs four hexadecimal digits")
            }
            value = value << 4 | UInt32(digit)
            position += 1
        }
        return value
    }
}
