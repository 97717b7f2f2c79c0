import Domain
import XCTest

final class TimelineLayoutTests: XCTestCase {
    private typealias Placement = TimelineLayout.Placement

    func testNoOverlapOneColumnEach() {
        // [0, 30) and [30, 60) touch but do not overlap.
        let placements = TimelineLayout.place([
            (id: 3, startMinute: 100, durationMinutes: 60), (id: 1, startMinute: 0, durationMinutes: 30),
            (id: 2, startMinute: 30, durationMinutes: 30),
        ])
        XCTAssertEqual(placements, [
            Placement(id: 1, top: 0, height: 30, column: 0, columns: 1),
            Placement(id: 2, top: 30, height: 30, column: 0, columns: 1),
            Placement(id: 3, top: 100, height: 60, column: 0, columns: 1),
        ])
    }

    func testTwoOverlappingSideBySide() {
        let placements = TimelineLayout.place([(id: 1, startMinute: 0, durationMinutes: 60), (id: 2, startMinute: 30, durationMinutes: 60)])
        XCTAssertEqual(placements, [
            Placement(id: 1, top: 0, height: 60, column: 0, columns: 2),
            Placement(id: 2, top: 30, height: 60, column: 1, columns: 2),
        ])
    }

    /// A overlaps B, B overlaps C, A and C do not: one cluster of 2 columns, C reusing A's.
    func testChainReusesAFreedColumn() {
        let placements = TimelineLayout.place([
            (id: 1, startMinute: 0, durationMinutes: 60),  // A [0, 60)
            (id: 2, startMinute: 30, durationMinutes: 60),  // B [30, 90)
            (id: 3, startMinute: 60, durationMinutes: 60),  // C [60, 120)
            (id: 4, startMinute: 200, durationMinutes: 30),  // alone, its own cluster
        ])
        XCTAssertEqual(placements, [
            Placement(id: 1, top: 0, height: 60, column: 0, columns: 2),
            Placement(id: 2, top: 30, height: 60, column: 1, columns: 2),
            Placement(id: 3, top: 60, height: 60, column: 0, columns: 2),
            Placement(id: 4, top: 200, height: 30, column: 0, columns: 1),
        ])
    }

    func testThreeAtOnce() {
        let placements = TimelineLayout.place([
            (id: 1, startMinute: 0, durationMinutes: 60), (id: 2, startMinute: 10, durationMinutes: 60),
            (id: 3, startMinute: 20, durationMinutes: 60),
        ])
        XCTAssertEqual(placements.map(\.column), [0, 1, 2])
        XCTAssertEqual(placements.map(\.columns), [3, 3, 3])
    }

    /// A long block keeps column 0; short ones below it reuse column 1 in turn,
    /// and the whole cluster shares 2 columns.
    func testShortBlocksBesideALongOne() {
        let placements = TimelineLayout.place([
            (id: 1, startMinute: 0, durationMinutes: 120), (id: 2, startMinute: 0, durationMinutes: 30),
            (id: 3, startMinute: 30, durationMinutes: 30), (id: 4, startMinute: 90, durationMinutes: 60),
        ])
        XCTAssertEqual(placements.map(\.id), [1, 2, 3, 4])
        XCTAssertEqual(placements.map(\.column), [0, 1, 1, 1])
        XCTAssertEqual(placements.map(\.columns), [2, 2, 2, 2])
    }

    func testEqualStartsLongerFirstThenId() {
        let input: [(id: Int64, startMinute: Int, durationMinutes: Int)] = [
            (id: 5, startMinute: 60, durationMinutes: 30), (id: 4, startMinute: 60, durationMinutes: 60),
            (id: 3, startMinute: 60, durationMinutes: 60),
        ]
        let expected = [
            Placement(id: 3, top: 60, height: 60, column: 0, columns: 3),
            Placement(id: 4, top: 60, height: 60, column: 1, columns: 3),
            Placement(id: 5, top: 60, height: 30, column: 2, columns: 3),
        ]
        XCTAssertEqual(TimelineLayout.place(input), expected)
        XCTAssertEqual(TimelineLayout.place(input.reversed()), expected)
        var generator = HabitTestRandom(seed: 42)
        for _ in 0..<10 {
            XCTAssertEqual(TimelineLayout.place(input.shuffled(using: &generator)), expected)
        }
    }

    func testBlocksPastTheDayEndAreClipped() {
        let placements = TimelineLayout.place([
            (id: 1, startMinute: 1_400, durationMinutes: 100), (id: 2, startMinute: 1_380, durationMinutes: 60),
            (id: 3, startMinute: 1_439, durationMinutes: 1_440),
        ])
        XCTAssertEqual(placements, [
            Placement(id: 2, top: 1_380, height: 60, column: 0, columns: 3),  // ends exactly at the day's end
            Placement(id: 1, top: 1_400, height: 40, column: 1, columns: 3, isClippedAtDayEnd: true),
            // All three share the day's last minute.
            Placement(id: 3, top: 1_439, height: 1, column: 2, columns: 3, isClippedAtDayEnd: true),
        ])
    }

    func testEmptyBlocksAreLeftOut() {
        XCTAssertEqual(TimelineLayout.place([]), [])
        XCTAssertEqual(TimelineLayout.place([(id: 1, startMinute: 10, durationMinutes: 0), (id: 2, startMinute: 1_440, durationMinutes: 30)]), [])
    }

    /// Random days: no two blocks sharing a column overlap, every block lies in the
    /// day, and every block of a cluster gets the cluster's column count: the most
    /// blocks overlapping at one minute, the fewest columns possible.
    func testRandomDaysAreConsistent() {
        var generator = HabitTestRandom(seed: 2025)
        for _ in 0..<300 {
            let count = Int.random(in: 0...12, using: &generator)
            let input: [(id: Int64, startMinute: Int, durationMinutes: Int)] = (0..<count).map { index in
                (id: Int64(index), startMinute: Int.random(in: 0..<1_440, using: &generator),
                 durationMinutes: Int.random(in: 1...240, using: &generator))
            }
            let placements = TimelineLayout.place(input)
            XCTAssertEqual(placements.map(\.id).sorted(), input.map(\.id).sorted())
            for placement in placements {
                XCTAssertTrue(placement.top >= 0 && placement.height >= 1 && placement.top + placement.height <= 1_440)
                XCTAssertTrue((0..<placement.columns).contains(placement.column))
            }
            for (index, a) in placements.enumerated() {
                for b in placements[(index + 1)...] where a.top < b.top + b.height && b.top < a.top + a.height {
                    XCTAssertNotEqual(a.column, b.column, "\(a) and \(b) overlap in one column")
                    XCTAssertEqual(a.columns, b.columns, "overlapping blocks share a cluster")
                }
            }
            // Clusters found independently: merge intervals in order of start.
            var clusters: [[Placement]] = []
            var clusterEnd = Int.min
            for placement in placements.sorted(by: { $0.top < $1.top }) {
                if placement.top >= clusterEnd { clusters.append([]) }
                clusters[clusters.count - 1].append(placement)
                clusterEnd = max(clusterEnd, placement.top + placement.height)
            }
            for cluster in clusters {
                let busiest = (0..<1_440).map { minute in
                    cluster.filter { $0.top <= minute && minute < $0.top + $0.height }.count
                }.max() ?? 0
                XCTAssertEqual(Set(cluster.map(\.columns)), [busiest], "as few columns as the most blocks at once")
            }
        }
    }
}

/// The slot grid a block is drawn on: the one place the stylesheet's classes are computed.
final class TimelinePlacementSlotsTests: XCTestCase {
    func testAStartRoundsDownAndAHeightUpToWholeSlots() {
        let block = TimelineLayout.Placement(id: 1, top: 7 * 60 + 40, height: 20, column: 0, columns: 1)
        XCTAssertEqual(block.slots, .init(top: 30, length: 2, column: 0, columns: 1))
        XCTAssertEqual(block.slots.classes, "at-30 len-2 col-0-of-1")
    }

    func testBlocksStayWithinTheDay() {
        XCTAssertEqual(TimelineLayout.Placement(id: 1, top: 1_435, height: 60, column: 0, columns: 1).slots,
                       .init(top: 95, length: 1, column: 0, columns: 1))
        XCTAssertEqual(TimelineLayout.Placement(id: 1, top: 0, height: 0, column: 0, columns: 1).slots.length, 1,
                       "an empty block still shows")
        XCTAssertEqual(TimelineLayout.Placement(id: 1, top: 0, height: 1_440, column: 0, columns: 1).slots.length, 96)
    }

    func testColumnsBeyondWhatTheStylesheetDrawsShareTheLast() {
        XCTAssertEqual(TimelineLayout.Placement(id: 1, top: 0, height: 15, column: 5, columns: 6).slots.classes,
                       "at-0 len-1 col-3-of-4")
        XCTAssertEqual(TimelineLayout.Placement(id: 1, top: 0, height: 15, column: 1, columns: 3).slots.classes,
                       "at-0 len-1 col-1-of-3")
    }

    func testStoredStartsAreWallClockMinutes() {
        let owl = TimelineSlots(dayStartHour: 4)
        XCTAssertEqual(owl.minute(storedWallMinute: 4 * 60), 0)
        XCTAssertEqual(owl.minute(storedWallMinute: 3 * 60 + 45), 1_425, "03:45 is the night owl's last slot")
        XCTAssertEqual(TimelineSlots(dayStartHour: 0).minute(storedWallMinute: 450), 450)
    }
}
