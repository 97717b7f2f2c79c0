import Domain
import TimeZones
import XCTest

/// Streaks and "today" where clocks misbehave: DST changes (whole hours in Rome and
/// New York, half an hour on Lord Howe), year ends east and west of the date line,
/// and the day Samoa skipped. A member's activity is stored under their member day, so
/// each test goes instant → member day (`MemberDay.date`) → streak, as the pages do.
final class StreakAcrossClockChangesTests: XCTestCase {
    /// Active at the first and at the last second of every member day from `first`
    /// through `last`: the edges are where a DST change would move a day's activity.
    private func edgeActivity(_ first: LocalDate, _ last: LocalDate, _ rules: TimeZoneRules, start: Int) -> [LocalDate] {
        var dates: [LocalDate] = []
        var date = first
        while date <= last {
            let bounds = MemberDay.bounds(of: date, rules: rules, dayStartHour: start)
            date = date.adding(days: 1)
            guard !bounds.isEmpty else { continue }  // a day the zone skipped
            for instant in [bounds.lowerBound, bounds.upperBound - 1] {
                dates.append(MemberDay.date(ofInstant: instant, rules: rules, dayStartHour: start))
            }
        }
        return dates
    }

    /// Two weeks either side of each DST change, for every day-start hour: no day is
    /// lost or counted twice, so the streak is the number of days.
    func testAStreakRunsStraightThroughEveryDSTChange() throws {
        let changes: [(String, String)] = [
            ("Europe/Rome", "2026-03-29"), ("Europe/Rome", "2026-10-25"),
            ("America/New_York", "2026-03-08"), ("America/New_York", "2026-11-01"),
            ("Australia/Lord_Howe", "2026-04-05"), ("Australia/Lord_Howe", "2026-10-04"),
        ]
        for (identifier, change) in changes {
            let rules = try zone(identifier)
            for start in MemberDayConstants.dayStartHours {
                let first = day(change).adding(days: -14)
                let last = day(change).adding(days: 14)
                let dates = edgeActivity(first, last, rules, start: start)
                XCTAssertEqual(Set(dates).count, 29, "\(identifier) \(change) start \(start)")
                XCTAssertEqual(Set(dates).min(), first)
                let streak = Streak(activeDates: dates, today: last,
                                    skipping: MemberDay.skippedDates(rules: rules, dayStartHour: start))
                XCTAssertEqual(streak.current, 29, "\(identifier) \(change) start \(start)")
                XCTAssertEqual(streak.best, 29, "\(identifier) \(change) start \(start)")
            }
        }
    }

    /// A night owl (day from 04:00) writes at 01:30 every night. In New York 01:30 happens
    /// twice on 2026-11-01, in Rome 02:30 never on 2026-03-29: both nights still count for
    /// the evening before, once.
    func testNightOwlsAcrossTheAmbiguousAndTheMissingHour() throws {
        let newYork = try zone("America/New_York")
        let firstOneThirty = utc(2026, 11, 1, 5, 30)  // EDT
        let secondOneThirty = utc(2026, 11, 1, 6, 30)  // EST, an hour later
        let nights = [utc(2026, 10, 30, 5, 30), utc(2026, 10, 31, 5, 30), firstOneThirty, secondOneThirty,
                      utc(2026, 11, 2, 6, 30)]
        let dates = nights.map { MemberDay.date(ofInstant: $0, rules: newYork, dayStartHour: 4) }
        XCTAssertEqual(dates.map(\.description), ["2026-10-29", "2026-10-30", "2026-10-31", "2026-10-31", "2026-11-01"])
        // The morning of 11-02 at 09:00 EST: today is 11-02, not yet active; four days ran up to yesterday.
        let today = MemberDay.today(at: utc(2026, 11, 2, 14), rules: newYork, dayStartHour: 4)
        XCTAssertEqual(today, day("2026-11-02"))
        XCTAssertEqual(Streak(activeDates: dates, today: today).current, 4)

        let rome = try zone("Europe/Rome")
        // 02:30 on 03-29 does not exist; the clock went from 01:59:59 CET to 03:00 CEST.
        let missing = rome.unixSeconds(for: LocalDateTime(date: day("2026-03-29"), hour: 2, minute: 30)!)
        XCTAssertEqual(rome.localDateTime(at: missing).description, "2026-03-29T03:30:00")
        XCTAssertEqual(MemberDay.date(ofInstant: missing, rules: rome, dayStartHour: 4), day("2026-03-28"))
        XCTAssertEqual(MemberDay.date(ofInstant: missing, rules: rome, dayStartHour: 3), day("2026-03-29"))
    }

    /// New Year's Eve and Day where the year turns first (Kiritimati, +14; Apia, +13),
    /// last (Niue, -11), in a southern summer (Lord Howe, +11 with DST) and in New York.
    func testYearEndInTheMembersZone() throws {
        // 2026-12-31T10:00Z: already 2027 in Kiritimati, still 2026 in Apia, Niue and New York.
        let instant = utc(2026, 12, 31, 10)
        let expected: [(String, String)] = [
            ("Pacific/Kiritimati", "2027-01-01"), ("Pacific/Apia", "2026-12-31"), ("Australia/Lord_Howe", "2026-12-31"),
            ("Pacific/Niue", "2026-12-30"), ("America/New_York", "2026-12-31"), ("UTC", "2026-12-31"),
        ]
        for (identifier, date) in expected {
            XCTAssertEqual(MemberDay.today(at: instant, rules: try zone(identifier), dayStartHour: 0), day(date), identifier)
        }
        XCTAssertEqual(MemberDay.today(at: utc(2026, 12, 31, 11), rules: try zone("Pacific/Apia"), dayStartHour: 0),
                       day("2027-01-01"))
        XCTAssertEqual(MemberDay.today(at: utc(2027, 1, 1, 4, 59, 59), rules: try zone("America/New_York"), dayStartHour: 0),
                       day("2026-12-31"))

        // Lord Howe is on summer time (+11) over the new year: its day lengths stay 24 h.
        let lordHowe = try zone("Australia/Lord_Howe")
        XCTAssertEqual(lordHowe.offset(at: utc(2026, 12, 31, 12)), 11 * 3_600)
        for start in MemberDayConstants.dayStartHours {
            for date in ["2026-12-31", "2027-01-01"] {
                XCTAssertEqual(MemberDay.bounds(of: day(date), rules: lordHowe, dayStartHour: start).count, 86_400)
            }
            // A week of edge activity across the new year: one unbroken run.
            let dates = edgeActivity(day("2026-12-28"), day("2027-01-03"), lordHowe, start: start)
            XCTAssertEqual(Streak(activeDates: dates, today: day("2027-01-03")).current, 7, "start \(start)")
        }
        // New Year's night at 05:30 belongs to 12-31 for a member whose day starts at 06:00,
        // so on the morning of 01-01 yesterday is 12-30 and the run still stands.
        let niue = try zone("Pacific/Niue")
        let night = niue.unixSeconds(for: LocalDateTime(date: day("2027-01-01"), hour: 5, minute: 30)!)
        XCTAssertEqual(MemberDay.date(ofInstant: night, rules: niue, dayStartHour: 6), day("2026-12-31"))
        let morning = niue.unixSeconds(for: LocalDateTime(date: day("2027-01-01"), hour: 7, minute: 0)!)
        let today = MemberDay.today(at: morning, rules: niue, dayStartHour: 6)
        XCTAssertEqual(today, day("2027-01-01"))
        let active = [day("2026-12-29"), day("2026-12-30"), MemberDay.date(ofInstant: night, rules: niue, dayStartHour: 6)]
        XCTAssertEqual(Streak(activeDates: active, today: today).current, 3)
    }

    /// Samoa skipped 2011-12-30. Someone who wrote every evening lived no day without
    /// writing, so their run goes on across the day that never was.
    func testApiaStreakBridgesTheDayThatNeverWas() throws {
        let apia = try zone("Pacific/Apia")
        let skipped = MemberDay.skippedDates(rules: apia, dayStartHour: 0)
        XCTAssertEqual(skipped, [day("2011-12-30")])
        var evenings: [LocalDate] = []
        var date = day("2011-12-20")
        while date <= day("2012-01-05") {
            // 20:00 local each evening; on 12-30 that wall time never happened.
            let wall = LocalDateTime(date: date, hour: 20, minute: 0)!
            let instant = apia.unixSeconds(for: wall)
            if apia.localDateTime(at: instant) == wall {
                evenings.append(MemberDay.date(ofInstant: instant, rules: apia, dayStartHour: 0))
            }
            date = date.adding(days: 1)
        }
        XCTAssertEqual(evenings.count, 16)
        XCTAssertFalse(evenings.contains(day("2011-12-30")))
        let streak = Streak(activeDates: evenings, today: day("2012-01-05"), skipping: skipped)
        XCTAssertEqual(streak.current, 16, "10 days before the jump, 31 December, and 5 days of January")
        XCTAssertEqual(streak.best, 16)
        XCTAssertEqual(Streak.current(activeDates: Set(evenings), today: day("2012-01-05"), skipping: skipped), 16)
        // On the morning after the jump (12-31), yesterday was 12-29 for this member.
        let morning = utc(2011, 12, 30, 20)  // 2011-12-31 10:00 +14
        let today = MemberDay.today(at: morning, rules: apia, dayStartHour: 0)
        XCTAssertEqual(today, day("2011-12-31"))
        let before = evenings.filter { $0 < today }
        XCTAssertEqual(Streak(activeDates: before, today: today, skipping: skipped).current, 10)
        // The skipped day bridges, it does not count: nothing on 12-29 breaks the run.
        let gap = evenings.filter { $0 != day("2011-12-29") }
        XCTAssertEqual(Streak(activeDates: gap, today: day("2012-01-05"), skipping: skipped).current, 6)
        XCTAssertEqual(Streak(activeDates: gap, today: day("2012-01-05"), skipping: skipped).best, 9)
        // Without being told, a streak cannot know the day was skipped (other zones lived it).
        XCTAssertEqual(Streak(activeDates: evenings, today: day("2012-01-05")).current, 6)
    }

    /// With the day starting at 04:00, member day 2011-12-30 did happen in Apia: the four
    /// hours 00:00-03:59 of 12-31's wall clock. It is not skipped, and a run needs it.
    func testApiaWithALateDayStartHasAFourHourThirtieth() throws {
        let apia = try zone("Pacific/Apia")
        XCTAssertEqual(MemberDay.skippedDates(rules: apia, dayStartHour: 4), [])
        XCTAssertEqual(MemberDay.bounds(of: day("2011-12-30"), rules: apia, dayStartHour: 4).count, 4 * 3_600)
        for start in MemberDayConstants.dayStartHours {
            let dates = edgeActivity(day("2011-12-20"), day("2012-01-05"), apia, start: start)
            let skipped = MemberDay.skippedDates(rules: apia, dayStartHour: start)
            XCTAssertEqual(skipped, start == 0 ? [day("2011-12-30")] : [], "start \(start)")
            let streak = Streak(activeDates: dates, today: day("2012-01-05"), skipping: skipped)
            XCTAssertEqual(streak.current, start == 0 ? 16 : 17, "start \(start)")
        }
    }

    /// Kiribati's Line Islands skipped New Year's Eve 1994 (-10 to +14): a year end
    /// with no 31 December. Zones that never jumped a whole day skip nothing.
    func testKiritimatiSkippedNewYearsEveAndOrdinaryZonesSkipNothing() throws {
        let kiritimati = try zone("Pacific/Kiritimati")
        XCTAssertEqual(MemberDay.skippedDates(rules: kiritimati, dayStartHour: 0), [day("1994-12-31")])
        XCTAssertEqual(MemberDay.skippedDates(rules: kiritimati, dayStartHour: 2), [])
        let jump = utc(1994, 12, 31, 10)
        XCTAssertEqual(MemberDay.today(at: jump - 1, rules: kiritimati, dayStartHour: 0), day("1994-12-30"))
        XCTAssertEqual(MemberDay.today(at: jump, rules: kiritimati, dayStartHour: 0), day("1995-01-01"))
        let dates = edgeActivity(day("1994-12-25"), day("1995-01-05"), kiritimati, start: 0)
        XCTAssertEqual(Set(dates).count, 11)
        XCTAssertEqual(Streak(activeDates: dates, today: day("1995-01-05"),
                              skipping: MemberDay.skippedDates(rules: kiritimati, dayStartHour: 0)).current, 11)
        XCTAssertEqual(MemberDay.skippedDates(rules: try zone("Pacific/Kwajalein"), dayStartHour: 0), [day("1993-08-21")])

        for identifier in ["UTC", "Europe/Rome", "America/New_York", "Australia/Lord_Howe", "Pacific/Niue"] {
            for start in MemberDayConstants.dayStartHours {
                XCTAssertEqual(MemberDay.skippedDates(rules: try zone(identifier), dayStartHour: start), [], identifier)
            }
        }
        XCTAssertEqual(MemberDay.skippedDates(rules: .utc, dayStartHour: 0), [])
    }
}
