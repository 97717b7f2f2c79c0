import Store
import TimeZones
import XCTest
@testable import MemberData

/// The search index (`SearchSchema`) must always hold what the rows hold: after every
/// write, delete, move and habit deletion in a random sequence — through the repositories
/// and through raw SQL — `dawn check`'s comparison finds nothing and a search finds
/// exactly the texts that hold the word, newest day first. The migration builds it for a
/// database from before it; `dawn check` finds an index that differs.
final class SearchIndexTests: XCTestCase {
    private var folder = ""

    override func tearDown() {
        if !folder.isEmpty { _ = try? FileManager.default.removeItem(atPath: folder) }
    }

    private func database(_ name: String = "member", migrations: [Migration] = MemberSchema.migrations) throws -> Database {
        if folder.isEmpty {
            folder = NSTemporaryDirectory() + "dawn-search-\(UInt64.random(in: 0...UInt64.max))"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        return try Database.open(path: folder + "/\(name).sqlite", migrations: migrations)
    }

    private static let words = ["rain", "città", "garden", "walk", "piano", "NEAR", "and", "x"]

    private func text(_ random: inout SeededRandom) -> String {
        (0..<Int.random(in: 1...4, using: &random)).map { _ in Self.words.randomElement(using: &random)! }
            .joined(separator: [" ", ", ", " (", "-"].randomElement(using: &random)!)
    }

    /// The texts holding `word` as a whole word (what a quoted search finds), by day, from the raw rows.
    private func reference(_ database: Database, _ word: String) throws -> [String] {
        try database.read { connection in
            try connection.query(SearchSchema.expectedRows).filter { row in
                row.string(0).split(whereSeparator: { !$0.isLetter && !$0.isNumber })
                    .contains { $0.lowercased() == word.lowercased() }
            }.map { $0.string(1) }
        }.sorted(by: >)
    }

    private func assertAgrees(_ database: Database, _ random: inout SeededRandom, _ step: String,
                              file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(try JournalSearch.problems(database), [], step, file: file, line: line)
        let word = Self.words.randomElement(using: &random)!
        let expected = try reference(database, word)
        let query = SearchQuery(parts: [.phrase(word)])
        var found: [String] = []
        var page = 1
        while true {
            let results = try JournalSearch(database: database).search(query, page: page)
            XCTAssertEqual(results.total, expected.count, "\(step): \(word)", file: file, line: line)
            if results.hits.isEmpty { break }
            found += results.hits.map(\.day.description)
            page += 1
        }
        XCTAssertEqual(found, expected, "\(step): \(word), newest day first", file: file, line: line)
    }

    func testRandomWritesKeepTheIndexTrue() throws {
        let database = try database()
        let journal = Journal(database: database)
        let habits = Habits(database: database)
        var random = SeededRandom(seed: 16)
        var clock: Int64 = 1_000
        // From before 1970 (negative day numbers) to after 2038.
        let days = ["1900-01-01", "1969-12-31", "1970-01-01", "2016-02-29", "2026-08-20", "2026-08-21", "2099-12-31"]
            .map { LocalDate(iso: $0)! }
        func day() -> LocalDate { days.randomElement(using: &random)! }
        for step in 0..<400 {
            clock += 1
            let habitIDs = try database.read { try $0.query("SELECT id FROM habits").map { $0.int64(0) } }
            let noteIDs = try database.read { try $0.query("SELECT id, day FROM notes").map { ($0.int64(0), $0.string(1)) } }
            let logs = try database.read { try $0.query("SELECT id, day FROM habit_instances").map { ($0.int64(0), $0.string(1)) } }
            let action = Int.random(in: 0..<13, using: &random)
            switch action {
            case 0, 1:
                try journal.addNote(text(&random), on: day(), now: clock)
            case 2:
                if let (id, day) = noteIDs.randomElement(using: &random) {
                    XCTAssertTrue(try journal.deleteNote(id: id, on: LocalDate(iso: day)!, Journal.UndoClock(now: clock, today: LocalDate(iso: day)!)))
                }
            case 3, 4:
                // A new entry, a changed one, the same text again, or a deletion (blank).
                _ = try journal.saveEntry([text(&random), text(&random), " "].randomElement(using: &random)!, on: day(),
                                          basedOn: nil, now: clock, today: day())
            case 5:
                if habitIDs.count < 3 { _ = try habits.add(name: "h\(step)", emoji: "🏃", color: "#48DBAB", defaultDuration: 30, now: clock) }
            case 6, 7:
                if let id = habitIDs.randomElement(using: &random) {
                    _ = try habits.log(habit: id, on: day(), startMinute: Int.random(in: 0...1380, using: &random),
                                       durationMinutes: 30, note: Bool.random(using: &random) ? text(&random) : "", now: clock)
                }
            case 8:
                if let (id, day) = logs.randomElement(using: &random) {
                    // A note given, changed or taken away.
                    _ = try habits.updateInstance(id, on: LocalDate(iso: day)!, startMinute: 60, durationMinutes: 30,
                                                  note: Bool.random(using: &random) ? text(&random) : "", basedOn: nil)
                }
            case 9:
                if let (id, day) = logs.randomElement(using: &random) {
                    XCTAssertTrue(try habits.deleteInstance(id, on: LocalDate(iso: day)!))
                }
            case 10:
                // Writes no page makes: moves and edits in raw SQL, several rows at once.
                try database.write { connection in
                    try connection.run("UPDATE notes SET day = ?, body = body || ' rain' WHERE id % 3 = ?",
                                       [.text(day().description), .integer(Int64(step % 3))])
                    try connection.run("UPDATE habit_instances SET day = ?, note = ? WHERE id % 2 = ?",
                                       [.text(day().description), .text(step % 2 == 0 ? "" : "walk"), .integer(Int64(step % 2))])
                    try connection.run("UPDATE OR IGNORE entries SET day = ? WHERE day = ?", [.text(day().description), .text(day().description)])
                }
            case 11:
                // A deleted habit takes its logs with it (ON DELETE CASCADE).
                if let id = habitIDs.randomElement(using: &random) { XCTAssertTrue(try habits.delete(id)) }
            default:
                // An import (merge): its logs with notes, its notes and entries, in one transaction.
                var plan = Importer.Plan()
                let habit = try plan.add(.init(name: "imported", emoji: "📚", color: "#5856D6", defaultDuration: 30,
                                               createdAt: clock, archivedAt: nil), at: .file("t"))
                for _ in 0..<Int.random(in: 1...5, using: &random) {
                    try plan.add(.init(habit: habit, day: day(), startMinute: Int.random(in: 0...1439, using: &random),
                                       durationMinutes: nil, note: text(&random)), at: .file("t"))
                }
                plan.notes.append(.init(day: day(), text: text(&random), createdAt: clock))
                plan.entries.append(.init(day: day(), text: text(&random)))
                _ = try Importer.write(plan, mode: .merge, to: database, now: clock)
            }
            try assertAgrees(database, &random, "step \(step) action \(action)")
        }
        let count = try database.read { try $0.queryOne("SELECT count(*) FROM search_index")?.int(0) ?? 0 }
        XCTAssertGreaterThan(count, 20, "the sequence left texts to find")
    }

    func testTheMigrationIndexesWhatWasWrittenBefore() throws {
        let before = Array(MemberSchema.migrations.prefix(MemberSchema.searchVersion - 1))
        var old: Database? = try database(migrations: before)
        try old!.write { connection in
            try connection.run("INSERT INTO entries (day, body, created_at, updated_at) VALUES ('2016-05-05', 'Siamo andati in città', 1, 1)")
            try connection.run("INSERT INTO entries (day, body, created_at, updated_at) VALUES ('1965-01-02', 'Old città', 1, 1)")
            try connection.run("INSERT INTO notes (day, body, created_at) VALUES ('2016-05-05', 'La città di notte', 2)")
            try connection.run("INSERT INTO habits (name, emoji, color, default_duration, created_at) VALUES ('Walk', '🚶', '#48DBAB', 30, 1)")
            try connection.run("""
                INSERT INTO habit_instances (habit_id, day, start_minute, duration_minutes, note, created_at)
                VALUES (1, '2020-03-03', 60, 30, 'Around the città', 3), (1, '2020-03-04', 60, 30, '', 4)
                """)
        }
        XCTAssertEqual(old!.schemaVersion, MemberSchema.searchVersion - 1)
        old!.close()
        old = nil

        let database = try database()
        XCTAssertEqual(database.schemaVersion, MemberSchema.migrations.count)
        XCTAssertEqual(try JournalSearch.problems(database), [])
        let results = try JournalSearch(database: database).search(try XCTUnwrap(SearchQuery.parse("citta")), page: 1)
        XCTAssertEqual(results.total, 4)
        XCTAssertEqual(results.hits.map { "\($0.day) \($0.kind.rawValue) \($0.snippet.text)" }, [
            "2020-03-03 log Around the città", "2016-05-05 note La città di notte",
            "2016-05-05 entry Siamo andati in città", "1965-01-02 entry Old città",
        ])
        XCTAssertEqual(results.hits.first?.habitName, "Walk")
        XCTAssertEqual(results.hits.first?.habitEmoji, "🚶")
        // And it keeps following writes from there.
        try Journal(database: database).addNote("Città again", on: LocalDate(iso: "2021-01-01")!, now: 5)
        XCTAssertEqual(try JournalSearch(database: database).search(try XCTUnwrap(SearchQuery.parse("citta")), page: 1).total, 5)
        XCTAssertEqual(try JournalSearch.problems(database), [])
    }

    func testCheckFindsAnIndexThatDiffers() throws {
        let database = try database()
        try Journal(database: database).addNote("rain", on: LocalDate(iso: "2026-08-20")!, now: 1)
        _ = try Journal(database: database).saveEntry("sun", on: LocalDate(iso: "2026-08-19")!, basedOn: nil, now: 1,
                                                      today: LocalDate(iso: "2026-08-19")!)
        XCTAssertEqual(try JournalSearch.problems(database), [])

        // A text the rows do not hold.
        let day = SearchSchema.dayKey("'2026-08-18'")
        try database.write { try $0.run("INSERT INTO search_index (rowid, body, day, kind, source) VALUES (\(day), 'ghost', '2026-08-18', 'note', 99)") }
        XCTAssertEqual(try JournalSearch.problems(database),
                       ["search index differs from the texts it copies (0 missing or wrong, 1 extra; 3 rows for 2 texts)"])
        try database.write { try $0.run("DELETE FROM search_index WHERE body = 'ghost'") }
        XCTAssertEqual(try JournalSearch.problems(database), [])

        // A text changed behind the triggers' back (their own table, written directly).
        try database.write { try $0.run("UPDATE search_index SET body = 'snow' WHERE kind = 'entry'") }
        XCTAssertEqual(try JournalSearch.problems(database),
                       ["search index differs from the texts it copies (1 missing or wrong, 1 extra; 2 rows for 2 texts)"])
        try database.write { try $0.run("UPDATE search_index SET body = 'sun' WHERE kind = 'entry'") }

        // A row out of its day's place (newest-first order would be wrong).
        try database.write { try $0.run("UPDATE search_index SET rowid = 7 WHERE kind = 'entry'") }
        XCTAssertEqual(try JournalSearch.problems(database), ["search index has 1 rows out of their day's order"])
        try database.write { try $0.run("UPDATE search_index SET rowid = \(SearchSchema.dayKey("'2026-08-19'")) WHERE kind = 'entry'") }
        XCTAssertEqual(try JournalSearch.problems(database), [])

        // The index itself damaged: its copy of a text changed under it, so the words no longer match.
        try database.write { try $0.run("UPDATE search_index_content SET c0 = 'hail' WHERE c2 = 'note'") }
        let problems = try JournalSearch.problems(database)
        XCTAssertTrue(problems.contains { $0.hasPrefix("search index is damaged (FTS5 integrity-check:") }, "\(problems)")
    }
}
