import XCTest
@testable import DawnApp

final class NotifyInputTests: XCTestCase {
    private let p256dh = "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4"
    private let auth = "BTBZMqHH6r4Tts7J_aSIgg"

    private func json(_ endpoint: String, p256dh: String? = nil, auth: String? = nil) -> [UInt8] {
        Array(#"{"endpoint":"\#(endpoint)","expirationTime":null,"keys":{"p256dh":"\#(p256dh ?? self.p256dh)","auth":"\#(auth ?? self.auth)"}}"#.utf8)
    }

    func testNtfyTopics() throws {
        XCTAssertNil(try NotifyInput.ntfy(url: "  ", token: "", allowLoopback: false))
        XCTAssertEqual(try NotifyInput.ntfy(url: "https://ntfy.sh/kid", token: " tk_1 ", allowLoopback: false)?.token, "tk_1")
        XCTAssertEqual(try NotifyInput.ntfy(url: "http://192.168.1.20/kid", token: "", allowLoopback: false)?.token, nil)
        for bad in ["ftp://ntfy.sh/kid", "ntfy.sh/kid", "https://u:p@ntfy.sh/kid", "http://127.0.0.1/kid", "http://localhost:80/kid",
                    "http://[::1]/kid", "https://ntfy.sh/kid\u{0A}x"] {
            XCTAssertThrowsError(try NotifyInput.ntfy(url: bad, token: "", allowLoopback: false), bad) {
                XCTAssertEqual($0 as? NotifyInput.Problem, .ntfyURL)
            }
        }
        XCTAssertNotNil(try NotifyInput.ntfy(url: "http://127.0.0.1:8080/kid", token: "", allowLoopback: true))
        for bad in ["two words", "line\r\nX-Evil: 1", String(repeating: "a", count: 257), "é"] {
            XCTAssertThrowsError(try NotifyInput.ntfy(url: "https://ntfy.sh/kid", token: bad, allowLoopback: false)) {
                XCTAssertEqual($0 as? NotifyInput.Problem, .ntfyToken)
            }
        }
    }

    func testEmails() throws {
        XCTAssertNil(try NotifyInput.email(""))
        XCTAssertEqual(try NotifyInput.email(" kid@example.org "), "kid@example.org")
        XCTAssertThrowsError(try NotifyInput.email("kid@example.org\r\nBcc: x@example.org"))
    }

    func testPushSubscriptions() throws {
        let (endpoint, keys) = try NotifyInput.pushSubscription(json: json("https://fcm.googleapis.com/fcm/send/abc"), allowLoopback: false)
        XCTAssertEqual(endpoint, "https://fcm.googleapis.com/fcm/send/abc")
        XCTAssertEqual(keys.p256dh.count, 65)
        XCTAssertEqual(keys.auth.count, 16)
        for endpoint in ["http://push.example.com/x", "https://127.0.0.1/x", "https://[::1]/x", "https://10.1.1.1/x",
                         "https://localhost/x", "mailto:x@example.org"] {
            XCTAssertThrowsError(try NotifyInput.pushSubscription(json: json(endpoint), allowLoopback: false), endpoint) {
                XCTAssertEqual($0 as? NotifyInput.Problem, .pushEndpoint)
            }
        }
        XCTAssertNoThrow(try NotifyInput.pushSubscription(json: json("http://127.0.0.1:9000/push"), allowLoopback: true))
        XCTAssertThrowsError(try NotifyInput.pushSubscription(json: json("https://push.example.com/x", auth: "AAAA"), allowLoopback: false)) {
            XCTAssertEqual($0 as? NotifyInput.Problem, .pushKeys)
        }
        XCTAssertThrowsError(try NotifyInput.pushSubscription(json: json("https://push.example.com/x", p256dh: "BAAA"), allowLoopback: false)) {
            XCTAssertEqual($0 as? NotifyInput.Problem, .pushKeys)
        }
        XCTAssertThrowsError(try NotifyInput.pushSubscription(json: Array("{}".utf8), allowLoopback: false)) {
            XCTAssertEqual($0 as? NotifyInput.Problem, .pushJSON)
        }
        XCTAssertThrowsError(try NotifyInput.pushSubscription(json: [UInt8](repeating: 0x20, count: 9000), allowLoopback: false))
    }
}
