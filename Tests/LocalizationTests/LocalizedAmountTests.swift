import XCTest
@testable import Localization

/// Amounts in thousandths as each language writes decimals: no trailing zeros, whole
/// numbers without decimals, the language's thousands separator.
final class LocalizedAmountTests: XCTestCase {
    func testEachLanguagesDecimals() {
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
            XCTAssertEqual(LocalizedAmount.thousandths(milli, .en), en, "\(milli)")
            XCTAssertEqual(LocalizedAmount.thousandths(milli, .it), it, "\(milli)")
            XCTAssertEqual(LocalizedAmount.thousandths(milli, .fr), fr, "\(milli)")
        }
    }
}
