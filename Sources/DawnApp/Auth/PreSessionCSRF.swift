import Accounts
import HTTP

/// The CSRF token for a form shown to someone not signed in: the one their
/// `dawn_csrf` cookie already holds, or a new one with the cookie to set.
struct PreSessionCSRF {
    let token: String
    let setCookie: String?

    init(_ page: PageRequest) {
        if let existing = page.cookies[CSRFCookie.name], SessionToken.isWellFormed(existing) {
            token = existing
            setCookie = nil
        } else {
            token = CSRFToken.generate()
            setCookie = CSRFCookie.set(token, secure: page.isSecure)
        }
    }

    func attach(to response: inout HTTPResponse) {
        if let setCookie { response.headers.add("Set-Cookie", setCookie) }
    }
}
