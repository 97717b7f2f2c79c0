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
        var text = text
        return text.withUTF8 { bytes in
            var names: Set<String> = []
            var index = 0
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "{"):
                    guard let close = closingBrace(bytes, at: index) else {
                        return (names, "a { must open a placeholder such as {name} (lowercase letters, digits, _)")
                    }
                    names.insert(String(decoding: UnsafeBufferPointer(rebasing: bytes[(index + 1)..<close]), as: UTF8.self))
                    index = close + 1
                case UInt8(ascii: "}"):
                    return (names, "a } without its { (placeholders look like {name})")
                default:
                    index += 1
                }
            }
            return (names, nil)
        }
    }

    /// Where the `}` of the placeholder opening at `start` is, when a name (a lowercase
    /// letter, then lowercase letters, digits and `_`) comes between.
    private static func closingBrace(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Int? {
        var index = start + 1
        guard index < bytes.count, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(bytes[index]) else { return nil }
        while index < bytes.count, bytes[index] != UInt8(ascii: "}") {
            let byte = bytes[index]
            guard (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                    || byte == UInt8(ascii: "_") else { return nil }
            index += 1
        }
        return index < bytes.count ? index : nil
    }

    /// `text` with each `{name}` that `values` has replaced, in one pass (a value
    /// that itself contains `{x}` stays as it is). Unknown names are left visible.
    /// A page fills a few hundred texts, so this copies spans, not bytes one at a time, and
    /// finds a name among the handful of values by its bytes, with no string made for it.
    static func fill(_ text: String, _ values: [String: String]) -> String {
        guard !values.isEmpty, text.utf8.contains(UInt8(ascii: "{")) else { return text }
        var text = text
        return text.withUTF8 { bytes in
            var result: [UInt8] = []
            result.reserveCapacity(bytes.count + 32)
            var copied = 0
            var index = 0
            while index < bytes.count {
                guard bytes[index] == UInt8(ascii: "{"), let close = closingBrace(bytes, at: index),
                      let value = value(named: UnsafeBufferPointer(rebasing: bytes[(index + 1)..<close]), in: values)
                else {
                    index += 1
                    continue
                }
                result.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<index]))
                result.append(contentsOf: value.utf8)
                index = close + 1
                copied = index
            }
            result.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied...]))
            return String(decoding: result, as: UTF8.self)
        }
    }

    private static func value(named name: UnsafeBufferPointer<UInt8>, in values: [String: String]) -> String? {
        for (key, value) in values where key.utf8.elementsEqual(name) { return value }
        return nil
    }
}
