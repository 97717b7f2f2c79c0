#if canImport(Glibc)
import Glibc
#endif

/// An IPv4 or IPv6 address and port, as accepted or resolved.
public struct SocketAddress: Sendable, Hashable, CustomStringConvertible {
    /// The numeric host, e.g. "127.0.0.1" or "::1".
    public let host: String
    public let port: Int

    public init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    init(_ storage: sockaddr_storage) {
        var storage = storage
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        switch Int32(storage.ss_family) {
        case AF_INET:
            let (address, port) = withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { ($0.pointee.sin_addr, $0.pointee.sin_port) }
            }
            var a = address
            inet_ntop(AF_INET, &a, &buffer, socklen_t(buffer.count))
            self.init(host: Self.text(buffer), port: Int(UInt16(bigEndian: port)))
        case AF_INET6:
            let (address, port) = withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { ($0.pointee.sin6_addr, $0.pointee.sin6_port) }
            }
            var a = address
            inet_ntop(AF_INET6, &a, &buffer, socklen_t(buffer.count))
            self.init(host: Self.text(buffer), port: Int(UInt16(bigEndian: port)))
        default:
            self.init(host: "unknown", port: 0)
        }
    }

    private static func text(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    public var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }
}
