#if canImport(Glibc)
import Glibc
#endif

/// The key the sign-in throttle counts a client address under. One IPv6 subscriber gets a
/// whole /64 (2^64 addresses), so IPv6 is counted by its /64 prefix; an IPv4-mapped IPv6
/// address (`::ffff:a.b.c.d`, as a dual-stack socket or proxy may write it) is the IPv4
/// address it maps. Pure: `inet_pton` only parses.
public enum ThrottleAddress {
    /// `2001:db8:1:2::/64` for any IPv6 address in that /64, however it is written;
    /// `192.0.2.7` for `192.0.2.7` or `::ffff:192.0.2.7`; anything that is not an address
    /// is its own key, unchanged.
    public static func key(_ address: String) -> String {
        // A zone ("fe80::1%eth0") names the host's interface, not the client.
        let text = address.split(separator: "%", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? address
        if text.contains(":"), let bytes = ipv6(text) {
            if bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xFF, bytes[11] == 0xFF {
                return dotted(Array(bytes[12..<16]))
            }
            let groups = stride(from: 0, to: 8, by: 2).map { String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16) }
            return groups.joined(separator: ":") + "::/64"
        }
        if let bytes = ipv4(text) { return dotted(bytes) }
        return address
    }

    private static func ipv6(_ text: String) -> [UInt8]? {
        var address = in6_addr()
        guard inet_pton(AF_INET6, text, &address) == 1 else { return nil }
        return withUnsafeBytes(of: &address) { Array($0) }
    }

    private static func ipv4(_ text: String) -> [UInt8]? {
        var address = in_addr()
        guard inet_pton(AF_INET, text, &address) == 1 else { return nil }
        return withUnsafeBytes(of: &address) { Array($0) }
    }

    private static func dotted(_ bytes: [UInt8]) -> String {
        bytes.map(String.init).joined(separator: ".")
    }
}
