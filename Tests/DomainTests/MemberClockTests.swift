import Domain
import TimeZones
import XCTest

final class MemberClockTests: XCTestCase {
    func testTodayIsTheMembersLocalDateFromTheirDayStart() throws {
        // 23:30 UTC on the 21st is 00:30 on the 22nd in Rome (CET, +1).
        let instant = utc(2026, 11, 21, 23, 30)
        XCTAssertEqual(try MemberClock(timeZone: "Europe/Rome", dayStartHour: 0, zones: zones).today(at: instant),
                       day("2026-11-22"))
        // With the day starting at 01:00, 00:30 still belongs to the evening before.
        XCTAssertEqual(try MemberClock(timeZone: "Europe/Rome", dayStartHour: 1, zones: zones).today(at: instant),
                       day("2026-11-21"))
        XCTAssertEqual(try MemberClock(timeZone: "UTC", dayStartHour: 0, zones: zones).today(at: instant),
                       day("2026-11-21"))
    }

    func testAZoneThatCannotBeLoadedIsAnErrorNotUTC() {
        XCTAssertThrowsError(try MemberClock(timeZone: "Mars/Olympus_Mons", dayStartHour: 0, zones: zones)) { error in
            XCTAssertEqual(error as? TimeZoneError, .unknownZone("Mars/Olympus_Mons"))
        }
        XCTAssertThrowsError(try MemberClock(timeZone: "", dayStartHour: 0, zones: zones)) { error in
            XCTAssertEqual(error as? TimeZoneError, .invalidIdentifier(""))
        }
    }

    func testSkippedDatesAreTheZones() throws {
        let apia = try MemberClock(timeZone: "Pacific/Apia", dayStartHour: 0, zones: zones)
        XCTAssertTrue(apia.skippedDates.contains(day("2011-12-30")))
        XCTAssertEqual(try MemberClock(timeZone: "Europe/Rome", dayStartHour: 0, zones: zones).skippedDates, [])
    }
}
