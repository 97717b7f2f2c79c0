import Accounts
import HTTP
import Store

/// The device cookie: which members have signed in on this browser before
/// (`KnownDevices`, each entry signed with the server's `DeviceKey`). It lets a known
/// browser sign in while a guesser has the username throttled. Set at every successful
/// sign-in and kept through sign-out; it signs nobody in by itself, and a member's signing
/// out everywhere or new password ends its trust (`KnownDevice`'s generation).
enum DeviceCookie {
    static let name = "dawn_device"
    /// A year: a browser stays known between the visits of a member who rarely signs in.
    static let maxAge = 365 * 24 * 60 * 60

    /// The browser's valid entries; forged or altered ones are dropped.
    static func devices(_ page: PageRequest, key: DeviceKey) -> KnownDevices {
        KnownDevices.parse(page.cookies[name], key: key)
    }

    /// The cookie after `member` signed in on this browser, at their device `generation`.
    static func remembering(_ member: MemberID, generation: Int64, _ page: PageRequest, key: DeviceKey) -> String {
        let devices = devices(page, key: key).remembering(member, generation: generation)
        // Digits, dots, `~` and base64url: always a valid cookie value.
        return (try? SetCookie(name: name, value: devices.value(key: key), path: "/", maxAge: maxAge,
                               httpOnly: true, secure: page.isSecure, sameSite: .lax))?.headerValue ?? ""
    }
}
