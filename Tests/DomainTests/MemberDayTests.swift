import Domain
import TimeZones
import XCTest

final class MemberDayTests: XCTestCase {
    private func today(_ instant: Int64, _ rules: TimeZoneRules, start: Int) -> LocalDate {
        MemberDay.today(at: instant, rules: rules, dayStartHour: start)
    }

    func testUTCAndDayStartHour() {
        let evening = utc(2026, 11, 21, 23, 59, 59)
        let night = utc(2026, 11, 22, 2)
        let morning = utc(2026, 11, 22, 4)
        XCTAssertEqual(today(evening, .utc, start: 0), day("2026-11-21"))
        XCTAssertEqual(today(night, .utc, start: 0), day("2026-11-22"))
        // Night owls: at 02:00 with the day starting at 03:00 it is still yesterday.
        XCTAssertEqual(today(night, .utc, start: 3), day("2026-11-21"))
        XCTAssertEqual(today(utc(2026, 11, 22, 2, 59, 59), .utc, start: 3), day("2026-11-21"))
        XCTAssertEqual(today(utc(2026, 11, 22, 3), .utc, start: 3), day("2026-11-22"))
        XCTAssertEqual(today(morning, .utc, start: 4), day("2026-11-22"))
        XCTAssertEqual(today(utc(2026, 11, 22, 3, 59, 59), .utc, start: 4), day("2026-11-21"))
        // Across a year end.
        XCTAssertEqual(today(utc(2027, 1, 1, 5), .utc, start: 6), day("2026-12-31"))
        XCTAssertEqual(MemberDay.date(ofInstant: night, rules: .utc, dayStartHour: 3), day("2026-11-21"))
    }

    func testOutOfRangeDayStartHourIsClamped() {
        XCTAssertEqual(MemberDayConstants.dayStartHours, 0...6)
        let at0630 = utc(2026, 11, 22, 6, 30)
        XCTAssertEqual(today(at0630, .utc, start: 9), today(at0630, .utc, start: 6))
        XCTAssertEqual(today(at0630, .utc, start: 9), day("2026-11-22"))
        XCTAssertEqual(today(utc(2026, 11, 22, 5, 59), .utc, start: 9), day("2026-11-21"))
        XCTAssertEqual(today(utc(2026, 11, 22, 0, 30), .utc, start: -3), day("2026-11-22"))
        XCTAssertEqual(MemberDay.bounds(of: day("2026-11-22"), rules: .utc, dayStartHour: 99),
                       utc(2026, 11, 22, 6)..<utc(2026, 11, 23, 6))
    }

    /// Rome springs forward on 2026-03-29 at 02:00 CET (01:00Z) to 03:00 CEST.
    func testRomeSpringForward() throws {
        let rome = try zone("Europe/Rome")
        let at0030 = utc(2026, 3, 28, 23, 30)  // 00:30 CET
        let at0330 = utc(2026, 3, 29, 1, 30)  // 03:30 CEST
        XCTAssertEqual(rome.localDateTime(at: at0030).description, "2026-03-29T00:30:00")
        XCTAssertEqual(rome.localDateTime(at: at0330).description, "2026-03-29T03:30:00")

        XCTAssertEqual(today(at0030, rome, start: 0), day("2026-03-29"))
        XCTAssertEqual(today(at0330, rome, start: 0), day("2026-03-29"))
        XCTAssertEqual(today(at0030, rome, start: 4), day("2026-03-28"))
        XCTAssertEqual(today(at0330, rome, start: 4), day("2026-03-28"))
        XCTAssertEqual(today(at0330, rome, start: 3), day("2026-03-29"))
        XCTAssertEqual(today(at0030, rome, start: 3), day("2026-03-28"))
        // 02:00 never happens: the day starting at 2 begins at the jump.
        XCTAssertEqual(today(utc(2026, 3, 29, 0, 59, 59), rome, start: 2), day("2026-03-28"))
        XCTAssertEqual(today(utc(2026, 3, 29, 1), rome, start: 2), day("2026-03-29"))
    }

    /// New York falls back on 2026-11-01 at 02:00 EDT (06:00Z) to 01:00 EST: 01:30 happens twice.
    func testNewYorkAmbiguousHour() throws {
        let newYork = try zone("America/New_York")
        let firstOneThirty = utc(2026, 11, 1, 5, 30)  // EDT
        let secondOneThirty = utc(2026, 11, 1, 6, 30)  // EST
        for instant in [firstOneThirty, secondOneThirty] {
            XCTAssertEqual(newYork.localDateTime(at: instant).description, "2026-11-01T01:30:00")
            XCTAssertEqual(today(instant, newYork, start: 0), day("2026-11-01"))
            XCTAssertEqual(today(instant, newYork, start: 1), day("2026-11-01"))
            XCTAssertEqual(today(instant, newYork, start: 2), day("2026-10-31"))
            XCTAssertEqual(today(instant, newYork, start: 4), day("2026-10-31"))
        }
        // 04:00 EST, an hour later in UTC terms than 04:00 EDT would have been.
        XCTAssertEqual(today(utc(2026, 11, 1, 8, 59, 59), newYork, start: 4), day("2026-10-31"))
        XCTAssertEqual(today(utc(2026, 11, 1, 9), newYork, start: 4), day("2026-11-01"))
    }

    /// Lord Howe moves its clocks by half an hour: back at 02:00 on 2026-04-05, forward at 02:00 on 2026-10-04.
    func testLordHoweHalfHourShifts() throws {
        let lordHowe = try zone("Australia/Lord_Howe")
        XCTAssertEqual(today(utc(2026, 4, 4, 12, 59, 59), lordHowe, start: 0), day("2026-04-04"))  // 23:59:59 +11
        XCTAssertEqual(today(utc(2026, 4, 4, 13), lordHowe, start: 0), day("2026-04-05"))
        XCTAssertEqual(today(utc(2026, 4, 4, 15, 10), lordHowe, start: 4), day("2026-04-04"))  // 01:40 +10:30
        XCTAssertEqual(today(utc(2026, 4, 4, 17, 29, 59), lordHowe, start: 4), day("2026-04-04"))  // 03:59:59
        XCTAssertEqual(today(utc(2026, 4, 4, 17, 30), lordHowe, start: 4), day("2026-04-05"))  // 04:00 +10:30

        XCTAssertEqual(MemberDay.bounds(of: day("2026-04-05"), rules: lordHowe, dayStartHour: 0).count, 88_200)
        XCTAssertEqual(MemberDay.bounds(of: day("2026-10-04"), rules: lordHowe, dayStartHour: 0).count, 84_600)
        // Starting at 04:00 the short day is the one before the change: 04:00 +10:30 to 04:00 +11.
        XCTAssertEqual(MemberDay.bounds(of: day("2026-10-03"), rules: lordHowe, dayStartHour: 4),
                       utc(2026, 10, 2, 17, 30)..<utc(2026, 10, 3, 17))
    }

    /// Samoa skipped 2011-12-30: 2011-12-29 24:00 (-10) became 2011-12-31 00:00 (+14) at 10:00Z.
    func testApiaSkippedDay() throws {
        let apia = try zone("Pacific/Apia")
        let jump = utc(2011, 12, 30, 10)
        XCTAssertEqual(today(jump - 1, apia, start: 0), day("2011-12-29"))
        XCTAssertEqual(today(jump, apia, start: 0), day("2011-12-31"))
        XCTAssertEqual(MemberDay.bounds(of: day("2011-12-29"), rules: apia, dayStartHour: 0),
                       utc(2011, 12, 29, 10)..<jump)
        XCTAssertTrue(MemberDay.bounds(of: day("2011-12-30"), rules: apia, dayStartHour: 0).isEmpty)
        XCTAssertEqual(MemberDay.bounds(of: day("2011-12-31"), rules: apia, dayStartHour: 0),
                       jump..<utc(2011, 12, 31, 10))

        // With the day starting at 04:00 the clock reads 12-31 00:00...03:59 for
        // four hours that still belong to member day 12-30.
        XCTAssertEqual(today(jump + 3 * 3_600, apia, start: 4), day("2011-12-30"))
        XCTAssertEqual(today(jump - 1, apia, start: 4), day("2011-12-29"))
        XCTAssertEqual(MemberDay.bounds(of: day("2011-12-30"), rules: apia, dayStartHour: 4),
                       jump..<(jump + 4 * 3_600))
        XCTAssertEqual(MemberDay.bounds(of: day("2011-12-29"), rules: apia, dayStartHour: 4),
                       utc(2011, 12, 29, 14)..<jump)
        // Today Apia is on +13 all year.
        XCTAssertEqual(today(utc(2026, 6, 30, 11), apia, start: 0), day("2026-07-01"))
        XCTAssertEqual(today(utc(2026, 6, 30, 11), apia, start: 4), day("2026-06-30"))
    }

    func testBoundsOfTwentyThreeAndTwentyFiveHourDays() throws {
        let rome = try zone("Europe/Rome")
        let spring = MemberDay.bounds(of: day("2026-03-29"), rules: rome, dayStartHour: 0)
        XCTAssertEqual(spring, utc(2026, 3, 28, 23)..<utc(2026, 3, 29, 22))
        XCTAssertEqual(spring.count, 23 * 3_600)
        let autumn = MemberDay.bounds(of: day("2026-10-25"), rules: rome, dayStartHour: 0)
        XCTAssertEqual(autumn, utc(2026, 10, 24, 22)..<utc(2026, 10, 25, 23))
        XCTAssertEqual(autumn.count, 25 * 3_600)
        XCTAssertEqual(MemberDay.bounds(of: day("2026-06-01"), rules: rome, dayStartHour: 0).count, 24 * 3_600)

        // Starting at 04:00 moves the short day to the day before the change.
        XCTAssertEqual(MemberDay.bounds(of: day("2026-03-28"), rules: rome, dayStartHour: 4),
                       utc(2026, 3, 28, 3)..<utc(2026, 3, 29, 2))
        XCTAssertEqual(MemberDay.bounds(of: day("2026-03-29"), rules: rome, dayStartHour: 4).count, 24 * 3_600)
        XCTAssertEqual(MemberDay.bounds(of: day("2026-10-24"), rules: rome, dayStartHour: 4).count, 25 * 3_600)
        // Starting at 02:00, an hour the clocks skip on 03-29: that day starts at the jump.
        XCTAssertEqual(MemberDay.bounds(of: day("2026-03-29"), rules: rome, dayStartHour: 2),
                       utc(2026, 3, 29, 1)..<utc(2026, 3, 30, 0))
        // Starting at 02:00 on 10-25, an hour that happens twice: its first occurrence.
        XCTAssertEqual(MemberDay.bounds(of: day("2026-10-25"), rules: rome, dayStartHour: 2),
                       utc(2026, 10, 25, 0)..<utc(2026, 10, 26, 1))

        let newYork = try zone("America/New_York")
        XCTAssertEqual(MemberDay.bounds(of: day("2026-11-01"), rules: newYork, dayStartHour: 0).count, 25 * 3_600)
        XCTAssertEqual(MemberDay.bounds(of: day("2026-03-08"), rules: newYork, dayStartHour: 0).count, 23 * 3_600)
    }

    /// Every member day of 2026 (and Samoa's 2011) in several zones and for
    /// every start hour: consecutive days tile time with no gap or overlap,
    /// and `date(ofInstant:)` agrees with `bounds(of:)` on each day's instants.
    func testBoundsTileTimeAndAgreeWithDateOfInstant() throws {
        let cases: [(String, ClosedRange<Int>)] = [
            ("UTC", 2026...2026), ("Europe/Rome", 2026...2026), ("America/New_York", 2026...2026),
            ("Australia/Lord_Howe", 2026...2026), ("Pacific/Apia", 2011...2012), ("Asia/Kolkata", 2026...2026),
        ]
        for (identifier, years) in cases {
            let rules = try zone(identifier)
            for start in MemberDayConstants.dayStartHours {
                var date = LocalDate(year: years.lowerBound, month: 1, day: 1)!
                let last = LocalDate(year: years.upperBound, month: 12, day: 31)!
                var previousEnd: Int64?
                while date <= last {
                    let bounds = MemberDay.bounds(of: date, rules: rules, dayStartHour: start)
                    let label = "\(identifier) \(date) start \(start)"
                    if let previousEnd { XCTAssertEqual(bounds.lowerBound, previousEnd, label) }
                    previousEnd = bounds.upperBound
                    if !bounds.isEmpty {
                        XCTAssertTrue((82_800...90_000).contains(bounds.count) || identifier == "Pacific/Apia", label)
                        var instant = bounds.lowerBound
                        while instant < bounds.upperBound {
                            XCTAssertEqual(MemberDay.date(ofInstant: instant, rules: rules, dayStartHour: start), date, label)
                            instant += 1_800
                        }
                        XCTAssertEqual(MemberDay.date(ofInstant: bounds.upperBound - 1, rules: rules, dayStartHour: start),
                                       date, label)
                    }
                    date = date.adding(days: 1)
                }
            }
        }
    }
}
