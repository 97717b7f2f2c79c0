/// One `Set-Cookie` header value. Built only from valid parts: the initializer throws
/// for a name that is not a token, or a value or path with `;`, `,`, spaces, quotes or controls,
/// so a cookie can never smuggle attributes or headers.
public struct SetCookie: Sendable, Equatable {
    public enum SameSite: String, Sendable {
        case strict = "Strict", lax = "Lax", none = "None"
    }

    public enum Invalid: Error, Equatable, Sendable {
        case name, value, path
        /// Browsers drop `SameSite=None` cookies that are not `Secure`.
        case sameSiteNoneWithoutSecure
    }

    public let name: String
    public let value: String
    public let path: String?
    /// Seconds; 0 deletes the cookie; nil makes it a session cookie.
    public let maxAge: Int?
    public let httpOnly: Bool
    public let secure: Bool
    public let sameSite: SameSite?

    public init(name: String, value: String, path: String? = "/", maxAge: Int? = nil,
                httpOnly: Bool = true, secure: Bool = false, sameSite: SameSite? = .lax) throws(Invalid) {
        guard HTTPBytes.isToken(name.utf8) else { throw .name }
        guard value.utf8.allSatisfy(Cookies.isCookieOctet) else { throw .value }
        if let path {
            guard !path.isEmpty, path.utf8.allSatisfy(Cookies.isCookieOctet) else { throw .path }
        }
        if sameSite == SameSite.none && !secure { throw .sameSiteNoneWithoutSecure }
        self.name = name
        self.value = value
        self.path = path
        self.maxAge = maxAge
        self.httpOnly = httpOnly
        self.secure = secure
        self.sameSite = sameSite
    }

    /// The header value, e.g. `sid=abc; Path=/; Max-Age=3600; HttpOnly; SameSite=Lax`.
    public var headerValue: String {
        var text = "\(name)=\(value)"
        if let path { text += "; Path=\(path)" }
        if let maxAge { text += "; Max-Age=\(maxAge)" }
        if secure { text += "; Secure" }
        if httpOnly { text += "; HttpOnly" }
        if let sameSite { text += "; SameSite=\(sameSite.rawValue)" }
        return text
    }
}
