import HTTP
import HTTPServer

/// What a reverse proxy says about the client — believed only when the
/// connection comes from an address the operator listed as a trusted proxy.
struct ForwardedRequest {
    /// The client's address: the peer's, or the last hop a trusted proxy appended.
    let clientAddress: String
    /// Whether the client used HTTPS to reach the (trusted) proxy.
    let isSecure: Bool

    init(request: HTTPRequest, peer: SocketAddress, trustedProxies: [String]) {
        guard trustedProxies.contains(peer.host) else {
            clientAddress = peer.host
            isSecure = false
            return
        }
        let forwardedFor = request.headers.values(for: "X-Forwarded-For")
            .flatMap { $0.split(separator: ",") }
            .last.map { String($0.trimmingSpaces) }
        // Only something shaped like an address: this ends up in throttling keys.
        if let address = forwardedFor, !address.isEmpty, address.count <= 45,
           address.allSatisfy({ $0.isHexDigit || $0 == "." || $0 == ":" }) {
            clientAddress = address
        } else {
            clientAddress = peer.host
        }
        isSecure = request.headers["X-Forwarded-Proto"].map { Substring($0).trimmingSpaces.lowercased() } == "https"
    }
}
