import Store
import PlainText

/// "This browser has signed in as this member before": the member's id, the member's device
/// generation then, a random id for the browser, and an HMAC-SHA256 of them under the
/// server's `DeviceKey`, written as `<member>.<generation>.<device id>.<mac>` (digits,
/// digits, then two 43-character base64url tokens).
///
/// A valid one lets its browser sign in as that member, with the right password, while
/// the username is throttled for unknown browsers (`SignInThrottle`), as long as its
/// generation is the member's current one: signing out everywhere and a new password move
/// the member's generation on (`members.device_generation`), which ends every browser's
/// trust at once. It names one member only, and any change to it breaks the MAC, so it is
/// then ignored. A cookie from before generations (`<member>.<device id>.<mac>`, the v1
/// MAC) reads as generation 0.
public struct KnownDevice: Sendable, Hashable {
    public let member: MemberID
    /// The member's device generation when this browser signed in.
    public let generation: Int64
    /// 32 random bytes, base64url: tells this browser's failures from another's.
    public let deviceID: String

    /// A new device id for `member` at their current `generation`.
    public init(member: MemberID, generation: Int64) {
        self.member = member
        self.generation = generation
        deviceID = RandomToken.generate()
    }

    private init(member: MemberID, generation: Int64, deviceID: String) {
        self.member = member
        self.generation = generation
        self.deviceID = deviceID
    }

    /// The signed text for the cookie.
    public func signed(with key: DeviceKey) -> String {
        let payload = Self.payload(member: member, generation: generation, deviceID: deviceID)
        // HMAC-SHA256 never fails for a 32-byte key; an empty MAC would only fail to verify.
        let mac = HMACSHA256.mac(key: key.bytes, message: Self.domain + Array(payload.utf8)) ?? []
        return payload + "." + Base64URL.encode(mac)
    }

    /// The device `text` names, or nil unless it is well formed and signed with `key`.
    public static func verified(_ text: Substring, key: DeviceKey) -> KnownDevice? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        let generation: Int64, domain: [UInt8], payload: String
        switch parts.count {
        case 4:
            guard let member = number(parts[0]), let value = number(parts[1], allowingZero: true) else { return nil }
            generation = value
            domain = self.domain
            payload = Self.payload(member: MemberID(member), generation: value, deviceID: String(parts[2]))
        case 3:
            guard let member = number(parts[0]) else { return nil }
            generation = 0
            domain = domainV1
            payload = "\(member).\(parts[1])"
        default:
            return nil
        }
        let deviceID = String(parts[parts.count - 2]), mac = parts[parts.count - 1]
        guard let member = number(parts[0]), RandomToken.isWellFormed(deviceID), RandomToken.isWellFormed(String(mac)),
              let expected = HMACSHA256.mac(key: key.bytes, message: domain + Array(payload.utf8)),
              ConstantTime.equal(Array(Base64URL.encode(expected).utf8), Array(mac.utf8))
        else { return nil }
        return KnownDevice(member: MemberID(member), generation: generation, deviceID: deviceID)
    }

    /// Separates these MACs from any other use of the key.
    private static let domain = Array("dawn-device-v2:".utf8)
    /// The MACs of cookies made before generations.
    private static let domainV1 = Array("dawn-device-v1:".utf8)

    private static func payload(member: MemberID, generation: Int64, deviceID: String) -> String {
        "\(member.rawValue).\(generation).\(deviceID)"
    }

    /// Canonical decimal digits of a positive number (or 0 when allowed): one spelling each.
    private static func number(_ text: Substring, allowingZero: Bool = false) -> Int64? {
        if allowingZero, text == "0" { return 0 }
        guard (1...18).contains(text.utf8.count), text.first != "0",
              text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
              let value = Int64(text)
        else { return nil }
        return value
    }
}
