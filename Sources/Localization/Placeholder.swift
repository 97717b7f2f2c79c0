/// `{name}` holes in a text, filled with values at run time. Names are lowercase
/// letters, digits and `_`, starting with a letter. Braces mean nothing else.
enum Placeholder {
    /// The placeholder names of `text`, after checking that every brace belongs to one.
    static func check(_ text: String, file: String, line: Int) throws(StringsError) {
        if let problem = parse(text).problem { throw StringsError(file: file, line: line, problem) }
    }

    /// The names in `text`; assumes `text` passed `check`.
    static func names(_ text: String) -> Set<String> {
        parse(text).names
    }

    private static func parse(_ text: String) -> (names: Set<String>, problem: String?) {
        var names: Set<String> = []
        let bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "{"):
                guard let (name, end) = placeholder(bytes, at: index) else {
                    return (names, "a { must open a placeholder such as {name} (lowercase letters, digits, _)")
                }
                names.insert(name)
                index = end
            case UInt8(ascii: "}"):
                return (names, "a } without its { (placeholders look like {name})")
            default:
                index += 1
            }
        }
        return (names, nil)
    }

    /// The name of the placeholder opening at `start` and the index after its `}`.
    private static func placeholder(_ bytes: [UInt8], at start: Int) -> (String, Int)? {
        var index = start + 1
        guard index < bytes.count, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(bytes[index]) else { return nil }
        while index < bytes.count, bytes[index] != UInt8(ascii: "}") {
            let byte = bytes[index]
            guard (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                    || byte == UInt8(ascii: "_") else { return nil }
            index += 1
        }
        guard index < bytes.count else { return nil }
        return (String(decoding: bytes[(start + 1)..<index], as: UTF8.self), index + 1)
    }

    /// `text` with each `{name}` that `values` has replaced, in one pass (a value
    /// that itself contains `{x}` stays as it is). Unknown names are left visible.
    static func fill(_ text: String, _ values: [String: String]) -> String {
        guard !values.isEmpty, text.utf8.contains(UInt8(ascii: "{")) else { return text }
        let bytes = Array(text.utf8)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + 16)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "{"), let (name, end) = placeholder(bytes, at: index), let value = values[name] {
                result.append(contentsOf: value.utf8)
                index = end
            } else {
                result.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: result, as: UTF8.self)
    }
}
