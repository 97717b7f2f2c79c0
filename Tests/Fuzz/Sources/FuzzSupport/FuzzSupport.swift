#if canImport(Glibc)
import Glibc
#endif

/// Stops the run with `message` when a property does not hold: libFuzzer sees the
/// abort, saves the input and reports it like a crash.
public func require(_ condition: Bool, _ message: @autoclosure () -> String,
                    file: StaticString = #fileID, line: UInt = #line) {
    if condition { return }
    let text = "property failed at \(file):\(line): \(message())\n"
    _ = text.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
    abort()
}

/// Reads a fuzz input front to back: a few bytes of choices, then the rest as data.
public struct FuzzInput {
    public let bytes: [UInt8]
    public private(set) var position = 0

    public init(_ start: UnsafeRawPointer, _ count: Int) {
        bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    }

    /// The next byte, or 0 past the end.
    public mutating func byte() -> UInt8 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    /// The next `count` bytes (fewer at the end).
    public mutating func take(_ count: Int) -> ArraySlice<UInt8> {
        let end = min(bytes.count, position + count)
        defer { position = end }
        return bytes[position..<end]
    }

    /// Everything not read yet.
    public mutating func rest() -> [UInt8] {
        defer { position = bytes.count }
        return Array(bytes[position...])
    }
}

/// Lines of printable text for failure messages.
public func shown<C: Collection<UInt8>>(_ bytes: C, limit: Int = 300) -> String {
    var text = ""
    for b in bytes.prefix(limit) {
        switch b {
        case 0x20...0x7E where b != UInt8(ascii: "\\"): text.unicodeScalars.append(Unicode.Scalar(b))
        case UInt8(ascii: "\r"): text += "\\r"
        case UInt8(ascii: "\n"): text += "\\n"
        default:
            let hex = String(b, radix: 16)
            text += "\\x" + (hex.count == 1 ? "0" + hex : hex)
        }
    }
    return bytes.count > limit ? text + "…" : text
}

/// An RFC 9110 token (header field and cookie names), written out byte by byte as the
/// reference the parsers' answers are checked against.
public func isToken(_ s: String) -> Bool {
    !s.isEmpty && s.utf8.allSatisfy { b in
        switch b {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            "!#$%&'*+-.^_`|~".utf8.contains(b)
        }
    }
}
