import Accounts
import HTTP

/// The kitchen screen's cookies. Both hold random tokens whose SHA-256 alone is stored
/// (`FamilyScreens`), both are `HttpOnly`, `SameSite=Strict`, `Secure` behind TLS, and
/// both are sent only to `/family-screen…` (`Path`): neither is a session, and `Admission.admit`
/// reads neither for any member page.
enum ScreenCookie {
    /// The enrolment: which enrolled screen this browser is.
    static let name = "dawn_screen"
    /// A year: a kitchen tablet stays enrolled until an admin revokes it.
    static let maxAge = 365 * 24 * 60 * 60
    /// The visit: which member entered their PIN here, for `FamilyScreens.visitLifetime`.
    static let visitName = "dawn_screen_visit"
    static let path = "/family-screen"

    static func set(_ token: String, secure: Bool) -> String {
        cookie(name, token, maxAge: maxAge, secure: secure)
    }

    static func clear(secure: Bool) -> String {
        cookie(name, "", maxAge: 0, secure: secure)
    }

    static func setVisit(_ token: String, secure: Bool) -> String {
        cookie(visitName, token, maxAge: Int(FamilyScreens.visitLifetime), secure: secure)
    }

    static func clearVisit(secure: Bool) -> String {
        cookie(visitName, "", maxAge: 0, secure: secure)
    }

    private static func cookie(_ name: String, _ value: String, maxAge: Int, secure: Bool) -> String {
        // Tokens are base64url: always a valid cookie value.
        (try? SetCookie(name: name, value: value, path: path, maxAge: maxAge,
                        httpOnly: true, secure: secure, sameSite: .strict))?.headerValue ?? ""
    }
}
