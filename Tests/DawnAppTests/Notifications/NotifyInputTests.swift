import MemberData
import Outbound
import XCTest
@testable import DawnApp

final class NotifyInputTests: XCTestCase {
    private let p256dh = "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4"
    private let auth = "BTBZMqHH6r4Tts7J_aSIgg"

    private func json(_ endpoint: String, p256dh: String? = nil, auth: String? = nil) -> [UInt8] {
        Array(#"{"endpoint":"\#(endpoint)","expirationTime":null,"keys":{"p256dh":"\#(p256dh ?? self.p256dh)","auth":"\#(auth ?? self.auth)"}}"#.utf8)
    }

    private let lan = AddressPolicy.publicAndPrivate

    private func ntfy(_ url: String, token: String = "", policy: AddressPolicy = .publicOnly,
                      localAddresses: [[UInt8]] = []) throws -> NotifyTargets.Ntfy? {
        try NotifyInput.ntfy(url: url, token: token, policy: policy, localAddresses: localAddresses)
    }

    func testNtfyTopics() throws {
        XCTAssertNil(try ntfy("  "))
        XCTAssertEqual(try ntfy("https://ntfy.sh/kid", token: " tk_1 ")?.token, "tk_1")
        XCTAssertEqual(try ntfy("http://192.168.1.20/kid", policy: lan)?.token, nil)
        for bad in ["ftp://ntfy.sh/kid", "ntfy.sh/kid", "https://u:p@ntfy.sh/kid", "https://ntfy.sh/kid\u{0A}x",
                    "http://[fe80::1%25eth0]/kid", "http://%31%32%37.0.0.1/kid"] {
            XCTAssertThrowsError(try ntfy(bad), bad) { XCTAssertEqual($0 as? NotifyInput.Problem, .ntfyURL, bad) }
        }
        XCTAssertNotNil(try ntfy("http://127.0.0.1:8080/kid", policy: .any))
        for bad in ["two words", "line\r\nX-Evil: 1", String(repeating: "a", count: 257), "é"] {
            XCTAssertThrowsError(try ntfy("https://ntfy.sh/kid", token: bad)) {
                XCTAssertEqual($0 as? NotifyInput.Problem, .ntfyToken)
            }
        }
    }

    /// Every address of the house and the cloud, in every spelling, is refused by default;
    /// DAWN_NOTIFY_ALLOW_PRIVATE opens the LAN but never link-local, metadata or loopback.
    func testNtfyAddressesRefusedWhenSaved() throws {
        let inside = ["http://169.254.169.254/latest/meta-data/", "http://[fe80::1]/", "http://10.0.0.7/", "http://192.168.1.20/",
                      "http://100.64.1.1/", "http://[fd00::2]/", "http://[::ffff:169.254.169.254]/", "http://224.0.0.1/",
                      "http://127.0.0.1:8080/kid", "http://localhost:80/kid", "http://[::1]/kid", "http://0x7f000001/",
                      "http://127.1/", "http://2130706433/", "http://0177.0.0.1/", "http://[64:ff9b::a9fe:a9fe]/",
                      "http://[::127.0.0.1]/", "http://[2002:a9fe:a9fe::]/", "http://0.0.0.0:2586/", "http://192.0.2.1/",
                      "http://[2001:db8::1]/", "http://240.0.0.1/", "http://1.2.3.4.5/"]
        for url in inside {
            XCTAssertThrowsError(try ntfy(url), url) { XCTAssertEqual($0 as? NotifyInput.Problem, .ntfyAddress, url) }
        }
        for url in ["http://10.0.0.7/", "http://192.168.1.20/", "http://100.64.1.1/", "http://[fd00::2]/", "http://3232235796/"] {
            XCTAssertNotNil(try ntfy(url, policy: lan), url)
        }
        for url in ["http://169.254.169.254/latest/meta-data/", "http://[fe80::1]/", "http://[::ffff:169.254.169.254]/",
                    "http://100.100.100.200/", "http://[fd00:ec2::254]/", "http://224.0.0.1/", "http://127.1/", "http://[::1]/"] {
            XCTAssertThrowsError(try ntfy(url, policy: lan), url) { XCTAssertEqual($0 as? NotifyInput.Problem, .ntfyAddress, url) }
        }
        // This host's own address, whatever its class.
        XCTAssertThrowsError(try ntfy("http://192.168.1.5:2586/kid", policy: lan, localAddresses: [[192, 168, 1, 5]]))
        XCTAssertThrowsError(try ntfy("http://93.184.216.34/kid", localAddresses: [[93, 184, 216, 34]]))
        XCTAssertNotNil(try ntfy("http://93.184.216.34/kid", localAddresses: [[192, 168, 1, 5]]))
    }

    /// An empty field keeps the stored token, a typed one replaces it, "remove" drops it.
    func testTokenKeptReplacedOrRemoved() {
        XCTAssertEqual(NotifyInput.token(typed: "", stored: "tk_old", remove: false), "tk_old")
        XCTAssertEqual(NotifyInput.token(typed: "  ", stored: "tk_old", remove: false), "tk_old")
        XCTAssertEqual(NotifyInput.token(typed: "tk_new", stored: "tk_old", remove: false), "tk_new")
        XCTAssertEqual(NotifyInput.token(typed: "", stored: "tk_old", remove: true), "")
        XCTAssertEqual(NotifyInput.token(typed: "tk_new", stored: "tk_old", remove: true), "")
        XCTAssertEqual(NotifyInput.token(typed: "", stored: nil, remove: false), "")
    }

    func testEmails() throws {
        XCTAssertNil(try NotifyInput.email(""))
        XCTAssertEqual(try NotifyInput.email(" kid@example.org "), "kid@example.org")
        XCTAssertThrowsError(try NotifyInput.email("kid@example.org\r\nBcc: x@example.org"))
    }

    func testPushSubscriptions() throws {
        let (endpoint, keys) = try NotifyInput.pushSubscription(json: json("https://fcm.googleapis.com/fcm/send/abc"), policy: .publicOnly, localAddresses: [])
        XCTAssertEqual(endpoint, "https://fcm.googleapis.com/fcm/send/abc")
        XCTAssertEqual(keys.p256dh.count, 65)
        XCTAssertEqual(keys.auth.count, 16)
        for endpoint in ["http://push.example.com/x", "https://127.0.0.1/x", "https://[::1]/x", "https://10.1.1.1/x",
                         "https://localhost/x", "mailto:x@example.org", "https://169.254.169.254/x", "https://0x7f000001/x",
                         "https://[::ffff:a9fe:a9fe]/x", "https://[fd00::2]/x"] {
            XCTAssertThrowsError(try NotifyInput.pushSubscription(json: json(endpoint), policy: .publicOnly, localAddresses: []), endpoint) {
                XCTAssertEqual($0 as? NotifyInput.Problem, .pushEndpoint)
            }
        }
        XCTAssertNoThrow(try NotifyInput.pushSubscription(json: json("http://127.0.0.1:9000/push"), policy: .any, localAddresses: []))
        // The same rules as ntfy: the LAN once opened, link-local and metadata never, this host never.
        XCTAssertNoThrow(try NotifyInput.pushSubscription(json: json("https://10.1.1.1/x"), policy: lan, localAddresses: []))
        for endpoint in ["https://169.254.169.254/x", "https://[fe80::1]/x", "https://[fd00:ec2::254]/x", "http://10.1.1.1/x"] {
            XCTAssertThrowsError(try NotifyInput.pushSubscription(json: json(endpoint), policy: lan, localAddresses: []), endpoint)
        }
        XCTAssertThrowsError(try NotifyInput.pushSubscription(json: json("https://10.1.1.1/x"), policy: lan, localAddresses: [[10, 1, 1, 1]]))
        XCTAssertThrowsError(try NotifyInput.pushSubscription(json: json("https://push.example.com/x", auth: "AAAA"), policy: .publicOnly, localAddresses: [])) {
            XCTAssertEqual($0 as? NotifyInput.Problem, .pushKeys)
        }
        XCTAssertThrowsError(try NotifyInput.pushSubscription(json: json("https://push.example.com/x", p256dh: "BAAA"), policy: .publicOnly, localAddresses: [])) {
            XCTAssertEqual($0 as? NotifyInput.Problem, .pushKeys)
        }
        XCTAssertThrowsError(try NotifyInput.pushSubscription(json: Array("{}".utf8), policy: .publicOnly, localAddresses: [])) {
            XCTAssertEqual($0 as? NotifyInput.Problem, .pushJSON)
        }
        XCTAssertThrowsError(try NotifyInput.pushSubscription(json: [UInt8](repeating: 0x20, count: 9000), policy: .publicOnly, localAddresses: []))
    }
}
