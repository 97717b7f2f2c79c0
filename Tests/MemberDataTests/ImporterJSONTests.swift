import XCTest
@testable import MemberData

/// What the importer accepts and refuses of a Dawn JSON file at the JSON level: the same
/// answers, with the same paths, as when it read files with Foundation's `JSONDecoder`
/// (trailing commas aside: RFC 8259 has none, and they are refused now).
final class ImporterJSONTests: XCTestCase {
    private func file(habit: String = #""id": 1"#, rest: String = "") -> [UInt8] {
        Array("""
            {"format": "dawn-export", "version": 2,
             "habits": [{\(habit), "name": "Piano", "emoji": "🎹", "colour": "#54A0FF", "defaultDurationMinutes": 30,
                         "createdAt": 1, "group": null}],
             "instances": [], "entries": [], "notes": []\(rest)}
            """.utf8)
    }

    private func problem(_ bytes: [UInt8]) -> Importer.Problem? {
        var plan = Importer.Plan()
        do {
            try Importer.read(bytes, filename: "dawn.json", into: &plan, now: 10)
            return nil
        } catch {
            return error
        }
    }

    func testAccepted() {
        XCTAssertNil(problem(file()))
        // A whole number written as a decimal or with an exponent, as JSONDecoder read it.
        XCTAssertNil(problem(file(habit: #""id": 1.0"#)))
        XCTAssertNil(problem(file(habit: #""id": 1e0"#)))
        // A byte order mark; members the importer does not read, nested to the limit.
        XCTAssertNil(problem([0xEF, 0xBB, 0xBF] + file()))
        XCTAssertNil(problem(file(rest: #", "extra": "# + String(repeating: "[", count: 31) + String(repeating: "]", count: 31))))
    }

    func testRefusedAsNotJSON() {
        for bytes in [Array("{not json".utf8), Array(" {} []".utf8), Array(#"{"format": 5}"#.utf8), file(rest: ","),
                      file(habit: #""id": 01"#), file(habit: #""id": "\x""#), file(habit: #""id": 1, "id\uDC00": 2"#),
                      file(rest: #", "extra": "# + String(repeating: "[", count: 32) + String(repeating: "]", count: 32))] {
            XCTAssertEqual(problem(bytes), Importer.Problem(place: .file("JSON"), key: "import.problem.json"),
                           String(decoding: bytes, as: UTF8.self))
        }
        XCTAssertEqual(problem(Array(#"{"format": "other"}"#.utf8)), Importer.Problem(place: .file("JSON"), key: "import.problem.unknown"))
        XCTAssertEqual(problem(Array("{}".utf8)), Importer.Problem(place: .file("JSON"), key: "import.problem.unknown"))
        XCTAssertEqual(problem(Array(#"{"format": null}"#.utf8)), Importer.Problem(place: .file("JSON"), key: "import.problem.unknown"))
    }

    func testAFieldProblemNamesItsPath() {
        let cases: [([UInt8], String)] = [
            (file(habit: #""id": "1""#), "habits[0].id"),
            (file(habit: #""id": 1.5"#), "habits[0].id"),
            (file(habit: #""id": null"#), "habits[0].id"),
            (file(habit: #""x": 1"#), "habits[0].id"),
            (file(rest: #", "skips": [{"habitId": 1}]"#), "skips[0].date"),
            (file(rest: #", "moods": [{"date": "2026-01-01", "value": "4"}]"#), "moods[0].value"),
            (file(rest: #", "settings": {"notify": {"ntfy": {"token": null}}}"#), "settings.notify.ntfy.url"),
            (Array(#"{"format": "dawn-export", "version": 2}"#.utf8), "habits"),
            (Array(#"{"format": "dawn-export"}"#.utf8), "version"),
        ]
        for (bytes, path) in cases {
            XCTAssertEqual(problem(bytes), Importer.Problem(place: .record(path), key: "import.problem.field"),
                           String(decoding: bytes, as: UTF8.self))
        }
    }
}
