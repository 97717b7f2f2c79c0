import Domain
import XCTest

final class HabitNameTests: XCTestCase {
    func testLengthLimitsAfterTrimming() throws {
        assertHabitError(.nameLength, { () throws(HabitError) in try HabitName("") })
        assertHabitError(.nameLength, { () throws(HabitError) in try HabitName(" \n\t\u{3000} ") })
        XCTAssertEqual(try HabitName("a").value, "a")
        XCTAssertEqual(try HabitName("  Morning run\n").value, "Morning run")

        let sixty = String(repeating: "x", count: 60)
        XCTAssertEqual(try HabitName(sixty).value, sixty)
        XCTAssertEqual(try HabitName("   \(sixty)\n\n").value, sixty, "surrounding whitespace does not count")
        assertHabitError(.nameLength, { () throws(HabitError) in try HabitName(sixty + "x") })
        assertHabitError(.nameLength, { () throws(HabitError) in try HabitName(" " + sixty + "x ") })
    }

    /// Characters are Unicode scalars, as the database's `CHECK (length(name) …)` counts them:
    /// counting grapheme clusters let 16 × 🏃‍♀️ (64 scalars) through the form into a failed insert.
    func testCountsScalarsAsTheDatabaseDoes() throws {
        let runner = "\u{1F3C3}\u{200D}\u{2640}\u{FE0F}"  // 🏃‍♀️: one grapheme, four scalars
        XCTAssertEqual(try HabitName(String(repeating: runner, count: 15)).value.unicodeScalars.count, 60)
        assertHabitError(.nameLength, { () throws(HabitError) in try HabitName(String(repeating: runner, count: 16)) })
        let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}"  // 7 scalars
        assertHabitError(.nameLength, { () throws(HabitError) in try HabitName(String(repeating: family, count: 9)) })
        XCTAssertNoThrow(try HabitName(String(repeating: family, count: 8) + "abcd"))
        // A combining accent is a scalar of its own: 30 × "é" written as e + U+0301 is 60.
        XCTAssertNoThrow(try HabitName(String(repeating: "e\u{301}", count: 30)))
        assertHabitError(.nameLength, { () throws(HabitError) in try HabitName(String(repeating: "e\u{301}", count: 30) + "x") })
    }

    func testControlAndBidiCharactersRefused() {
        let refused = [
            "Run\nfast", "Run\r\nfast", "a\tb", "a\u{0}b", "a\u{7}b", "a\u{7F}b", "a\u{85}b", "a\u{9F}b",
            "a\u{2028}b", "a\u{2029}b",
            "a\u{202A}b", "a\u{202B}b", "a\u{202C}b", "a\u{202D}b", "a\u{202E}b",
            "a\u{2066}b", "a\u{2067}b", "a\u{2068}b", "a\u{2069}b",
            "\u{202E}gnimmiws",
        ]
        for raw in refused {
            assertHabitError(.nameCharacters, { () throws(HabitError) in try HabitName(raw) }, raw.debugDescription)
        }
    }

    func testOrdinaryTextAllowed() throws {
        for raw in ["Yoga \u{1F9D8}\u{200D}\u{2640}\u{FE0F}", "Caf\u{E9} \u{E0} l'italienne", "\u{6563}\u{6B69}", "\u{5D4}\u{5DC}\u{5D9}\u{5DB}\u{5D4}", "a b"] {
            XCTAssertEqual(try HabitName(raw).value, raw)
        }
    }
}
