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
}
