import XCTest
@testable import Localization

/// Amounts kept in thousandths, as each language writes them: its decimal separator, no
/// trailing zeros, grouped or (for a form to read back) not.
final class LocalizedDecimalTests: XCTestCase {
    func testEachLanguagesSeparatorAndNoTrailingZeros() {
        XCTAssertEqual(LocalizedNumber.decimal(thousandths: 20_000, .en), "20")
        XCTAssertEqual(LocalizedNumber.decimal(thousandths: 2_500, .en), "2.5")
        XCTAssertEqual(LocalizedNumber.decimal(thousandths: 2_500, .it), "2,5")
        XCTAssertEqual(LocalizedNumber.decimal(thousandths: 2_500, .fr), "2,5")
        XCTAssertEqual(LocalizedNumber.decimal(thousandths: 1, .en), "0.001")
        XCTAssertEqual(LocalizedNumber.decimal(thousandths: 10_050, .en), "10.05")
        XCTAssertEqual(LocalizedNumber.decimal(thousandths: 0, .en), "0")
        XCTAssertEqual(LocalizedNumber.decimal(thousandths: -1_500, .it), "-1,5")
    }

    func testGroupingIsForReadingNotForForms() {
        XCTAssertEqual(LocalizedNumber.decimal(thousandths: 1_234_567_890, .en), "1,234,567.89")
        XCTAssertEqual(LocalizedNumber.decimal(thousandths: 1_234_567_890, .it), "1.234.567,89")
        XCTAssertEqual(LocalizedNumber.decimal(thousandths: 1_234_567_890, .fr), "1\u{202F}234\u{202F}567,89")
        XCTAssertEqual(LocalizedNumber.decimal(thousandths: 1_234_567_890, .en, grouped: false), "1234567.89")
        XCTAssertEqual(LocalizedNumber.decimal(thousandths: 1_000_000_000_000, .it, grouped: false), "1000000000")
    }

    func testEachLanguagesDecimalsAcrossTheRange() {
        let cases: [(Int64, String, String, String)] = [
            (0, "0", "0", "0"),
            (20_000, "20", "20", "20"),
            (2_500, "2.5", "2,5", "2,5"),
            (1_250_750, "1,250.75", "1.250,75", "1\u{202F}250,75"),
            (5, "0.005", "0,005", "0,005"),
            (100, "0.1", "0,1", "0,1"),
            (1_000_000_000_000, "1,000,000,000", "1.000.000.000", "1\u{202F}000\u{202F}000\u{202F}000"),
            (-1_500, "-1.5", "-1,5", "-1,5"),
        ]
        for (milli, en, it, fr) in cases {
            XCTAssertEqual(LocalizedNumber.decimal(thousandths: milli, .en), en, "\(milli)")
            XCTAssertEqual(LocalizedNumber.decimal(thousandths: milli, .it), it, "\(milli)")
            XCTAssertEqual(LocalizedNumber.decimal(thousandths: milli, .fr), fr, "\(milli)")
        }
    }
}
