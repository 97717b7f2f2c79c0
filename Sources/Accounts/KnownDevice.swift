import Store
import PlainText

/// "This browser has signed in as this member before": the member's id, a random id for
/// the browser, and an HMAC-SHA256 of both under the server's `DeviceKey`, written as
/// `<member>.<device id>.<mac>` (digits, then two 43-character base64url tokens).
///
/// A valid one lets its browser sign in as that member, with the right password, while
/// the username is throttled for unknown browsers (`SignInThrottle`). It names one member
/// only, and any change to it breaks the MAC, so it is then ignored.
public struct KnownDevice: Sendable, Hashable {
    public let member: MemberID
    /// 32 random bytes, base64url: tells this browser's failures from another's.
    public let deviceID: String

    /// A new device id for `member`.
    public init(member: MemberID) {
        self.member = member
        deviceID = RandomToken.generate()
    }

    private init(member: MemberID, deviceID: String) {
        self.member = member
        self.deviceID = deviceID
    }

    /// The signed text for the cookie.
    public func signed(with key: DeviceKey) -> String {
        let payload = Self.payload(member: member, deviceID: deviceID)
        // HMAC-SHA256 never fails for a 32-byte key; an empty MAC would only fail to verify.
        let mac = HMACSHA256.mac(key: key.bytes, message: Self.domain + Array(payload.utf8)) ?? []
        return payload + "." + Base64URL.encode(mac)
    }

    /// The device `text` names, or nil unless it is well formed and signed with `key`.
    public static func verified(_ text: Substring, key: DeviceKey) -> KnownDevice? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let member = memberID(parts[0]),
              RandomToken.isWellFormed(String(parts[1])), RandomToken.isWellFormed(String(parts[2]))
        else { return nil }
        let payload = payload(member: member, deviceID: String(parts[1]))
        guard let expected = HMACSHA256.mac(key: key.bytes, message: domain + Array(payload.utf8)),
              ConstantTime.equal(Array(Base64URL.encode(expected).utf8), Array(parts[2].utf8))
        else { return nil }
        return KnownDevice(member: member, deviceID: String(parts[1]))
    }

    /// Separates these MACs from any other use of the key.
    private static let domain = Array("dawn-device-v1:".utf8)

    private static func payload(member: MemberID, deviceID: String) -> String {
        "\(member.rawValue).\(deviceID)"
    }

    /// Canonical decimal digits of a positive id: one spelling per id.
    private static func memberID(_ text: Substring) -> MemberID? {
        guard (1...18).contains(text.utf8.count), text.first != "0",
              text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
              let value = Int64(text)
        else { return nil }
        return MemberID(value)
    }
}
