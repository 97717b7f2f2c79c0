import Accounts
import HTTP
import Store

/// The device cookie: which members have signed in on this browser before
/// (`KnownDevices`, each entry signed with the server's `DeviceKey`). It lets a known
/// browser sign in while a guesser has the username throttled. Set at every successful
/// sign-in and kept through sign-out; it signs nobody in by itself.
enum DeviceCookie {
    static let name = "dawn_device"
    /// A year: a browser stays known between the visits of a member who rarely signs in.
    static let maxAge = 365 * 24 * 60 * 60

    /// The browser's valid entries; forged or altered ones are dropped.
    static func devices(_ page: PageRequest, key: DeviceKey) -> KnownDevices {
        KnownDevices.parse(page.cookies[name], key: key)
    }

    /// The cookie after `member` signed in on this browser.
    static func remembering(_ member: MemberID, _ page: PageRequest, key: DeviceKey) -> String {
        let devices = devices(page, key: key).remembering(member)
        // Digits, dots, `~` and base64url: always a valid cookie value.
        return (try? SetCookie(name: name, value: devices.value(key: key), path: "/", maxAge: maxAge,
                               httpOnly: true, secure: page.isSecure, sameSite: .lax))?.headerValue ?? ""
    }
}
