import ICalendar
import TimeZones
import XCTest

/// iCalendar text as RFC 5545 writes it: CRLF after every line, lines folded at 75 octets
/// with a space, never inside a character, TEXT escaped, dates and UTC times.
final class ICalendarWriterTests: XCTestCase {
    private func lines(_ writer: ICalendarWriter) -> [[UInt8]] {
        var lines: [[UInt8]] = []
        var current: [UInt8] = []
        var index = 0
        let bytes = writer.bytes
        while index < bytes.count {
            if bytes[index] == 0x0D {
                XCTAssertEqual(bytes[index + 1], 0x0A, "CR only before LF")
                lines.append(current)
                current = []
                index += 2
                continue
            }
            XCTAssertNotEqual(bytes[index], 0x0A, "no bare LF")
            current.append(bytes[index])
            index += 1
        }
        XCTAssertTrue(current.isEmpty, "the last line ends with CRLF")
        return lines
    }

    /// Unfolding (§3.1): a CRLF followed by one space is removed.
    private func unfolded(_ writer: ICalendarWriter) -> String {
        var output: [UInt8] = []
        let bytes = writer.bytes
        var index = 0
        while index < bytes.count {
            if index + 2 < bytes.count, bytes[index] == 0x0D, bytes[index + 1] == 0x0A, bytes[index + 2] == 0x20 {
                index += 3
                continue
            }
            output.append(bytes[index])
            index += 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    func testShortLinesEndWithCRLFAndComponentsNest() {
        var writer = ICalendarWriter()
        writer.begin("VCALENDAR")
        writer.property("VERSION", "2.0")
        writer.property("DTSTART", [("VALUE", "DATE")], "20260707")
        writer.end("VCALENDAR")
        XCTAssertEqual(String(decoding: writer.bytes, as: UTF8.self),
                       "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nDTSTART;VALUE=DATE:20260707\r\nEND:VCALENDAR\r\n")
    }

    func testLongLinesFoldAt75OctetsAndUnfoldToTheSameText() {
        let value = String(repeating: "abcdefghij", count: 20)
        var writer = ICalendarWriter()
        writer.text("DESCRIPTION", value)
        let folded = lines(writer)
        XCTAssertEqual(folded.first?.count, 75)
        XCTAssertTrue(folded.dropFirst().allSatisfy { $0.first == 0x20 && $0.count <= 75 })
        XCTAssertEqual(unfolded(writer), "DESCRIPTION:" + value + "\r\n")
        // Exactly 75 octets is one line.
        var exact = ICalendarWriter()
        exact.text("SUMMARY", String(repeating: "x", count: 75 - "SUMMARY:".count))
        XCTAssertEqual(lines(exact).map(\.count), [75])
    }

    func testAFoldNeverSplitsAMultiOctetCharacter() {
        // Emoji (4 octets), accented letters (2), a ZWJ family: at every offset against the fold.
        for prefix in 0..<8 {
            let value = String(repeating: "é", count: prefix) + String(repeating: "🏃‍♀️📚ü", count: 30)
            var writer = ICalendarWriter()
            writer.text("SUMMARY", value)
            for line in lines(writer) {
                XCTAssertLessThanOrEqual(line.count, 75)
                XCTAssertNotNil(String(validating: line, as: UTF8.self), "a whole UTF-8 line")
            }
            XCTAssertEqual(unfolded(writer), "SUMMARY:" + value + "\r\n")
        }
    }

    func testTextEscapesBackslashSemicolonCommaAndLineBreaks() {
        XCTAssertEqual(ICalendarValue.text(#"a\b;c,d"#), #"a\\b\;c\,d"#)
        XCTAssertEqual(ICalendarValue.text("one\ntwo\r\nthree\rfour"), #"one\ntwo\nthree\nfour"#)
        XCTAssertEqual(ICalendarValue.text("tab\there\u{0}\u{7}\u{7F}"), "tab\there")
        XCTAssertEqual(ICalendarValue.text("📚 Read: 20 pages"), "📚 Read: 20 pages", "a colon needs no escape in TEXT")
    }

    func testDatesAndUTCTimes() throws {
        XCTAssertEqual(ICalendarValue.date(try XCTUnwrap(LocalDate(iso: "2026-07-07"))), "20260707")
        XCTAssertEqual(ICalendarValue.date(try XCTUnwrap(LocalDate(iso: "1999-01-31"))), "19990131")
        XCTAssertEqual(ICalendarValue.utc(0), "19700101T000000Z")
        XCTAssertEqual(ICalendarValue.utc(1_783_414_800), "20260707T090000Z")
    }
}
