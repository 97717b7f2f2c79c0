import HTTP
import MemberData
@testable import DawnApp
import XCTest

/// The habit forms (`/habits/new`, `/habits`, `/habits/:id/…`, `/habits/archived`,
/// `/habits.css`) and logging on a day (`/day/:date/log/:habit`, `/day/:date/instances…`)
/// in process, on Rome's spring DST day, a year end and a leap day.
final class HabitPagesTests: XCTestCase {
    /// 12:00 in Rome (CEST) on 2026-03-29, the day the clocks went from 02:00 to 03:00.
    private let dstNoon = PageHarness.instant("2026-03-29T10:00:00Z")

    /// The names in the tray (the strip above the library), most recent first.
    private func tray(_ dawn: PageHarness, day: String = "2026-03-29") -> [String] {
        let page = dawn.get("/day/\(day)").text
        let strip = PageHarness.firstMatch(#"(?s)<div class="tray-strip">(.*?)</div>"#, in: page) ?? ""
        return PageHarness.allMatches(#"<a class="habit-pill habit-\d+" href="[^"]*" aria-label="[^"]*" data-habit="\d+"><span class="pill-emoji" aria-hidden="true">[^<]*</span><span class="pill-name">([^<]*)</span>"#,
                                      in: strip)
    }

    private func blocks(_ dawn: PageHarness, _ day: String) -> [String] {
        PageHarness.allMatches(#"<span class="block-name">([^<]*</span> <span class="block-time">[^<]*)</span>"#,
                               in: dawn.get("/day/\(day)").text)
            .map { $0.replacingOccurrences(of: #"</span> <span class="block-time">"#, with: " ") }
    }

    // MARK: Adding

    func testTheNewHabitFormAndAddingOne() throws {
        let dawn = try PageHarness(now: dstNoon)
        dawn.signedUp()
        let form = dawn.get("/habits/new?day=2026-03-28")
        XCTAssertEqual(form.status, .ok)
        XCTAssertEqual(form.headers["Content-Type"], "text/html; charset=utf-8")
        XCTAssertTrue(form.text.contains("<title>New habit</title>"))
        XCTAssertTrue(form.text.contains(#"<input type="hidden" name="day" value="2026-03-28">"#))
        XCTAssertTrue(form.text.contains(##"<input type="radio" name="color" value="#FF6B6B" checked>"##), "Coral first")
        XCTAssertTrue(form.text.contains(#"<option value="30" selected>30 min</option>"#))
        XCTAssertTrue(form.text.contains(#"<p><a href="/day/2026-03-28">Back to the day</a></p>"#))
        XCTAssertTrue(dawn.get("/habits/new").text.contains(#"name="day" value="2026-03-29""#), "today by default")

        let added = dawn.post("/habits", [("name", #"Run <fast> & "far""#), ("emoji", "🏃"), ("color", "custom"),
                                          ("custom_color", "#123abc"), ("duration", "45"), ("day", "2026-03-28")])
        XCTAssertEqual(added.status, .seeOther)
        XCTAssertEqual(added.location, "/day/2026-03-28?done=habit-added#tray")
        let day = dawn.get("/day/2026-03-28?done=habit-added")
        XCTAssertEqual(day.notice, "The habit was added.")
        XCTAssertTrue(day.text.contains(#"<span class="pill-name">Run &lt;fast&gt; &amp; &#34;far&#34;</span>"#))
        XCTAssertFalse(day.text.contains("<fast>"))
        XCTAssertEqual(tray(dawn), [#"Run &lt;fast&gt; &amp; &#34;far&#34;"#])
    }

    /// A colour picked in the colour input is the habit's colour even when the "Custom"
    /// swatch was left unticked (the picker differs from what the form was sent with); an
    /// untouched picker leaves the ticked preset; the form shows the picker's value again.
    func testAPickedColourIsKeptWithoutTickingCustom() throws {
        let dawn = try PageHarness(now: dstNoon)
        dawn.signedUp()
        let form = dawn.get("/habits/new").text
        XCTAssertTrue(form.contains(##"<input type="hidden" name="custom_color_shown" value="#888888">"##), form)
        func add(_ name: String, picked: String) -> String? {
            XCTAssertEqual(dawn.post("/habits", [("name", name), ("emoji", "🎨"), ("color", "#FF6B6B"), ("custom_color", picked),
                                                 ("custom_color_shown", "#888888"), ("duration", "30")]).status, .seeOther)
            return try? dawn.member().habits.all().first { $0.name == name }?.color.hex
        }
        XCTAssertEqual(add("Picked", picked: "#1E90FF")?.uppercased(), "#1E90FF", "the picked colour, not Coral")
        XCTAssertEqual(add("Untouched", picked: "#888888")?.uppercased(), "#FF6B6B", "the ticked preset")
        XCTAssertEqual(add("Same, other case", picked: "#888888".uppercased())?.uppercased(), "#FF6B6B")

        // Refused for another field, the form comes back with the custom swatch ticked.
        let refused = dawn.post("/habits", [("name", ""), ("emoji", "🎨"), ("color", "#FF6B6B"), ("custom_color", "#1e90ff"),
                                            ("custom_color_shown", "#888888"), ("duration", "30")])
        XCTAssertEqual(refused.status, .badRequest)
        XCTAssertTrue(refused.text.contains(#"<input type="radio" name="color" value="custom" checked>"#), refused.text)
    }

    /// The swatches' names are in the member's language (they were English everywhere).
    func testSwatchNamesFollowTheLanguage() throws {
        let dawn = try PageHarness(now: dstNoon)
        dawn.signedUp()
        XCTAssertTrue(dawn.get("/habits/new").text.contains(##"title="Coral"><input type="radio" name="color" value="#FF6B6B""##))
        for (language, coral, stone) in [("it", "Corallo", "Pietra"), ("fr", "Corail", "Pierre"), ("de", "Koralle", "Stein"), ("es", "Coral", "Piedra")] {
            try dawn.member().database.write {
                try $0.run("INSERT OR REPLACE INTO member_settings (key, value) VALUES ('language', ?)", [.text(language)])
            }
            let form = dawn.get("/habits/new").text
            XCTAssertTrue(form.contains(##"title="\##(coral)"><input type="radio" name="color" value="#FF6B6B""##), language)
            XCTAssertTrue(form.contains(#"<span class="visually-hidden">\#(stone)</span>"#), language)
            XCTAssertFalse(form.contains(#"<span class="visually-hidden">Stone</span>"#), language)
            if coral != "Coral" { XCTAssertFalse(form.contains(#"title="Coral""#), language) } // Spanish says Coral too
        }
    }

    func testRefusedHabitFormsAddNothing() throws {
        let dawn = try PageHarness(now: dstNoon)
        dawn.signedUp()
        _ = dawn.get("/habits/new")
        let good = [("name", "Read"), ("emoji", "📚"), ("color", "#48DBAB"), ("duration", "30")]
        func refused(_ change: (String, String), _ message: String) {
            let page = dawn.post("/habits", good.map { $0.0 == change.0 ? change : $0 })
            XCTAssertEqual(page.status, .badRequest, "\(change)")
            XCTAssertTrue(page.text.contains(message), "\(change): \(page.text)")
        }
        refused(("name", ""), "Names are 1 to 60 characters on one line.")
        refused(("name", String(repeating: "a", count: 61)), "Names are 1 to 60 characters on one line.")
        refused(("emoji", "ab"), "Choose exactly one emoji.")
        refused(("color", "#123"), "Choose one of the colours, or a custom colour.")
        refused(("color", "custom"), "Choose one of the colours, or a custom colour.")  // custom without a valid custom_color
        refused(("duration", "25"), "Choose one of the durations.")
        let forged = dawn.post("/habits", good + [("csrf", "forged")])
        XCTAssertEqual(forged.status, .forbidden)
        XCTAssertEqual(dawn.post("/habits", good + [("day", "2026-02-30")]).status, .badRequest, "not a date")
        XCTAssertEqual(dawn.post("/habits", good + [("day", "2028-03-30")]).status, .notFound, "beyond two years")
        XCTAssertEqual(dawn.get("/habits/new?day=29-03-2026").status, .badRequest)
        XCTAssertEqual(dawn.get("/habits/new?day=1899-12-31").status, .notFound, "before the first day page")
        // Nothing was added by any of them.
        XCTAssertEqual(tray(dawn), [])
        XCTAssertTrue(dawn.get("/").text.contains("No habits yet. Add the first one."))
        XCTAssertFalse(dawn.get("/habits.css").text.contains(".habit-"))

        // Signed out: the form sends to sign-in, the POST is a 403.
        XCTAssertEqual(dawn.post("/logout", []).status, .seeOther)
        XCTAssertEqual(dawn.get("/habits/new?day=2026-03-28").location, "/login?next=/habits/new%3Fday%3D2026-03-28")
        XCTAssertEqual(dawn.post("/habits", good + [("csrf", "x")]).status, .forbidden)
    }

    // MARK: The stylesheet

    func testTheHabitStylesheetHasEveryColourAndAVersionedURL() throws {
        let dawn = try PageHarness(now: dstNoon)
        dawn.signedUp()
        let before = try XCTUnwrap(PageHarness.firstMatch(#"href="(/habits\.css\?v=[^"]+)""#, in: dawn.get("/").text))
        let run = dawn.addHabit("Run", color: "#FF6B6B")
        let sky = dawn.addHabit("Swim", color: "#54A0FF")
        let css = dawn.get("/habits.css")
        XCTAssertEqual(css.status, .ok)
        XCTAssertEqual(css.headers["Content-Type"], "text/css; charset=utf-8")
        XCTAssertEqual(css.headers["Cache-Control"], "private, max-age=31536000")
        XCTAssertEqual(css.headers["X-Content-Type-Options"], "nosniff")
        XCTAssertNil(css.headers["Content-Security-Policy"], "not an HTML page")
        XCTAssertTrue(css.text.contains(".habit-\(run){background:#FF6B6B;color:"))
        XCTAssertTrue(css.text.contains(".habit-\(sky){background:#54A0FF;color:"))
        let after = try XCTUnwrap(PageHarness.firstMatch(#"href="(/habits\.css\?v=[^"]+)""#, in: dawn.get("/").text))
        XCTAssertNotEqual(before, after, "a year of caching needs a new URL after a change")
        XCTAssertEqual(dawn.get(after).text, css.text)
        dawn.forgetCookies()
        XCTAssertEqual(dawn.get("/habits.css").location, "/login?next=/habits.css")
    }

    // MARK: Editing, archiving, deleting

    func testEditingAHabit() throws {
        let dawn = try PageHarness(now: dstNoon)
        dawn.signedUp()
        let id = dawn.addHabit("Read", emoji: "📚", color: "#48DBAB", duration: "60")
        let edit = dawn.get("/habits/\(id)/edit?day=2026-03-27")
        XCTAssertEqual(edit.status, .ok)
        XCTAssertTrue(edit.text.contains("<title>Edit Read</title>"))
        XCTAssertTrue(edit.text.contains(#"<form method="post" action="/habits/\#(id)" class="stack">"#))
        XCTAssertTrue(edit.text.contains(#"name="name" value="Read""#))
        XCTAssertTrue(edit.text.contains(##"value="#48DBAB" checked>"##))
        XCTAssertTrue(edit.text.contains(#"<option value="60" selected>60 min</option>"#))
        XCTAssertTrue(edit.text.contains(#"<a class="danger-link" href="/habits/\#(id)/delete?day=2026-03-27">"#))

        let saved = dawn.post("/habits/\(id)", [("name", "Read more"), ("emoji", "📖"), ("color", "#A29BFE"),
                                               ("duration", "90"), ("day", "2026-03-27")])
        XCTAssertEqual(saved.status, .seeOther)
        XCTAssertEqual(saved.location, "/day/2026-03-27?done=habit-saved#tray")
        XCTAssertEqual(dawn.get("/day/2026-03-27?done=habit-saved").notice, "The habit was saved.")
        XCTAssertEqual(tray(dawn), ["Read more"])
        XCTAssertTrue(dawn.get("/habits.css").text.contains(".habit-\(id){background:#A29BFE;"))

        // Refused: bad fields (400, the form again), unknown or malformed ids (404); nothing changes.
        let bad = dawn.post("/habits/\(id)", [("name", "Read less"), ("emoji", "📖"), ("color", "#A29BFE"), ("duration", "7")])
        XCTAssertEqual(bad.status, .badRequest)
        XCTAssertTrue(bad.text.contains("Choose one of the durations."))
        for target in ["/habits/999/edit", "/habits/0/edit", "/habits/-1/edit", "/habits/abc/edit"] {
            let page = dawn.get(target)
            XCTAssertEqual(page.status, .notFound, target)
            XCTAssertEqual(PageHarness.errorMessage(page), "That habit does not exist any more.", target)
        }
        XCTAssertEqual(dawn.post("/habits/999", [("name", "X"), ("emoji", "📖"), ("color", "#A29BFE"), ("duration", "30")]).status,
                       .notFound)
        XCTAssertEqual(dawn.get("/habits/\(id)/edit?day=tomorrow").status, .badRequest)
        XCTAssertEqual(tray(dawn), ["Read more"])
        XCTAssertTrue(dawn.get("/habits/\(id)/edit").text.contains(#"<option value="90" selected>"#))
    }

    func testArchivingAndRestoringAHabit() throws {
        let dawn = try PageHarness(now: dstNoon)
        dawn.signedUp()
        let id = dawn.addHabit("Yoga", emoji: "🧘")
        dawn.log(id, on: "2026-03-29", start: "07:00", duration: 30)
        XCTAssertTrue(dawn.get("/habits/archived").text.contains("No archived habits."))

        let archived = dawn.post("/habits/\(id)/archive", [("day", "2026-03-28")])
        XCTAssertEqual(archived.status, .seeOther)
        XCTAssertEqual(archived.location, "/day/2026-03-28?done=habit-archived#tray")
        XCTAssertEqual(tray(dawn), [])
        XCTAssertEqual(blocks(dawn, "2026-03-29"), ["Yoga 07:00–07:30"], "its history stays")
        let list = dawn.get("/habits/archived")
        XCTAssertEqual(list.status, .ok)
        XCTAssertEqual(PageHarness.firstMatch(#"<span class="pill-name">Yoga</span>\s*</span> <span class="muted">([^<]*)</span>"#,
                                              in: list.text), "logged 1 time")
        XCTAssertTrue(list.text.contains(#"<form method="post" action="/habits/\#(id)/restore""#))
        XCTAssertTrue(dawn.get("/habits/\(id)/edit").text.contains(#"action="/habits/\#(id)/restore""#))

        // An archived habit cannot be logged.
        let form = dawn.get("/day/2026-03-29/log/\(id)")
        XCTAssertEqual(form.status, .badRequest)
        XCTAssertEqual(PageHarness.errorMessage(form), "That habit is archived. Restore it to log it.")
        _ = dawn.get("/habits/archived")
        let logged = dawn.post("/day/2026-03-29/instances", [("habit", String(id)), ("start", "09:00"), ("duration", "30")])
        XCTAssertEqual(logged.status, .badRequest)
        XCTAssertEqual(blocks(dawn, "2026-03-29"), ["Yoga 07:00–07:30"])

        XCTAssertEqual(dawn.post("/habits/999/archive", []).status, .notFound)
        XCTAssertEqual(dawn.post("/habits/\(id)/restore", [("csrf", "forged")]).status, .forbidden)
        XCTAssertEqual(tray(dawn), [], "still archived")
        let restored = dawn.post("/habits/\(id)/restore", [])
        XCTAssertEqual(restored.location, "/day/2026-03-29?done=habit-restored#tray")
        XCTAssertEqual(tray(dawn), ["Yoga"])
        XCTAssertTrue(dawn.get("/habits/archived").text.contains("No archived habits."))
    }

    func testDeletingAHabitAfterConfirmation() throws {
        let dawn = try PageHarness(now: dstNoon)
        dawn.signedUp()
        let keep = dawn.addHabit("Walk", emoji: "🚶")
        let id = dawn.addHabit("Smoke-free", emoji: "🚭")
        dawn.log(id, on: "2026-03-28", start: "08:00", duration: 15)
        let confirm = dawn.get("/habits/\(id)/delete?day=2026-03-28")
        XCTAssertEqual(confirm.status, .ok)
        XCTAssertTrue(confirm.text.contains("<title>Delete Smoke-free?</title>"))
        XCTAssertTrue(confirm.text.contains(#"<form method="post" action="/habits/\#(id)/delete" class="row-buttons">"#))
        XCTAssertTrue(confirm.text.contains(#"<a href="/day/2026-03-28">Keep it</a>"#))
        XCTAssertEqual(dawn.get("/habits/77/delete").status, .notFound)

        XCTAssertEqual(dawn.post("/habits/\(id)/delete", [("csrf", "")]).status, .forbidden)
        XCTAssertEqual(blocks(dawn, "2026-03-28"), ["Smoke-free 08:00–08:15"])
        let deleted = dawn.post("/habits/\(id)/delete", [("day", "2026-03-28")])
        XCTAssertEqual(deleted.status, .seeOther)
        XCTAssertEqual(deleted.location, "/day/2026-03-28?done=habit-deleted#tray")
        XCTAssertEqual(dawn.get("/day/2026-03-28?done=habit-deleted").notice, "The habit and its history were deleted.")
        XCTAssertEqual(blocks(dawn, "2026-03-28"), [], "its logs went with it")
        XCTAssertEqual(tray(dawn), ["Walk"])
        XCTAssertEqual(dawn.get("/habits/\(id)/edit").status, .notFound)
        XCTAssertEqual(dawn.post("/habits/\(id)/delete", []).status, .notFound)
        XCTAssertEqual(dawn.get("/habits/\(keep)/edit").status, .ok)
    }

    // MARK: Logging

    /// Today's log form offers the next free slot from now on the wall clock: 12:00 in
    /// Rome on the DST day (UTC would say 10:00, CET 11:00); another day starts at 00:00.
    func testTheLogFormSuggestsTheNextFreeSlotOnTheWallClock() throws {
        let dawn = try PageHarness(now: dstNoon)
        dawn.signedUp(timeZone: "Europe/Rome")
        let id = dawn.addHabit("Stretch", emoji: "🤸", duration: "45")
        let form = dawn.get("/day/2026-03-29/log/\(id)")
        XCTAssertEqual(form.status, .ok)
        XCTAssertTrue(form.text.contains("<title>Log Stretch</title>"))
        XCTAssertTrue(form.text.contains(#"<span class="muted">Sunday, 29 March 2026</span>"#))
        XCTAssertTrue(form.text.contains(#"name="start" type="time" step="60" value="12:00""#), form.text)
        XCTAssertTrue(form.text.contains(#"value="45" required"#), "the habit's usual duration")
        XCTAssertTrue(form.text.contains(#"<form method="post" action="/day/2026-03-29/instances" class="stack">"#))
        dawn.log(id, on: "2026-03-29", start: "12:00", duration: 45)
        XCTAssertTrue(dawn.get("/day/2026-03-29/log/\(id)").text.contains(#"value="12:45""#), "after the block")
        XCTAssertTrue(dawn.get("/day/2026-03-28/log/\(id)").text.contains(#"value="00:00""#))

        for (target, status) in [("/day/2026-03-29/log/999", HTTPStatus.notFound), ("/day/2026-03-29/log/x", .notFound),
                                 ("/day/2026-02-29/log/\(id)", .badRequest), ("/day/2028-03-30/log/\(id)", .notFound)] {
            XCTAssertEqual(dawn.get(target).status, status, target)
        }
    }

    /// The hour Rome skips keeps its slots: a log at 02:30 on 2026-03-29 is a wall-clock label.
    func testLoggingInTheSkippedHourAndAcrossMidnight() throws {
        let dawn = try PageHarness(now: dstNoon)
        dawn.signedUp(timeZone: "Europe/Rome")
        let id = dawn.addHabit("Sleep", emoji: "😴")
        let logged = dawn.post("/day/2026-03-29/instances", [("habit", String(id)), ("start", "02:30"),
                                                            ("duration", "30"), ("note", "clocks <changed>")])
        XCTAssertEqual(logged.status, .seeOther)
        XCTAssertEqual(logged.location, "/day/2026-03-29?done=logged#timeline")
        XCTAssertEqual(dawn.get("/day/2026-03-29?done=logged").notice, "Logged.")
        dawn.log(id, on: "2026-03-29", start: "23:30", duration: 90)
        XCTAssertEqual(blocks(dawn, "2026-03-29"), ["Sleep 02:30–03:00", "Sleep 23:30–01:00"])
        let page = dawn.get("/day/2026-03-29").text
        XCTAssertTrue(page.contains(#"aria-label="Sleep, 02:30 to 03:00: edit""#))
        let first = try XCTUnwrap(dawn.instanceIDs(on: "2026-03-29").min())
        let edit = dawn.get("/day/2026-03-29/instances/\(first)")
        XCTAssertTrue(edit.text.contains(#"name="note" value="clocks &lt;changed&gt;""#))
    }

    func testRefusedLogsLogNothing() throws {
        let dawn = try PageHarness(now: PageHarness.instant("2026-12-31T12:00:00Z"))
        dawn.signedUp(timeZone: "Europe/Rome")
        let id = dawn.addHabit("Run")
        let good = [("habit", String(id)), ("start", "07:00"), ("duration", "30"), ("note", "")]
        func refused(_ change: (String, String), _ message: String) {
            let page = dawn.post("/day/2026-12-31/instances", good.map { $0.0 == change.0 ? change : $0 })
            XCTAssertEqual(page.status, .badRequest, "\(change)")
            XCTAssertTrue(page.text.contains(message), "\(change): \(page.text)")
        }
        refused(("start", "24:00"), "Choose a start time within the day, like 07:30.")
        refused(("start", "7:00"), "Choose a start time within the day, like 07:30.")
        refused(("duration", "0"), "A duration is 1 to 1440 minutes (24 hours).")
        refused(("duration", "1441"), "A duration is 1 to 1440 minutes (24 hours).")
        refused(("duration", "half an hour"), "A duration is 1 to 1440 minutes (24 hours).")
        refused(("note", String(repeating: "n", count: 201)), "A note can be at most 200 characters.")
        refused(("note", "two\nlines"), "A note can be at most 200 characters.")
        let stale = dawn.post("/day/2026-12-31/instances", good.map { $0.0 == "habit" ? ("habit", "999") : $0 })
        XCTAssertEqual(stale.status, .notFound)
        XCTAssertEqual(dawn.post("/day/2026-13-01/instances", good).status, .badRequest)
        XCTAssertEqual(dawn.post("/day/2029-01-01/instances", good).status, .notFound)
        XCTAssertEqual(dawn.post("/day/2026-12-31/instances", good + [("csrf", "forged")]).status, .forbidden)
        XCTAssertEqual(dawn.instanceIDs(on: "2026-12-31"), [])
        XCTAssertTrue(dawn.get("/day/2026-12-31").text.contains("Nothing logged yet."))

        // The year's last minutes and the next year's first day both take logs.
        dawn.log(id, on: "2026-12-31", start: "23:45", duration: 15)
        dawn.log(id, on: "2027-01-01", start: "00:00", duration: 30)
        XCTAssertEqual(blocks(dawn, "2026-12-31"), ["Run 23:45–00:00"])
        XCTAssertEqual(blocks(dawn, "2027-01-01"), ["Run 00:00–00:30"])
    }

    func testEditingALogWithItsVersionAndAConflict() throws {
        let dawn = try PageHarness(now: PageHarness.instant("2028-02-29T09:00:00Z"))
        dawn.signedUp(timeZone: "UTC")
        let id = dawn.addHabit("Swim", emoji: "🏊")
        let log = dawn.log(id, on: "2028-02-29", start: "07:00", duration: 30, note: "pool")
        let edit = dawn.get("/day/2028-02-29/instances/\(log)")
        XCTAssertEqual(edit.status, .ok)
        XCTAssertTrue(edit.text.contains("<title>Swim on Tuesday, 29 February 2028</title>"))
        XCTAssertTrue(edit.text.contains(#"value="07:00""#))
        XCTAssertTrue(edit.text.contains(#"<form method="post" action="/day/2028-02-29/instances/\#(log)/delete" class="habit-actions">"#))
        let version = try XCTUnwrap(PageHarness.firstMatch(#"name="version" value="(\d+)""#, in: edit.text))

        let saved = dawn.post("/day/2028-02-29/instances/\(log)", [("start", "08:15"), ("duration", "45"),
                                                                  ("note", "sea"), ("version", version)])
        XCTAssertEqual(saved.status, .seeOther)
        XCTAssertEqual(saved.location, "/day/2028-02-29?done=log-updated#timeline")
        XCTAssertEqual(blocks(dawn, "2028-02-29"), ["Swim 08:15–09:00"])

        // A save based on the old version: 409, theirs kept in the form, the stored one shown.
        let conflict = dawn.post("/day/2028-02-29/instances/\(log)", [("start", "10:00"), ("duration", "30"),
                                                                     ("note", "lake"), ("version", version)])
        XCTAssertEqual(conflict.status, .conflict)
        XCTAssertTrue(conflict.text.contains(#"value="10:00""#))
        XCTAssertTrue(conflict.text.contains("Saved meanwhile on another device: 08:15–09:00, note: “sea”"))
        XCTAssertFalse(conflict.text.contains(#"name="version" value="\#(version)""#), "the form now carries the stored version")
        XCTAssertEqual(dawn.post("/day/2028-02-29/instances/\(log)", [("start", "10:00"), ("duration", "30"),
                                                                     ("version", "1.5")]).status, .badRequest)
        XCTAssertEqual(dawn.post("/day/2028-02-29/instances/\(log)", [("start", "10:00"), ("duration", "0")]).status,
                       .badRequest)
        XCTAssertEqual(blocks(dawn, "2028-02-29"), ["Swim 08:15–09:00"], "none of those changed it")

        // The log belongs to its day: under another date, or a made-up id, it is not found.
        XCTAssertEqual(dawn.get("/day/2028-03-01/instances/\(log)").status, .notFound)
        XCTAssertEqual(dawn.get("/day/2028-02-29/instances/12345").status, .notFound)
        XCTAssertEqual(dawn.get("/day/2027-02-29/instances/\(log)").status, .badRequest)
        XCTAssertEqual(dawn.post("/day/2028-03-01/instances/\(log)/delete", []).status, .notFound)
        XCTAssertEqual(dawn.post("/day/2028-02-29/instances/\(log)/delete", [("csrf", "forged")]).status, .forbidden)
        XCTAssertEqual(blocks(dawn, "2028-02-29"), ["Swim 08:15–09:00"])

        let removed = dawn.post("/day/2028-02-29/instances/\(log)/delete", [])
        XCTAssertEqual(removed.status, .seeOther)
        XCTAssertEqual(removed.location, "/day/2028-02-29?done=log-removed#timeline")
        XCTAssertEqual(dawn.get("/day/2028-02-29?done=log-removed").notice, "The log was removed.")
        XCTAssertEqual(blocks(dawn, "2028-02-29"), [])
        XCTAssertEqual(dawn.post("/day/2028-02-29/instances/\(log)/delete", []).status, .notFound)
        XCTAssertEqual(dawn.get("/day/2028-02-29/instances/\(log)").status, .notFound)
    }
}
