import HTTP

/// The session cookie: the only thing a browser holds of a sign-in. The server
/// stores just a SHA-256 of the token (see `Family`).
enum SessionCookie {
    static let name = "dawn_session"
    /// Sessions end after 30 days without a visit; the cookie lives as long.
    static let maxAge = 30 * 24 * 60 * 60

    static func set(_ token: String, secure: Bool) -> String {
        // The token is base64url: always a valid cookie value.
        (try? SetCookie(name: name, value: token, path: "/", maxAge: maxAge,
                        httpOnly: true, secure: secure, sameSite: .lax))?.headerValue ?? ""
    }

    static func clear(secure: Bool) -> String {
        (try? SetCookie(name: name, value: "", path: "/", maxAge: 0,
                        httpOnly: true, secure: secure, sameSite: .lax))?.headerValue ?? ""
    }
}

/// The pre-session CSRF cookie for the forms shown before anyone is signed in
/// (setup, sign-in): the form's hidden field must repeat it (double submit).
/// Signed-in forms use the session's own token instead.
enum CSRFCookie {
    static let name = "dawn_csrf"
    static let fieldName = "csrf"

    static func set(_ token: String, secure: Bool) -> String {
        (try? SetCookie(name: name, value: token, path: "/", maxAge: nil,
                        httpOnly: true, secure: secure, sameSite: .strict))?.headerValue ?? ""
    }
}
