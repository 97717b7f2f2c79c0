@testable import Accounts
import PlainText
import Store
import XCTest

final class KnownDeviceTests: XCTestCase {
    private let key = DeviceKey.generate()

    private func hex(_ bytes: [UInt8]?) -> String {
        (bytes ?? []).map { String(format: "%02x", $0) }.joined()
    }

    /// RFC 4231 test cases 1, 2 and 6 (a key longer than the block).
    func testHMACSHA256MatchesRFC4231() {
        XCTAssertEqual(hex(HMACSHA256.mac(key: [UInt8](repeating: 0x0B, count: 20), message: Array("Hi There".utf8))),
                       "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7")
        XCTAssertEqual(hex(HMACSHA256.mac(key: Array("Jefe".utf8), message: Array("what do ya want for nothing?".utf8))),
                       "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
        XCTAssertEqual(hex(HMACSHA256.mac(key: [UInt8](repeating: 0xAA, count: 131),
                                          message: Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8))),
                       "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54")
    }

    func testASignedDeviceVerifies() {
        let device = KnownDevice(member: MemberID(42), generation: 3)
        let text = device.signed(with: key)
        let parts = text.split(separator: ".")
        XCTAssertEqual(parts.count, 4)
        XCTAssertEqual(parts[0], "42")
        XCTAssertEqual(parts[1], "3")
        XCTAssertEqual(parts[2].count, 43)
        XCTAssertEqual(parts[3].count, 43)
        XCTAssertEqual(KnownDevice.verified(Substring(text), key: key), device)
        XCTAssertEqual(KnownDevice.verified(Substring(text), key: key)?.generation, 3)
        XCTAssertNotEqual(KnownDevice(member: MemberID(42), generation: 3).deviceID, device.deviceID, "each device id is new")
        XCTAssertEqual(KnownDevice.verified(Substring(KnownDevice(member: MemberID(5), generation: 0).signed(with: key)), key: key)?
            .generation, 0)
    }

    /// A cookie made before generations (`<member>.<device id>.<mac>`, the v1 MAC) reads as
    /// generation 0: trusted until the member's first sign-out everywhere or new password.
    func testACookieFromBeforeGenerationsIsGenerationZero() throws {
        let deviceID = RandomToken.generate()
        let mac = try XCTUnwrap(HMACSHA256.mac(key: key.bytes, message: Array("dawn-device-v1:9.\(deviceID)".utf8)))
        let device = try XCTUnwrap(KnownDevice.verified(Substring("9.\(deviceID).\(Base64URL.encode(mac))"), key: key))
        XCTAssertEqual(device.member, MemberID(9))
        XCTAssertEqual(device.generation, 0)
        XCTAssertEqual(device.deviceID, deviceID)
        let devices = KnownDevices([device])
        XCTAssertEqual(devices.device(for: MemberID(9), generation: 0), device)
        XCTAssertNil(devices.device(for: MemberID(9), generation: 1), "after a sign-out everywhere it is not trusted")
    }

    func testAnyChangeOrAnotherKeyIsRefused() {
        let device = KnownDevice(member: MemberID(7), generation: 2)
        let text = device.signed(with: key)
        XCTAssertNil(KnownDevice.verified(Substring(text), key: DeviceKey.generate()), "another server's key")
        // Every single-character change anywhere.
        let characters = Array(text)
        for index in characters.indices {
            for replacement in ["A", "B", "0", "9", "-", "_", "."] where String(characters[index]) != replacement {
                var changed = characters
                changed[index] = Character(replacement)
                XCTAssertNil(KnownDevice.verified(Substring(String(changed)), key: key), "changed at \(index)")
            }
        }
        let parts = text.split(separator: ".").map(String.init)
        let rest = parts[2] + "." + parts[3]
        let malformed = [
            "", ".", "..", "...", text + ".", "." + text, text + "x", String(text.dropLast()),
            parts[0] + "." + parts[2], "07.2." + rest, "+7.2." + rest, "0.2." + rest, "7.02." + rest, "7.-2." + rest,
            "7..\(rest)", "99999999999999999999.2." + rest, "7.99999999999999999999." + rest,
            parts[2] + "." + parts[0] + "." + parts[1] + "." + parts[3],
        ]
        for text in malformed {
            XCTAssertNil(KnownDevice.verified(Substring(text), key: key), text)
        }
        // The MAC binds the member and the generation: moving either breaks it.
        XCTAssertNil(KnownDevice.verified(Substring("8.2." + rest), key: key))
        XCTAssertNil(KnownDevice.verified(Substring("7.3." + rest), key: key))
        // A v2 text read as v1 (the generation dropped) does not verify either.
        XCTAssertNil(KnownDevice.verified(Substring("7." + rest), key: key))
    }

    /// A member's entry counts only at their current generation; signing in again at a
    /// newer one replaces it with a new device id.
    func testAnOlderGenerationIsNotTrustedAndIsReplaced() {
        let devices = KnownDevices().remembering(MemberID(1), generation: 0).remembering(MemberID(2), generation: 0)
        let old = devices.device(for: MemberID(1), generation: 0)
        XCTAssertNotNil(old)
        XCTAssertNil(devices.device(for: MemberID(1), generation: 1))
        let renewed = devices.remembering(MemberID(1), generation: 1)
        let new = renewed.device(for: MemberID(1), generation: 1)
        XCTAssertNotNil(new)
        XCTAssertNotEqual(new?.deviceID, old?.deviceID)
        XCTAssertEqual(renewed.devices.map(\.member.rawValue), [1, 2], "one entry per member")
        XCTAssertEqual(renewed.device(for: MemberID(2), generation: 0), devices.device(for: MemberID(2), generation: 0))
    }

    func testACookieKnowsSeveralMembersNewestFirst() {
        var devices = KnownDevices()
        for id in 1...3 { devices = devices.remembering(MemberID(Int64(id)), generation: 0) }
        XCTAssertEqual(devices.devices.map(\.member.rawValue), [3, 2, 1])
        let first = devices.device(for: MemberID(1), generation: 0)
        devices = devices.remembering(MemberID(1), generation: 0)
        XCTAssertEqual(devices.devices.map(\.member.rawValue), [1, 3, 2])
        XCTAssertEqual(devices.device(for: MemberID(1), generation: 0), first, "a member keeps their device id")

        let parsed = KnownDevices.parse(devices.value(key: key), key: key)
        XCTAssertEqual(parsed, devices)
        XCTAssertNil(parsed.device(for: MemberID(9), generation: 0))
        XCTAssertEqual(KnownDevices.parse(devices.value(key: key), key: DeviceKey.generate()), KnownDevices())
    }

    func testForgedEntriesAreDroppedAndTheListIsBounded() {
        var devices = KnownDevices()
        for id in 1...(KnownDevices.capacity + 3) { devices = devices.remembering(MemberID(Int64(id)), generation: 0) }
        XCTAssertEqual(devices.devices.count, KnownDevices.capacity)
        XCTAssertEqual(devices.devices.first?.member, MemberID(Int64(KnownDevices.capacity + 3)))
        XCTAssertLessThanOrEqual(devices.value(key: key).utf8.count, KnownDevices.maximumValueBytes)

        let real = KnownDevice(member: MemberID(5), generation: 0).signed(with: key)
        let forged = KnownDevice(member: MemberID(6), generation: 0).signed(with: DeviceKey.generate())
        let parsed = KnownDevices.parse("junk~" + forged + "~" + real + "~" + real, key: key)
        XCTAssertEqual(parsed.devices.map(\.member), [MemberID(5)], "only the genuine entry, once")
        XCTAssertEqual(KnownDevices.parse(String(repeating: real + "~", count: 20), key: key), KnownDevices(),
                       "an oversized cookie is ignored")
        XCTAssertEqual(KnownDevices.parse(nil, key: key), KnownDevices())
    }

    func testKeysAreThirtyTwoBytes() {
        XCTAssertNil(DeviceKey(bytes: [UInt8](repeating: 1, count: 31)))
        XCTAssertNotNil(DeviceKey(bytes: [UInt8](repeating: 1, count: 32)))
        XCTAssertNotEqual(DeviceKey.generate().bytes, DeviceKey.generate().bytes)
    }

    func testTheKeyIsMadeOnceAndKeptInTheInstanceDatabase() throws {
        let directory = try TemporaryDirectory()
        let first = try makeFamily(in: directory)
        let key = try first.deviceKey()
        XCTAssertEqual(try first.deviceKey().bytes, key.bytes)
        let cookie = KnownDevice(member: MemberID(1), generation: 0).signed(with: key)
        first.data.closeAll()
        let reopened = try makeFamily(in: directory)
        defer { reopened.data.closeAll() }
        XCTAssertEqual(try reopened.deviceKey().bytes, key.bytes, "the same key after a restart")
        XCTAssertNotNil(KnownDevice.verified(Substring(cookie), key: try reopened.deviceKey()))
        XCTAssertEqual(try reopened.count("secrets"), 1)
    }
}
