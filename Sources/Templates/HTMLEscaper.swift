/// Writes values into a page's bytes: HTML escaping, URL scheme checks and decimal
/// numbers, on UTF-8 bytes without Foundation.
@usableFromInline
enum HTMLEscaper {
    /// Written instead of a URL whose scheme isn't allowed, like Go's `#ZgotmplZ`.
    static let invalidURL: StaticString = "#invalid-url"
    /// Schemes a URL hole may carry; anything else with a scheme is replaced.
    static let allowedSchemes: [[UInt8]] = ["http", "https", "mailto"].map { Array($0.utf8) }

    /// Appends `text` with `& < > " '` replaced by `&amp; &lt; &gt; &#34; &#39;`, copying
    /// the runs between them.
    static func appendEscaped(_ text: String, to buffer: inout [UInt8]) {
        var text = text
        text.withUTF8 { appendEscaped($0, to: &buffer) }
    }

    static func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>, to buffer: inout [UInt8]) {
        var runStart = 0
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            // Every byte we escape is below '?', so most bytes leave after one compare.
            if byte > UInt8(ascii: ">") {
                index += 1
                continue
            }
            let replacement: StaticString
            switch byte {
            case UInt8(ascii: "&"): replacement = "&amp;"
            case UInt8(ascii: "<"): replacement = "&lt;"
            case UInt8(ascii: ">"): replacement = "&gt;"
            case UInt8(ascii: "\""): replacement = "&#34;"
            case UInt8(ascii: "'"): replacement = "&#39;"
            default:
                index += 1
                continue
            }
            if runStart < index {
                buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
            }
            appendASCII(replacement, to: &buffer)
            index += 1
            runStart = index
        }
        if runStart < count {
            buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<count]))
        }
    }

    static func appendRaw(_ text: String, to buffer: inout [UInt8]) {
        var text = text
        text.withUTF8 { buffer.append(contentsOf: $0) }
    }

    /// Appends a URL for the start of an attribute value: `#invalid-url` unless it is
    /// relative or its scheme is allowed, then escaped like any attribute text.
    static func appendURL(_ text: String, to buffer: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes in
            if isAllowedURL(bytes) {
                appendEscaped(bytes, to: &buffer)
            } else {
                appendASCII(invalidURL, to: &buffer)
            }
        }
    }

    /// Relative (no ':' before the first '/', '?' or '#') or http, https, mailto in any case,
    /// after the leading spaces and control characters browsers skip.
    static func isAllowedURL(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var start = 0
        while start < bytes.count, bytes[start] <= 0x20 { start += 1 }
        var index = start
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: ":"):
                return isAllowedScheme(UnsafeBufferPointer(rebasing: bytes[start..<index]))
            case UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#"):
                return true
            default:
                index += 1
            }
        }
        return true
    }

    private static func isAllowedScheme(_ scheme: UnsafeBufferPointer<UInt8>) -> Bool {
        allowedSchemes.contains { allowed in
            allowed.count == scheme.count && zip(allowed, scheme).allSatisfy { a, b in
                a == (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z") ? b | 0x20 : b)
            }
        }
    }

    @usableFromInline
    static func appendDecimal(_ value: Int, to buffer: inout [UInt8]) {
        var magnitude = value.magnitude
        if value < 0 { buffer.append(UInt8(ascii: "-")) }
        if magnitude < 10 {
            buffer.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude))
            return
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var start = digits.count
            while magnitude > 0 {
                start -= 1
                digits[start] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
                magnitude /= 10
            }
            buffer.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
        }
    }

    @inlinable @inline(__always)
    static func appendASCII(_ text: StaticString, to buffer: inout [UInt8]) {
        text.withUTF8Buffer { buffer.append(contentsOf: $0) }
    }
}
