#if canImport(Glibc)
import Glibc
#endif

/// `dawn healthcheck`: asks a running server for `GET /healthz` over loopback, the
/// way a container runtime's health check does, with no curl in the image.
public enum HealthProbe {
    /// Where to ask: a wildcard listening address is reached through loopback.
    public static func target(host: String) -> String {
        switch host {
        case "", "0.0.0.0": "127.0.0.1"
        case "::", "[::]": "::1"
        default: host
        }
    }

    /// The status line's code, or why there was none. Never blocks longer than about `timeout` per step.
    public static func check(host: String, port: Int, path: String = "/healthz",
                             timeout: Duration = .seconds(3)) -> Result<Int, HealthProbeError> {
        var hints = addrinfo()
        hints.ai_flags = AI_NUMERICSERV
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let host = target(host: host)
        guard getaddrinfo(host, String(port), &hints, &list) == 0, let first = list else {
            return .failure(.unreachable("cannot resolve \(host)"))
        }
        defer { freeaddrinfo(list) }
        let address = SocketAddress(host: host, port: port)
        let response: [UInt8]
        do {
            let fd = try System.blockingSocket(domain: first.pointee.ai_family, timeout: timeout)
            defer { System.close(fd) }
            try System.connect(fd, first.pointee.ai_addr, first.pointee.ai_addrlen)
            let hostHeader = host.contains(":") ? "[\(host)]" : host
            System.write(fd, Array("GET \(path) HTTP/1.1\r\nHost: \(hostHeader)\r\nConnection: close\r\n\r\n".utf8))
            response = try System.readAll(fd, limit: 64 * 1024)
        } catch {
            return .failure(.unreachable("\(address): \(error)"))
        }
        guard let code = statusCode(response) else {
            return .failure(.malformed("\(address) answered something that is not HTTP/1.1"))
        }
        return .success(code)
    }

    /// The three-digit code of an `HTTP/1.1 NNN ...` status line.
    static func statusCode(_ response: [UInt8]) -> Int? {
        let prefix = Array("HTTP/1.1 ".utf8)
        guard response.count >= prefix.count + 3, Array(response[..<prefix.count]) == prefix else { return nil }
        let digits = response[prefix.count..<prefix.count + 3]
        guard digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return nil }
        return digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
    }
}

/// Why the health probe got no answer.
public enum HealthProbeError: Error, Equatable, CustomStringConvertible {
    case unreachable(String)
    case malformed(String)

    public var description: String {
        switch self {
        case let .unreachable(message), let .malformed(message): message
        }
    }
}
