import Domain
import TimeZones
import XCTest

final class TimelineSlotsTests: XCTestCase {
    func testNinetySixSlotsOfFifteenMinutes() {
        XCTAssertEqual(TimelineConstants.slotsPerDay, 96)
        XCTAssertEqual(TimelineSlots.slot(forMinute: 0), 0)
        XCTAssertEqual(TimelineSlots.slot(forMinute: 14), 0)
        XCTAssertEqual(TimelineSlots.slot(forMinute: 15), 1)
        XCTAssertEqual(TimelineSlots.slot(forMinute: 601), 40)
        XCTAssertEqual(TimelineSlots.slot(forMinute: 1_425), 95)
        XCTAssertEqual(TimelineSlots.slot(forMinute: 1_439), 95)
        XCTAssertNil(TimelineSlots.slot(forMinute: 1_440))
        XCTAssertNil(TimelineSlots.slot(forMinute: -1))
        XCTAssertEqual(TimelineSlots.minute(forSlot: 0), 0)
        XCTAssertEqual(TimelineSlots.minute(forSlot: 95), 1_425)
    }

    func testLabelsFromMidnight() {
        let timeline = TimelineSlots(dayStartHour: 0)
        XCTAssertEqual(timeline.label(for: 0), "00:00")
        XCTAssertEqual(timeline.label(for: 1), "00:15")
        XCTAssertEqual(timeline.label(for: 41), "10:15")
        XCTAssertEqual(timeline.label(for: 95), "23:45")
        XCTAssertEqual(timeline.label(forMinute: 1_440), "00:00", "the day's end")
        XCTAssertEqual(timeline.label(forMinute: 7), "00:07")
        XCTAssertEqual((0..<96).map(timeline.label(for:)).count, Set((0..<96).map(timeline.label(for:))).count)
    }

    func testLabelsFromFourInTheMorning() {
        let timeline = TimelineSlots(dayStartHour: 4)
        XCTAssertEqual(timeline.label(for: 0), "04:00")
        XCTAssertEqual(timeline.label(for: 1), "04:15")
        XCTAssertEqual(timeline.label(for: 79), "23:45")
        XCTAssertEqual(timeline.label(for: 80), "00:00")
        XCTAssertEqual(timeline.label(for: 95), "03:45")
        XCTAssertEqual(timeline.label(forMinute: 1_439), "03:59")
        XCTAssertEqual(timeline.label(forMinute: 1_440), "04:00", "the day's end")
    }

    func testStartHourIsClamped() {
        XCTAssertEqual(TimelineSlots(dayStartHour: -3).dayStartHour, 0)
        XCTAssertEqual(TimelineSlots(dayStartHour: 6).dayStartHour, 6)
        XCTAssertEqual(TimelineSlots(dayStartHour: 7).dayStartHour, 6)
        XCTAssertEqual(TimelineSlots(dayStartHour: 99).label(for: 0), "06:00")
    }

    func testMinuteForLabel() {
        let timeline = TimelineSlots(dayStartHour: 4)
        XCTAssertEqual(timeline.minute(forLabel: "04:00"), 0)
        XCTAssertEqual(timeline.minute(forLabel: "10:15"), 375)
        XCTAssertEqual(timeline.minute(forLabel: "23:59"), 1_199)
        XCTAssertEqual(timeline.minute(forLabel: "00:00"), 1_200)
        XCTAssertEqual(timeline.minute(forLabel: "02:00"), 1_320)
        XCTAssertEqual(timeline.minute(forLabel: "03:59"), 1_439)
        XCTAssertEqual(TimelineSlots(dayStartHour: 0).minute(forLabel: "00:00"), 0)
        XCTAssertEqual(TimelineSlots(dayStartHour: 0).minute(forLabel: "23:45"), 1_425)
        for bad in ["", "4:00", "04:0", "24:00", "04:60", "99:99", "04:00:00", " 04:00", "04:00 ", "04.00", "-1:00",
                    "\u{FF10}\u{FF14}:00", "0a:00"] {
            XCTAssertNil(timeline.minute(forLabel: bad), bad.debugDescription)
        }
        for slot in 0..<96 {
            XCTAssertEqual(timeline.minute(forLabel: timeline.label(for: slot)), slot * 15)
        }
        XCTAssertNil(timeline.minute(wallClockHour: 24, minute: 0))
        XCTAssertNil(timeline.minute(wallClockHour: 3, minute: -1))
    }

    /// The wall clock of the member day 2025-03-30 (Europe's spring-forward day) with
    /// start hour 4 runs from 04:00 that date to 04:00 the next.
    func testWallClockOfAMemberDay() throws {
        let timeline = TimelineSlots(dayStartHour: 4)
        let date = day("2025-03-30")
        XCTAssertEqual(timeline.wallClock(forMinute: 0, memberDate: date).description, "2025-03-30T04:00:00")
        XCTAssertEqual(timeline.wallClock(forMinute: 1_199, memberDate: date).description, "2025-03-30T23:59:00")
        XCTAssertEqual(timeline.wallClock(forMinute: 1_320, memberDate: date).description, "2025-03-31T02:00:00")
        XCTAssertEqual(timeline.wallClock(forMinute: 1_440, memberDate: date).description, "2025-03-31T04:00:00")
        XCTAssertEqual(timeline.wallClock(forMinute: -1, memberDate: date).description, "2025-03-30T03:59:00")

        let wall = { (iso: String, hour: Int, minute: Int) in LocalDateTime(date: day(iso), hour: hour, minute: minute)! }
        XCTAssertEqual(timeline.minute(of: wall("2025-03-30", 4, 0), memberDate: date), 0)
        XCTAssertEqual(timeline.minute(of: LocalDateTime(date: date, hour: 10, minute: 15, second: 59)!, memberDate: date), 375)
        XCTAssertEqual(timeline.minute(of: wall("2025-03-31", 2, 0), memberDate: date), 1_320)
        XCTAssertEqual(timeline.minute(of: wall("2025-03-31", 3, 59), memberDate: date), 1_439)
        XCTAssertNil(timeline.minute(of: wall("2025-03-31", 4, 0), memberDate: date))
        XCTAssertNil(timeline.minute(of: wall("2025-03-30", 3, 59), memberDate: date))
        XCTAssertNil(timeline.minute(of: wall("2025-04-02", 10, 0), memberDate: date))
        for minute in stride(from: 0, to: 1_440, by: 7) {
            XCTAssertEqual(timeline.minute(of: timeline.wallClock(forMinute: minute, memberDate: date), memberDate: date), minute)
        }
    }

    /// On a 25-hour day the timeline still has 96 slots; both 02:30s land on one slot.
    func testRepeatedHourSharesItsSlots() throws {
        let rome = try zone("Europe/Rome")
        let timeline = TimelineSlots(dayStartHour: 0)
        let date = day("2025-10-26")
        let bounds = MemberDay.bounds(of: date, rules: rome, dayStartHour: 0)
        XCTAssertEqual(bounds.count, 25 * 3_600, "test data: a 25-hour day")
        let first = utc(2025, 10, 26, 0, 30)  // 02:30 CEST
        let second = utc(2025, 10, 26, 1, 30)  // 02:30 CET
        let minutes = [first, second].map { timeline.minute(of: rome.localDateTime(at: $0), memberDate: date) }
        XCTAssertEqual(minutes, [150, 150])
        let layout = TimelineLayout.place([(id: 1, startMinute: 150, durationMinutes: 30), (id: 2, startMinute: 150, durationMinutes: 30)])
        XCTAssertEqual(layout.map(\.columns), [2, 2], "side by side")
    }

    func testNextFreeSlotOnAnEmptyDay() {
        XCTAssertEqual(TimelineSlots.nextFreeSlot(instances: [], notBefore: 0), 0)
        XCTAssertEqual(TimelineSlots.nextFreeSlot(instances: [], notBefore: -20), 0)
        XCTAssertEqual(TimelineSlots.nextFreeSlot(instances: [], notBefore: 1), 1, "rounded up")
        XCTAssertEqual(TimelineSlots.nextFreeSlot(instances: [], notBefore: 14), 1)
        XCTAssertEqual(TimelineSlots.nextFreeSlot(instances: [], notBefore: 15), 1)
        XCTAssertEqual(TimelineSlots.nextFreeSlot(instances: [], notBefore: 16), 2)
        XCTAssertEqual(TimelineSlots.nextFreeSlot(instances: [], notBefore: 1_425), 95)
        XCTAssertNil(TimelineSlots.nextFreeSlot(instances: [], notBefore: 1_426), "no slot starts after 23:45")
        XCTAssertNil(TimelineSlots.nextFreeSlot(instances: [], notBefore: 1_440))
    }

    func testNextFreeSlotSkipsBusySlots() {
        // Adjacent blocks: [0, 30) and [30, 60); half-open, so 60 is free.
        XCTAssertEqual(TimelineSlots.nextFreeSlot(instances: [(0, 30), (30, 30)], notBefore: 0), 4)
        // A gap: [0, 30) and [45, 60) leave 30–45.
        XCTAssertEqual(TimelineSlots.nextFreeSlot(instances: [(0, 30), (45, 15)], notBefore: 0), 2)
        XCTAssertEqual(TimelineSlots.nextFreeSlot(instances: [(0, 30), (45, 15)], notBefore: 31), 4)
        // A block ending mid-slot makes the whole slot busy.
        XCTAssertEqual(TimelineSlots.nextFreeSlot(instances: [(0, 20)], notBefore: 0), 2)
        // A block starting mid-slot too.
        XCTAssertEqual(TimelineSlots.nextFreeSlot(instances: [(40, 10)], notBefore: 30), 4)
        XCTAssertEqual(TimelineSlots.nextFreeSlot(instances: [(40, 10)], notBefore: 0), 0)
        // Overlapping and unsorted input.
        XCTAssertEqual(TimelineSlots.nextFreeSlot(instances: [(90, 60), (60, 45), (0, 75)], notBefore: 0), 10)
        // Only the last slot free.
        XCTAssertEqual(TimelineSlots.nextFreeSlot(instances: [(0, 1_425)], notBefore: 0), 95)
        // Empty blocks block nothing.
        XCTAssertEqual(TimelineSlots.nextFreeSlot(instances: [(0, 0), (15, -5)], notBefore: 0), 0)
    }

    func testNextFreeSlotOnAFullDay() {
        XCTAssertNil(TimelineSlots.nextFreeSlot(instances: [(0, 1_440)], notBefore: 0))
        XCTAssertNil(TimelineSlots.nextFreeSlot(instances: [(0, 1_000), (1_000, 440)], notBefore: 0))
        let quarterHours = (0..<96).map { (startMinute: $0 * 15, durationMinutes: 15) }
        XCTAssertNil(TimelineSlots.nextFreeSlot(instances: quarterHours, notBefore: 0))
        XCTAssertEqual(TimelineSlots.nextFreeSlot(instances: Array(quarterHours.dropLast()), notBefore: 0), 95)
        // Free in the morning, but the rest of the day is taken by a block running past midnight.
        XCTAssertNil(TimelineSlots.nextFreeSlot(instances: [(1_400, 100)], notBefore: 1_395))
        XCTAssertEqual(TimelineSlots.nextFreeSlot(instances: [(1_400, 100)], notBefore: 0), 0)
    }
}
