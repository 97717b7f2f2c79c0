/// Strict percent-decoding (RFC 3986 §2.1): every `%` starts an escape of exactly two hex
/// digits, and the result must be valid UTF-8 without NUL. Nothing is decoded twice.
public enum PercentDecoding {
    /// A path segment: `%XX` escapes only; `+` stays `+`.
    public static func decodePathSegment<S: StringProtocol>(_ segment: S) throws(PercentDecodingError) -> String {
        try decode(segment.utf8, plusAsSpace: false)
    }

    /// A name or value of `application/x-www-form-urlencoded` data: `+` is a space.
    public static func decodeFormComponent<S: StringProtocol>(_ component: S) throws(PercentDecodingError) -> String {
        try decode(component.utf8, plusAsSpace: true)
    }

    public static func decode<C: Collection<UInt8>>(_ bytes: C, plusAsSpace: Bool) throws(PercentDecodingError) -> String {
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var i = bytes.startIndex
        while i != bytes.endIndex {
            let b = bytes[i]
            bytes.formIndex(after: &i)
            switch b {
            case UInt8(ascii: "%"):
                guard i != bytes.endIndex, let high = HTTPBytes.hexValue(bytes[i]) else { throw .invalidEscape }
                bytes.formIndex(after: &i)
                guard i != bytes.endIndex, let low = HTTPBytes.hexValue(bytes[i]) else { throw .invalidEscape }
                bytes.formIndex(after: &i)
                decoded.append(high << 4 | low)
            case UInt8(ascii: "+") where plusAsSpace:
                decoded.append(UInt8(ascii: " "))
            default:
                decoded.append(b)
            }
        }
        if decoded.contains(0) { throw .containsNUL }
        // The standard library's validation rejects overlongs, surrogates and values past U+10FFFF.
        guard let text = String(validating: decoded, as: UTF8.self) else { throw .invalidUTF8 }
        return text
    }
}
