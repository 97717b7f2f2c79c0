import Domain
import TimeZones
import XCTest

final class MonthCalendarTests: XCTestCase {
    private func cell(_ calendar: MonthCalendar, _ iso: String) -> MonthCalendarDay? {
        calendar.weeks.joined().first { $0.date == day(iso) }
    }

    func testWeekdayOrder() {
        XCTAssertEqual(MonthCalendar.weekdayOrder(firstWeekday: .monday),
                       [.monday, .tuesday, .wednesday, .thursday, .friday, .saturday, .sunday])
        XCTAssertEqual(MonthCalendar.weekdayOrder(firstWeekday: .sunday),
                       [.sunday, .monday, .tuesday, .wednesday, .thursday, .friday, .saturday])
        XCTAssertEqual(MonthCalendar.weekdayOrder(firstWeekday: .saturday).first, .saturday)
        XCTAssertEqual(MonthCalendar.weekdayOrder(firstWeekday: .saturday).last, .friday)
    }

    /// November 2026 starts on a Sunday: six weeks with Monday first, five with Sunday first.
    func testNovember2026MondayFirst() {
        let calendar = MonthCalendar(month: day("2026-11-22"), firstWeekday: .monday, today: day("2026-11-22"))
        XCTAssertEqual(calendar.month, day("2026-11-01"))
        XCTAssertEqual(calendar.weekdayOrder.first, .monday)
        XCTAssertEqual(calendar.weeks.count, 6)
        XCTAssertEqual(calendar.weeks.first?.map(\.date.description),
                       ["2026-10-26", "2026-10-27", "2026-10-28", "2026-10-29", "2026-10-30", "2026-10-31", "2026-11-01"])
        XCTAssertEqual(calendar.weeks.last?.map(\.date.description),
                       ["2026-11-30", "2026-12-01", "2026-12-02", "2026-12-03", "2026-12-04", "2026-12-05", "2026-12-06"])
        let all = Array(calendar.weeks.joined())
        XCTAssertEqual(all.filter(\.isOutsideMonth).count, 12)
        XCTAssertEqual(all.filter { !$0.isOutsideMonth }.map(\.date.day), Array(1...30))
        XCTAssertTrue(calendar.weeks.allSatisfy { $0.count == 7 && $0.first?.date.weekday == .monday })
    }

    func testNovember2026SundayFirst() {
        let calendar = MonthCalendar(month: day("2026-11-01"), firstWeekday: .sunday, today: day("2026-11-22"))
        XCTAssertEqual(calendar.weekdayOrder.first, .sunday)
        XCTAssertEqual(calendar.weeks.count, 5)
        XCTAssertEqual(calendar.weeks.first?.first?.date, day("2026-11-01"))
        XCTAssertEqual(calendar.weeks.last?.map(\.date.description),
                       ["2026-11-29", "2026-11-30", "2026-12-01", "2026-12-02", "2026-12-03", "2026-12-04", "2026-12-05"])
        XCTAssertEqual(calendar.weeks.joined().filter(\.isOutsideMonth).map(\.date.description),
                       ["2026-12-01", "2026-12-02", "2026-12-03", "2026-12-04", "2026-12-05"])
        XCTAssertTrue(calendar.weeks.allSatisfy { $0.count == 7 && $0.first?.date.weekday == .sunday })
    }

    /// February 2026 starts on a Sunday and has 28 days: exactly four Sunday-first weeks.
    func testFebruary2026() {
        let sunday = MonthCalendar(month: day("2026-02-14"), firstWeekday: .sunday, today: day("2026-11-22"))
        XCTAssertEqual(sunday.weeks.count, 4)
        XCTAssertEqual(sunday.weeks.first?.first?.date, day("2026-02-01"))
        XCTAssertEqual(sunday.weeks.last?.last?.date, day("2026-02-28"))
        XCTAssertFalse(sunday.weeks.joined().contains(where: \.isOutsideMonth))

        let monday = MonthCalendar(month: day("2026-02-14"), firstWeekday: .monday, today: day("2026-11-22"))
        XCTAssertEqual(monday.weeks.count, 5)
        XCTAssertEqual(monday.weeks.first?.first?.date, day("2026-01-26"))
        XCTAssertEqual(monday.weeks.last?.last?.date, day("2026-03-01"))
        XCTAssertEqual(monday.weeks.joined().filter(\.isOutsideMonth).count, 7)
    }

    func testWeekCounts() {
        // August 2026 starts on a Saturday: 6 Sunday-first weeks. February 2027 starts on a Monday.
        XCTAssertEqual(MonthCalendar(month: day("2026-08-01"), firstWeekday: .sunday, today: day("2026-11-22")).weeks.count, 6)
        XCTAssertEqual(MonthCalendar(month: day("2027-02-01"), firstWeekday: .monday, today: day("2026-11-22")).weeks.count, 4)
        XCTAssertEqual(MonthCalendar(month: day("2028-02-01"), firstWeekday: .tuesday, today: day("2026-11-22")).weeks.count, 5)
        var month = day("2024-01-01")
        while month < day("2030-01-01") {
            for firstWeekday in Weekday.allCases {
                let calendar = MonthCalendar(month: month, firstWeekday: firstWeekday, today: day("2026-11-22"))
                XCTAssertTrue(MonthCalendarConstants.weekCounts.contains(calendar.weeks.count), "\(month)")
                let inMonth = calendar.weeks.joined().filter { !$0.isOutsideMonth }
                XCTAssertEqual(inMonth.count, month.daysInMonth, "\(month)")
                // No week wholly outside the month.
                XCTAssertTrue(calendar.weeks.allSatisfy { $0.contains { !$0.isOutsideMonth } }, "\(month)")
            }
            month = month.adding(months: 1)
        }
    }

    func testFlags() {
        let calendar = MonthCalendar(
            month: day("2026-11-22"), firstWeekday: .monday, today: day("2026-11-22"),
            selected: day("2026-11-10"),
            highlighted: [day("2026-11-05"), day("2026-11-22"), day("2026-10-31")],
            entries: [day("2026-11-05"), day("2026-12-01")]
        )
        let all = Array(calendar.weeks.joined())
        XCTAssertEqual(all.filter(\.isToday).map(\.date), [day("2026-11-22")])
        XCTAssertEqual(all.filter(\.isSelected).map(\.date), [day("2026-11-10")])
        XCTAssertEqual(all.filter(\.isHighlighted).map(\.date), [day("2026-10-31"), day("2026-11-05"), day("2026-11-22")])
        XCTAssertEqual(all.filter(\.hasEntry).map(\.date), [day("2026-11-05"), day("2026-12-01")])
        // Disabled: exactly the other months' days. Future days keep their day pages.
        XCTAssertEqual(all.map(\.isDisabled), all.map(\.isOutsideMonth))
        XCTAssertEqual(all.filter { $0.isFuture && !$0.isOutsideMonth }.map(\.date.day), Array(23...30))
        XCTAssertEqual(cell(calendar, "2026-11-23")?.isDisabled, false)
        XCTAssertEqual(cell(calendar, "2026-11-22")?.isFuture, false)
        XCTAssertEqual(cell(calendar, "2026-10-31")?.isDisabled, true)
        XCTAssertEqual(cell(calendar, "2026-10-31")?.isHighlighted, true)
        XCTAssertEqual(MonthCalendarConstants.disabledOpacity, 0.25)

        let plain = MonthCalendar(month: day("2026-11-22"), firstWeekday: .monday, today: day("2026-11-22"))
        XCTAssertFalse(plain.weeks.joined().contains { $0.isSelected || $0.isHighlighted || $0.hasEntry })
    }

    /// Days without a day page (before 1900, over two years ahead) are disabled too.
    func testDaysBeyondTheDayPagesAreDisabled() {
        let old = MonthCalendar(month: day("2024-11-01"), firstWeekday: .monday, today: day("2026-11-22"))
        XCTAssertEqual(cell(old, "2024-11-21")?.isDisabled, false, "two years back and more: day pages exist")
        let first = MonthCalendar(month: day("1900-01-01"), firstWeekday: .sunday, today: day("2026-11-22"))
        XCTAssertEqual(cell(first, "1900-01-01")?.isDisabled, false)
        XCTAssertEqual(first.weeks.first?.first?.date, day("1899-12-31"))
        XCTAssertEqual(first.weeks.first?.first?.isDisabled, true)
        let far = MonthCalendar(month: day("2028-11-01"), firstWeekday: .monday, today: day("2026-11-22"))
        XCTAssertEqual(cell(far, "2028-11-22")?.isDisabled, false)
        XCTAssertEqual(cell(far, "2028-11-23")?.isDisabled, true)
    }
}
