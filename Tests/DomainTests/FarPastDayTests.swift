import Domain
import TimeZones
import XCTest

/// Day pages reach 1900: the member-day maths answer there, in zones still on local mean
/// time (Kathmandu, +05:41:16 until 1920) and on the first summer-time days (Rome, 1916).
final class FarPastDayTests: XCTestCase {
    func testLocalMeanTimeIn1900() throws {
        let kathmandu = try zone("Asia/Kathmandu")
        let lmt = 5 * 3_600 + 41 * 60 + 16
        XCTAssertEqual(kathmandu.offset(at: utc(1900, 1, 1, 12)), lmt)
        let bounds = MemberDay.bounds(of: day("1900-01-01"), rules: kathmandu, dayStartHour: 0)
        XCTAssertEqual(bounds, (utc(1900, 1, 1) - Int64(lmt))..<(utc(1900, 1, 2) - Int64(lmt)))
        XCTAssertEqual(MemberDay.date(ofInstant: bounds.lowerBound, rules: kathmandu, dayStartHour: 0), day("1900-01-01"))
        XCTAssertEqual(MemberDay.date(ofInstant: bounds.lowerBound - 1, rules: kathmandu, dayStartHour: 0), day("1899-12-31"))
        XCTAssertEqual(try zone("America/Sao_Paulo").offset(at: utc(1900, 1, 1)), -(3 * 3_600 + 6 * 60 + 28))
    }

    /// Rome's first summer time: 3 June 1916 at 24:00 CET the clocks went to 01:00, so the
    /// member day of 4 June starts at the jump and lasts 23 hours.
    func testRomesFirstSummerTime() throws {
        let rome = try zone("Europe/Rome")
        let bounds = MemberDay.bounds(of: day("1916-06-04"), rules: rome, dayStartHour: 0)
        XCTAssertEqual(bounds, utc(1916, 6, 3, 23)..<utc(1916, 6, 4, 22))
        XCTAssertEqual(MemberDay.date(ofInstant: utc(1916, 6, 3, 23), rules: rome, dayStartHour: 0), day("1916-06-04"))
        XCTAssertEqual(MemberDay.bounds(of: day("1916-06-05"), rules: rome, dayStartHour: 4).count, 24 * 3_600)
    }
}
