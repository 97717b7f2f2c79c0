import Domain
import TimeZones
import XCTest

final class BridgedRangesTests: XCTestCase {
    func testRangesAreSortedAndJoined() {
        let bridged = BridgedRanges([
            day("2026-12-20")...day("2026-12-24"),
            day("2026-11-01")...day("2026-11-03"),
            day("2026-12-22")...day("2027-01-02"),  // overlaps the first
            day("2026-11-04")...day("2026-11-04"),  // touches the second
            day("2027-02-01")...day("2027-02-01"),
        ])
        XCTAssertEqual(bridged.spans, [
            day("2026-11-01")...day("2026-11-04"),
            day("2026-12-20")...day("2027-01-02"),
            day("2027-02-01")...day("2027-02-01"),
        ])
        XCTAssertEqual(BridgedRanges(days: [day("2026-05-03"), day("2026-05-01"), day("2026-05-02"), day("2026-05-02")]).spans,
                       [day("2026-05-01")...day("2026-05-03")])
        XCTAssertEqual(BridgedRanges.none.spans, [])
    }

    func testUnion() {
        let skips = BridgedRanges(days: [day("2026-03-10"), day("2026-03-20")])
        let vacation = BridgedRanges([day("2026-03-11")...day("2026-03-15")])
        XCTAssertEqual(skips.union(vacation).spans, [day("2026-03-10")...day("2026-03-15"), day("2026-03-20")...day("2026-03-20")])
        XCTAssertEqual(skips.union(.none), skips)
    }

    /// `contains` and `count(in:)` agree with a plain set of days, spans over and between ranges.
    func testLookUpsMatchASetOfDays() {
        var random = HabitTestRandom(seed: 7)
        let origin = day("2026-01-01")
        for _ in 0..<50 {
            var spans: [ClosedRange<LocalDate>] = []
            var days = Set<LocalDate>()
            for _ in 0..<Int.random(in: 0...6, using: &random) {
                let start = Int.random(in: 0..<120, using: &random)
                let length = Int.random(in: 0..<15, using: &random)
                spans.append(origin.adding(days: start)...origin.adding(days: start + length))
                for offset in start...(start + length) { days.insert(origin.adding(days: offset)) }
            }
            let bridged = BridgedRanges(spans.shuffled(using: &random))
            for offset in -5..<140 {
                XCTAssertEqual(bridged.contains(origin.adding(days: offset)), days.contains(origin.adding(days: offset)))
            }
            for _ in 0..<40 {
                let start = Int.random(in: -5..<140, using: &random)
                let end = start + Int.random(in: 0..<40, using: &random)
                let expected = (start...end).count { days.contains(origin.adding(days: $0)) }
                XCTAssertEqual(bridged.count(in: origin.adding(days: start)...origin.adding(days: end)), expected)
            }
        }
    }
}
