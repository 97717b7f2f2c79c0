@testable import Outbound
import XCTest

final class MailMessageTests: XCTestCase {
    func testAMessageIsRFC5322WithCRLFAndAnEncodedSubject() {
        let message = MailMessage(from: "dawn@example.org", to: "kid@example.org", subject: "🏃 Run", body: "Time for Run (07:30)\n",
                                  date: 1_783_409_400, messageID: "dawn.abc")
        let text = String(decoding: message.bytes, as: UTF8.self)
        let lines = text.components(separatedBy: "\r\n")
        XCTAssertFalse(text.replacingOccurrences(of: "\r\n", with: "").contains("\n"), "bare LF")
        XCTAssertTrue(lines.contains("From: =?UTF-8?B?RGF3bg==?= <dawn@example.org>"))
        XCTAssertTrue(lines.contains("To: <kid@example.org>"))
        XCTAssertTrue(lines.contains("Subject: =?UTF-8?B?8J+PgyBSdW4=?="))
        XCTAssertTrue(lines.contains("Message-ID: <dawn.abc@example.org>"))
        XCTAssertTrue(lines.contains("Content-Type: text/plain; charset=utf-8"))
        XCTAssertTrue(lines.contains("Content-Transfer-Encoding: base64"))
        XCTAssertTrue(lines.contains("Date: Tue, 07 Jul 2026 07:30:00 +0000"), text)
        let blank = lines.firstIndex(of: "")!
        XCTAssertEqual(lines[blank + 1], "VGltZSBmb3IgUnVuICgwNzozMCkK")
        XCTAssertTrue(lines.allSatisfy { $0.utf8.count <= 78 })
    }

    func testLongSubjectsFoldIntoWordsThatNeverSplitACharacter() {
        let subject = String(repeating: "é", count: 40)  // 80 bytes
        let words = MailMessage.encodedWords(subject)
        let parts = words.components(separatedBy: "\r\n ")
        XCTAssertEqual(parts.count, 2)
        XCTAssertTrue(parts.allSatisfy { $0.count <= 75 && $0.hasPrefix("=?UTF-8?B?") && $0.hasSuffix("?=") })
        // Each word decodes to whole characters (22 é = 44 bytes, then 18).
        XCTAssertEqual(parts[0], "=?UTF-8?B?" + MailMessage.base64(Array(String(repeating: "é", count: 22).utf8)) + "?=")
        XCTAssertFalse(MailMessage.encodedWords("a\r\nBcc: x@y.z").contains("\n"))
    }

    func testDates() {
        XCTAssertEqual(MailMessage.rfc5322Date(0), "Thu, 01 Jan 1970 00:00:00 +0000")
        XCTAssertEqual(MailMessage.rfc5322Date(951_782_400), "Tue, 29 Feb 2000 00:00:00 +0000")
    }

    func testAddresses() {
        for good in ["kid@example.org", "a.b+c@mail.example.co.uk", "x_y@a-b.io"] { XCTAssertTrue(MailMessage.isAddress(good), good) }
        for bad in ["", "kid", "kid@", "@example.org", "kid@localhost", "kid@exa mple.org", "k id@example.org", "kid@example.org\r\n",
                    "<kid@example.org>", "a..b@example.org", ".a@example.org", "kid@-example.org", "\"q\"@example.org",
                    String(repeating: "a", count: 65) + "@example.org"] {
            XCTAssertFalse(MailMessage.isAddress(bad), bad)
        }
    }

    func testRelayURLs() {
        XCTAssertTrue(SMTPMail.isRelayURL("smtp://relay:587"))
        XCTAssertTrue(SMTPMail.isRelayURL("smtps://user:pw@relay.example.org:465"))
        XCTAssertFalse(SMTPMail.isRelayURL("http://relay"))
        XCTAssertFalse(SMTPMail.isRelayURL("smtp://"))
        XCTAssertFalse(SMTPMail.isRelayURL("smtp://relay :25"))
    }
}
