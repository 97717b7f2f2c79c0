import HTTP
import XCTest

/// Which address a request is counted against: the peer, or what a trusted proxy forwards.
final class ClientAddressTests: XCTestCase {
    func testKeysFoldIPv4MappedAddressesAndIPv6Case() {
        XCTAssertEqual(ClientAddress.key("192.0.2.7"), "192.0.2.7")
        XCTAssertEqual(ClientAddress.key("::ffff:192.0.2.7"), "192.0.2.7")
        XCTAssertEqual(ClientAddress.key("::FFFF:192.0.2.7"), "192.0.2.7")
        XCTAssertEqual(ClientAddress.key("2001:DB8::1"), "2001:db8::1")
        XCTAssertEqual(ClientAddress.key("::1"), "::1")
        // Only a mapped IPv4 address loses its prefix.
        XCTAssertEqual(ClientAddress.key("::ffff:c000:207"), "::ffff:c000:207")
        XCTAssertEqual(ClientAddress.key("unknown"), "unknown")
    }

    func testTrustedProxiesMatchExactlyOrAsTheirMappedForm() {
        let proxies = ["127.0.0.1", "2001:db8::5"]
        XCTAssertTrue(ClientAddress.isTrustedProxy("127.0.0.1", proxies))
        XCTAssertTrue(ClientAddress.isTrustedProxy("::ffff:127.0.0.1", proxies), "a dual-stack listener's view of it")
        XCTAssertTrue(ClientAddress.isTrustedProxy("2001:db8::5", proxies))
        XCTAssertFalse(ClientAddress.isTrustedProxy("127.0.0.2", proxies))
        XCTAssertFalse(ClientAddress.isTrustedProxy("::ffff:127.0.0.2", proxies))
        XCTAssertFalse(ClientAddress.isTrustedProxy("127.0.0.1", []))
    }

    func testTheLastForwardedHopIsTheClient() {
        XCTAssertEqual(ClientAddress.lastForwardedHop(["X-Forwarded-For": "203.0.113.9"]), "203.0.113.9")
        // A client can put anything first; the hop the proxy appended is the last.
        XCTAssertEqual(ClientAddress.lastForwardedHop(["X-Forwarded-For": "10.9.9.9, 203.0.113.9"]), "203.0.113.9")
        XCTAssertEqual(ClientAddress.lastForwardedHop(HTTPHeaders([("X-Forwarded-For", "1.1.1.1"),
                                                                   ("x-forwarded-for", " 2001:db8::7 ")])),
                       "2001:db8::7")
        XCTAssertNil(ClientAddress.lastForwardedHop([:]))
    }

    func testAnythingNotShapedLikeAnAddressIsIgnored() {
        for value in ["", " ", "evil.example", "1.2.3.4 x", "1.2.3.4/8", "fe80::1%eth0", String(repeating: "1", count: 46),
                      "1.2.3.4, <script>"] {
            XCTAssertNil(ClientAddress.lastForwardedHop(["X-Forwarded-For": value]), value)
        }
    }
}
