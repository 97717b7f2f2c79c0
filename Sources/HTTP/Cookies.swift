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
                var pairs = 0
                var start = bytes.startIndex
                while start < bytes.endIndex {
                    let end = bytes[start...].firstIndex(of: UInt8(ascii: ";")) ?? bytes.endIndex
                    defer { start = end + 1 }
                    guard end > start else { continue }  // an empty piece, as parse omits it
                    if pairs == maxCount { return nil }
                    pairs += 1
                    let piece = bytes[start..<end]
                    guard let equals = piece.firstIndex(of: UInt8(ascii: "=")) else { continue }
                    let pieceName = trimmed(piece[..<equals])
                    guard pieceName.elementsEqual(wanted) else { continue }
                    var value = trimmed(piece[(equals + 1)...])
                    if value.count >= 2, value.first == UInt8(ascii: "\""), value.last == UInt8(ascii: "\"") {
                        value = value.dropFirst().dropLast()
                    }
                    // The first well-formed pair of the name wins, as in parse.
                    guard HTTPBytes.isToken(pieceName), value.allSatisfy(isCookieOctet) else { continue }
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
