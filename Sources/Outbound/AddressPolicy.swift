/// Which addresses an outbound connection may reach, checked on the address libcurl is
/// about to connect to (after its own resolution, so a name cannot resolve to one thing
/// when checked and another when used).
public enum AddressPolicy: Sendable, Equatable {
    /// Public unicast addresses only: no loopback, private (RFC 1918, ULA), link-local,
    /// shared (CGNAT), multicast, reserved or unspecified addresses. Web Push endpoints.
    case publicOnly
    /// Anything but loopback and unspecified addresses: a family's ntfy on the LAN.
    case noLoopback
    /// Anything (tests, with `DAWN_NOTIFY_ALLOW_LOOPBACK=1`).
    case any

    /// Whether an IPv4 address (4 bytes, network order) may be reached.
    public func allows(ipv4 a: [UInt8]) -> Bool {
        guard a.count == 4 else { return false }
        switch self {
        case .any: return true
        case .noLoopback: return a[0] != 127 && a[0] != 0
        case .publicOnly: return Self.isPublic(ipv4: a)
        }
    }

    /// Whether an IPv6 address (16 bytes) may be reached. IPv4-mapped and NAT64 addresses
    /// are judged by the IPv4 address inside.
    public func allows(ipv6 a: [UInt8]) -> Bool {
        guard a.count == 16 else { return false }
        if self == .any { return true }
        if a[0..<10].allSatisfy({ $0 == 0 }) && a[10] == 0xFF && a[11] == 0xFF { return allows(ipv4: Array(a[12...])) }
        if a[0..<12] == [0x00, 0x64, 0xFF, 0x9B, 0, 0, 0, 0, 0, 0, 0, 0][...] { return allows(ipv4: Array(a[12...])) }
        let unspecifiedOrLoopback = a[0..<15].allSatisfy { $0 == 0 } && (a[15] == 0 || a[15] == 1)
        switch self {
        case .any: return true
        case .noLoopback: return !unspecifiedOrLoopback
        case .publicOnly:
            // Global unicast is 2000::/3; everything else (ULA fc00::/7, link-local fe80::/10,
            // multicast ff00::/8, loopback, the unspecified address, 6to4/Teredo aside) is not.
            guard a[0] & 0xE0 == 0x20 else { return false }
            // Documentation (2001:db8::/32) and Teredo (2001::/32) and 6to4 (2002::/16).
            if a[0] == 0x20, a[1] == 0x01, (a[2] == 0x0D && a[3] == 0xB8) || (a[2] == 0 && a[3] == 0) { return false }
            if a[0] == 0x20, a[1] == 0x02 { return false }
            return true
        }
    }

    static func isPublic(ipv4 a: [UInt8]) -> Bool {
        switch (a[0], a[1]) {
        case (0, _), (10, _), (127, _): return false
        case (100, 64...127): return false          // shared address space (CGNAT)
        case (169, 254): return false               // link-local
        case (172, 16...31): return false
        case (192, 168): return false
        case (192, 0) where a[2] == 0 || a[2] == 2: return false   // IETF protocol assignments, TEST-NET-1
        case (198, 18...19): return false           // benchmarking
        case (198, 51) where a[2] == 100: return false
        case (203, 0) where a[2] == 113: return false
        case (224...255, _): return false           // multicast, reserved, broadcast
        default: return true
        }
    }

    /// Whether a URL's host, as written, is refused before any lookup: an address literal
    /// the policy refuses, or `localhost`. (Names are checked again on the resolved address.)
    public func refusesHost(_ host: String) -> Bool {
        if self == .any { return false }
        let lowered = host.lowercased()
        if lowered == "localhost" || lowered.hasSuffix(".localhost") || lowered.hasSuffix(".localhost.") || lowered == "localhost." { return true }
        if let v4 = Self.ipv4Literal(lowered) { return !allows(ipv4: v4) }
        if lowered.hasPrefix("["), lowered.hasSuffix("]"), let v6 = Self.ipv6Literal(String(lowered.dropFirst().dropLast())) {
            return !allows(ipv6: v6)
        }
        return false
    }

    /// "192.168.1.10" → its 4 bytes; nil unless four decimal parts of 0…255.
    static func ipv4Literal(_ text: String) -> [UInt8]? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        var bytes: [UInt8] = []
        for part in parts {
            guard (1...3).contains(part.count), part.allSatisfy(\.isASCII), let n = UInt8(part) else { return nil }
            bytes.append(n)
        }
        return bytes
    }

    /// An IPv6 literal (no brackets) → its 16 bytes; nil when malformed. Handles `::` and
    /// a trailing dotted IPv4 part.
    static func ipv6Literal(_ text: String) -> [UInt8]? {
        guard !text.isEmpty, text.utf8.count <= 45 else { return nil }
        func groups(_ part: Substring) -> [UInt16]? {
            if part.isEmpty { return [] }
            var result: [UInt16] = []
            let pieces = part.split(separator: ":", omittingEmptySubsequences: false)
            for (index, piece) in pieces.enumerated() {
                if index == pieces.count - 1, piece.contains("."), let v4 = ipv4Literal(String(piece)) {
                    result.append(UInt16(v4[0]) << 8 | UInt16(v4[1]))
                    result.append(UInt16(v4[2]) << 8 | UInt16(v4[3]))
                } else {
                    guard (1...4).contains(piece.count), let value = UInt16(piece, radix: 16) else { return nil }
                    result.append(value)
                }
            }
            return result
        }
        let halves = text.split(separator: "::", omittingEmptySubsequences: false)
        var all: [UInt16]
        if halves.count == 1 {
            guard let g = groups(text[...]), g.count == 8 else { return nil }
            all = g
        } else if halves.count == 2 {
            guard let head = groups(halves[0]), let tail = groups(halves[1]), head.count + tail.count < 8 else { return nil }
            all = head + Array(repeating: 0, count: 8 - head.count - tail.count) + tail
        } else {
            return nil
        }
        return all.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
    }
}
