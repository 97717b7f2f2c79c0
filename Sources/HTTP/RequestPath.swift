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
        for raw in rawPath.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true) {
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
            result.append(segment)
        }
        return result
    }
}
