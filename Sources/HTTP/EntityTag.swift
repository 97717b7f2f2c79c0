/// Strong entity tags: made from a 64-bit FNV-1a hash of what decides a response's
/// bytes (a cache key, not a security boundary), and matched against If-None-Match.
public enum EntityTag {
    /// The 16 hex digits of the FNV-1a hash of `parts`, each part followed by a separator
    /// so ["ab", "c"] and ["a", "bc"] differ.
    public static func fingerprint<C: Collection<UInt8>>(_ parts: [C]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for part in parts {
            for byte in part {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01b3
            }
            hash ^= 0x1f
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// `"<fingerprint>"`, quoted as an ETag.
    public static func strong(_ parts: [String]) -> String {
        "\"" + fingerprint(parts.map(\.utf8)) + "\""
    }

    /// Whether an If-None-Match header names `etag` (or `*`); weak forms match too, as
    /// RFC 9110 wants for If-None-Match.
    public static func matches(_ header: String?, _ etag: String) -> Bool {
        guard let header else { return false }
        return header.split(separator: ",").contains { tag in
            let t = tag.trimmingSpaces
            return t == "*" || t == etag || t == "W/" + etag
        }
    }
}
