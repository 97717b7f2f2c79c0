import Domain
import TimeZones
import XCTest

final class DayCircleTests: XCTestCase {
    private let today = LocalDate(year: 2026, month: 11, day: 22)!

    private func date(_ kind: DayCircle.Kind) -> LocalDate {
        switch kind {
        case .past: today.adding(days: -3)
        case .today: today
        case .future: today.adding(days: 1)
        }
    }

    /// Every combination of kind, selection, entry, activity and "grid dates": the classes
    /// the stylesheet draws from, the dot and the number.
    func testEveryStateCombination() {
        for kind in DayCircle.Kind.allCases {
            for selected in [false, true] {
                for entry in [false, true] {
                    for isActive in [false, true] {
                        for showDate in [false, true] {
                            let circle = DayCircle(date: date(kind), today: today, selected: selected,
                                                   hasEntry: entry, isActive: isActive, showDate: showDate)
                            let label = "\(kind) selected \(selected) entry \(entry) active \(isActive) showDate \(showDate)"
                            XCTAssertEqual(circle.kind, kind, label)
                            XCTAssertEqual(circle.isPast, kind == .past, label)
                            XCTAssertEqual(circle.isToday, kind == .today, label)
                            XCTAssertEqual(circle.isFuture, kind == .future, label)
                            XCTAssertEqual(circle.isSelected, selected, label)
                            XCTAssertEqual(circle.hasEntry, entry, label)
                            XCTAssertEqual(circle.isActive, isActive, label)
                            XCTAssertEqual(circle.showsNumber, kind == .today || showDate, label)
                            // The dot: activity without an entry, never on a future day.
                            let dot = isActive && !entry && kind != .future
                            XCTAssertEqual(circle.showsDot, dot, label)
                            var classes = [kind.rawValue]
                            if selected { classes.append("selected") }
                            if entry { classes.append("entry") }
                            if dot { classes.append("active") }
                            XCTAssertEqual(circle.stateClass, classes, label)
                        }
                    }
                }
            }
        }
    }

    func testFutureNeverShowsADot() {
        for offset in 1...2 {
            for selected in [false, true] {
                let circle = DayCircle(date: today.adding(days: offset), today: today, selected: selected,
                                       hasEntry: false, isActive: true, showDate: true)
                XCTAssertFalse(circle.showsDot)
                XCTAssertFalse(circle.stateClass.contains("active"))
            }
        }
    }

    func testKindAcrossMonthAndYearEnds() {
        let newYearsEve = LocalDate(year: 2026, month: 12, day: 31)!
        let newYear = LocalDate(year: 2027, month: 1, day: 1)!
        func kind(_ date: LocalDate, _ today: LocalDate) -> DayCircle.Kind {
            DayCircle(date: date, today: today, selected: false, hasEntry: false, isActive: false, showDate: false).kind
        }
        XCTAssertEqual(kind(newYearsEve, newYear), .past)
        XCTAssertEqual(kind(newYear, newYearsEve), .future)
        XCTAssertEqual(kind(newYear, newYear), .today)
    }

    func testAccessibilityInputs() {
        let circle = DayCircle(date: today, today: today, selected: true, hasEntry: true, isActive: true, showDate: false)
        XCTAssertEqual(circle.weekday, .sunday)  // 2026-11-22
        XCTAssertEqual(circle.dayNumber, 22)
        XCTAssertEqual(circle.date, today)
        XCTAssertTrue(circle.isToday && circle.isSelected && circle.hasEntry && circle.isActive)
    }

    func testHitArea() {
        XCTAssertEqual(DayCircleConstants.hitAreaSize, 22)
    }
}
