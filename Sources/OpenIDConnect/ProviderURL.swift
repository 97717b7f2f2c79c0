/// An address of the OpenID provider: its issuer (`DAWN_OIDC_ISSUER`) or an endpoint its
/// discovery document names. `https://` always works; plain `http://` only on this
/// machine's loopback (`127.x.x.x`, `[::1]`, `localhost`): the end-to-end tests' provider,
/// or one reached through a tunnel. Anywhere else a code, a client secret and ID tokens
/// would cross the network in clear text.
public struct ProviderURL: Sendable, Equatable, CustomStringConvertible {
    public static let maximumLength = 2048

    /// The URL as written.
    public let text: String
    /// `https` or `http`.
    public let scheme: String
    /// The host as written, lowercased (an IPv6 literal with its brackets).
    public let host: String
    /// `http://` to a loopback host.
    public var isPlainLoopback: Bool { scheme == "http" }

    public var description: String { text }

    /// Why a URL is refused, as the end of a sentence naming it.
    public enum Refusal: Error, Equatable, Sendable, CustomStringConvertible {
        case notHTTPS
        case malformed(String)

        public var description: String {
            switch self {
            case .notHTTPS: "must be https:// (http:// only for a provider on this machine: 127.0.0.1, [::1], localhost)"
            case .malformed(let detail): "is not a URL Dawn can use: \(detail)"
            }
        }
    }

    /// The issuer: a URL without query or fragment (OpenID Connect Discovery §2).
    public static func issuer(_ text: String) throws(Refusal) -> ProviderURL {
        let url = try ProviderURL(text)
        guard !text.contains("?") else { throw .malformed("an issuer has no query") }
        return url
    }

    /// An endpoint the discovery document of `issuer` names: https, or plain http on
    /// loopback only when the issuer is itself there.
    public static func endpoint(_ text: String, of issuer: ProviderURL) throws(Refusal) -> ProviderURL {
        let url = try ProviderURL(text)
        if url.isPlainLoopback, !issuer.isPlainLoopback { throw .notHTTPS }
        return url
    }

    private init(_ text: String) throws(Refusal) {
        guard text.utf8.count <= Self.maximumLength else { throw .malformed("longer than \(Self.maximumLength) characters") }
        guard text.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { throw .malformed("spaces or characters outside ASCII") }
        let lowered = text.lowercased()
        let rest: Substring
        if lowered.hasPrefix("https://") {
            scheme = "https"
            rest = text.dropFirst(8)
        } else if lowered.hasPrefix("http://") {
            scheme = "http"
            rest = text.dropFirst(7)
        } else {
            throw .notHTTPS
        }
        guard !text.contains("#") else { throw .malformed("a fragment (#)") }
        let authority = rest.prefix { $0 != "/" && $0 != "?" }
        guard !authority.isEmpty else { throw .malformed("no host") }
        guard !authority.contains("@") else { throw .malformed("a user name or password in it") }
        var host = Substring(authority)
        var port: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { throw .malformed("an unclosed [") }
            host = authority[...close]
            let after = authority[authority.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { throw .malformed("text after the address") }
                port = after.dropFirst()
            }
        } else if let colon = authority.firstIndex(of: ":") {
            host = authority[..<colon]
            port = authority[authority.index(after: colon)...]
        }
        guard !host.isEmpty, host.allSatisfy({ $0.isLetter || $0.isNumber || "-._[]:".contains($0) }) else {
            throw .malformed("a host that is not a name or an address")
        }
        if let port {
            guard (1...5).contains(port.count), port.allSatisfy(\.isNumber), let number = Int(port), (1...65_535).contains(number) else {
                throw .malformed("a port that is not a number from 1 to 65535")
            }
        }
        self.text = text
        self.host = host.lowercased()
        if scheme == "http", !Self.isLoopback(self.host) { throw .notHTTPS }
    }

    /// `localhost`, an IPv4 address in 127/8 written as four decimal numbers, or `[::1]`.
    static func isLoopback(_ host: String) -> Bool {
        if host == "localhost" || host == "[::1]" { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4, parts.allSatisfy({ (1...3).contains($0.count) && $0.allSatisfy(\.isNumber) && Int($0)! <= 255 }) else {
            return false
        }
        return parts[0] == "127"
    }

    /// Where the discovery document of this issuer is: the issuer without a trailing `/`,
    /// then `/.well-known/openid-configuration` (OpenID Connect Discovery §4).
    public var discoveryURL: String {
        (text.hasSuffix("/") ? String(text.dropLast()) : text) + "/.well-known/openid-configuration"
    }
}
