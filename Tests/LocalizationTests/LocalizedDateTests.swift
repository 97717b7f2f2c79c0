import TimeZones
import XCTest
@testable import Localization

final class LocalizedDateTests: XCTestCase {
    private func date(_ iso: String) -> LocalDate { LocalDate(iso: iso)! }

    func testLong() {
        let cases: [(String, Language, String)] = [
            ("2026-11-22", .en, "Sunday, 22 November 2026"),
            ("2026-11-22", .it, "Domenica 22 novembre 2026"),
            ("2026-11-22", .fr, "Dimanche 22 novembre 2026"),
            ("2027-01-01", .en, "Friday, 1 January 2027"),
            ("2027-01-01", .it, "Venerdì 1 gennaio 2027"),
            ("2027-01-01", .fr, "Vendredi 1er janvier 2027"),
            ("2024-02-29", .en, "Thursday, 29 February 2024"),
            ("2024-02-29", .it, "Giovedì 29 febbraio 2024"),
            ("2024-02-29", .fr, "Jeudi 29 février 2024"),
            ("2026-08-01", .fr, "Samedi 1er août 2026"),
        ]
        for (iso, language, expected) in cases {
            XCTAssertEqual(LocalizedDate.long(date(iso), language), expected)
        }
    }

    func testDayLabel() {
        XCTAssertEqual(LocalizedDate.dayLabel(date("2026-11-22"), .en), "22 November 2026")
        XCTAssertEqual(LocalizedDate.dayLabel(date("2026-11-22"), .it), "22 Novembre 2026")
        XCTAssertEqual(LocalizedDate.dayLabel(date("2026-11-22"), .fr), "22 novembre 2026")
        XCTAssertEqual(LocalizedDate.dayLabel(date("2026-08-01"), .en), "1 August 2026")
        XCTAssertEqual(LocalizedDate.dayLabel(date("2026-08-01"), .it), "1 Agosto 2026")
        XCTAssertEqual(LocalizedDate.dayLabel(date("2026-08-01"), .fr), "1er août 2026")
        XCTAssertEqual(LocalizedDate.dayLabel(date("2026-12-31"), .it), "31 Dicembre 2026")
    }

    func testWeekLabel() {
        let start = date("2026-11-17"), end = date("2026-11-23")
        XCTAssertEqual(LocalizedDate.weekLabel(start, end, .en), "17 Nov - 23 Nov")
        XCTAssertEqual(LocalizedDate.weekLabel(start, end, .it), "17 nov - 23 nov")
        XCTAssertEqual(LocalizedDate.weekLabel(start, end, .fr), "17 nov. - 23 nov.")
        // Across a month and a year.
        let newYear = (date("2026-12-28"), date("2027-01-03"))
        XCTAssertEqual(LocalizedDate.weekLabel(newYear.0, newYear.1, .en), "28 Dec - 3 Jan")
        XCTAssertEqual(LocalizedDate.weekLabel(newYear.0, newYear.1, .it), "28 dic - 3 gen")
        XCTAssertEqual(LocalizedDate.weekLabel(newYear.0, newYear.1, .fr), "28 déc. - 3 janv.")
        let spring = (date("2026-02-23"), date("2026-03-01"))
        XCTAssertEqual(LocalizedDate.weekLabel(spring.0, spring.1, .fr), "23 févr. - 1 mars")
    }

    func testMonthQuarterAndYearLabels() {
        XCTAssertEqual(LocalizedDate.monthLabel(date("2026-11-22"), .en), "November 2026")
        XCTAssertEqual(LocalizedDate.monthLabel(date("2026-11-22"), .it), "Novembre 2026")
        XCTAssertEqual(LocalizedDate.monthLabel(date("2026-11-22"), .fr), "Novembre 2026")
        XCTAssertEqual(LocalizedDate.monthLabel(date("2027-02-01"), .fr), "Février 2027")
        XCTAssertEqual(LocalizedDate.monthLabel(date("2026-08-31"), .fr), "Août 2026")
        XCTAssertEqual(LocalizedDate.quarterLabel(4, 2026, .en), "Q4 2026")
        XCTAssertEqual(LocalizedDate.quarterLabel(4, 2026, .it), "4° Trimestre 2026")
        XCTAssertEqual(LocalizedDate.quarterLabel(4, 2026, .fr), "T4 2026")
        XCTAssertEqual(LocalizedDate.quarterLabel(1, 2027, .it), "1° Trimestre 2027")
        for language in Language.allCases {
            XCTAssertEqual(LocalizedDate.yearLabel(2026, language), "2026", "no digit grouping in years")
        }
    }

    func testTime() {
        XCTAssertEqual(LocalizedDate.time(hour: 14, minute: 5), "14:05")
        XCTAssertEqual(LocalizedDate.time(hour: 9, minute: 30), "09:30")
        XCTAssertEqual(LocalizedDate.time(hour: 0, minute: 0), "00:00")
        XCTAssertEqual(LocalizedDate.time(hour: 23, minute: 59), "23:59")
    }

    func testWeekdayNames() {
        let week = Weekday.allCases
        XCTAssertEqual(week.map { LocalizedDate.weekdayShort($0, .en) }, ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"])
        XCTAssertEqual(week.map { LocalizedDate.weekdayShort($0, .it) }, ["lun", "mar", "mer", "gio", "ven", "sab", "dom"])
        XCTAssertEqual(week.map { LocalizedDate.weekdayShort($0, .fr) }, ["lun.", "mar.", "mer.", "jeu.", "ven.", "sam.", "dim."])
        XCTAssertEqual(week.map { LocalizedDate.weekdayNarrow($0, .en) }.joined(), "MTWTFSS")
        XCTAssertEqual(week.map { LocalizedDate.weekdayNarrow($0, .it) }.joined(), "LMMGVSD")
        XCTAssertEqual(week.map { LocalizedDate.weekdayNarrow($0, .fr) }.joined(), "LMMJVSD")
        XCTAssertEqual(LocalizedDate.weekday(.wednesday, .en), "Wednesday")
        XCTAssertEqual(LocalizedDate.weekday(.monday, .it), "lunedì")
        XCTAssertEqual(LocalizedDate.weekday(.sunday, .fr), "dimanche")
        // The table follows LocalDate's own weekday: 2026-11-22 is a Sunday.
        XCTAssertEqual(LocalizedDate.weekday(date("2026-11-22").weekday, .en), "Sunday")
    }

    func testMonthNames() {
        let months = Array(1...12)
        XCTAssertEqual(months.map { LocalizedDate.monthShort($0, .en) },
                       ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"])
        XCTAssertEqual(months.map { LocalizedDate.monthShort($0, .it) },
                       ["gen", "feb", "mar", "apr", "mag", "giu", "lug", "ago", "set", "ott", "nov", "dic"])
        XCTAssertEqual(months.map { LocalizedDate.monthShort($0, .fr) },
                       ["janv.", "févr.", "mars", "avr.", "mai", "juin", "juil.", "août", "sept.", "oct.", "nov.", "déc."])
        XCTAssertEqual(LocalizedDate.month(1, .en), "January")
        XCTAssertEqual(LocalizedDate.month(6, .it), "giugno")
        XCTAssertEqual(LocalizedDate.month(12, .fr), "décembre")
    }
}
