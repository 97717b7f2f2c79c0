import Accounts
import HTTP
import HTTPServer

/// Sign-in by a trusted reverse proxy's header (`DAWN_AUTH_HEADER`, e.g. `Remote-User` from
/// Authelia or Authentik's forward auth): on a connection from an address in
/// `DAWN_TRUSTED_PROXIES`, the header names the member, and the browser gets an ordinary
/// Dawn session (cookie, CSRF, sign-out as with a password). From any other address the
/// header is never read. A value with `@` is an email address: it names the member whose
/// verified address it is (`Family+MemberEmails.swift`). An empty or malformed value is
/// ignored; a well-formed name that is no member's, or an address no member has verified,
/// gets the 403 "ask your family's admin" page, and no account is made.
enum ProxySignIn {
    /// What the header says, read only from a trusted proxy's request.
    enum Claim: Equatable {
        case member(Username)
        /// A well-formed name, or an email address, that no member has (verified).
        case unknown
    }

    /// The claim of `request`'s header, or nil where there is none to believe.
    static func claim(_ request: HTTPRequest, header: String?, peer: SocketAddress, trustedProxies: [String],
                      family: Family) throws -> Claim? {
        guard let header, ClientAddress.isTrustedProxy(peer.host, trustedProxies),
              let raw = request.headers[header] else { return nil }
        let value = String(Substring(raw).trimmingSpaces)
        guard !value.isEmpty, value.utf8.count <= 320, value.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else { return nil }
        // An address names the member who verified it on /account (ignoring ASCII case);
        // an unverified, unknown or malformed one names nobody.
        if value.contains("@") {
            guard let address = try? EmailAddress(value), let member = try family.member(verifiedEmail: address),
                  let username = try? Username(member.username) else { return .unknown }
            return .member(username)
        }
        guard let username = try? Username(value) else { return nil }
        guard try family.member(username: username) != nil else { return .unknown }
        return .member(username)
    }

    /// The browser's session for the member the proxy names: the one it has, or a new one
    /// given with a redirect back to the same address (a `Refusal` carrying it), or the 403.
    static func admit(_ claim: Claim, signedIn: SignedIn?, request: HTTPRequest, isSecure: Bool,
                      family: Family) throws -> SignedIn? {
        guard case let .member(username) = claim else {
            throw PageError(.forbidden, key: "error.proxy_unknown_member")
        }
        if let signedIn, signedIn.member.username == username.value { return signedIn }
        // Another member's session in this browser, or none: only a page view starts one.
        guard request.method == .GET || request.method == .HEAD,
              let member = try family.member(username: username) else { return nil }
        let (token, _) = try family.startSession(for: member.id)
        throw Admission.Refusal(response: .redirect(to: ReturnPath.sanitize(request.target),
                                                    setCookies: [SessionCookie.set(token, secure: isSecure)]))
    }
}
