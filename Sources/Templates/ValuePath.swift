/// Where a hole or block finds its value, split once at compile time.
enum ValuePath: Sendable, Equatable, CustomStringConvertible {
    /// `{{.}}`: the innermost scope (the current `each` item, or the root).
    case current
    /// `{{@index}}`: the 0-based position in the innermost `each`.
    case loopIndex
    /// `{{name}}`: looked up from the innermost scope outward.
    case name(String)
    /// `{{a.b.c}}`: `a` looked up from the innermost scope outward, then `b`, `c` inside it.
    case dotted(String, [String])

    var description: String {
        switch self {
        case .current: "."
        case .loopIndex: "@index"
        case .name(let name): name
        case .dotted(let first, let rest): ([first] + rest).joined(separator: ".")
        }
    }

    /// Parses `.`, `@index`, `name` or `a.b.c`; returns nil with a reason for anything else.
    static func parse(_ text: String) -> Result<ValuePath, PathError> {
        if text == "." { return .success(.current) }
        if text == "@index" { return .success(.loopIndex) }
        if text.hasPrefix("@") { return .failure(PathError("unknown special name '\(text)' (only @index exists)")) }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        for part in parts {
            if part.isEmpty {
                return .failure(PathError("bad name '\(text)': a dotted name has no empty parts"))
            }
            if !part.utf8.allSatisfy(isNameByte) {
                return .failure(PathError("bad name '\(text)': names use letters, digits, '_' and '-', joined by '.'"))
            }
        }
        if parts.count == 1 { return .success(.name(parts[0])) }
        return .success(.dotted(parts[0], Array(parts.dropFirst())))
    }

    static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
            true
        default:
            false
        }
    }

    struct PathError: Error {
        let message: String
        init(_ message: String) { self.message = message }
    }
}
