/// The decoded segments of a request path, safe to route on and to join under a directory.
public enum RequestPath {
    /// Splits a raw (still percent-encoded) path on `/` and decodes each segment once.
    /// Empty segments are dropped, so `/`, `/a/` and `/a//b` give `[]`, `["a"]`, `["a", "b"]`.
    /// Throws for `.`/`..` segments (encoded or not) and for segments whose decoded text holds
    /// `/`, `\` or a control character: no result can name a file outside the directory it is
    /// joined to. `%252e%252e` decodes once, to the harmless name `%2e%2e`.
    public static func segments(_ rawPath: String) throws(RequestPathError) -> [String] {
        guard rawPath.utf8.first == UInt8(ascii: "/") else { throw .notAbsolute }
        var result: [String] = []
        var rest = rawPath.utf8[...]
        while !rest.isEmpty {
            let end = rest.firstIndex(of: UInt8(ascii: "/")) ?? rest.endIndex
            let raw = rest[..<end]
            rest = end == rest.endIndex ? rest[end...] : rest[rest.index(after: end)...]
            guard !raw.isEmpty else { continue }
            result.append(try segment(raw))
        }
        return result
    }

    private static func segment(_ raw: Substring.UTF8View) throws(RequestPathError) -> String {
        // Most segments are plain ASCII with nothing encoded: checked byte by byte, copied once
        // (NUL is left to the decoder, whose error names it).
        if raw.allSatisfy({ $0 < 0x80 && $0 != UInt8(ascii: "%") && $0 != 0 }) {
            for byte in raw where byte < 0x20 || byte == 0x7F || byte == UInt8(ascii: "\\") {
                throw .forbiddenCharacter
            }
            let segment = String(Substring(raw))
            if segment == "." || segment == ".." { throw .dotSegment }
            return segment
        }
        let segment: String
        do {
            segment = try PercentDecoding.decode(raw, plusAsSpace: false)
        } catch {
            throw .invalidEncoding(error)
        }
        if segment == "." || segment == ".." { throw .dotSegment }
        for scalar in segment.unicodeScalars {
            switch scalar.value {
            case 0x00...0x1F, 0x7F...0x9F, UInt32(UInt8(ascii: "/")), UInt32(UInt8(ascii: "\\")):
                throw .forbiddenCharacter
            default:
                continue
            }
        }
        return segment
    }
}
