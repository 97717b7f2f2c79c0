import XCTest
@testable import HTTP

final class HTTPDateTests: XCTestCase {
    private let known: [(Int, String)] = [
        (0, "Thu, 01 Jan 1970 00:00:00 GMT"),
        (784_111_777, "Sun, 06 Nov 1994 08:49:37 GMT"),
        (951_782_400, "Tue, 29 Feb 2000 00:00:00 GMT"),         // leap day of a 400-year leap year
        (1_709_164_800, "Thu, 29 Feb 2024 00:00:00 GMT"),
        (1_709_251_199, "Thu, 29 Feb 2024 23:59:59 GMT"),
        (1_709_251_200, "Fri, 01 Mar 2024 00:00:00 GMT"),
        (4_107_542_400, "Mon, 01 Mar 2100 00:00:00 GMT"),      // 2100 is not a leap year
        (2_147_483_647, "Tue, 19 Jan 2038 03:14:07 GMT"),
        (1_735_689_599, "Tue, 31 Dec 2024 23:59:59 GMT"),
        (-1, "Wed, 31 Dec 1969 23:59:59 GMT"),
        (-2_208_988_800, "Mon, 01 Jan 1900 00:00:00 GMT"),
        (253_402_300_799, "Fri, 31 Dec 9999 23:59:59 GMT"),
    ]

    func testFormatsKnownDates() {
        for (seconds, text) in known {
            XCTAssertEqual(HTTPDate.format(secondsSince1970: seconds), text)
        }
    }

    func testParsesKnownDates() {
        for (seconds, text) in known {
            XCTAssertEqual(HTTPDate.parse(text), seconds, text)
        }
    }

    func testRoundTripsEveryDayOverFourCenturies() {
        var seconds = -2_208_988_800 + 12_345
        while seconds < 10_413_792_000 {
            let text = HTTPDate.format(secondsSince1970: seconds)
            XCTAssertEqual(HTTPDate.parse(text), seconds)
            seconds += 86_400
        }
    }

    func testCalendarMatchesKnownDays() {
        XCTAssertTrue(HTTPDate.civilDate(daysSince1970: 0) == (1970, 1, 1))
        XCTAssertTrue(HTTPDate.civilDate(daysSince1970: 11_016) == (2000, 2, 29))
        XCTAssertEqual(HTTPDate.daysSince1970(year: 2024, month: 2, day: 29), 19_782)
    }

    func testClampsOutOfRangeTimes() {
        XCTAssertEqual(HTTPDate.format(secondsSince1970: .max), "Fri, 31 Dec 9999 23:59:59 GMT")
        XCTAssertEqual(HTTPDate.format(secondsSince1970: .min), "Sat, 01 Jan 0000 00:00:00 GMT")
    }

    func testRejectsOtherFormsAndImpossibleDates() {
        for text in ["", "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994", "Sun, 06 Nov 1994 08:49:37 UTC",
                     "Sun, 6 Nov 1994 08:49:37 GMT", "Xyz, 06 Nov 1994 08:49:37 GMT", "Sun, 06 Foo 1994 08:49:37 GMT",
                     "Thu, 29 Feb 2023 00:00:00 GMT", "Mon, 29 Feb 2100 00:00:00 GMT", "Sun, 31 Apr 1994 00:00:00 GMT",
                     "Sun, 00 Nov 1994 08:49:37 GMT", "Sun, 06 Nov 1994 24:00:00 GMT", "Sun, 06 Nov 1994 08:60:00 GMT",
                     "Sun, 06 Nov 1994 08:49:37 GMT ", "Sun, 06 Nov 19a4 08:49:37 GMT"] {
            XCTAssertNil(HTTPDate.parse(text), text)
        }
    }
}
