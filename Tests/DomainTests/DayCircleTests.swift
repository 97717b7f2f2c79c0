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

    /// One row of the circle styles (DayCircleConstants), after base → selected → entry.
    private struct Expected {
        let kind: DayCircle.Kind
        let selected: Bool
        let entry: Bool
        let baseSize: Int
        let fill: DayCircle.Fill
        let fillSize: Int
        let ringColor: DayCircle.RingColor
        let ringSize: Int
        let textColor: DayCircle.TextColor
        let showsNumberByDefault: Bool
        let classes: [String]
    }

    private let table: [Expected] = [
        .init(kind: .past, selected: false, entry: false, baseSize: 18, fill: .grey15, fillSize: 18,
              ringColor: .none, ringSize: 0, textColor: .primary, showsNumberByDefault: false, classes: ["past"]),
        .init(kind: .past, selected: true, entry: false, baseSize: 18, fill: .grey15, fillSize: 18,
              ringColor: .selectedBlue, ringSize: 22, textColor: .primary, showsNumberByDefault: false,
              classes: ["past", "selected"]),
        .init(kind: .past, selected: false, entry: true, baseSize: 18, fill: .entry, fillSize: 18,
              ringColor: .none, ringSize: 0, textColor: .onEntry, showsNumberByDefault: false, classes: ["past", "entry"]),
        .init(kind: .past, selected: true, entry: true, baseSize: 18, fill: .entry, fillSize: 18,
              ringColor: .selectedBlue, ringSize: 22, textColor: .onEntry, showsNumberByDefault: false,
              classes: ["past", "selected", "entry"]),
        .init(kind: .today, selected: false, entry: false, baseSize: 18, fill: .grey15, fillSize: 18,
              ringColor: .todayGrey, ringSize: 22, textColor: .primary, showsNumberByDefault: true, classes: ["today"]),
        .init(kind: .today, selected: true, entry: false, baseSize: 18, fill: .grey15, fillSize: 18,
              ringColor: .selectedBlue, ringSize: 22, textColor: .primary, showsNumberByDefault: true,
              classes: ["today", "selected"]),
        .init(kind: .today, selected: false, entry: true, baseSize: 18, fill: .entry, fillSize: 18,
              ringColor: .todayGrey, ringSize: 22, textColor: .onEntry, showsNumberByDefault: true,
              classes: ["today", "entry"]),
        .init(kind: .today, selected: true, entry: true, baseSize: 18, fill: .entry, fillSize: 18,
              ringColor: .selectedBlue, ringSize: 22, textColor: .onEntry, showsNumberByDefault: true,
              classes: ["today", "selected", "entry"]),
        .init(kind: .future, selected: false, entry: false, baseSize: 8, fill: .grey15, fillSize: 8,
              ringColor: .none, ringSize: 0, textColor: .secondary, showsNumberByDefault: false, classes: ["future"]),
        .init(kind: .future, selected: true, entry: false, baseSize: 8, fill: .grey15, fillSize: 8,
              ringColor: .selectedBlue, ringSize: 22, textColor: .secondary, showsNumberByDefault: false,
              classes: ["future", "selected"]),
        // Written ahead: the entry draws its 18 px dark disc over the 8 px base.
        .init(kind: .future, selected: false, entry: true, baseSize: 8, fill: .entry, fillSize: 18,
              ringColor: .none, ringSize: 0, textColor: .onEntry, showsNumberByDefault: false,
              classes: ["future", "entry"]),
        .init(kind: .future, selected: true, entry: true, baseSize: 8, fill: .entry, fillSize: 18,
              ringColor: .selectedBlue, ringSize: 22, textColor: .onEntry, showsNumberByDefault: false,
              classes: ["future", "selected", "entry"]),
    ]

    func testEveryStateCombination() {
        XCTAssertEqual(table.count, 3 * 2 * 2)
        for row in table {
            for isActive in [false, true] {
                for showDate in [false, true] {
                    let circle = DayCircle(date: date(row.kind), today: today, selected: row.selected,
                                           hasEntry: row.entry, isActive: isActive, showDate: showDate)
                    let label = "\(row.kind) selected \(row.selected) entry \(row.entry) active \(isActive) showDate \(showDate)"
                    XCTAssertEqual(circle.kind, row.kind, label)
                    XCTAssertEqual(circle.isPast, row.kind == .past, label)
                    XCTAssertEqual(circle.isToday, row.kind == .today, label)
                    XCTAssertEqual(circle.isFuture, row.kind == .future, label)
                    XCTAssertEqual(circle.isSelected, row.selected, label)
                    XCTAssertEqual(circle.hasEntry, row.entry, label)
                    XCTAssertEqual(circle.isActive, isActive, label)
                    XCTAssertEqual(circle.baseSize, row.baseSize, label)
                    XCTAssertEqual(circle.fill, row.fill, label)
                    XCTAssertEqual(circle.fillSize, row.fillSize, label)
                    XCTAssertEqual(circle.ringColor, row.ringColor, label)
                    XCTAssertEqual(circle.ringSize, row.ringSize, label)
                    XCTAssertEqual(circle.ringWidth, row.ringSize > 0 ? 2 : 0, label)
                    XCTAssertEqual(circle.textColor, row.textColor, label)
                    XCTAssertEqual(circle.showsNumber, row.showsNumberByDefault || showDate, label)

                    // The dot: activity without an entry, never on a future day.
                    let dot = isActive && !row.entry && row.kind != .future
                    XCTAssertEqual(circle.showsDot, dot, label)
                    XCTAssertEqual(circle.dotSize, dot ? 8 : 0, label)
                    XCTAssertEqual(circle.stateClass, row.classes + (dot ? ["active"] : []), label)
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

    func testSeedConstants() {
        XCTAssertEqual(DayCircleConstants.hitAreaSize, 22)
        XCTAssertEqual(DayCircleConstants.selectedBlue, "#44C0FF")
        XCTAssertEqual(DayCircleConstants.entryDark, "#333B40")
        XCTAssertEqual(DayCircleConstants.baseGreyOpacity, 0.15)
        XCTAssertEqual(DayCircleConstants.todayRingGreyOpacity, 0.8)
    }
}
