import XCTest
import HTTP

final class PercentDecodingTests: XCTestCase {
    func testDecodesPathSegments() throws {
        XCTAssertEqual(try PercentDecoding.decodePathSegment("a%20b"), "a b")
        XCTAssertEqual(try PercentDecoding.decodePathSegment("a+b"), "a+b")
        XCTAssertEqual(try PercentDecoding.decodePathSegment("%e2%82%AC"), "€")
        XCTAssertEqual(try PercentDecoding.decodePathSegment(""), "")
        XCTAssertEqual(try PercentDecoding.decodePathSegment("%252e"), "%2e", "decoded once, not twice")
    }

    func testFormComponentsTurnPlusIntoSpace() throws {
        XCTAssertEqual(try PercentDecoding.decodeFormComponent("a+b%2B"), "a b+")
    }

    func testRejectsBadInput() {
        let cases: [(String, PercentDecodingError)] = [
            ("%", .invalidEscape), ("%4", .invalidEscape), ("%zz", .invalidEscape), ("%%41", .invalidEscape),
            ("%C3%28", .invalidUTF8), ("%C0%AF", .invalidUTF8), ("%E0%80%AF", .invalidUTF8),
            ("%ED%A0%80", .invalidUTF8), ("%80", .invalidUTF8), ("%00", .containsNUL),
        ]
        for (input, expected) in cases {
            XCTAssertThrowsError(try PercentDecoding.decodePathSegment(input), input) { error in
                XCTAssertEqual(error as? PercentDecodingError, expected, input)
            }
        }
    }
}
