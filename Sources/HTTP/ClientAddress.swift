/// Which address a request comes from, as the server and the app both need it: the
/// peer's own, or — when the peer is a reverse proxy the operator trusts — the last
/// hop that proxy appended to `X-Forwarded-For`. Pure string work, no sockets.
public enum ClientAddress {
    /// Whether `peerHost` is one of `trustedProxies`. An IPv4 peer seen by a dual-stack
    /// listener (`::ffff:10.0.0.2`) is the same machine as `10.0.0.2`.
    public static func isTrustedProxy(_ peerHost: String, _ trustedProxies: [String]) -> Bool {
        guard !trustedProxies.isEmpty else { return false }
        if trustedProxies.contains(peerHost) { return true }
        let unmapped = key(peerHost)
        return unmapped != peerHost && trustedProxies.contains(unmapped)
    }

    /// The last hop of `X-Forwarded-For` (the address the nearest proxy saw), when it is
    /// shaped like an address: it ends up in throttling keys and connection counts.
    public static func lastForwardedHop(_ headers: HTTPHeaders) -> String? {
        guard let hop = headers.values(for: "X-Forwarded-For").flatMap({ $0.split(separator: ",") }).last else {
            return nil
        }
        let address = hop.trimmingSpaces
        guard !address.isEmpty, address.count <= 45,
              address.allSatisfy({ $0.isHexDigit || $0 == "." || $0 == ":" }) else { return nil }
        return String(address)
    }

    /// The form an address is counted under: IPv4 as it is, an IPv4-mapped IPv6 address
    /// as its IPv4 (`::ffff:192.0.2.7` → `192.0.2.7`), other IPv6 in lower case.
    public static func key(_ host: String) -> String {
        guard host.utf8.contains(UInt8(ascii: ":")) else { return host }
        let lower = host.lowercased()
        let mappedPrefix = "::ffff:"
        if lower.hasPrefix(mappedPrefix) {
            let rest = lower.dropFirst(mappedPrefix.count)
            if rest.contains("."), !rest.contains(":") { return String(rest) }
        }
        return lower
    }
}
