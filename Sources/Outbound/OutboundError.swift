/// Why an outbound request did not get an answer: each carries text for the member's
/// "last delivery" line and the operator's log.
public enum OutboundError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The URL is not one this request may use (scheme, form).
    case urlRefused(String)
    /// The name resolved to an address the policy refuses (loopback, a private network…).
    case addressRefused(String)
    /// libcurl's own failure: connecting, TLS, a timeout, the SMTP dialogue.
    case transfer(String)

    public var description: String {
        switch self {
        case let .urlRefused(reason): "URL refused: \(reason)"
        case let .addressRefused(address): "address refused: \(address)"
        case let .transfer(reason): reason
        }
    }
}
