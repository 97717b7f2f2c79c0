#if canImport(Glibc)
import Glibc
#endif

/// The one listening socket all event loops accept from.
struct ListeningSocket {
    let fd: Int32
    let port: Int

    /// Binds `host:port` (a numeric IPv4/IPv6 address or "localhost"; port 0 picks a free one).
    static func bind(host: String, port: Int, backlog: Int32 = 1024) throws(ServerStartError) -> ListeningSocket {
        guard (0...65535).contains(port) else { throw .invalidAddress("port \(port) is not between 0 and 65535") }
        var hints = addrinfo()
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            throw .invalidAddress("cannot resolve host \"\(host)\": \(cText(gai_strerror(status)))")
        }
        defer { freeaddrinfo(list) }

        let info = first.pointee
        let fd: Int32
        do {
            fd = try System.socket(domain: info.ai_family, type: info.ai_socktype)
        } catch {
            throw .system(error)
        }
        System.setReuseAddress(fd)
        if info.ai_family == AF_INET6 { System.setIPv6Only(fd) }
        do {
            try System.bind(fd, info.ai_addr, info.ai_addrlen)
            try System.listen(fd, backlog: backlog)
        } catch {
            System.close(fd)
            switch error.errno {
            case EADDRINUSE: throw .addressInUse(host: host, port: port)
            case EACCES: throw .permissionDenied(host: host, port: port)
            case EADDRNOTAVAIL: throw .invalidAddress("\(host) is not an address of this machine")
            default: throw .system(error)
            }
        }
        return ListeningSocket(fd: fd, port: System.localPort(fd))
    }
}

/// Why the server could not start, in words an operator can act on.
public enum ServerStartError: Error, CustomStringConvertible {
    case addressInUse(host: String, port: Int)
    case permissionDenied(host: String, port: Int)
    case invalidAddress(String)
    case system(SystemError)

    public var description: String {
        switch self {
        case let .addressInUse(host, port): "port \(port) on \(host) is already in use (is another server running?)"
        case let .permissionDenied(host, port): "not allowed to listen on \(host):\(port) (ports below 1024 need privileges)"
        case let .invalidAddress(message): message
        case let .system(error): "cannot start the server: \(error)"
        }
    }
}
