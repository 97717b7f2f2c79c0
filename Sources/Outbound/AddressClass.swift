/// What kind of network an IP address belongs to, as far as an outbound request from
/// Dawn is concerned: the public internet, a family's own network (which the operator may
/// open), or places no member-chosen URL may ever reach (this host, the link, a cloud's
/// metadata service, multicast, reserved and documentation ranges). Pure.
public enum AddressClass: Sendable, Equatable {
    /// Globally routed unicast.
    case `public`
    /// RFC 1918 (10/8, 172.16/12, 192.168/16), shared CGNAT space (100.64/10) and IPv6
    /// unique local addresses (fc00::/7): a home or office network.
    case `private`
    /// 127/8 and ::1.
    case loopback
    /// 169.254/16 and fe80::/10.
    case linkLocal
    /// A cloud's instance metadata service: 169.254.169.254, fd00:ec2::254 (AWS),
    /// 100.100.100.200 (Alibaba), 192.0.0.192 (Oracle). Never reachable, whatever is allowed
    /// short of everything: it hands out the host's credentials.
    case metadata
    /// 224/4 and ff00::/8.
    case multicast
    /// 0/8 and :: (Linux connects 0.0.0.0 to this host).
    case unspecified
    /// TEST-NET-1/2/3 (192.0.2/24, 198.51.100/24, 203.0.113/24), 2001:db8::/32, 3fff::/20.
    case documentation
    /// Everything else that is not public: 240/4 and the broadcast address, benchmarking
    /// (198.18/15), IETF protocol assignments (192.0.0/24, 2001::/23), the 6to4 relay
    /// anycast (192.88.99/24), deprecated IPv6 forms (IPv4-compatible ::/96, site-local
    /// fec0::/10, 6to4 2002::/16, SIIT ::ffff:0:0/96, local NAT64 64:ff9b:1::/48),
    /// discard-only 100::/64 and unassigned IPv6 space outside 2000::/3.
    case reserved

    /// The class of an IPv4 address (4 bytes, network order); nil when not 4 bytes.
    public static func of(ipv4 a: [UInt8]) -> AddressClass? {
        guard a.count == 4 else { return nil }
        switch (a[0], a[1], a[2], a[3]) {
        case (169, 254, 169, 254), (100, 100, 100, 200), (192, 0, 0, 192): return .metadata
        case (0, _, _, _): return .unspecified
        case (127, _, _, _): return .loopback
        case (169, 254, _, _): return .linkLocal
        case (10, _, _, _), (172, 16...31, _, _), (192, 168, _, _), (100, 64...127, _, _): return .private
        case (192, 0, 2, _), (198, 51, 100, _), (203, 0, 113, _): return .documentation
        case (192, 0, 0, _), (192, 88, 99, _), (198, 18...19, _, _): return .reserved
        case (224...239, _, _, _): return .multicast
        case (240...255, _, _, _): return .reserved
        default: return .public
        }
    }

    /// The class of an IPv6 address (16 bytes); nil when not 16 bytes. An IPv4-mapped
    /// (::ffff:a.b.c.d) or NAT64 (64:ff9b::a.b.c.d) address is the class of the IPv4
    /// address inside: that is where a packet to it ends up.
    public static func of(ipv6 a: [UInt8]) -> AddressClass? {
        guard a.count == 16 else { return nil }
        let firstTen = a[0..<10].allSatisfy { $0 == 0 }
        if firstTen, a[10] == 0xFF, a[11] == 0xFF { return of(ipv4: Array(a[12...])) }
        if a[0..<12].elementsEqual([0x00, 0x64, 0xFF, 0x9B, 0, 0, 0, 0, 0, 0, 0, 0]) { return of(ipv4: Array(a[12...])) }
        if firstTen, a[10] == 0, a[11] == 0 {
            if a[12..<15].allSatisfy({ $0 == 0 }) {
                if a[15] == 0 { return .unspecified }
                if a[15] == 1 { return .loopback }
            }
            return .reserved    // IPv4-compatible (::a.b.c.d), deprecated by RFC 4291
        }
        if a == [0xFD, 0x00, 0x0E, 0xC2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x02, 0x54] { return .metadata }
        if a[0] == 0xFF { return .multicast }
        if a[0] & 0xFE == 0xFC { return .private }
        if a[0] == 0xFE, a[1] & 0xC0 == 0x80 { return .linkLocal }
        if a[0] == 0x20, a[1] == 0x01, a[2] == 0x0D, a[3] == 0xB8 { return .documentation }
        if a[0] == 0x3F, a[1] == 0xFF, a[2] & 0xF0 == 0 { return .documentation }
        // Global unicast is 2000::/3; within it, 2001::/23 (Teredo among them) and 6to4.
        guard a[0] & 0xE0 == 0x20 else { return .reserved }
        if a[0] == 0x20, a[1] == 0x01, a[2] & 0xFE == 0 { return .reserved }
        if a[0] == 0x20, a[1] == 0x02 { return .reserved }
        return .public
    }
}
