import PlainText
import XCTest

final class PlainTextTests: XCTestCase {
    func testTrimmedRemovesUnicodeWhitespaceOnlyAtTheEnds() {
        XCTAssertEqual(PlainText.trimmed("  a b\u{00A0}"), "a b")
        XCTAssertEqual(PlainText.trimmed("\n\t\u{2003}x\u{3000}"), "x")
        XCTAssertEqual(PlainText.trimmed(" \n "), "")
        XCTAssertEqual(PlainText.trimmed(""), "")
        XCTAssertEqual(PlainText.trimmed("🏃🏽‍♀️"), "🏃🏽‍♀️")
    }

    func testSingleLineRefusesControlsSeparatorsAndBidiControls() {
        for scalar in [0x00, 0x09, 0x0A, 0x0D, 0x1F, 0x7F, 0x80, 0x9F, 0x2028, 0x2029,
                       0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069] {
            let text = "a" + String(Character(Unicode.Scalar(UInt32(scalar))!)) + "b"
            XCTAssertFalse(PlainText.isSingleLine(text), String(scalar, radix: 16))
        }
    }

    func testSingleLineAllowsOrdinaryTextAndJoiners() {
        for text in ["Walk the dog", "Caffè con Anna", "👨‍👩‍👧", "שלום", "a\u{200D}b", "a\u{A0}b", ""] {
            XCTAssertTrue(PlainText.isSingleLine(text), text)
        }
    }

    /// Limits count Unicode scalars, which is what SQLite's length() counts.
    func testLengthCountsScalarsNotGraphemeClusters() {
        XCTAssertEqual(PlainText.length(""), 0)
        XCTAssertEqual(PlainText.length("abc"), 3)
        XCTAssertEqual(PlainText.length("a\r\n"), 3, "CR LF is one grapheme cluster but two scalars")
        XCTAssertEqual(PlainText.length("🏃‍♀️"), 4)
        XCTAssertEqual(PlainText.length("e\u{301}"), 2)
        XCTAssertEqual(PlainText.length("città"), 5)
        XCTAssertEqual(PlainText.length(Substring("xyz").dropFirst()), 2)
    }

    func testLineBreaksBecomeOneLineFeedEach() {
        XCTAssertEqual(PlainText.normalizingLineBreaks("a\r\nb"), "a\nb")
        XCTAssertEqual(PlainText.normalizingLineBreaks("a\rb\r"), "a\nb\n", "a lone CR is a break too")
        XCTAssertEqual(PlainText.normalizingLineBreaks("a\r\r\nb"), "a\n\nb")
        XCTAssertEqual(PlainText.normalizingLineBreaks("a\n\r\nb\n"), "a\n\nb\n")
        XCTAssertEqual(PlainText.normalizingLineBreaks("no breaks, 🏃‍♀️"), "no breaks, 🏃‍♀️")
        let textarea = String(repeating: "a\r\n", count: 9_999)
        XCTAssertEqual(PlainText.length(PlainText.normalizingLineBreaks(textarea)), 19_998)
    }
}
