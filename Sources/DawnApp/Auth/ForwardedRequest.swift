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
        guard ClientAddress.isTrustedProxy(peer.host, trustedProxies) else {
            clientAddress = peer.host
            isSecure = false
            return
        }
        // The same address the server counts this request's connection against.
        clientAddress = ClientAddress.lastForwardedHop(request.headers) ?? peer.host
        isSecure = request.headers["X-Forwarded-Proto"].map { Substring($0).trimmingSpaces.lowercased() } == "https"
    }
}
