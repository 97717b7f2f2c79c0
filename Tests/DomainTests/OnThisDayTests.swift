import Domain
import TimeZones
import XCTest

final class OnThisDayTests: XCTestCase {
    func testTheSameDayOfEachEarlierYearNewestFirst() {
        XCTAssertEqual(OnThisDay.dates(for: day("2026-05-05"), since: 2023),
                       [day("2025-05-05"), day("2024-05-05"), day("2023-05-05")])
        XCTAssertEqual(OnThisDay.dates(for: day("2026-05-05"), since: 2026), [], "no earlier year")
        XCTAssertEqual(OnThisDay.dates(for: day("2026-05-05"), since: 2030), [])
        XCTAssertEqual(OnThisDay.dates(for: day("1901-03-01"), since: 1), [day("1900-03-01")], "never before 1900")
        XCTAssertEqual(OnThisDay.dates(for: day("1900-03-01"), since: 1800), [])
        XCTAssertEqual(OnThisDay.dates(for: day("2026-12-31"), since: 1900).count, 126)
    }

    /// 29 February shows on 28 February of common years and on 29 February of leap years;
    /// a leap year's 28 February recalls only 28 Februaries.
    func testLeapDays() {
        XCTAssertEqual(OnThisDay.dates(for: day("2025-02-28"), since: 2023),
                       [day("2024-02-29"), day("2024-02-28"), day("2023-02-28")])
        XCTAssertEqual(OnThisDay.dates(for: day("2028-02-29"), since: 2023), [day("2024-02-29")])
        XCTAssertEqual(OnThisDay.dates(for: day("2028-02-28"), since: 2023),
                       [day("2027-02-28"), day("2026-02-28"), day("2025-02-28"), day("2024-02-28"), day("2023-02-28")])
        XCTAssertFalse(OnThisDay.dates(for: day("2028-02-28"), since: 1900).contains(day("2024-02-29")))
        XCTAssertFalse(OnThisDay.dates(for: day("2024-02-29"), since: 1900).contains(day("2023-02-28")))
        XCTAssertTrue(OnThisDay.dates(for: day("2024-02-29"), since: 1900).allSatisfy { $0.month == 2 && $0.day == 29 })
        XCTAssertFalse(OnThisDay.dates(for: day("2025-02-28"), since: 1900).contains(day("1900-02-28").adding(days: 1)),
                       "1900 was not a leap year")
        XCTAssertEqual(OnThisDay.dates(for: day("2025-03-01"), since: 2024), [day("2024-03-01")])
    }

    func testTheExcerpt() {
        XCTAssertEqual(OnThisDay.excerpt(entry: "\n  \nA walk by the sea.\nThen tea.", firstNote: "note"), "A walk by the sea.")
        XCTAssertEqual(OnThisDay.excerpt(entry: nil, firstNote: "  tea at five "), "tea at five")
        XCTAssertEqual(OnThisDay.excerpt(entry: "  \n\t", firstNote: "the note"), "the note", "a blank entry gives way to the note")
        XCTAssertNil(OnThisDay.excerpt(entry: nil, firstNote: nil))
        XCTAssertEqual(OnThisDay.excerpt(entry: "a\u{202E}b\tc", firstNote: nil), "a b c", "no bidi override or control reaches the page")
        XCTAssertEqual(OnThisDay.excerpt(entry: "First\r\nsecond", firstNote: nil), "First")
        let long = String(repeating: "é", count: 200)
        let cut = OnThisDay.excerpt(entry: long, firstNote: nil)
        XCTAssertEqual(cut?.count, OnThisDayConstants.excerptCharacters, "one long word is cut mid-word")
        XCTAssertEqual(cut?.last, "…")
        let words = String(repeating: "word ", count: 40)  // 200 characters
        XCTAssertEqual(OnThisDay.excerpt(entry: words, firstNote: nil), String(repeating: "word ", count: 27) + "word…",
                       "cut after the last whole word that fits")
        XCTAssertEqual(OnThisDay.excerpt(entry: words, firstNote: nil)?.count, 140)
        let shifted = "x" + words  // the 139th character is now inside a word
        XCTAssertEqual(OnThisDay.excerpt(entry: shifted, firstNote: nil), "x" + String(repeating: "word ", count: 26) + "word…")
        let exact = String(repeating: "x", count: OnThisDayConstants.excerptCharacters)
        XCTAssertEqual(OnThisDay.excerpt(entry: exact, firstNote: nil), exact)
    }

    /// Lines end at any of Character's newlines, CR LF included; a long first line is read
    /// only as far as it can be shown.
    func testTheExcerptsLineBreaksAndLongLines() {
        XCTAssertEqual(OnThisDay.excerpt(entry: "\r\n\r\n  Second line\r\nthird", firstNote: nil), "Second line")
        XCTAssertEqual(OnThisDay.excerpt(entry: "\u{2028}\u{85}\u{0B}x\u{2029}y", firstNote: nil), "x")
        XCTAssertEqual(OnThisDay.excerpt(entry: "\u{7}\u{202E}\n", firstNote: "note"), "note")
        let long = String(repeating: "word ", count: 5_000)
        let cut = OnThisDay.excerpt(entry: long, firstNote: nil)
        XCTAssertEqual(cut?.hasSuffix("word…"), true)
        XCTAssertLessThanOrEqual(cut?.count ?? 0, OnThisDayConstants.excerptCharacters)
        // Characters of many scalars each: read as far as the scalar budget, and still marked as cut.
        let heavy = String(repeating: "e" + String(repeating: "\u{301}", count: 10), count: 200)
        let heavyCut = OnThisDay.excerpt(entry: heavy, firstNote: nil)
        XCTAssertEqual(heavyCut?.last, "…")
        XCTAssertLessThanOrEqual(heavyCut?.count ?? 0, OnThisDayConstants.excerptCharacters)
        XCTAssertTrue(heavyCut?.hasPrefix("e" + String(repeating: "\u{301}", count: 10)) == true)
    }
}
