import Domain
import XCTest

/// A mood is exactly one of 1–5, read strictly from a form; averages are worked out from
/// integer sums and counts and rounded half up to one decimal.
final class MoodTests: XCTestCase {
    func testTheFiveMoodsInOrder() throws {
        XCTAssertEqual(Mood.all.map(\.value), [1, 2, 3, 4, 5])
        XCTAssertEqual(Mood.all.map(\.face), ["😞", "🙁", "😐", "🙂", "😄"])
        XCTAssertEqual(Mood.all.map(\.name), ["awful", "bad", "okay", "good", "great"])
        XCTAssertLessThan(try Mood(2), try Mood(4))
    }

    func testAFormValueIsOneDigitOneToFive() throws {
        for text in ["1", "2", "3", "4", "5"] {
            XCTAssertEqual(try Mood(parsing: text).value, Int(text))
        }
        XCTAssertThrowsError(try Mood(parsing: nil)) { XCTAssertEqual($0 as? MoodError, .missing) }
        XCTAssertThrowsError(try Mood(parsing: "")) { XCTAssertEqual($0 as? MoodError, .missing) }
        for text in ["0", "6", "9", "x", " 3", "3 ", "03", "3.0", "-1", "+3", "33", "٣", "３", "1e0"] {
            XCTAssertThrowsError(try Mood(parsing: text), text) { XCTAssertEqual($0 as? MoodError, .outOfRange, text) }
        }
        for value in [0, 6, -1, Int.max, Int.min] {
            XCTAssertThrowsError(try Mood(value)) { XCTAssertEqual($0 as? MoodError, .outOfRange) }
        }
    }

    func testErrorKeysAreDistinct() {
        XCTAssertEqual(Set(MoodError.allCases.map(\.key)).count, MoodError.allCases.count)
        XCTAssertTrue(MoodError.allCases.allSatisfy { $0.key.hasPrefix("mood.error.") })
    }

    func testAveragesRoundHalfUpToOneDecimal() {
        XCTAssertNil(MoodTally.none.average)
        XCTAssertNil(MoodTally.none.nearest)
        // 4 + 3 + 3 = 10 over 3 days: 3.333… → 3.3.
        XCTAssertEqual(MoodTally(sum: 10, count: 3).average, 3.3)
        // 13 / 4 = 3.25 → 3.3 (half up), where binary floating point might land below.
        XCTAssertEqual(MoodTally(sum: 13, count: 4).averageTenths, 33)
        // 47 / 20 = 2.35 → 2.4; 2.35 · 10 in a Double is 23.499… on some paths.
        XCTAssertEqual(MoodTally(sum: 47, count: 20).averageTenths, 24)
        // 11 / 3 = 3.666… → 3.7; 2 / 3 is impossible (moods ≥ 1) but still rounds: 0.7.
        XCTAssertEqual(MoodTally(sum: 11, count: 3).average, 3.7)
        XCTAssertEqual(MoodTally(sum: 5, count: 1).average, 5.0)
        XCTAssertEqual(MoodTally(sum: 1, count: 1).average, 1.0)
        // The face nearest: 3.5 → good (4), 3.4 → okay (3), 1.0 → awful.
        XCTAssertEqual(MoodTally(sum: 7, count: 2).nearest?.name, "good")
        XCTAssertEqual(MoodTally(sum: 17, count: 5).nearest?.name, "okay")
        XCTAssertEqual(MoodTally(sum: 3, count: 3).nearest?.name, "awful")
    }

    func testNotDoneIsTheRest() {
        let all = MoodTally(sum: 20, count: 6)
        let done = MoodTally(sum: 9, count: 2)
        XCTAssertEqual(all - done, MoodTally(sum: 11, count: 4))
        XCTAssertEqual((all - done).average, 2.8)
        XCTAssertNil((done - done).average, "done every day with a mood: no other day to average")
    }
}
