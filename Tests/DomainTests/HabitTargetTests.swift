import Domain
import XCTest

final class HabitTargetTests: XCTestCase {
    func testValidTargets() throws {
        let pages = try HabitTarget(amount: 20, unit: "  pages ", kind: .atLeast)
        XCTAssertEqual(pages.amount, 20)
        XCTAssertEqual(pages.unit, "pages")
        XCTAssertEqual(pages.kind, .atLeast)
        XCTAssertEqual(try HabitTarget(amount: 2.5, unit: "", kind: .atMost).unit, "")
        XCTAssertEqual(try HabitTarget(amount: 0.001, unit: "km", kind: .atLeast).amount, 0.001)
        XCTAssertEqual(try HabitTarget(amount: HabitScheduleConstants.maximumAmount, unit: "steps", kind: .atLeast).amount, 1e9)
        // 20 characters, one of them an emoji scalar.
        XCTAssertEqual(try HabitTarget(amount: 1, unit: String(repeating: "x", count: 19) + "🍵", kind: .atMost).unit.unicodeScalars.count, 20)
    }

    func testAmountRefusals() {
        for amount in [0, -0.0, -1, -20, .nan, .infinity, -.infinity, 1e9 + 1, .greatestFiniteMagnitude] {
            assertHabitError(.targetAmount, { () throws(HabitError) in try HabitTarget(amount: amount, unit: "pages", kind: .atLeast) }, "\(amount)")
        }
    }

    func testUnitRefusals() {
        assertHabitError(.targetUnit) { () throws(HabitError) in try HabitTarget(amount: 1, unit: String(repeating: "x", count: 21), kind: .atLeast) }
        assertHabitError(.targetUnit) { () throws(HabitError) in try HabitTarget(amount: 1, unit: "pa\nges", kind: .atLeast) }
        assertHabitError(.targetUnit) { () throws(HabitError) in try HabitTarget(amount: 1, unit: "km\u{202E}", kind: .atLeast) }
    }

    func testKindWords() throws {
        XCTAssertEqual(try HabitTarget.Kind(parsing: "at_least"), .atLeast)
        XCTAssertEqual(try HabitTarget.Kind(parsing: "at_most"), .atMost)
        XCTAssertEqual(HabitTarget.Kind.allCases.map(\.rawValue), ["at_least", "at_most"])
        for word in ["", "At_least", "at least", "atLeast", "min", "at_most "] {
            assertHabitError(.targetKind, { () throws(HabitError) in try HabitTarget.Kind(parsing: word) }, word)
        }
    }

    func testFromFormFields() throws {
        let target = try HabitTarget(parsingAmount: " 2,5 ", unit: "km", kind: "at_least")
        XCTAssertEqual(target.amount, 2.5)
        XCTAssertEqual(try HabitTarget(parsingAmount: "20", unit: "pages", kind: "at_most").kind, .atMost)
        for text in ["0", "0.0", "-5", "abc", "", "1e3", "inf", "nan", "20 pages"] {
            assertHabitError(.targetAmount, { () throws(HabitError) in try HabitTarget(parsingAmount: text, unit: "", kind: "at_least") }, text)
        }
        assertHabitError(.targetKind) { () throws(HabitError) in try HabitTarget(parsingAmount: "3", unit: "", kind: "exactly") }
    }

    /// The one test of a total against a target, in thousandths as stored (so sums are
    /// exact: 0.1 + 0.2 is 100 + 200 = 300 thousandths, which meets 0.3 either way).
    func testIsMet() {
        let atLeast = HabitCheckOff.Target(milli: 20_000, kind: .atLeast)
        XCTAssertFalse(atLeast.isMet(byMilli: 19_990))
        XCTAssertTrue(atLeast.isMet(byMilli: 20_000))
        XCTAssertTrue(atLeast.isMet(byMilli: 200_000))
        let atMost = HabitCheckOff.Target(milli: 2_000, kind: .atMost)
        XCTAssertTrue(atMost.isMet(byMilli: 0))
        XCTAssertTrue(atMost.isMet(byMilli: 2_000))
        XCTAssertFalse(atMost.isMet(byMilli: 2_010))
        let third: Int64 = 100 + 200
        XCTAssertTrue(HabitCheckOff.Target(milli: 300, kind: .atMost).isMet(byMilli: third))
        XCTAssertTrue(HabitCheckOff.Target(milli: 300, kind: .atLeast).isMet(byMilli: third))
        XCTAssertFalse(HabitCheckOff.Target(milli: 300, kind: .atLeast).isMet(byMilli: 299))
    }

    // MARK: Logged amounts

    func testAmountsParsed() throws {
        XCTAssertEqual(try HabitAmount(parsing: "20").value, 20)
        XCTAssertEqual(try HabitAmount(parsing: "2.5").value, 2.5)
        XCTAssertEqual(try HabitAmount(parsing: "2,5").value, 2.5)
        XCTAssertEqual(try HabitAmount(parsing: " 0 ").value, 0)
        XCTAssertEqual(try HabitAmount(parsing: "007").value, 7)
        XCTAssertEqual(try HabitAmount(parsing: "1000000000").value, 1e9)
        XCTAssertEqual(try HabitAmount(0).value, 0)
        XCTAssertEqual(try HabitAmount(-0.0).value.sign, .plus)
        XCTAssertEqual(try HabitAmount(12.75).value, 12.75)
    }

    func testAmountsRefused() {
        let refused = [
            "", " ", "abc", "twenty", "-1", "+1", "1e3", "1E3", "inf", "nan", "NaN", "Infinity", ".5", "5.", "1,000.5",
            "1.000,5", "1 000", "2..5", "0x10", "١٢", "20 pages", "1000000001", String(repeating: "1", count: 21),
        ]
        for text in refused {
            assertHabitError(.amountFormat, { () throws(HabitError) in try HabitAmount(parsing: text) }, text)
        }
        for value in [-1, -0.5, .nan, .infinity, -.infinity, 1e9 + 1] {
            assertHabitError(.amountFormat, { () throws(HabitError) in try HabitAmount(value) }, "\(value)")
        }
    }
}
