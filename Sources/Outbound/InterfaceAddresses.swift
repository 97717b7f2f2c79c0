#if canImport(Glibc)
import Glibc
#endif

/// This host's own IP addresses, as `getifaddrs` lists them at the moment of asking (an
/// interface's address may change, so each transfer asks again). A URL on one of them
/// reaches this server's own services as loopback would, so only `AddressPolicy.any`
/// lets a notification go there.
public enum InterfaceAddresses {
    /// Every IPv4 (4 bytes) and IPv6 (16 bytes) address of every interface, loopback
    /// included; empty when the system cannot say.
    public static func current() -> [[UInt8]] {
        var first: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&first) == 0 else { return [] }
        defer { freeifaddrs(first) }
        var addresses: [[UInt8]] = []
        var next = first
        while let entry = next {
            next = entry.pointee.ifa_next
            guard let address = entry.pointee.ifa_addr else { continue }
            switch Int32(address.pointee.sa_family) {
            case AF_INET:
                let sin = UnsafeRawPointer(address).loadUnaligned(as: sockaddr_in.self)
                addresses.append(withUnsafeBytes(of: sin.sin_addr) { Array($0) })
            case AF_INET6:
                let sin6 = UnsafeRawPointer(address).loadUnaligned(as: sockaddr_in6.self)
                addresses.append(withUnsafeBytes(of: sin6.sin6_addr) { Array($0) })
            default:
                continue
            }
        }
        return addresses
    }
}
