import HTTP
import XCTest

/// A number's digits, most significant first, as the access log and the ETag fingerprint write them.
final class DecimalDigitsTests: XCTestCase {
    func testNumbersAreWrittenInDecimal() {
        for (value, text) in [(UInt64(0), "0"), (7, "7"), (200, "200"), (1_234_567, "1234567"),
                              (UInt64.max, "18446744073709551615")] {
            var buffer = Array("GET / ".utf8)
            DecimalDigits.forEach(of: value) { buffer.append($0) }
            XCTAssertEqual(String(decoding: buffer, as: UTF8.self), "GET / " + text)
        }
    }
}
