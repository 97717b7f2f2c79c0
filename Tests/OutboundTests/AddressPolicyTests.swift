@testable import Outbound
import XCTest

final class AddressPolicyTests: XCTestCase {
    func testPublicOnlyRefusesEveryNonPublicIPv4Range() {
        for address: [UInt8] in [[127, 0, 0, 1], [10, 1, 2, 3], [172, 16, 0, 1], [172, 31, 255, 255], [192, 168, 1, 1],
                                 [169, 254, 169, 254], [100, 64, 0, 1], [0, 0, 0, 0], [224, 0, 0, 1], [255, 255, 255, 255],
                                 [198, 18, 0, 1], [192, 0, 2, 1]] {
            XCTAssertFalse(AddressPolicy.publicOnly.allows(ipv4: address), "\(address)")
        }
        for address: [UInt8] in [[8, 8, 8, 8], [172, 32, 0, 1], [100, 128, 0, 1], [142, 250, 1, 1]] {
            XCTAssertTrue(AddressPolicy.publicOnly.allows(ipv4: address), "\(address)")
        }
    }

    func testPublicOnlyRefusesNonGlobalIPv6AndMappedPrivateIPv4() throws {
        for text in ["::1", "::", "fe80::1", "fc00::1", "fd12:3456::1", "ff02::1", "::ffff:127.0.0.1", "::ffff:10.0.0.1",
                     "64:ff9b::192.168.0.1", "2001:db8::1"] {
            let bytes = try XCTUnwrap(AddressPolicy.ipv6Literal(text), text)
            XCTAssertFalse(AddressPolicy.publicOnly.allows(ipv6: bytes), text)
        }
        for text in ["2606:4700::1111", "2a00:1450:4001:80b::200e", "::ffff:8.8.8.8"] {
            XCTAssertTrue(AddressPolicy.publicOnly.allows(ipv6: try XCTUnwrap(AddressPolicy.ipv6Literal(text))), text)
        }
    }

    func testNoLoopbackAllowsTheLANButNotLoopback() throws {
        XCTAssertTrue(AddressPolicy.noLoopback.allows(ipv4: [192, 168, 1, 20]))
        XCTAssertFalse(AddressPolicy.noLoopback.allows(ipv4: [127, 0, 0, 1]))
        XCTAssertFalse(AddressPolicy.noLoopback.allows(ipv6: try XCTUnwrap(AddressPolicy.ipv6Literal("::1"))))
        XCTAssertFalse(AddressPolicy.noLoopback.allows(ipv6: try XCTUnwrap(AddressPolicy.ipv6Literal("::ffff:127.0.0.1"))))
        XCTAssertTrue(AddressPolicy.any.allows(ipv4: [127, 0, 0, 1]))
    }

    func testHostsRefusedAsWritten() {
        XCTAssertTrue(AddressPolicy.publicOnly.refusesHost("localhost"))
        XCTAssertTrue(AddressPolicy.publicOnly.refusesHost("app.localhost"))
        XCTAssertTrue(AddressPolicy.publicOnly.refusesHost("[::1]"))
        XCTAssertTrue(AddressPolicy.publicOnly.refusesHost("10.0.0.8"))
        XCTAssertFalse(AddressPolicy.publicOnly.refusesHost("push.example.com"))  // checked again once resolved
        XCTAssertFalse(AddressPolicy.noLoopback.refusesHost("192.168.1.2"))
        XCTAssertFalse(AddressPolicy.any.refusesHost("localhost"))
    }

    func testIPv6LiteralParsing() {
        XCTAssertEqual(AddressPolicy.ipv6Literal("::1"), Array(repeating: 0, count: 15) + [1])
        XCTAssertEqual(AddressPolicy.ipv6Literal("1:2:3:4:5:6:7:8")?.count, 16)
        XCTAssertNil(AddressPolicy.ipv6Literal("1::2::3"))
        XCTAssertNil(AddressPolicy.ipv6Literal("12345::1"))
        XCTAssertNil(AddressPolicy.ipv4Literal("256.1.1.1"))
        XCTAssertNil(AddressPolicy.ipv4Literal("1.2.3"))
    }

    /// libcurl connects only after the policy saw the resolved address: a refused one never
    /// gets a socket, and the error names it.
    func testARefusedAddressIsNeverConnectedTo() {
        let post = HTTPPost(url: "http://127.0.0.1:9/x", body: Array("hi".utf8), timeoutMilliseconds: 2000,
                            policy: .publicOnly, httpsOnly: false)
        XCTAssertThrowsError(try post.send()) { error in
            XCTAssertEqual(error as? OutboundError, .addressRefused("127.0.0.1"))
        }
    }

    func testOnlyTheGivenProtocolsAreUsed() {
        let post = HTTPPost(url: "http://127.0.0.1:9/x", body: [], timeoutMilliseconds: 2000, policy: .any, httpsOnly: true)
        XCTAssertThrowsError(try post.send()) { error in
            guard case .transfer = error as? OutboundError else { return XCTFail("\(error)") }
        }
    }
}
