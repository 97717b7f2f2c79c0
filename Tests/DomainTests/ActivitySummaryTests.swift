import Domain
import TimeZones
import XCTest

final class ActivitySummaryTests: XCTestCase {
    func testCountsOnlyTheWindowButTheStreakRunsFurther() {
        let window = DayWindow(today: day("2026-11-22"))  // 2026-10-23 ... 2026-11-24
        // Active every day for 40 days up to yesterday, and one day written ahead.
        var active = Set((1...40).map { day("2026-11-22").adding(days: -$0) })
        active.insert(day("2026-11-24"))
        active.insert(day("2026-11-25"))  // outside the window
        let entries: Set<LocalDate> = [day("2026-10-22"), day("2026-10-23"), day("2026-11-01"), day("2026-11-22"),
                                       day("2026-11-24"), day("2026-11-25")]
        let summary = ActivitySummary(window: window, activeDates: active, entryDates: entries)
        XCTAssertEqual(summary.activeDays, 30 + 1)  // the 30 past days in the window, and 11-24
        XCTAssertEqual(summary.entries, 4)  // 10-23, 11-01, 11-22, 11-24
        XCTAssertEqual(summary.streak, 40)
    }

    func testEmpty() {
        let summary = ActivitySummary(window: DayWindow(today: day("2026-01-01")), activeDates: [], entryDates: [])
        XCTAssertEqual(summary, ActivitySummary(window: DayWindow(today: day("2026-06-01")), activeDates: [], entryDates: []))
        XCTAssertEqual(summary.activeDays, 0)
        XCTAssertEqual(summary.entries, 0)
        XCTAssertEqual(summary.streak, 0)
    }

    func testStreakCountsTodayOnceActive() {
        let window = DayWindow(today: day("2026-03-01"))
        let active: Set<LocalDate> = [day("2026-02-27"), day("2026-02-28"), day("2026-03-01")]
        let summary = ActivitySummary(window: window, activeDates: active, entryDates: [])
        XCTAssertEqual(summary.activeDays, 3)
        XCTAssertEqual(summary.streak, 3)
    }
}
