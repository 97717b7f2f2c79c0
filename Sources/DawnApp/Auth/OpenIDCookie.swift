import Accounts
import HTTP
import OpenIDConnect

/// The `dawn_oidc` cookie: a random value naming the browser that went to the OpenID
/// provider, so that an answer coming back (`state`, code) is taken only in that browser
/// (`OpenIDAttempts.take`). Without it, someone could start a sign-in in their own browser
/// and have another person's browser finish it. `SameSite=Lax`: the provider's redirect
/// back is a top-level GET, which Lax cookies go with; scoped to `/login/oidc` and to the
/// attempt's ten minutes.
enum OpenIDCookie {
    static let name = "dawn_oidc"
    static let path = "/login/oidc"

    /// The browser's value: the one its cookie holds (so two tabs signing in at once both
    /// come back), or a new one with the `Set-Cookie` that gives it.
    static func value(_ page: PageRequest) -> (value: String, setCookie: String?) {
        if let existing = page.cookies[name], SessionToken.isWellFormed(existing) { return (existing, nil) }
        let value = RandomBytes.token()
        let cookie = try? SetCookie(name: name, value: value, path: path, maxAge: Int(OpenIDAttempts.lifetime),
                                    httpOnly: true, secure: page.isSecure, sameSite: .lax)
        return (value, cookie?.headerValue)
    }
}
