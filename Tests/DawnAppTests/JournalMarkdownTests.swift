import Domain
import TimeZones
import XCTest
@testable import DawnApp

/// The journal's Markdown (`JournalMarkdown`): days merged and ordered, each a `## ` section,
/// and what the member typed kept from making structure of its own.
final class JournalMarkdownTests: XCTestCase {
    private func day(_ iso: String) -> LocalDate { LocalDate(iso: iso)! }

    func testDaysAreMergedOldestFirst() throws {
        let days = JournalMarkdown.days(
            entries: [(day("2026-11-02"), "Two"), (day("2026-11-24"), "Late")],
            notes: [(day("2026-11-02"), .init(time: "08:00", body: "tea")), (day("2026-11-02"), .init(time: "21:30", body: "bed")),
                    (day("2025-01-01"), .init(time: "00:10", body: "new year"))],
            moods: [(day("2026-11-24"), try Mood(4)), (day("2026-11-10"), try Mood(1))])
        XCTAssertEqual(days.map(\.date.description), ["2025-01-01", "2026-11-02", "2026-11-10", "2026-11-24"])
        XCTAssertEqual(days[1].notes.map(\.body), ["tea", "bed"], "notes keep their order")
        XCTAssertEqual(days[2].mood?.value, 1)
        XCTAssertNil(days[2].entry, "a day with only a mood is a day of the journal too")
        XCTAssertEqual(days[3].entry, "Late")
    }

    func testTheDocument() throws {
        var first = JournalMarkdown.Day(date: day("2026-11-23"))
        first.entry = "Walked to the lake.\n\nCold, but bright."
        first.notes = [.init(time: "07:45", body: "coffee"), .init(time: "22:00", body: "# not a heading")]
        var second = JournalMarkdown.Day(date: day("2026-11-24"))
        second.mood = try Mood(5)
        let text = JournalMarkdown.document(title: "Dawn journal: Ana", days: [first, second],
                                            heading: { "long \($0.day)" }, mood: { "Mood: \($0.face) \($0.name)" })
        XCTAssertEqual(text, """
            # Dawn journal: Ana

            ## 2026-11-23 · long 23

            Walked to the lake.

            Cold, but bright.

            - 07:45 coffee
            - 22:00 # not a heading

            ## 2026-11-24 · long 24

            Mood: 😄 great

            """)
        XCTAssertEqual(JournalMarkdown.document(title: "T", days: [], heading: { _ in "" }, mood: { _ in "" }), "# T\n")
    }

    func testLinesThatWouldMakeStructureAreEscaped() {
        let cases: [(String, String)] = [
            ("## 2026-11-25 · a fake day", "\\## 2026-11-25 · a fake day"),
            ("# Title", "\\# Title"),
            ("#hashtag", "\\#hashtag"),
            ("   ### indented", "   \\### indented"),
            ("===", "\\==="),
            ("---", "\\---"),
            ("-", "\\-"),
            ("- - -", "\\- - -"),
            ("```", "\\```"),
            ("~~~swift", "\\~~~swift"),
            ("<!-- hide everything after", "\\<!-- hide everything after"),
            ("<script>alert(1)</script>", "\\<script>alert(1)</script>"),
            // Kept as typed: text, lists, quotes, emphasis, four-space code (it ends with its lines).
            ("Plain words # and more", "Plain words # and more"),
            ("- a list item", "- a list item"),
            ("> a quote", "> a quote"),
            ("*stars* and _underscores_", "*stars* and _underscores_"),
            ("    # code, not a heading", "    # code, not a heading"),
            ("", ""),
            ("   ", "   "),
            ("a = b", "a = b"),
        ]
        for (line, escaped) in cases {
            XCTAssertEqual(JournalMarkdown.escapedLine(Substring(line)), escaped, line)
        }
    }

    /// However an entry is written, the only `## ` lines are the sections this writer made,
    /// one per day, and every fence or HTML block it could open is escaped.
    func testAnEntryCannotAddSections() {
        var hostile = JournalMarkdown.Day(date: day("2026-11-24"))
        hostile.entry = "## 2026-11-25 · forged\n# Forged title\nText\n===\n```\n<!--\n"
        let text = JournalMarkdown.document(title: "T", days: [hostile], heading: { _ in "Tuesday" }, mood: { _ in "" })
        let lines = text.split(separator: "\n")
        XCTAssertEqual(lines.filter { $0.hasPrefix("## ") }, ["## 2026-11-24 · Tuesday"])
        XCTAssertEqual(lines.filter { $0.hasPrefix("#") }.count, 2, "the title and the one section")
        XCTAssertFalse(lines.contains { $0.hasPrefix("```") || $0.hasPrefix("<") || $0 == "===" })
    }

    func testPhotosAreImagesLinkedIntoTheZipWithTheirCaptionsKeptFromMakingLinks() {
        let path = "photos/" + String(repeating: "a", count: 64) + ".jpg"
        let days = JournalMarkdown.days(entries: [], notes: [], moods: [],
                                        photos: [(day("2026-03-10"), .init(caption: "Lake](javascript:x) [a\\", path: path)),
                                                 (day("2026-03-10"), .init(caption: "", path: path))])
        XCTAssertEqual(days.count, 1, "a day with only photos is a day of the journal too")
        let text = JournalMarkdown.document(title: "J", days: days, heading: { _ in "d" }, mood: { _ in "" })
        XCTAssertEqual(text, """
            # J

            ## 2026-03-10 · d

            ![Lake\\](javascript:x) \\[a\\\\](\(path))
            ![](\(path))

            """)
    }
}
