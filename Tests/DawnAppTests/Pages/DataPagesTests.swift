import FoundationEssentials
import HTTP
import XCTest

/// `/export/dawn.{csv,json,sqlite}` and `POST /import` in process: content types,
/// attachment names dated by the member's own today (New Year in Rome before UTC's),
/// what the files hold, and imports that import all or nothing.
final class DataPagesTests: XCTestCase {
    /// 00:30 on 1 January 2027 in Rome; 23:30 on 31 December in UTC.
    private let newYear = PageHarness.instant("2026-12-31T23:30:00Z")

    /// A member with a habit whose name a spreadsheet would run, two logs, an entry and a note.
    private func member() throws -> PageHarness {
        let dawn = try PageHarness(now: newYear)
        dawn.signedUp(timeZone: "Europe/Rome")
        let habit = dawn.addHabit("=SUM(A1)", emoji: "🧮", color: "#54A0FF", duration: "15")
        dawn.log(habit, on: "2026-12-31", start: "23:00", duration: 60, note: "late, \"quoted\"")
        dawn.log(habit, on: "2027-01-01", start: "00:15", duration: 15)
        XCTAssertEqual(dawn.post("/day/2026-12-31/entry", [("entry", "Goodbye 2026."), ("version", "0")]).status, .seeOther)
        XCTAssertEqual(dawn.post("/day/2027-01-01/notes", [("note", "Happy new year")]).status, .seeOther)
        return dawn
    }

    func testTheCSVExport() throws {
        let dawn = try member()
        let csv = dawn.get("/export/dawn.csv")
        XCTAssertEqual(csv.status, .ok)
        XCTAssertEqual(csv.headers["Content-Type"], "text/csv; charset=utf-8")
        XCTAssertEqual(csv.headers["Content-Disposition"], #"attachment; filename="dawn-mum-2027-01-01.csv""#)
        XCTAssertEqual(csv.headers["Cache-Control"], "private, no-store")
        XCTAssertEqual(csv.headers["X-Content-Type-Options"], "nosniff")
        XCTAssertEqual(csv.text.components(separatedBy: "\r\n"), [
            "date,start,duration_minutes,habit,emoji,colour,note",
            #"2026-12-31,23:00,60,'=SUM(A1),🧮,#54A0FF,"late, ""quoted""""#,
            "2027-01-01,00:15,15,'=SUM(A1),🧮,#54A0FF,",
            "",
        ])
        dawn.forgetCookies()
        XCTAssertEqual(dawn.get("/export/dawn.csv").location, "/login?next=/export/dawn.csv")
    }

    private struct Export: Decodable {
        struct Member: Decodable { let username: String; let displayName: String; let timeZone: String }
        struct Habit: Decodable { let id: Int; let name: String; let emoji: String; let colour: String; let defaultDurationMinutes: Int }
        struct Instance: Decodable { let habitId: Int; let date: String; let start: String; let durationMinutes: Int; let note: String }
        struct Text: Decodable { let date: String; let text: String }
        let format: String; let version: Int; let exportedAt: String; let member: Member
        let habits: [Habit]; let instances: [Instance]; let entries: [Text]; let notes: [Text]
    }

    func testTheJSONAndSQLiteExports() throws {
        let dawn = try member()
        let json = dawn.get("/export/dawn.json")
        XCTAssertEqual(json.status, .ok)
        XCTAssertEqual(json.headers["Content-Type"], "application/json; charset=utf-8")
        XCTAssertEqual(json.headers["Content-Disposition"], #"attachment; filename="dawn-mum-2027-01-01.json""#)
        XCTAssertEqual(json.headers["Cache-Control"], "private, no-store")
        let export = try JSONDecoder().decode(Export.self, from: Data(json.body))
        XCTAssertEqual(export.format, "dawn-export")
        XCTAssertEqual(export.version, 2)
        // Version 2's fields: every habit's schedule, its group even when null, its place in the member's order.
        let compact = json.text.filter { !$0.isWhitespace }
        for field in [#""group":null"#, #""position":1"#, #""skips":[]"#, #""vacations":[]"#, #""schedule":{"every":"day"}"#] {
            XCTAssertTrue(compact.contains(field), field)
        }
        XCTAssertEqual(export.exportedAt, "2027-01-01T00:30:00", "on the member's wall clock")
        XCTAssertEqual(export.member.username, "mum")
        XCTAssertEqual(export.member.timeZone, "Europe/Rome")
        XCTAssertEqual(export.habits.map(\.name), ["=SUM(A1)"])
        XCTAssertEqual(export.habits.first?.colour, "#54A0FF")
        XCTAssertEqual(export.habits.first?.defaultDurationMinutes, 15)
        XCTAssertEqual(export.instances.map { "\($0.date) \($0.start) \($0.durationMinutes) \($0.note)" },
                       [#"2026-12-31 23:00 60 late, "quoted""#, "2027-01-01 00:15 15 "])
        XCTAssertEqual(export.entries.map(\.text), ["Goodbye 2026."])
        XCTAssertEqual(export.notes.map { "\($0.date) \($0.text)" }, ["2027-01-01 Happy new year"])

        let sqlite = dawn.get("/export/dawn.sqlite")
        XCTAssertEqual(sqlite.status, .ok)
        XCTAssertEqual(sqlite.headers["Content-Type"], "application/vnd.sqlite3")
        XCTAssertEqual(sqlite.headers["Content-Disposition"], #"attachment; filename="dawn-mum-2027-01-01.sqlite""#)
        XCTAssertEqual(Array(sqlite.body.prefix(16)), Array("SQLite format 3\0".utf8))
        XCTAssertGreaterThan(sqlite.body.count, 4096)
        // The snapshot was taken in a temporary file that is gone again.
        let left = try FileManager.default.contentsOfDirectory(atPath: dawn.folder).filter { $0.hasPrefix("export-") }
        XCTAssertEqual(left, [])
    }

    func testImportingAnExportIntoAnotherAccount() throws {
        let source = try member()
        let file = source.get("/export/dawn.json").text

        let dawn = try PageHarness(now: PageHarness.instant("2027-01-02T09:00:00Z"))
        dawn.signedUp(timeZone: "Europe/Rome")
        let imported = dawn.postMultipart("/import", fields: [("mode", "empty")],
                                          files: [("file", "dawn-mum-2027-01-01.json", "application/json", file)])
        XCTAssertEqual(imported.status, .seeOther, imported.text)
        XCTAssertEqual(imported.location, "/account?done=imported&habits=1&logs=2&entries=1&notes=1")
        XCTAssertEqual(dawn.get("/account?done=imported&habits=1&logs=2&entries=1&notes=1").notice,
                       "Imported: 1 habits, 2 logs, 1 entries, 1 notes.")
        let day = dawn.get("/day/2026-12-31").text
        XCTAssertTrue(day.contains(#"<span class="block-name">=SUM(A1)</span> <span class="block-time">23:00–00:00</span>"#))
        XCTAssertTrue(day.contains(">Goodbye 2026.</textarea>"))
        XCTAssertTrue(dawn.get("/day/2027-01-01").text.contains("<p>Happy new year</p>"))

        // Into a non-empty account "empty" refuses; merging the same file adds nothing new.
        let refused = dawn.postMultipart("/import", fields: [("mode", "empty")],
                                         files: [("file", "again.json", "application/json", file)])
        XCTAssertEqual(refused.status, .badRequest)
        XCTAssertTrue(refused.text.contains("Your account already has habits, logs, entries, notes or moods, so nothing was imported."))
        XCTAssertTrue(refused.text.contains(#"<input type="radio" name="mode" value="empty" checked>"#))
        XCTAssertEqual(dawn.instanceIDs(on: "2026-12-31").count, 1)
    }

    func testRefusedImportsImportNothing() throws {
        let dawn = try PageHarness(now: newYear)
        dawn.signedUp(timeZone: "Europe/Rome")
        let broken = #"{"format":"dawn-export","version":1,"habits":[{"id":1,"name":"Run"#
        let cases: [(fields: [(String, String)], files: [(field: String, filename: String, type: String, body: String)], message: String)] = [
            ([], [("file", "a.json", "application/json", "{}")], "Choose how to import. Nothing was imported."),
            ([("mode", "replace")], [("file", "a.json", "application/json", "{}")], "Choose how to import. Nothing was imported."),
            ([("mode", "merge")], [], "Choose a file to import."),
            ([("mode", "merge")], [("file", "broken.json", "application/json", broken)],
             "Nothing was imported. JSON: the file is not valid JSON"),
            ([("mode", "merge")], [("file", "notes.txt", "text/plain", "just some text")],
             "Nothing was imported. notes.txt, line 1: this is neither a Dawn JSON export nor a Loop Habit Tracker CSV export"),
        ]
        for item in cases {
            let page = dawn.postMultipart("/import", fields: item.fields, files: item.files)
            XCTAssertEqual(page.status, .badRequest, item.message)
            XCTAssertTrue(page.text.contains(#"<p class="field-error" id="import-error" role="alert">\#(PageHarness.html(item.message))</p>"#),
                          "\(item.message): \(page.text)")
        }
        let forged = dawn.postMultipart("/import", fields: [("mode", "merge"), ("csrf", "forged")],
                                        files: [("file", "a.json", "application/json", "{}")])
        XCTAssertEqual(forged.status, .forbidden)
        let unreadable = dawn.request(.POST, "/import", headers: [("Content-Type", "multipart/form-data; boundary=x")],
                                      body: Array("not multipart at all".utf8))
        XCTAssertEqual(unreadable.status, .badRequest)
        // Nothing arrived.
        let export = try JSONDecoder().decode(Export.self, from: Data(dawn.get("/export/dawn.json").body))
        XCTAssertEqual(export.habits.count + export.instances.count + export.entries.count + export.notes.count, 0)
        dawn.forgetCookies()
        let signedOut = dawn.postMultipart("/import", fields: [("mode", "merge"), ("csrf", "x")],
                                           files: [("file", "a.json", "application/json", "{}")])
        XCTAssertEqual(signedOut.status, .forbidden)
    }
}
