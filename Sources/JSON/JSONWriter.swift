/// Writes a `JSONValue` as Foundation's `JSONEncoder` writes the same values, byte for
/// byte: numbers as Swift prints them (a Double's `.0` dropped), `/` escaped as `\/`
/// unless `withoutEscapingSlashes`, control characters as `\b \f \n \r \t` or `\u00xx`,
/// everything else as is; pretty printing indents by two spaces, writes `"key" : value`,
/// and an empty array or object as `[`, an empty line, `]`. Sorted keys compare as
/// Swift strings (for ASCII keys, byte order).
public enum JSONWriter {
    public struct Options: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        public static let sortedKeys = Options(rawValue: 1)
        public static let prettyPrinted = Options(rawValue: 2)
        public static let withoutEscapingSlashes = Options(rawValue: 4)
    }

    public static func bytes(_ value: JSONValue, options: Options = []) -> [UInt8] {
        var out: [UInt8] = []
        write(value, options: options, indent: 0, into: &out)
        return out
    }

    public static func string(_ value: JSONValue, options: Options = []) -> String {
        String(decoding: bytes(value, options: options), as: UTF8.self)
    }

    /// A Double as `JSONEncoder` writes it; a non-finite one (which JSON cannot hold, and
    /// no caller makes) as `null`.
    static func number(_ double: Double) -> String {
        guard double.isFinite else { return "null" }
        var text = double.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }

    private static func newline(_ indent: Int, _ out: inout [UInt8]) {
        out.append(0x0A)
        out.append(contentsOf: repeatElement(0x20, count: indent * 2))
    }

    private static func write(_ value: JSONValue, options: Options, indent: Int, into out: inout [UInt8]) {
        let pretty = options.contains(.prettyPrinted)
        switch value {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let bool): out.append(contentsOf: (bool ? "true" : "false").utf8)
        case .integer(let integer): out.append(contentsOf: String(integer).utf8)
        case .double(let double): out.append(contentsOf: number(double).utf8)
        case .string(let string): quote(string, options: options, into: &out)
        case .array(let elements):
            out.append(UInt8(ascii: "["))
            if pretty && elements.isEmpty { out.append(0x0A) }
            for (offset, element) in elements.enumerated() {
                if offset > 0 { out.append(UInt8(ascii: ",")) }
                if pretty { newline(indent + 1, &out) }
                write(element, options: options, indent: indent + 1, into: &out)
            }
            if pretty { newline(indent, &out) }
            out.append(UInt8(ascii: "]"))
        case .object(let object):
            out.append(UInt8(ascii: "{"))
            if pretty && object.count == 0 { out.append(0x0A) }
            let members = options.contains(.sortedKeys) ? object.members.sorted { $0.key < $1.key } : object.members
            for (offset, member) in members.enumerated() {
                if offset > 0 { out.append(UInt8(ascii: ",")) }
                if pretty { newline(indent + 1, &out) }
                quote(member.key, options: options, into: &out)
                out.append(contentsOf: pretty ? " : ".utf8 : ":".utf8)
                write(member.value, options: options, indent: indent + 1, into: &out)
            }
            if pretty { newline(indent, &out) }
            out.append(UInt8(ascii: "}"))
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    private static func quote(_ string: String, options: Options, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: #"\""#.utf8)
            case UInt8(ascii: "\\"): out.append(contentsOf: #"\\"#.utf8)
            case UInt8(ascii: "/") where !options.contains(.withoutEscapingSlashes): out.append(contentsOf: #"\/"#.utf8)
            case 0x08: out.append(contentsOf: #"\b"#.utf8)
            case 0x0C: out.append(contentsOf: #"\f"#.utf8)
            case 0x0A: out.append(contentsOf: #"\n"#.utf8)
            case 0x0D: out.append(contentsOf: #"\r"#.utf8)
            case 0x09: out.append(contentsOf: #"\t"#.utf8)
            case 0..<0x20:
                out.append(contentsOf: #"\u00"#.utf8)
                out.append(hexDigits[Int(byte >> 4)])
                out.append(hexDigits[Int(byte & 0xF)])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
