#if canImport(Glibc)
import Glibc
#endif

/// The `Cookie` request header (RFC 6265 §4.2), read leniently: malformed pairs are skipped.
public enum Cookies {
    /// Pairs read from one header at most; the rest are ignored.
    public static let maxCount = 64

    /// Name → value; the first occurrence of a name wins (the most specific path, per RFC 6265 §5.4).
    public static func parse(_ header: String?) -> [String: String] {
        guard let header else { return [:] }
        var cookies: [String: String] = [:]
        var pairs = 0
        for piece in header.utf8.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: true) {
            if pairs == maxCount { break }
            pairs += 1
            guard let equals = piece.firstIndex(of: UInt8(ascii: "=")) else { continue }
            let name = trimmed(piece[..<equals])
            var value = trimmed(piece[piece.index(after: equals)...])
            if value.count >= 2, value.first == UInt8(ascii: "\""), value.last == UInt8(ascii: "\"") {
                value = value.dropFirst().dropLast()
            }
            guard HTTPBytes.isToken(name), value.allSatisfy(isCookieOctet) else { continue }
            let key = String(decoding: name, as: UTF8.self)
            if cookies[key] == nil { cookies[key] = String(decoding: value, as: UTF8.self) }
        }
        return cookies
    }

    /// The value of the cookie `name`: the same answer as `parse(header)[name]`, read by one
    /// pass over the header's bytes without building the others (a request asks for one or
    /// two cookies, on every page).
    public static func value(named name: String, in header: String?) -> String? {
        guard var header else { return nil }
        var name = name
        return name.withUTF8 { wanted in
            header.withUTF8 { bytes -> String? in
                // A cookie has a name (a token, never empty).
                guard !wanted.isEmpty else { return nil }
                // memchr and indices, not slices: every page view reads its session this way.
                let count = bytes.count
                var pairs = 0
                var start = 0
                while start < count {
                    let base = bytes.baseAddress!
                    let end = memchr(base + start, Int32(UInt8(ascii: ";")), count - start)
                        .map { UnsafePointer($0.assumingMemoryBound(to: UInt8.self)) - base } ?? count
                    defer { start = end + 1 }
                    guard end > start else { continue }  // an empty piece, as parse omits it
                    if pairs == maxCount { return nil }
                    pairs += 1
                    guard let found = memchr(base + start, Int32(UInt8(ascii: "=")), end - start) else { continue }
                    let equals = UnsafePointer(found.assumingMemoryBound(to: UInt8.self)) - base
                    var nameStart = start, nameEnd = equals
                    while nameStart < nameEnd, HTTPBytes.isOWS(bytes[nameStart]) { nameStart += 1 }
                    while nameEnd > nameStart, HTTPBytes.isOWS(bytes[nameEnd - 1]) { nameEnd -= 1 }
                    guard nameEnd - nameStart == wanted.count,
                          memcmp(base + nameStart, wanted.baseAddress!, wanted.count) == 0 else { continue }
                    var valueStart = equals + 1, valueEnd = end
                    while valueStart < valueEnd, HTTPBytes.isOWS(bytes[valueStart]) { valueStart += 1 }
                    while valueEnd > valueStart, HTTPBytes.isOWS(bytes[valueEnd - 1]) { valueEnd -= 1 }
                    if valueEnd - valueStart >= 2, bytes[valueStart] == UInt8(ascii: "\""),
                       bytes[valueEnd - 1] == UInt8(ascii: "\"") {
                        valueStart += 1
                        valueEnd -= 1
                    }
                    // The first well-formed pair of the name wins, as in parse.
                    let value = UnsafeBufferPointer(rebasing: bytes[valueStart..<valueEnd])
                    guard HTTPBytes.isToken(bytes[nameStart..<nameEnd]), value.allSatisfy(isCookieOctet) else { continue }
                    return String(decoding: value, as: UTF8.self)
                }
                return nil
            }
        }
    }

    private static func trimmed(_ s: Slice<UnsafeBufferPointer<UInt8>>) -> Slice<UnsafeBufferPointer<UInt8>> {
        var s = s
        while let c = s.first, HTTPBytes.isOWS(c) { s = s.dropFirst() }
        while let c = s.last, HTTPBytes.isOWS(c) { s = s.dropLast() }
        return s
    }

    /// cookie-octet: visible ASCII except DQUOTE, comma, semicolon and backslash.
    static func isCookieOctet(_ b: UInt8) -> Bool {
        switch b {
        case 0x21, 0x23...0x2B, 0x2D...0x3A, 0x3C...0x5B, 0x5D...0x7E: true
        default: false
        }
    }

    private static func trimmed(_ s: Substring.UTF8View) -> Substring.UTF8View {
        var s = s
        while let c = s.first, HTTPBytes.isOWS(c) { s = s.dropFirst() }
        while let c = s.last, HTTPBytes.isOWS(c) { s = s.dropLast() }
        return s
    }
}
