import Domain
import Store
import TimeZones
import XCTest
@testable import MemberData

/// Journey's export (one JSON file an entry) and Diaro's backup (`DiaroBackup.xml`), read into
/// a plan and written: entries by day in their zone or offset, several on a day joined oldest
/// first, tags a line at the end, HTML as plain text; a damaged file names the file and the
/// record; a second import adds nothing.
final class ImporterJourneyDiaroTests: XCTestCase {
    private var folder = ""

    override func tearDown() {
        if !folder.isEmpty { _ = try? FileManager.default.removeItem(atPath: folder) }
    }

    private func database() throws -> Database {
        folder = NSTemporaryDirectory() + "dawn-journey-\(UInt64.random(in: 0...UInt64.max))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return try Database.open(path: folder + "/member.sqlite", migrations: MemberSchema.migrations)
    }

    private let zones = TimeZoneDatabase()
    private func zone(_ name: String) -> TimeZoneRules? { try? zones.rules(for: name) }
    private func day(_ iso: String) -> LocalDate { LocalDate(iso: iso)! }

    // MARK: Journey

    /// 2026-03-09 23:30 UTC (the 10th in Rome), 06:00 and 20:00 UTC on the 10th.
    private func journeyFiles() -> [(name: String, bytes: [UInt8])] {
        [
            ("c.json", Array(#"{"id": "c", "date_journal": 1773172800000, "date_modified": 1773172800000, "timezone": "Mars/Olympus", "text": "<script>alert(1)</script>Evening <b>in</b> town", "tags": [], "mood": 3, "photos": []}"#.utf8)),
            ("a.json", Array(#"{"id": "a", "date_journal": 1773099000000, "date_modified": 1773099000000, "timezone": "Europe/Rome", "text": "<p>Late walk &amp; talk.</p><p>Second<br/>line &#233;&#xE9;</p><ul><li>one</li><li>two</li></ul>", "tags": ["walk", " "], "favourite": true, "photos": ["a.jpg", "missing.jpg", "notes.txt"]}"#.utf8)),
            ("b.json", Array(#"{"id": "b", "date_journal": 1773122400000, "date_modified": 1773122400000, "text": "Morning coffee.", "favourite": false}"#.utf8)),
        ]
    }

    func testJourneyEntriesJoinedByDayInTheirZone() throws {
        var plan = Importer.Plan()
        let outcome = try Importer.readJourney(journeyFiles(), files: ["a.jpg", "notes.txt", "a.json", "b.json", "c.json"],
                                               zone: zone, into: &plan)
        XCTAssertEqual(plan.entries.map(\.day), [day("2026-03-10")], "Rome's day for a; UTC for none and for an unknown zone")
        XCTAssertEqual(plan.entries.first?.text, """
            Late walk & talk.

            Second
            line éé

            - one
            - two

            🏷️ walk

            ---

            Morning coffee.

            ---

            Evening in town
            """)
        XCTAssertEqual(plan.notes.map { "\($0.day) \($0.text)" }, ["2026-03-10 ⭐"])
        XCTAssertEqual(plan.photos.map(\.file), ["a.jpg"])
        XCTAssertEqual(outcome.droppedPhotos, 2, "a missing file and one that is not a photo")
        XCTAssertTrue(plan.moods.isEmpty, "Journey's mood scale is not published: left out")
    }

    func testJourneyIsToldByItsContent() {
        XCTAssertTrue(Importer.isJourneyEntry(journeyFiles()[1].bytes))
        XCTAssertFalse(Importer.isJourneyEntry(Array(#"{"entries": []}"#.utf8)), "Day One's journal")
        XCTAssertFalse(Importer.isJourneyEntry(Array("not json".utf8)))
    }

    func testHTMLAsPlainText() {
        XCTAssertEqual(Importer.journalText(fromHTML: "Fish &amp; chips, 2 < 3"), "Fish &amp; chips, 2 < 3", "no tag: kept as typed")
        XCTAssertEqual(Importer.journalText(fromHTML: "<div>a&nbsp;b &unknown; &#0;</div><STYLE>p {}</STYLE><p>c</p>"), "a b &unknown; &#0;\n\nc")
        XCTAssertEqual(Importer.journalText(fromHTML: "<p>open <b"), "open <b", "an unclosed tag is text")
        let unclosed = String(repeating: "<a", count: 200_000)
        XCTAssertEqual(Importer.journalText(fromHTML: "<p>" + unclosed), unclosed, "in linear time: each `<` is not searched to the end")
    }

    func testADamagedJourneyFileNamesTheFileAndTheField() {
        func problem(_ json: String) -> Importer.Problem? {
            var plan = Importer.Plan()
            do {
                _ = try Importer.readJourney([journeyFiles()[1], ("x.json", Array(json.utf8))], files: [], zone: zone, into: &plan)
                return nil
            } catch {
                return error
            }
        }
        XCTAssertEqual(problem(#"{"date_journal": "yesterday"}"#),
                       Importer.Problem(place: .record("x.json date_journal"), key: "import.problem.field"))
        XCTAssertEqual(problem(#"{"text": "x"}"#), Importer.Problem(place: .record("x.json date_journal"), key: "import.problem.field"))
        XCTAssertEqual(problem(#"{"date_journal": -5}"#),
                       Importer.Problem(place: .record("x.json date_journal"), key: "import.problem.date", arguments: ["value": "-5"]))
        XCTAssertEqual(problem(#"{"date_journal": 1, "tags": [1]}"#),
                       Importer.Problem(place: .record("x.json tags[0]"), key: "import.problem.field"))
        XCTAssertEqual(problem(#"{"date_journal": 1"#), Importer.Problem(place: .file("x.json"), key: "import.problem.json"))
    }

    func testASecondJourneyImportAddsNothing() throws {
        let database = try database()
        var plan = Importer.Plan()
        _ = try Importer.readJourney(journeyFiles(), files: [], zone: zone, into: &plan)
        XCTAssertEqual(try Importer.write(plan, mode: .empty, to: database, now: 1_773_200_000).entries, 1)
        let before = try database.read { try $0.query("SELECT day, body FROM entries").map { "\($0.string(0)) \($0.string(1))" } }
        XCTAssertEqual(try Importer.write(plan, mode: .merge, to: database, now: 1_773_200_000), Importer.Counts())
        XCTAssertEqual(try database.read { try $0.query("SELECT day, body FROM entries").map { "\($0.string(0)) \($0.string(1))" } }, before)
        XCTAssertThrowsError(try Importer.write(plan, mode: .empty, to: database, now: 1_773_200_000), "empty mode refuses a member with entries")
    }

    // MARK: Diaro

    private func diaro(_ entries: String? = nil) -> [UInt8] {
        Array(("""
            <?xml version="1.0" encoding="UTF-8"?>
            <!-- Diaro backup -->
            <data version="2">
            <table name="diaro_folders"><r><uid>f1</uid><title>Home</title></r></table>
            <table name="diaro_entries">
            """ + (entries ?? """
            <r><uid>e2</uid><date>1773122400000</date><tz_offset>+00:00</tz_offset><title></title>
               <text><![CDATA[Morning <b>coffee</b>]]></text><folder_uid/><tags></tags></r>
            <r><uid>e1</uid><date>1773099000000</date><tz_offset>+01:00</tz_offset><title>Walk</title>
               <text>Late &amp; dark</text><folder_uid>f1</folder_uid><tags>,t1,t2,</tags></r>
            <r><uid>e3</uid><date>1773185400000</date><tz_offset>-05:00</tz_offset><title>NY</title><text/><tags>,gone,</tags></r>
            """) + """
            </table>
            <table name="diaro_tags"><r><uid>t1</uid><title>walk</title></r><r><uid>t2</uid><title>night</title></r></table>
            <table name="diaro_attachments">
            <r><uid>a1</uid><entry_uid>e1</entry_uid><type>photo</type><filename>p.jpg</filename></r>
            <r><uid>a2</uid><entry_uid>e3</entry_uid><type>photo</type><filename>lost.jpg</filename></r>
            </table>
            </data>
            """).utf8)
    }

    func testDiaroEntriesByDayOfTheirOffset() throws {
        var plan = Importer.Plan()
        let outcome = try Importer.readDiaro(diaro(), filename: "DiaroBackup.xml", files: ["media/photo/p.jpg"], into: &plan)
        XCTAssertEqual(plan.entries.map(\.day), [day("2026-03-10")], "23:30 UTC is the 10th at +01:00; 23:30 UTC on the 10th is still the 10th at -05:00")
        XCTAssertEqual(plan.entries.first?.text,
                       "Walk\n\nLate & dark\n\n🏷️ walk, night\n\n---\n\nMorning <b>coffee</b>\n\n---\n\nNY")
        XCTAssertEqual(plan.photos.map { "\($0.day) \($0.file)" }, ["2026-03-10 media/photo/p.jpg"])
        XCTAssertEqual(outcome.droppedPhotos, 1)
    }

    func testABareDiaroBackupIsToldByItsContent() throws {
        var plan = Importer.Plan()
        try Importer.read(diaro(), filename: "backup.xml", into: &plan, now: 1_773_200_000)
        XCTAssertEqual(plan.entries.count, 1)
        XCTAssertTrue(plan.photos.isEmpty, "no zip, no photos")
        var other = Importer.Plan()
        XCTAssertThrowsError(try Importer.read(Array(#"<data><table name="notes"/></data>"#.utf8), filename: "x.xml", into: &other, now: 0)) {
            XCTAssertEqual($0 as? Importer.Problem, Importer.Problem(place: .file("x.xml"), key: "import.problem.unknown"))
        }
    }

    func testADamagedDiaroBackupNamesTheRecord() {
        func problem(_ bytes: [UInt8]) -> Importer.Problem? {
            var plan = Importer.Plan()
            do {
                _ = try Importer.readDiaro(bytes, filename: "DiaroBackup.xml", files: [], into: &plan)
                return nil
            } catch {
                return error
            }
        }
        let good = "<r><uid>e1</uid><date>1773099000000</date><text>ok</text></r>"
        XCTAssertEqual(problem(diaro(good + "<r><uid>e2</uid><date>1</date><text>oops</r>")),
                       Importer.Problem(place: .record("DiaroBackup.xml diaro_entries[1].text"), key: "import.problem.xml"))
        XCTAssertEqual(problem(diaro(good + "<r><date>soon</date></r>")),
                       Importer.Problem(place: .record("DiaroBackup.xml diaro_entries[1].date"), key: "import.problem.date",
                                        arguments: ["value": "soon"]))
        XCTAssertEqual(problem(diaro(good + "<r><date>1</date><tz_offset>+25:00</tz_offset></r>")),
                       Importer.Problem(place: .record("DiaroBackup.xml diaro_entries[1].tz_offset"), key: "import.problem.time_zone",
                                        arguments: ["value": "+25:00"]))
        XCTAssertEqual(problem(diaro(good + "<r><text>&bogus;</text></r>")),
                       Importer.Problem(place: .record("DiaroBackup.xml diaro_entries[1].text"), key: "import.problem.xml"))
        let entity = #"<?xml version="1.0"?><!DOCTYPE data [<!ENTITY x SYSTEM "file:///etc/passwd">]><data>&x;</data>"#
        XCTAssertEqual(problem(Array(entity.utf8)), Importer.Problem(place: .file("DiaroBackup.xml"), key: "import.problem.xml_declaration"))
        XCTAssertEqual(problem(Array("<data><table name=\"diaro_entries\">".utf8)),
                       Importer.Problem(place: .record("DiaroBackup.xml diaro_entries"), key: "import.problem.xml"), "cut short")
        let deep = String(repeating: "<a>", count: 17) + String(repeating: "</a>", count: 17)
        XCTAssertEqual(problem(Array(deep.utf8))?.key, "import.problem.xml", "deeper than the limit")
        XCTAssertEqual(problem([0xFF, 0xFE]), Importer.Problem(place: .file("DiaroBackup.xml"), key: "import.problem.xml"))
    }

    func testOffsets() {
        XCTAssertEqual(Importer.offsetSeconds(""), 0)
        XCTAssertEqual(Importer.offsetSeconds("+01:00"), 3600)
        XCTAssertEqual(Importer.offsetSeconds("-0530"), -19800)
        XCTAssertEqual(Importer.offsetSeconds("GMT+02:00"), 7200)
        for bad in ["01:00", "+1:00", "+01:0", "+15:00", "+01:60", "+٠١:٠٠", "x"] { XCTAssertNil(Importer.offsetSeconds(bad), bad) }
    }

    func testASecondDiaroImportAddsNothing() throws {
        let database = try database()
        var plan = Importer.Plan()
        _ = try Importer.readDiaro(diaro(), filename: "DiaroBackup.xml", files: [], into: &plan)
        XCTAssertEqual(try Importer.write(plan, mode: .merge, to: database, now: 1_773_200_000).entries, 1)
        XCTAssertEqual(try Importer.write(plan, mode: .merge, to: database, now: 1_773_200_000), Importer.Counts())
        XCTAssertEqual(try database.read { try $0.query("SELECT count(*) FROM entries").first?.int(0) }, 1)
    }
}
