import Foundation
import HTTP
import MemberData
import Store
import TimeZones
import XCTest
@testable import DawnApp

/// The day's mood in process: the five-face form (pressed state, set, replace, clear),
/// refusals that write nothing, the statistics page's and `/api/stats`' averages (null
/// when there are none), the journal's Markdown export, and moods through the JSON
/// export and the importer.
final class MoodPageTests: XCTestCase {
    /// 10:00 on Tuesday 24 November 2026 in Rome.
    private let tuesday = PageHarness.instant("2026-11-24T09:00:00Z")

    private func stored(_ dawn: PageHarness) throws -> [String] {
        try dawn.member().database.read { connection in
            try connection.query("SELECT day, value FROM moods ORDER BY day").map { "\($0.string(0)) \($0.int(1))" }
        }
    }

    /// The faces' (value, pressed) pairs on a day page.
    private func faces(_ page: PageHarness.Page) -> [String] {
        PageHarness.allMatches(#"(<button type="submit" name="mood" value="\d" class="mood-face" aria-pressed="(?:true|false)")"#,
                               in: page.text).map {
            PageHarness.firstMatch(#"value="(\d)""#, in: $0)! + ":" + PageHarness.firstMatch(#"aria-pressed="(\w+)""#, in: $0)!
        }
    }

    func testSettingChangingAndClearingTheMood() throws {
        let dawn = try PageHarness(now: tuesday)
        dawn.signedUp(timeZone: "Europe/Rome")
        dawn.choosingRow(timeZone: "Europe/Rome")  // the row's header and circles (the grid is the default)
        let empty = dawn.get("/day/2026-11-24")
        XCTAssertEqual(faces(empty), ["1:false", "2:false", "3:false", "4:false", "5:false"])
        XCTAssertTrue(empty.text.contains(#"<form method="post" action="/day/2026-11-24/mood" class="mood-form">"#))
        for (value, name, face) in [(1, "Awful", "😞"), (2, "Bad", "🙁"), (3, "Okay", "😐"), (4, "Good", "🙂"), (5, "Great", "😄")] {
            XCTAssertTrue(empty.text.contains(#"value="\#(value)" class="mood-face" aria-pressed="false" aria-label="\#(name)" title="\#(name)"><span aria-hidden="true">\#(face)</span></button>"#),
                          name)
        }
        XCTAssertFalse(empty.text.contains(#"value="clear""#), "nothing to clear yet")
        // Below the journal entry, above the notes: the checklist and timeline keep the first screen.
        let journal = try XCTUnwrap(empty.text.range(of: #"id="journal""#)), mood = try XCTUnwrap(empty.text.range(of: #"id="mood""#))
        let notes = try XCTUnwrap(empty.text.range(of: #"id="notes""#))
        XCTAssertTrue(journal.lowerBound < mood.lowerBound && mood.lowerBound < notes.lowerBound)

        let saved = dawn.post("/day/2026-11-24/mood", [("mood", "4")])
        XCTAssertEqual(saved.status, .seeOther)
        XCTAssertEqual(saved.location, "/day/2026-11-24?done=mood-saved#mood")
        XCTAssertEqual(try stored(dawn), ["2026-11-24 4"])
        let page = dawn.get("/day/2026-11-24?done=mood-saved")
        XCTAssertEqual(page.notice, "Your mood was saved.")
        XCTAssertEqual(faces(page), ["1:false", "2:false", "3:false", "4:true", "5:false"])
        XCTAssertTrue(page.text.contains("<span>You picked “Good”.</span>"), "named in words, not by colour alone")
        XCTAssertTrue(page.text.contains(#"<button type="submit" name="action" value="clear" class="link">Clear</button>"#))

        // Another face replaces it; a past day keeps its own.
        XCTAssertEqual(dawn.post("/day/2026-11-24/mood", [("mood", "2")]).status, .seeOther)
        XCTAssertEqual(dawn.post("/day/2026-11-20/mood", [("mood", "5")]).status, .seeOther)
        XCTAssertEqual(try stored(dawn), ["2026-11-20 5", "2026-11-24 2"])
        XCTAssertEqual(faces(dawn.get("/day/2026-11-24")), ["1:false", "2:true", "3:false", "4:false", "5:false"])

        let cleared = dawn.post("/day/2026-11-24/mood", [("action", "clear")])
        XCTAssertEqual(cleared.location, "/day/2026-11-24?done=mood-cleared#mood")
        XCTAssertEqual(dawn.get("/day/2026-11-24?done=mood-cleared").notice, "Your mood was cleared.")
        XCTAssertEqual(try stored(dawn), ["2026-11-20 5"])
        XCTAssertEqual(faces(dawn.get("/day/2026-11-24")), ["1:false", "2:false", "3:false", "4:false", "5:false"])
        XCTAssertEqual(dawn.post("/day/2026-11-24/mood", [("action", "clear")]).status, .seeOther, "clearing nothing is fine")

        // A mood alone does not make a day active: the header still counts none.
        XCTAssertTrue(dawn.get("/day/2026-11-24").text.contains("0 Active days"))
    }

    func testRefusedMoodsWriteNothing() throws {
        let dawn = try PageHarness(now: tuesday)
        dawn.signedUp(timeZone: "Europe/Rome")
        _ = dawn.get("/day/2026-11-24")
        XCTAssertEqual(dawn.post("/day/2026-11-24/mood", [("mood", "3")]).status, .seeOther)
        let cases: [(fields: [(String, String)], message: String)] = [
            ([("mood", "0")], "A mood is one of the five faces, 1 to 5. Nothing was saved."),
            ([("mood", "6")], "A mood is one of the five faces, 1 to 5. Nothing was saved."),
            ([("mood", "x")], "A mood is one of the five faces, 1 to 5. Nothing was saved."),
            ([("mood", "4.0")], "A mood is one of the five faces, 1 to 5. Nothing was saved."),
            ([("mood", "")], "Choose one of the five faces. Nothing was saved."),
            ([], "Choose one of the five faces. Nothing was saved."),
            ([("action", "delete"), ("mood", "4")], "A mood is one of the five faces, 1 to 5. Nothing was saved."),
        ]
        for item in cases {
            let page = dawn.post("/day/2026-11-24/mood", item.fields)
            XCTAssertEqual(page.status, .badRequest, item.message)
            XCTAssertTrue(page.text.contains(#"<p class="field-error" id="mood-error" role="alert">\#(item.message)</p>"#), item.message)
            XCTAssertTrue(page.text.contains(#"aria-labelledby="mood-heading" aria-describedby="mood-error""#))
            XCTAssertEqual(faces(page), ["1:false", "2:false", "3:true", "4:false", "5:false"], "the stored mood still shows")
        }
        // Tomorrow has not come: a 400 with its reason, and no mood row on its page.
        let future = dawn.post("/day/2026-11-25/mood", [("mood", "5")])
        XCTAssertEqual(future.status, .badRequest)
        XCTAssertTrue(future.text.contains("This day has not come yet: a mood is for a day you have lived. Nothing was saved."))
        XCTAssertFalse(future.text.contains(#"class="mood-face""#), "no faces to pick on a day to come")
        XCTAssertFalse(dawn.get("/day/2026-11-25").text.contains(#"id="mood""#))
        // A malformed date is a 400, a day with no page a 404, a forged token a 403.
        XCTAssertEqual(dawn.post("/day/2026-02-30/mood", [("mood", "5")]).status, .badRequest)
        XCTAssertEqual(dawn.post("/day/2029-01-01/mood", [("mood", "5")]).status, .notFound)
        XCTAssertEqual(dawn.post("/day/2026-11-24/mood", [("mood", "5"), ("csrf", "forged")]).status, .forbidden)
        XCTAssertEqual(try stored(dawn), ["2026-11-24 3"], "none of them wrote anything")
        // In Italian, the refusal too.
        _ = dawn.get("/settings")
        XCTAssertEqual(dawn.post("/settings", [("language", "it"), ("first_weekday", "monday"), ("day_start_hour", "0"),
                                               ("view", "row"), ("theme", "system"), ("time_zone", "Europe/Rome")]).status, .seeOther)
        _ = dawn.get("/day/2026-11-24")
        XCTAssertTrue(dawn.post("/day/2026-11-24/mood", [("mood", "9")]).text
            .contains("L’umore è una delle cinque facce, da 1 a 5. Non è stato salvato nulla."))
    }

    /// 2026-11-02…08 (week 45): moods 5, 4, 2, 1, –, 3, 4 (19 over 6 days: 3.2). Run is
    /// done on the 2nd, 3rd and 6th (no mood): 4.5 on its days (nearest face: great, half
    /// up), 2.5 on the others (okay). Tea is never done: no average on its days, 3.2 on the others.
    private func week() throws -> (PageHarness, run: Int, tea: Int) {
        let dawn = try PageHarness(now: tuesday)
        dawn.signedUp(timeZone: "Europe/Rome")
        let run = dawn.addHabit("Run", emoji: "🏃")
        let tea = dawn.addHabit("Tea", emoji: "🍵")
        for (day, value) in [("02", 5), ("03", 4), ("04", 2), ("05", 1), ("07", 3), ("08", 4), ("09", 1)] {
            XCTAssertEqual(dawn.post("/day/2026-11-\(day)/mood", [("mood", String(value))]).status, .seeOther)
        }
        for day in ["02", "03", "06"] { dawn.log(run, on: "2026-11-\(day)", start: "08:00", duration: 30) }
        return (dawn, run, tea)
    }

    func testTheStatisticsPageShowsTheAverages() throws {
        let (dawn, _, _) = try week()
        let page = dawn.get("/stats?g=week&p=2026-W45")
        XCTAssertEqual(page.status, .ok)
        XCTAssertTrue(page.text.contains(#"<p class="summary"><span aria-hidden="true">😐</span> Average mood: 3.2 of 5 · 6 days with a mood</p>"#),
                      page.text)
        let rows = PageHarness.allMatches(#"(?s)<tr><th scope="row"><span class="habit-dot [^"]*" aria-hidden="true">[^<]*</span> (\w+</th><td>.*?</td><td>.*?)</td></tr>"#,
                                          in: String(page.text[page.text.range(of: "mood-table")!.lowerBound...]))
        XCTAssertEqual(rows, [
            #"Run</th><td><span aria-hidden="true">😄</span> 4.5</td><td><span aria-hidden="true">😐</span> 2.5"#,
            #"Tea</th><td><span aria-hidden="true">–</span><span class="visually-hidden">no mood</span></td><td><span aria-hidden="true">😐</span> 3.2"#,
        ])
        // In Italian, with a decimal comma.
        _ = dawn.get("/settings")
        XCTAssertEqual(dawn.post("/settings", [("language", "it"), ("first_weekday", "monday"), ("day_start_hour", "0"),
                                               ("view", "row"), ("theme", "system"), ("time_zone", "Europe/Rome")]).status, .seeOther)
        XCTAssertTrue(dawn.get("/stats?g=week&p=2026-W45").text.contains("Umore medio: 3,2 su 5 · 6 giorni con l’umore"))
        // A period without moods says so.
        let none = dawn.get("/stats?g=week&p=2026-W40").text
        XCTAssertFalse(none.contains("mood-table"))
        XCTAssertTrue(none.contains("Nessun umore in questo periodo."))
    }

    func testTheStatsAPIGivesAveragesAndNulls() throws {
        let (dawn, run, tea) = try week()
        let reply = dawn.get("/api/stats?from=2026-11-02&to=2026-11-08")
        XCTAssertEqual(reply.status, .ok)
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(reply.body)) as? [String: Any])
        XCTAssertEqual(json["moodAverage"] as? Double, 3.2)
        let habits = try XCTUnwrap(json["habits"] as? [[String: Any]])
        let byID = Dictionary(uniqueKeysWithValues: habits.map { ($0["id"] as! Int, $0) })
        XCTAssertEqual(byID[run]?["moodWhenDone"] as? Double, 4.5)
        XCTAssertEqual(byID[run]?["moodWhenNotDone"] as? Double, 2.5)
        XCTAssertTrue(byID[tea]?["moodWhenDone"] is NSNull, "null, not left out")
        XCTAssertEqual(byID[tea]?["moodWhenNotDone"] as? Double, 3.2)
        // Every field the API had is still there.
        for key in ["from", "to", "days", "activeDays", "entries", "currentStreak", "habits"] { XCTAssertNotNil(json[key], key) }
        for key in ["id", "name", "emoji", "count", "minutes", "activeDays", "currentStreak", "bestStreak", "streakUnit", "score",
                    "schedule"] {
            XCTAssertNotNil(byID[run]?[key], key)
        }

        let empty = dawn.get("/api/stats?from=2026-10-01&to=2026-10-31").text
        XCTAssertTrue(empty.contains(#""moodAverage":null"#), empty)
        XCTAssertTrue(empty.contains(#""moodWhenDone":null,"moodWhenNotDone":null"#), empty)
    }

    func testTheJournalAsMarkdown() throws {
        let dawn = try PageHarness(now: tuesday)
        dawn.signedUp(timeZone: "Europe/Rome")
        _ = dawn.get("/day/2026-11-24")
        XCTAssertEqual(dawn.post("/day/2026-11-24/entry", [("entry", "A good day.\n## 2026-11-25 · forged\n```"), ("version", "0")]).status,
                       .seeOther)
        XCTAssertEqual(dawn.post("/day/2026-11-24/notes", [("note", "tea <b>")]).status, .seeOther)
        XCTAssertEqual(dawn.post("/day/2026-11-24/mood", [("mood", "5")]).status, .seeOther)
        XCTAssertEqual(dawn.post("/day/2026-11-02/mood", [("mood", "2")]).status, .seeOther)
        let md = dawn.get("/export/journal.md")
        XCTAssertEqual(dawn.lastRan, .workerPool)
        XCTAssertEqual(md.status, .ok)
        XCTAssertEqual(md.headers["Content-Type"], "text/markdown; charset=utf-8")
        XCTAssertEqual(md.headers["Content-Disposition"], #"attachment; filename="dawn-journal-mum-2026-11-24.md""#)
        XCTAssertEqual(md.headers["Cache-Control"], "private, no-store")
        XCTAssertEqual(md.text, """
            # Dawn journal: Mum

            ## 2026-11-02 · Monday, 2 November 2026

            Mood: 🙁 Bad

            ## 2026-11-24 · Tuesday, 24 November 2026

            Mood: 😄 Great

            A good day.
            \\## 2026-11-25 · forged
            \\```

            - 10:00 tea <b>

            """)
        XCTAssertTrue(dawn.get("/account").text.contains(#"<a href="/export/journal.md" download>Journal (Markdown: entries, notes and moods, day by day)</a>"#))
        dawn.forgetCookies()
        XCTAssertEqual(dawn.get("/export/journal.md").location, "/login?next=/export/journal.md")
    }

    func testMoodsGoOutInTheJSONAndComeBackIn() throws {
        let source = try PageHarness(now: tuesday)
        source.signedUp(timeZone: "Europe/Rome")
        _ = source.get("/day/2026-11-24")
        for (day, value) in [("2026-11-24", 4), ("2026-11-01", 1)] {
            XCTAssertEqual(source.post("/day/\(day)/mood", [("mood", String(value))]).status, .seeOther)
        }
        XCTAssertEqual(source.post("/day/2026-11-24/entry", [("entry", "From the source."), ("version", "0")]).status, .seeOther)
        let file = source.get("/export/dawn.json").text
        XCTAssertTrue(file.filter { !$0.isWhitespace }.contains(#""moods":[{"date":"2026-11-01","value":1},{"date":"2026-11-24","value":4}]"#),
                      file)

        let dawn = try PageHarness(now: tuesday)
        dawn.signedUp(username: "dad", timeZone: "Europe/Rome")
        /// The file with its moods replaced by `moods` (absent: nil).
        func with(moods: Any?) throws -> String {
            var object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(file.utf8)) as? [String: Any])
            object["moods"] = moods
            return String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
        }
        let good: [[String: Any]] = [["date": "2026-11-01", "value": 1], ["date": "2026-11-24", "value": 4]]
        func changing(_ index: Int, _ key: String, to value: Any?) -> [[String: Any]] {
            var moods = good
            moods[index][key] = value
            return moods
        }
        // A bad mood names its record and imports nothing (not even the file's other lists).
        let refusals: [(moods: Any, message: String)] = [
            (changing(1, "value", to: 6), "moods[1].value: mood 6 is not 1 to 5"),
            (changing(1, "value", to: 0), "moods[1].value: mood 0 is not 1 to 5"),
            (changing(1, "value", to: "x"), "moods[1].value: missing, or of the wrong type"),
            (changing(0, "value", to: 3.5), "moods[0].value: mood 3.5 is not 1 to 5"),
            (changing(0, "value", to: 1e300), "moods[0].value: mood 1e+300 is not 1 to 5"),
            (changing(0, "value", to: nil), "moods[0].value: missing, or of the wrong type"),
            (changing(0, "date", to: "2026-02-30"), "moods[0].date: date 2026-02-30 is not a date (YYYY-MM-DD)"),
            (changing(1, "date", to: "2026-11-01"), "moods[1]: there is already a mood for 2026-11-01"),
            (4, "moods: missing, or of the wrong type"),
        ]
        for (moods, message) in refusals {
            let refused = dawn.postMultipart("/import", fields: [("mode", "merge")],
                                             files: [("file", "x.json", "application/json", try with(moods: moods))])
            XCTAssertEqual(refused.status, .badRequest, message)
            XCTAssertTrue(refused.text.contains(PageHarness.html("Nothing was imported. " + message)),
                          message + " | " + (PageHarness.firstMatch(#"id="import-error" role="alert">(.*?)</p>"#, in: refused.text) ?? ""))
            XCTAssertEqual(try stored(dawn), [])
            XCTAssertEqual(try dawn.member().database.read { try $0.queryOne("SELECT count(*) FROM entries")?.int(0) }, 0)
        }
        // A file from before moods (no "moods" key) still imports.
        let old = try with(moods: nil)
        XCTAssertEqual(dawn.postMultipart("/import", fields: [("mode", "merge")],
                                          files: [("file", "old.json", "application/json", old)]).status, .seeOther)
        XCTAssertEqual(try stored(dawn), [])
        let imported = dawn.postMultipart("/import", fields: [("mode", "merge")], files: [("file", "x.json", "application/json", file)])
        XCTAssertEqual(imported.status, .seeOther, imported.text)
        XCTAssertEqual(try stored(dawn), ["2026-11-01 1", "2026-11-24 4"])
        XCTAssertEqual(faces(dawn.get("/day/2026-11-24")), ["1:false", "2:false", "3:false", "4:true", "5:false"])
        // Merging again keeps the member's own mood of a day.
        _ = dawn.get("/day/2026-11-24")
        XCTAssertEqual(dawn.post("/day/2026-11-24/mood", [("mood", "2")]).status, .seeOther)
        XCTAssertEqual(dawn.postMultipart("/import", fields: [("mode", "merge")],
                                          files: [("file", "x.json", "application/json", file)]).status, .seeOther)
        XCTAssertEqual(try stored(dawn), ["2026-11-01 1", "2026-11-24 2"])
    }
}
