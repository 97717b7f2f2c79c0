import XCTest
@testable import TimeZones

final class POSIXRuleTests: XCTestCase {
    private func rules(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> TimeZoneRules {
        do {
            return try TimeZoneRules(posix: text)
        } catch {
            XCTFail("\(error)", file: file, line: line)
            throw error
        }
    }

    /// Asserts the offset changes from `before` to `after` exactly at `instant`.
    private func assertSwitch(_ rules: TimeZoneRules, at instant: Int64, from before: Int, to after: Int,
                              file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(rules.offset(at: instant - 1), before, "just before", file: file, line: line)
        XCTAssertEqual(rules.offset(at: instant), after, "at", file: file, line: line)
        XCTAssertEqual(rules.nextTransition(after: instant - 1), instant, "next transition", file: file, line: line)
    }

    func testCentralEurope() throws {
        let cet = try rules("CET-1CEST,M3.5.0,M10.5.0/3")
        assertSwitch(cet, at: Instant.utc(2026, 3, 29, 1), from: 3_600, to: 7_200)
        assertSwitch(cet, at: Instant.utc(2026, 10, 25, 1), from: 7_200, to: 3_600)
        // 2100: March 31 is a Wednesday and October 31 a Sunday.
        assertSwitch(cet, at: Instant.utc(2100, 3, 28, 1), from: 3_600, to: 7_200)
        assertSwitch(cet, at: Instant.utc(2100, 10, 31, 1), from: 7_200, to: 3_600)
        XCTAssertEqual(cet.abbreviation(at: Instant.utc(2100, 7, 1)), "CEST")
        XCTAssertTrue(cet.isDaylightSavingTime(at: Instant.utc(2100, 7, 1)))
        XCTAssertEqual(cet.abbreviation(at: Instant.utc(2100, 12, 1)), "CET")
        XCTAssertFalse(cet.isDaylightSavingTime(at: Instant.utc(2100, 12, 1)))
    }

    func testUSEastern() throws {
        let eastern = try rules("EST5EDT,M3.2.0,M11.1.0")
        assertSwitch(eastern, at: Instant.utc(2026, 3, 8, 7), from: -18_000, to: -14_400)
        assertSwitch(eastern, at: Instant.utc(2026, 11, 1, 6), from: -14_400, to: -18_000)
        XCTAssertEqual(eastern.abbreviation(at: Instant.utc(2026, 7, 1)), "EDT")
        XCTAssertEqual(eastern.abbreviation(at: Instant.utc(2026, 1, 1)), "EST")
    }

    func testFixedOffsets() throws {
        let kathmandu = try rules("<+0545>-5:45")
        XCTAssertEqual(kathmandu.offset(at: Instant.utc(2100, 6, 1)), 20_700)
        XCTAssertEqual(kathmandu.abbreviation(at: 0), "+0545")
        XCTAssertNil(kathmandu.nextTransition(after: 0))
        let utc = try rules("UTC0")
        XCTAssertEqual(utc.offset(at: Instant.utc(2100, 6, 1)), 0)
        XCTAssertEqual(utc.abbreviation(at: 0), "UTC")
        let saoPaulo = try rules("<-03>3")
        XCTAssertEqual(saoPaulo.offset(at: Instant.utc(2100, 1, 1)), -10_800)
        XCTAssertEqual(saoPaulo.abbreviation(at: 0), "-03")
        XCTAssertEqual(try rules("ABC+3:30:15").offset(at: 0), -12_615)
    }

    func testSouthernHemisphere() throws {
        let sydney = try rules("AEST-10AEDT,M10.1.0,M4.1.0/3")
        XCTAssertEqual(sydney.offset(at: Instant.utc(2026, 1, 15)), 39_600)
        XCTAssertEqual(sydney.offset(at: Instant.utc(2026, 7, 15)), 36_000)
        // DST ends Sunday 2026-04-05 03:00 AEDT, starts Sunday 2026-10-04 02:00 AEST.
        assertSwitch(sydney, at: Instant.utc(2026, 4, 4, 16), from: 39_600, to: 36_000)
        assertSwitch(sydney, at: Instant.utc(2026, 10, 3, 16), from: 36_000, to: 39_600)
        // Around New Year DST carries over from the previous year's start.
        XCTAssertEqual(sydney.offset(at: Instant.utc(2099, 12, 31, 23)), 39_600)
        XCTAssertEqual(sydney.localDate(at: Instant.utc(2099, 12, 31, 13)), LocalDate(year: 2100, month: 1, day: 1))
    }

    func testHoursAbove24() throws {
        // Israel: the Friday before the last Sunday of March, written as Thursday 26:00.
        let israel = try rules("IST-2IDT,M3.4.4/26,M10.5.0")
        assertSwitch(israel, at: Instant.utc(2026, 3, 27, 0), from: 7_200, to: 10_800)
        assertSwitch(israel, at: Instant.utc(2026, 10, 24, 23), from: 10_800, to: 7_200)
        XCTAssertEqual(israel.localDateTime(at: Instant.utc(2026, 3, 27, 0)).description, "2026-03-27T03:00:00")
    }

    func testNegativeHours() throws {
        // Greenland: switches at -1:00 local on Sunday, i.e. 23:00 on Saturday.
        let nuuk = try rules("<-02>2<-01>,M3.5.0/-1,M10.5.0/0")
        assertSwitch(nuuk, at: Instant.utc(2026, 3, 29, 1), from: -7_200, to: -3_600)
        assertSwitch(nuuk, at: Instant.utc(2026, 10, 25, 1), from: -3_600, to: -7_200)
    }

    func testJulianDayForms() throws {
        // Jn never counts February 29: J60 is March 1 in every year.
        let julian = try rules("AAA3BBB,J60/0,J300/0")
        assertSwitch(julian, at: Instant.utc(2028, 3, 1, 3), from: -10_800, to: -7_200)
        assertSwitch(julian, at: Instant.utc(2027, 3, 1, 3), from: -10_800, to: -7_200)
        assertSwitch(julian, at: Instant.utc(2028, 10, 27, 2), from: -7_200, to: -10_800)
        // n counts from 0 and includes February 29: day 59 is Feb 29 in leap years, Mar 1 otherwise.
        let zeroBased = try rules("AAA3BBB,59/0,299/0")
        assertSwitch(zeroBased, at: Instant.utc(2028, 2, 29, 3), from: -10_800, to: -7_200)
        assertSwitch(zeroBased, at: Instant.utc(2027, 3, 1, 3), from: -10_800, to: -7_200)
        assertSwitch(zeroBased, at: Instant.utc(2028, 10, 26, 2), from: -7_200, to: -10_800)
        assertSwitch(zeroBased, at: Instant.utc(2027, 10, 27, 2), from: -7_200, to: -10_800)
    }

    func testDefaultsAndExplicitDSTOffsets() throws {
        // DST name without rules: tzcode's default, the US rules.
        let bare = try rules("EST5EDT")
        XCTAssertEqual(bare.offset(at: Instant.utc(2026, 7, 1)), -14_400)
        assertSwitch(bare, at: Instant.utc(2026, 3, 8, 7), from: -18_000, to: -14_400)
        // Explicit DST offset, and half hours.
        let lordHowe = try rules("<+1030>-10:30<+11>-11,M10.1.0,M4.1.0")
        XCTAssertEqual(lordHowe.offset(at: Instant.utc(2026, 1, 15)), 39_600)
        XCTAssertEqual(lordHowe.offset(at: Instant.utc(2026, 7, 15)), 37_800)
        XCTAssertEqual(lordHowe.abbreviation(at: Instant.utc(2026, 7, 15)), "+1030")
        // All-year DST, tzcode's idiom: DST from Jan 1 00:00 to Dec 31 25:00.
        let permanent = try rules("EST5EDT,0/0,J365/25")
        for instant in [Instant.utc(2026, 1, 1, 12), Instant.utc(2026, 7, 1), Instant.utc(2026, 12, 31, 12)] {
            XCTAssertEqual(permanent.offset(at: instant), -14_400)
        }
    }

    func testInvalidStrings() {
        let bad = ["", "CE-1", "CET", "CET-", "CET-1CEST,M3.5.0", "CET-1CEST,M13.5.0,M10.5.0", "CET-1CEST,M3.6.0,M10.5.0",
                   "CET-1CEST,M3.5.7,M10.5.0", "CET-1CEST,M3.0.0,M10.5.0", "CET-25", "CET-1CEST,M3.5.0/168,M10.5.0",
                   "CET-1CEST,J0,J365", "CET-1CEST,J366,J1", "CET-1CEST,366,0", "<AB>1", "<ABC1", "<AB C>1", "CET-1:5",
                   "CET-1:60", "CET-1:00:60", "CET-1 ", ":Europe/Rome", "CET-1CEST,M3.5.0,M10.5.0/3,",
                   "CET-1CEST,M3.5.0,M10.5.0/3\n", "CET-1CEST,M3.5,M10.5.0", "CET-1CEST,,", "CET-1CE", "CET1000",
                   "CET-1CEST,M3.5.0,M10.5.0/1:2", "CET-1CEST,M3.5.0/-,M10.5.0", "Ça1",
                   "CET-1" + String(repeating: "X", count: 600)]
        for text in bad {
            XCTAssertThrowsError(try TimeZoneRules(posix: text), text.debugDescription) { error in
                guard case TimeZoneError.invalidPOSIXRule(let rule, let reason) = error else {
                    return XCTFail("\(error)")
                }
                XCTAssertEqual(rule, text)
                XCTAssertFalse(reason.isEmpty)
            }
        }
    }

    func testErrorMessageSaysWhy() {
        XCTAssertThrowsError(try TimeZoneRules(posix: "CET-1CEST,M13.5.0,M10.5.0")) { error in
            XCTAssertEqual("\(error)", "invalid POSIX time zone rule \"CET-1CEST,M13.5.0,M10.5.0\": M13.5.0 at byte 10 needs month 1...12, week 1...5, weekday 0...6")
        }
    }
}
