@testable import Outbound
import XCTest

/// Every range a reminder's address is judged by, at its edges, and every IPv6 form an
/// IPv4 address can hide in.
final class AddressClassTests: XCTestCase {
    func testEveryIPv4Range() {
        let table: [([UInt8], AddressClass)] = [
            ([0, 0, 0, 0], .unspecified), ([0, 255, 255, 255], .unspecified),
            ([127, 0, 0, 1], .loopback), ([127, 255, 255, 254], .loopback),
            ([169, 254, 0, 1], .linkLocal), ([169, 254, 255, 255], .linkLocal),
            ([169, 254, 169, 254], .metadata), ([100, 100, 100, 200], .metadata), ([192, 0, 0, 192], .metadata),
            ([10, 0, 0, 7], .private), ([10, 255, 255, 255], .private),
            ([172, 16, 0, 1], .private), ([172, 31, 255, 255], .private),
            ([192, 168, 1, 20], .private), ([192, 168, 255, 255], .private),
            ([100, 64, 1, 1], .private), ([100, 127, 255, 255], .private),
            ([192, 0, 2, 1], .documentation), ([198, 51, 100, 7], .documentation), ([203, 0, 113, 9], .documentation),
            ([192, 0, 0, 8], .reserved), ([192, 88, 99, 1], .reserved), ([198, 18, 0, 1], .reserved), ([198, 19, 255, 255], .reserved),
            ([224, 0, 0, 1], .multicast), ([239, 255, 255, 250], .multicast),
            ([240, 0, 0, 1], .reserved), ([255, 255, 255, 255], .reserved),
            ([8, 8, 8, 8], .public), ([9, 255, 255, 255], .public), ([11, 0, 0, 0], .public), ([172, 15, 255, 255], .public),
            ([172, 32, 0, 1], .public), ([100, 63, 255, 255], .public), ([100, 128, 0, 1], .public), ([169, 253, 1, 1], .public),
            ([192, 167, 1, 1], .public), ([192, 169, 1, 1], .public), ([198, 20, 0, 1], .public), ([223, 255, 255, 255], .public),
            ([126, 255, 255, 255], .public), ([128, 0, 0, 1], .public),
        ]
        for (address, expected) in table {
            XCTAssertEqual(AddressClass.of(ipv4: address), expected, "\(address)")
        }
        XCTAssertNil(AddressClass.of(ipv4: [1, 2, 3]))
    }

    func testEveryIPv6RangeAndEveryFormOfAnIPv4Address() throws {
        let table: [(String, AddressClass)] = [
            ("::", .unspecified), ("::1", .loopback),
            ("fe80::1", .linkLocal), ("febf:ffff::1", .linkLocal),
            ("fc00::1", .private), ("fd00::2", .private), ("fdff:ffff::1", .private),
            ("fd00:ec2::254", .metadata),
            ("ff02::1", .multicast), ("ff0e::1", .multicast),
            ("2001:db8::1", .documentation), ("2001:db8:ffff::1", .documentation), ("3fff::1", .documentation), ("3fff:fff::1", .documentation),
            // IPv4-mapped: the IPv4 address inside, in dotted and in hex form.
            ("::ffff:169.254.169.254", .metadata), ("::ffff:a9fe:a9fe", .metadata), ("::ffff:127.0.0.1", .loopback),
            ("::ffff:10.0.0.7", .private), ("::ffff:192.168.1.20", .private), ("::ffff:224.0.0.1", .multicast),
            ("::ffff:0.0.0.0", .unspecified), ("::ffff:8.8.8.8", .public),
            // NAT64 (RFC 6052): the IPv4 address inside.
            ("64:ff9b::169.254.169.254", .metadata), ("64:ff9b::7f00:1", .loopback), ("64:ff9b::192.168.0.1", .private),
            ("64:ff9b::8.8.8.8", .public), ("64:ff9b:1::a00:7", .reserved),
            // IPv4-compatible (deprecated), SIIT, 6to4, Teredo: never a target.
            ("::127.0.0.1", .reserved), ("::10.0.0.7", .reserved), ("::8.8.8.8", .reserved), ("::ffff:0:7f00:1", .reserved),
            ("2002:a9fe:a9fe::1", .reserved), ("2002:c0a8:114::1", .reserved), ("2002:808:808::1", .reserved),
            ("2001::1", .reserved), ("2001:0:4136:e378::1", .reserved), ("2001:1ff::1", .reserved),
            // Site-local (deprecated), discard-only, unassigned outside 2000::/3.
            ("fec0::1", .reserved), ("100::1", .reserved), ("4000::1", .reserved), ("1fff::1", .reserved),
            ("2606:4700::1111", .public), ("2a00:1450:4001:80b::200e", .public), ("2001:200::1", .public), ("3ffe::1", .public),
        ]
        for (text, expected) in table {
            XCTAssertEqual(AddressClass.of(ipv6: try XCTUnwrap(AddressPolicy.ipv6Literal(text), text)), expected, text)
        }
        XCTAssertNil(AddressClass.of(ipv6: [0, 1]))
    }
}
