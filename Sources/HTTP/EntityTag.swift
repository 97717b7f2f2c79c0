/// Strong entity tags: made from a 64-bit FNV-1a hash of what decides a response's
/// bytes (a cache key, not a security boundary), and matched against If-None-Match.
public enum EntityTag {
    /// The 16 hex digits of the FNV-1a hash of `parts`, each part followed by a separator
    /// so ["ab", "c"] and ["a", "bc"] differ.
    public static func fingerprint<C: Collection<UInt8>>(_ parts: [C]) -> String {
        var hasher = Fingerprint()
        for part in parts { hasher.add(bytes: part) }
        return hasher.hex
    }

    /// The same hash fed one part at a time, strings and numbers alike, without building
    /// the parts (a cached page's ETag is made on every request for it).
    public struct Fingerprint {
        private var hash: UInt64 = 0xcbf2_9ce4_8422_2325

        public init() {}

        @inline(__always)
        private mutating func mix(_ byte: UInt8) {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }

        public mutating func add<C: Collection<UInt8>>(bytes: C) {
            for byte in bytes { mix(byte) }
            mix(0x1f)
        }

        public mutating func add(_ part: String) {
            var part = part
            part.withUTF8 { for byte in $0 { mix(byte) } }
            mix(0x1f)
        }

        /// The number's decimal digits, as `add(String(number))` would hash them. Every page
        /// hit adds a dozen numbers: the digits come from divisions by the constant 10
        /// (multiplications), least significant first, into a buffer read back in order.
        public mutating func add(_ number: Int64) {
            if number < 0 { mix(UInt8(ascii: "-")) }
            DecimalDigits.forEach(of: number.magnitude) { mix($0) }
            mix(0x1f)
        }

        public mutating func add(_ number: Int) { add(Int64(number)) }
        public mutating func add(_ number: UInt64) {
            if number <= UInt64(Int64.max) { add(Int64(number)) } else { add(String(number)) }
        }

        /// 16 hex digits.
        public var hex: String { digits(quoted: false) }

        /// `"<16 hex digits>"`, quoted as an ETag.
        public var strongTag: String { digits(quoted: true) }

        /// The hash's 16 lowercase hex digits written straight into the string's storage
        /// (every cached page hit makes one).
        private func digits(quoted: Bool) -> String {
            let hash = hash
            return String(unsafeUninitializedCapacity: quoted ? 18 : 16) { buffer in
                var at = 0
                if quoted { buffer[at] = UInt8(ascii: "\""); at += 1 }
                for shift in stride(from: 60, through: 0, by: -4) {
                    let nibble = UInt8(truncatingIfNeeded: hash >> UInt64(shift)) & 0xf
                    buffer[at] = nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
                    at += 1
                }
                if quoted { buffer[at] = UInt8(ascii: "\""); at += 1 }
                return at
            }
        }
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
