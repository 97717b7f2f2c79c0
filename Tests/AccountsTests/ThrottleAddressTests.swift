import Accounts
import XCTest

final class ThrottleAddressTests: XCTestCase {
    func testIPv6IsKeyedByIts64HoweverWritten() {
        let forms = [
            "2001:db8:1:2::1",
            "2001:DB8:1:2::FFFF",
            "2001:0db8:0001:0002:0000:0000:0000:0001",
            "2001:db8:1:2:aaaa:bbbb:cccc:dddd",
            "2001:db8:1:2:0:0:0:0",
            "2001:db8:1:2::",
            "2001:db8:1:2::1.2.3.4",
        ]
        for form in forms {
            XCTAssertEqual(ThrottleAddress.key(form), "2001:db8:1:2::/64", form)
        }
        XCTAssertEqual(ThrottleAddress.key("2001:db8:1:3::1"), "2001:db8:1:3::/64")
        XCTAssertEqual(ThrottleAddress.key("2001:db8::1"), "2001:db8:0:0::/64")
        XCTAssertEqual(ThrottleAddress.key("::1"), "0:0:0:0::/64")
        XCTAssertEqual(ThrottleAddress.key("fe80::1%eth0"), "fe80:0:0:0::/64", "the zone is the host's, not the client's")
    }

    func testMappedIPv4IsTheIPv4Address() {
        for form in ["::ffff:192.0.2.7", "::FFFF:192.0.2.7", "0:0:0:0:0:ffff:192.0.2.7",
                     "0000:0000:0000:0000:0000:FFFF:C000:0207", "::ffff:c000:207", "192.0.2.7"] {
            XCTAssertEqual(ThrottleAddress.key(form), "192.0.2.7", form)
        }
        XCTAssertEqual(ThrottleAddress.key("::ffff:192.0.2.8"), "192.0.2.8")
        // Not mapped: an IPv6 address that merely ends in an IPv4 one.
        XCTAssertEqual(ThrottleAddress.key("::192.0.2.7"), "0:0:0:0::/64")
        XCTAssertEqual(ThrottleAddress.key("64:ff9b::192.0.2.7"), "64:ff9b:0:0::/64")
    }

    func testAnythingElseIsItsOwnKey() {
        for text in ["", "unknown", "1.2.3", "1.2.3.4.5", "256.1.1.1", "2001:db8::1::2", "::ffff:1.2.3.400", "[::1]"] {
            XCTAssertEqual(ThrottleAddress.key(text), text, text)
        }
    }
}
