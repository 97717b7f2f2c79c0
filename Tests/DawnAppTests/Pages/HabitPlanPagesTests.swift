import Domain
import HTTP
@testable import MemberData
import Store
import TimeZones
import XCTest
@testable import DawnApp

/// The habit form's plan (schedule, daily target, group) and `/habits` (the member's order,
/// groups, moving, pausing, resuming), in process. Every refusal comes back with its
/// message beside its field, what was typed kept, and nothing written (read back from the
/// member's database).
final class HabitPlanPagesTests: XCTestCase {
    /// 10:00 in Rome on Tuesday 2026-03-10.
    private let now = PageHarness.instant("2026-03-10T09:00:00Z")
    private let look = [("name", "Read"), ("emoji", "📚"), ("color", "#48DBAB"), ("duration", "30")]

    private func stored(_ dawn: PageHarness) throws -> [Habits.Habit] {
        try dawn.member().habits.ordered()
    }

    private func plan(_ habit: Habits.Habit) -> Habits.Plan {
        Habits.Plan(schedule: habit.schedule, targetMilli: habit.targetMilli, targetKind: habit.targetKind,
                    targetUnit: habit.targetUnit, group: habit.group)
    }

    /// The message beside `field` (`<p class="field-error" id="FIELD-error">`), if any.
    private func fieldError(_ page: PageHarness.Page, _ field: String) -> String? {
        PageHarness.firstMatch(#"<p class="field-error" id="\#(field)-error">([^<]*)</p>"#, in: page.text)
    }

    private func input(_ page: PageHarness.Page, id: String) -> String? {
        PageHarness.firstMatch(#"(<input [^>]*id="\#(id)"[^>]*>)"#, in: page.text)
    }

    /// Adds a habit through the form from `/habits`, returning its id.
    @discardableResult
    private func add(_ dawn: PageHarness, _ name: String, _ plan: [(String, String)]) -> Int64 {
        _ = dawn.get("/habits/new?from=habits")
        let page = dawn.post("/habits", [("name", name), ("emoji", "📚"), ("color", "#48DBAB"), ("duration", "30"),
                                         ("from", "habits")] + plan)
        XCTAssertEqual(page.status, .seeOther, page.text)
        return PageHarness.firstMatch(#"#habit-(\d+)$"#, in: page.location ?? "").flatMap { Int64($0) } ?? 0
    }

    // MARK: The form

    func testTheNewFormOffersThePlanInTheMembersWeek() throws {
        let dawn = try PageHarness(now: now)
        dawn.signedUp()
        let form = dawn.get("/habits/new")
        XCTAssertTrue(form.text.contains(#"<input type="radio" id="schedule-day" name="schedule" value="day" checked>"#))
        for kind in ["weekdays", "week", "month"] {
            XCTAssertTrue(form.text.contains(#"id="schedule-\#(kind)" name="schedule" value="\#(kind)">"#), kind)
        }
        XCTAssertEqual(PageHarness.allMatches(#"name="weekdays" value="([a-z]+)""#, in: form.text),
                       ["mon", "tue", "wed", "thu", "fri", "sat", "sun"])
        XCTAssertTrue(input(form, id: "week_times")?.contains(#"min="1" max="7""#) ?? false)
        XCTAssertTrue(input(form, id: "month_times")?.contains(#"min="1" max="31""#) ?? false)
        XCTAssertTrue(form.text.contains(#"name="target_kind" value="at_least" checked>"#))
        XCTAssertTrue(input(form, id: "target_amount")?.contains(#"value="""#) ?? false, "no target by default")
        XCTAssertTrue(input(form, id: "target_unit")?.contains(#"maxlength="20""#) ?? false)
        XCTAssertTrue(input(form, id: "group")?.contains(#"maxlength="30""#) ?? false)
        XCTAssertFalse(form.text.contains(#"name="from""#), "opened from the day: back to the day")

        // Weeks starting on Sunday: the boxes too.
        _ = dawn.get("/settings")
        XCTAssertEqual(dawn.post("/settings", [("language", "en"), ("first_weekday", "sunday"), ("day_start_hour", "0"),
                                               ("view", "row"), ("theme", "system"), ("time_zone", "Europe/Rome")]).status, .seeOther)
        XCTAssertEqual(PageHarness.allMatches(#"name="weekdays" value="([a-z]+)""#, in: dawn.get("/habits/new").text),
                       ["sun", "mon", "tue", "wed", "thu", "fri", "sat"])
    }

    func testAddingAHabitWithEachScheduleTargetAndGroup() throws {
        let dawn = try PageHarness(now: now)
        dawn.signedUp()
        _ = dawn.get("/habits/new")
        let added = dawn.post("/habits", look + [("schedule", "weekdays"), ("weekdays", "fri"), ("weekdays", "mon"),
                                                 ("weekdays", "wed"), ("week_times", "abc"), ("month_times", "99"),
                                                 ("target_amount", "2,5"), ("target_unit", "  km "), ("target_kind", "at_most"),
                                                 ("group", "  Morning ")])
        XCTAssertEqual(added.status, .seeOther, added.text)
        XCTAssertEqual(added.location, "/day/2026-03-10?done=habit-added#tray", "from the day: back to the day")
        add(dawn, "Daily", [("schedule", "day")])
        add(dawn, "Weekly", [("schedule", "week"), ("week_times", "3"), ("target_amount", "20"), ("target_unit", "pages"),
                             ("target_kind", "at_least"), ("group", "Evening")])
        add(dawn, "Monthly", [("schedule", "month"), ("month_times", "31"), ("target_amount", "1000000000"),
                              ("target_kind", "at_least"), ("group", String(repeating: "é", count: 30))])
        add(dawn, "Seven", [("schedule", "week"), ("week_times", "7"), ("target_amount", "0.001"), ("target_unit", String(repeating: "u", count: 20)),
                            ("target_kind", "at_least")])
        add(dawn, "Once", [("schedule", "month"), ("month_times", "1"), ("target_amount", ""), ("target_unit", ""), ("group", "")])

        let habits = try stored(dawn)
        XCTAssertEqual(habits.map(\.name), ["Read", "Daily", "Weekly", "Monthly", "Seven", "Once"])
        XCTAssertEqual(habits.map(plan), [
            .init(schedule: HabitSchedule(storage: "weekdays:mon,wed,fri")!, targetMilli: 2_500, targetKind: .atMost, targetUnit: "km", group: "Morning"),
            .init(),
            .init(schedule: HabitSchedule(storage: "week:3")!, targetMilli: 20_000, targetUnit: "pages", group: "Evening"),
            .init(schedule: HabitSchedule(storage: "month:31")!, targetMilli: 1_000_000_000_000, group: String(repeating: "é", count: 30)),
            .init(schedule: HabitSchedule(storage: "week:7")!, targetMilli: 1, targetUnit: String(repeating: "u", count: 20)),
            .init(schedule: HabitSchedule(storage: "month:1")!),
        ])
        XCTAssertEqual(habits.map(\.position), [1, 2, 3, 4, 5, 6])
    }

    func testTheEditFormHoldsThePlanAndSavesIt() throws {
        let dawn = try PageHarness(now: now)
        dawn.signedUp()
        let id = add(dawn, "Read", [("schedule", "weekdays"), ("weekdays", "tue"), ("weekdays", "sat"),
                                    ("target_amount", "12.5"), ("target_unit", "pages"), ("target_kind", "at_most"),
                                    ("group", "Evening")])
        let form = dawn.get("/habits/\(id)/edit?from=habits")
        XCTAssertTrue(form.text.contains(#"id="schedule-weekdays" name="schedule" value="weekdays" checked>"#))
        XCTAssertEqual(PageHarness.allMatches(#"name="weekdays" value="([a-z]+)" checked"#, in: form.text), ["tue", "sat"])
        XCTAssertTrue(input(form, id: "target_amount")?.contains(#"value="12.5""#) ?? false)
        XCTAssertTrue(input(form, id: "target_unit")?.contains(#"value="pages""#) ?? false)
        XCTAssertTrue(form.text.contains(#"name="target_kind" value="at_most" checked>"#))
        XCTAssertTrue(input(form, id: "group")?.contains(#"value="Evening""#) ?? false)
        XCTAssertTrue(form.text.contains(#"<option value="Evening"></option>"#), "the member's groups to pick from")
        XCTAssertTrue(form.text.contains(#"<input type="hidden" name="from" value="habits">"#))
        XCTAssertTrue(form.text.contains(#"<p><a href="/habits">Back to your habits</a></p>"#))

        let saved = dawn.post("/habits/\(id)", look + [("from", "habits"), ("schedule", "month"), ("month_times", "4"),
                                                       ("weekdays", "tue"), ("target_amount", ""), ("target_unit", ""),
                                                       ("target_kind", "at_most"), ("group", "")])
        XCTAssertEqual(saved.location, "/habits?done=saved#habit-\(id)")
        XCTAssertEqual(dawn.get("/habits?done=saved").notice, "The habit was saved.")
        XCTAssertEqual(try stored(dawn).map(plan), [.init(schedule: HabitSchedule(storage: "month:4")!)], "no target, no group")

        // A client that sends no plan fields at all changes only the look.
        XCTAssertEqual(dawn.post("/habits/\(id)", [("name", "Read more"), ("emoji", "📖"), ("color", "#48DBAB"),
                                                  ("duration", "60")]).status, .seeOther)
        XCTAssertEqual(try stored(dawn).map(plan), [.init(schedule: HabitSchedule(storage: "month:4")!)])
        XCTAssertEqual(try stored(dawn).map(\.name), ["Read more"])

        // In Italian the amount is written with a comma, and read back.
        XCTAssertEqual(dawn.post("/habits/\(id)", look + [("schedule", "day"), ("target_amount", "2.5"), ("target_kind", "at_least")]).status,
                       .seeOther)
        _ = dawn.get("/settings")
        XCTAssertEqual(dawn.post("/settings", [("language", "it"), ("first_weekday", "monday"), ("day_start_hour", "0"),
                                               ("view", "row"), ("theme", "system"), ("time_zone", "Europe/Rome")]).status, .seeOther)
        let italian = dawn.get("/habits/\(id)/edit")
        XCTAssertTrue(input(italian, id: "target_amount")?.contains(#"value="2,5""#) ?? false)
        XCTAssertEqual(dawn.post("/habits/\(id)", look + [("schedule", "day"), ("target_amount", "2,5"), ("target_kind", "at_least")]).status,
                       .seeOther)
        XCTAssertEqual(try stored(dawn).first?.targetMilli, 2_500)
    }

    /// Each refused value: its field, its message, and what stays typed in the form.
    private let refusals: [(fields: [(String, String)], field: String, message: String)] = [
        ([("schedule", "weekdays"), ("weekdays", "mon"), ("weekdays", "funday")], "weekdays",
         "Choose at least one weekday, each once (in files: mon, tue, wed, thu, fri, sat, sun)."),
        ([("schedule", "weekdays")], "weekdays", "Choose at least one weekday, each once (in files: mon, tue, wed, thu, fri, sat, sun)."),
        ([("schedule", "weekdays"), ("weekdays", "Mon")], "weekdays", "Choose at least one weekday, each once (in files: mon, tue, wed, thu, fri, sat, sun)."),
        ([("schedule", "weekdays"), ("weekdays", "wed"), ("weekdays", "wed")], "weekdays",
         "Choose at least one weekday, each once (in files: mon, tue, wed, thu, fri, sat, sun)."),
        ([("schedule", "week"), ("week_times", "0")], "week_times", "A weekly habit is done 1 to 7 times a week."),
        ([("schedule", "week"), ("week_times", "8")], "week_times", "A weekly habit is done 1 to 7 times a week."),
        ([("schedule", "week"), ("week_times", "three")], "week_times", "A weekly habit is done 1 to 7 times a week."),
        ([("schedule", "week"), ("week_times", "")], "week_times", "A weekly habit is done 1 to 7 times a week."),
        ([("schedule", "month"), ("month_times", "0")], "month_times", "A monthly habit is done 1 to 31 times a month."),
        ([("schedule", "month"), ("month_times", "32")], "month_times", "A monthly habit is done 1 to 31 times a month."),
        ([("schedule", "year")], "schedule",
         "Choose how often: every day, on chosen weekdays, a number of times a week, or a number of times a month."),
        ([("schedule", "day"), ("target_amount", "0"), ("target_kind", "at_least")], "target_amount",
         "A target is a number greater than 0 and at most a billion, like 20 or 2.5."),
        ([("schedule", "day"), ("target_amount", "-5"), ("target_kind", "at_least")], "target_amount",
         "A target is a number greater than 0 and at most a billion, like 20 or 2.5."),
        ([("schedule", "day"), ("target_amount", "lots"), ("target_kind", "at_least")], "target_amount",
         "A target is a number greater than 0 and at most a billion, like 20 or 2.5."),
        ([("schedule", "day"), ("target_amount", "0.0004"), ("target_kind", "at_least")], "target_amount",
         "A target is a number greater than 0 and at most a billion, like 20 or 2.5."),
        ([("schedule", "day"), ("target_amount", "1000000001"), ("target_kind", "at_least")], "target_amount",
         "A target is a number greater than 0 and at most a billion, like 20 or 2.5."),
        ([("schedule", "day"), ("target_amount", ""), ("target_unit", "pages"), ("target_kind", "at_least")], "target_amount",
         "A target is a number greater than 0 and at most a billion, like 20 or 2.5."),
        ([("schedule", "day"), ("target_amount", "20"), ("target_unit", String(repeating: "p", count: 21)), ("target_kind", "at_least")],
         "target_unit", "A unit is at most 20 characters on one line, like pages or km. It may be left empty."),
        ([("schedule", "day"), ("target_amount", "20"), ("target_unit", "pa\nges"), ("target_kind", "at_least")],
         "target_unit", "A unit is at most 20 characters on one line, like pages or km. It may be left empty."),
        ([("schedule", "day"), ("target_amount", "20"), ("target_kind", "exactly")], "target_kind",
         "A target is either “at least” or “at most” an amount."),
        ([("schedule", "day"), ("group", String(repeating: "g", count: 31))], "group", "A group name is at most 30 characters on one line."),
        ([("schedule", "day"), ("group", "Morning\nrun")], "group", "A group name is at most 30 characters on one line."),
    ]

    func testEveryRefusedPlanIsShownBesideItsFieldAndAddsNothing() throws {
        let dawn = try PageHarness(now: now)
        dawn.signedUp()
        _ = dawn.get("/habits/new")
        for (fields, field, message) in refusals {
            let page = dawn.post("/habits", look + fields)
            XCTAssertEqual(page.status, .badRequest, "\(fields)")
            if field == "group" {
                XCTAssertEqual(PageHarness.firstMatch(#"<p class="field-error" id="group-hint">([^<]*)</p>"#, in: page.text), message)
                XCTAssertTrue(input(page, id: "group")?.contains(#"aria-describedby="group-hint" aria-invalid="true""#) ?? false)
            } else {
                XCTAssertEqual(fieldError(page, field), message, "\(fields)")
                XCTAssertTrue(page.text.contains(#"aria-describedby="\#(field)-error""#), "\(fields)")
            }
            XCTAssertEqual(PageHarness.allMatches(#"(<p class="field-error"[^>]*>)"#, in: page.text).count, 1,
                           "only the refused field: \(fields)")
            XCTAssertTrue(page.text.contains(#"name="name" value="Read""#), "the rest stays as typed")
        }
        XCTAssertEqual(try stored(dawn).count, 0, "nothing was added")

        // What was typed comes back: the chosen radio, the boxes, the numbers, the target, the group.
        let page = dawn.post("/habits", look + [("schedule", "week"), ("week_times", "8"), ("weekdays", "thu"),
                                                ("target_amount", "2,5"), ("target_unit", "km"), ("target_kind", "at_most"),
                                                ("group", "Morning")])
        XCTAssertTrue(page.text.contains(#"id="schedule-week" name="schedule" value="week" checked>"#))
        XCTAssertEqual(PageHarness.allMatches(#"name="weekdays" value="([a-z]+)" checked"#, in: page.text), ["thu"])
        XCTAssertTrue(input(page, id: "week_times")?.contains(#"value="8""#) ?? false)
        XCTAssertTrue(input(page, id: "week_times")?.contains(#"aria-invalid="true""#) ?? false)
        XCTAssertTrue(input(page, id: "target_amount")?.contains(#"value="2,5""#) ?? false)
        XCTAssertTrue(page.text.contains(#"name="target_kind" value="at_most" checked>"#))
        XCTAssertTrue(input(page, id: "group")?.contains(#"value="Morning""#) ?? false)

        // Several wrong fields: each gets its own message.
        let many = dawn.post("/habits", [("name", ""), ("emoji", "📚"), ("color", "#48DBAB"), ("duration", "30"),
                                         ("schedule", "month"), ("month_times", "32"), ("target_amount", "x"),
                                         ("target_unit", String(repeating: "u", count: 21)), ("target_kind", "at_least"),
                                         ("group", String(repeating: "g", count: 31))])
        XCTAssertEqual(many.status, .badRequest)
        XCTAssertNotNil(fieldError(many, "month_times"))
        XCTAssertNotNil(fieldError(many, "target_amount"))
        XCTAssertNotNil(fieldError(many, "target_unit"), "the unit is checked even when the amount is wrong")
        XCTAssertTrue(many.text.contains("A group name is at most 30 characters on one line."))
        XCTAssertTrue(many.text.contains("Names are 1 to 60 characters on one line."))
        XCTAssertEqual(try stored(dawn).count, 0)
    }

    func testARefusedEditKeepsTheStoredHabit() throws {
        let dawn = try PageHarness(now: now)
        dawn.signedUp()
        let id = add(dawn, "Read", [("schedule", "week"), ("week_times", "3"), ("group", "Evening")])
        let before = try stored(dawn)
        _ = dawn.get("/habits/\(id)/edit")
        for (fields, field, _) in refusals {
            let page = dawn.post("/habits/\(id)", [("name", "Renamed"), ("emoji", "📚"), ("color", "#48DBAB"),
                                                   ("duration", "30")] + fields)
            XCTAssertEqual(page.status, .badRequest, "\(fields)")
            XCTAssertTrue(page.text.contains(#"name="name" value="Renamed""#))
            XCTAssertNotNil(fieldError(page, field) ?? PageHarness.firstMatch(#"id="(group-hint)">A group"#, in: page.text), "\(field)")
        }
        XCTAssertEqual(try stored(dawn), before, "neither the look nor the plan changed")
        XCTAssertEqual(dawn.get("/habits/\(id)/edit?from=elsewhere").status, .badRequest)
        XCTAssertEqual(dawn.post("/habits/\(id)", look + [("from", "elsewhere")]).status, .badRequest)
        XCTAssertEqual(try stored(dawn), before)
    }

    // MARK: The list

    /// Order: Run (Morning), Tea, Read (Evening), Walk (Morning), Swim (archived, Morning), Nap.
    private func family(_ dawn: PageHarness) -> [String: Int64] {
        var ids: [String: Int64] = [:]
        ids["Run"] = add(dawn, "Run", [("schedule", "weekdays"), ("weekdays", "mon"), ("weekdays", "wed"), ("weekdays", "fri"),
                                       ("group", "Morning")])
        ids["Tea"] = add(dawn, "Tea", [("schedule", "day"), ("target_amount", "2"), ("target_kind", "at_most")])
        ids["Read"] = add(dawn, "Read", [("schedule", "week"), ("week_times", "1"), ("target_amount", "20"),
                                         ("target_unit", "pages"), ("target_kind", "at_least"), ("group", "Evening")])
        ids["Walk"] = add(dawn, "Walk", [("schedule", "month"), ("month_times", "10"), ("group", "Morning")])
        ids["Swim"] = add(dawn, "Swim", [("schedule", "day"), ("group", "Morning")])
        ids["Nap"] = add(dawn, "Nap", [("schedule", "week"), ("week_times", "3")])
        XCTAssertEqual(dawn.post("/habits/\(ids["Swim"]!)/archive", []).status, .seeOther)
        return ids
    }

    /// The list's headings and rows, as the page shows them.
    private func list(_ dawn: PageHarness, _ path: String = "/habits") -> [String] {
        let page = dawn.get(path).text
        let section = PageHarness.firstMatch(#"(?s)<section class="card habit-list-card">(.*?)</section>"#, in: page) ?? ""
        return PageHarness.allMatches(#"(?s)(<h2 class="habit-group">[^<]*</h2>|<li class="habit-row".*?</li>)"#, in: section).map { item in
            if let heading = PageHarness.firstMatch(#"<h2 class="habit-group">([^<]*)</h2>"#, in: item) { return "# " + heading }
            let name = PageHarness.firstMatch(#"<span class="pill-name">([^<]*)</span>"#, in: item) ?? "?"
            let plan = PageHarness.firstMatch(#"<p class="habit-plan">([^<]*)</p>"#, in: item) ?? "?"
            let up = item.contains(#"value="up" class="quiet" aria-label="Move \#(name) up">"#)
            let down = item.contains(#"value="down" class="quiet" aria-label="Move \#(name) down">"#)
            let paused = PageHarness.firstMatch(#"<p class="habit-paused">([^<]*)</p>"#, in: item).map { " [\($0)]" } ?? ""
            return "\(name): \(plan)\(paused)" + (up ? " ↑" : "") + (down ? " ↓" : "")
        }
    }

    func testTheListInTheMembersOrderByGroup() throws {
        let dawn = try PageHarness(now: now)
        dawn.signedUp()
        XCTAssertTrue(dawn.get("/habits").text.contains("No habits yet. Add the first one."))
        XCTAssertTrue(dawn.get("/").text.contains(#"<a href="/habits">Habits</a>"#), "in the navigation")
        _ = family(dawn)
        let page = dawn.get("/habits")
        XCTAssertEqual(page.status, .ok)
        XCTAssertTrue(page.text.contains("<title>Your habits</title>"))
        XCTAssertTrue(page.text.contains(#"<a class="add-habit" href="/habits/new?from=habits">+ Add habit</a>"#))
        XCTAssertTrue(page.text.contains(#"<a class="archived-link" href="/habits/archived">Archived habits</a>"#))
        XCTAssertTrue(page.text.contains(#"<link rel="stylesheet" href="/habits.css?v="#))
        // Groups in the order of their first habit, the ungrouped last; archived Swim left out.
        XCTAssertEqual(list(dawn), [
            "# Morning",
            "Run: On Mon, Wed, Fri ↓",
            "Walk: 10 times a month ↑",
            "# Evening",
            "Read: Once a week · at least 20\u{00A0}pages a day",
            "# Not in a group",
            "Tea: Every day · at most 2 a day ↓",
            "Nap: 3 times a week ↑",
        ])
        XCTAssertEqual(PageHarness.allMatches(#"href="(/habits/\d+/edit\?from=habits)" aria-label="Edit Run""#, in: page.text).count, 1)

        // Without groups there are no headings.
        let plain = try PageHarness(now: now)
        plain.signedUp()
        add(plain, "Run", [("schedule", "day")])
        add(plain, "Tea", [("schedule", "day")])
        XCTAssertEqual(list(plain), ["Run: Every day ↓", "Tea: Every day ↑"])
    }

    func testTheListInItalianAndFrench() throws {
        let dawn = try PageHarness(now: now)
        dawn.signedUp()
        add(dawn, "Corsa", [("schedule", "weekdays"), ("weekdays", "sun"), ("weekdays", "mon"), ("target_amount", "2.5"),
                            ("target_unit", "km"), ("target_kind", "at_least")])
        add(dawn, "Tè", [("schedule", "week"), ("week_times", "1"), ("target_amount", "1234.5"), ("target_kind", "at_most")])
        add(dawn, "Libro", [("schedule", "month"), ("month_times", "2")])
        for (language, expected) in [
            ("it", ["Ogni lun, dom · almeno 2,5\u{00A0}km al giorno", "Una volta a settimana · al massimo 1.234,5 al giorno",
                    "2 volte al mese"]),
            ("fr", ["Les lun., dim. · au moins 2,5\u{00A0}km par jour", "Une fois par semaine · au plus 1\u{202F}234,5 par jour",
                    "2 fois par mois"]),
        ] {
            _ = dawn.get("/settings")
            XCTAssertEqual(dawn.post("/settings", [("language", language), ("first_weekday", "monday"), ("day_start_hour", "0"),
                                                   ("view", "row"), ("theme", "system"), ("time_zone", "Europe/Rome")]).status, .seeOther)
            XCTAssertEqual(PageHarness.allMatches(#"<p class="habit-plan">([^<]*)</p>"#, in: dawn.get("/habits").text), expected, language)
        }
        XCTAssertTrue(dawn.get("/habits").text.contains(#"aria-label="Monter Corsa""#))
    }

    func testMovingAHabitUpAndDown() throws {
        let dawn = try PageHarness(now: now)
        dawn.signedUp()
        let ids = family(dawn)
        _ = dawn.get("/habits")
        let moved = dawn.post("/habits/\(ids["Walk"]!)/move", [("direction", "up")])
        XCTAssertEqual(moved.status, .seeOther)
        XCTAssertEqual(moved.location, "/habits#habit-\(ids["Walk"]!)")
        XCTAssertEqual(list(dawn).prefix(3), ["# Morning", "Walk: 10 times a month ↓", "Run: On Mon, Wed, Fri ↑"])
        XCTAssertEqual(try stored(dawn).map(\.name), ["Walk", "Tea", "Read", "Run", "Swim", "Nap"])

        XCTAssertEqual(dawn.post("/habits/\(ids["Tea"]!)/move", [("direction", "down")]).status, .seeOther)
        XCTAssertEqual(list(dawn).suffix(3), ["# Not in a group", "Nap: 3 times a week ↓", "Tea: Every day · at most 2 a day ↑"])

        // At either end, a move (the disabled button, sent anyway) changes nothing.
        let before = try stored(dawn)
        XCTAssertEqual(dawn.post("/habits/\(ids["Walk"]!)/move", [("direction", "up")]).status, .seeOther)
        XCTAssertEqual(dawn.post("/habits/\(ids["Tea"]!)/move", [("direction", "down")]).status, .seeOther)
        XCTAssertEqual(dawn.post("/habits/\(ids["Read"]!)/move", [("direction", "down")]).status, .seeOther)
        XCTAssertEqual(try stored(dawn), before)

        // Refused: a bad direction (400, a message), unknown ids (404), a forged token (403).
        for direction in ["sideways", "", "UP"] {
            let page = dawn.post("/habits/\(ids["Run"]!)/move", [("direction", direction)])
            XCTAssertEqual(page.status, .badRequest, direction)
            XCTAssertTrue(page.text.contains(#"<p class="form-error" role="alert">Move a habit up or down; nothing was moved.</p>"#))
        }
        XCTAssertEqual(dawn.post("/habits/\(ids["Run"]!)/move", []).status, .badRequest)
        for id in ["999", "0", "-1", "abc"] {
            let page = dawn.post("/habits/\(id)/move", [("direction", "up")])
            XCTAssertEqual(page.status, .notFound, id)
            XCTAssertEqual(PageHarness.errorMessage(page), "That habit does not exist any more.")
        }
        XCTAssertEqual(dawn.post("/habits/\(ids["Run"]!)/move", [("direction", "up"), ("csrf", "forged")]).status, .forbidden)
        XCTAssertEqual(try stored(dawn), before, "nothing moved")
    }

    func testPausingAndResumingAHabit() throws {
        let dawn = try PageHarness(now: now)
        dawn.signedUp()
        let ids = family(dawn)
        let run = ids["Run"]!
        let page = dawn.get("/habits")
        XCTAssertTrue(page.text.contains(#"<input id="pause-from-\#(run)" name="from" type="date" min="2024-03-10" max="2028-03-10" value="2026-03-10" required>"#),
                      "today by default, within the day pages' reach")
        let paused = dawn.post("/habits/\(run)/pause", [("from", "2026-03-10")])
        XCTAssertEqual(paused.location, "/habits?done=paused#habit-\(run)")
        XCTAssertEqual(dawn.get("/habits?done=paused").notice, "The habit is paused.")
        XCTAssertEqual(try dawn.member().habits.habit(run)?.pausedFrom, LocalDate(iso: "2026-03-10"))
        XCTAssertEqual(list(dawn)[1], "Run: On Mon, Wed, Fri [Paused since 10 March 2026] ↓")
        XCTAssertTrue(dawn.get("/habits").text.contains(#"<button type="submit" aria-label="Resume Run">Resume</button>"#))

        // A pause that starts later says so.
        XCTAssertEqual(dawn.post("/habits/\(ids["Tea"]!)/pause", [("from", "2026-04-01")]).status, .seeOther)
        XCTAssertTrue(dawn.get("/habits").text.contains(#"<p class="habit-paused">Paused from 1 April 2026</p>"#))

        let resumed = dawn.post("/habits/\(run)/resume", [])
        XCTAssertEqual(resumed.location, "/habits?done=resumed#habit-\(run)")
        XCTAssertEqual(dawn.get("/habits?done=resumed").notice, "The habit was resumed.")
        XCTAssertNil(try dawn.member().habits.habit(run)?.pausedFrom)

        // Refused: each beside Walk's date field, with what was typed; nothing written.
        let walk = ids["Walk"]!
        let before = try stored(dawn)
        for (typed, message) in [
            ("", "Enter the first day of the pause."),
            ("2026-02-30", "That is not a date. Dates look like 2026-08-14."),
            ("10/03/2026", "That is not a date. Dates look like 2026-08-14."),
            ("2028-03-11", "A pause can start on a day from 10 March 2024 to 10 March 2028."),
            ("2024-03-09", "A pause can start on a day from 10 March 2024 to 10 March 2028."),
        ] {
            let page = dawn.post("/habits/\(walk)/pause", [("from", typed)])
            XCTAssertEqual(page.status, .badRequest, typed)
            XCTAssertEqual(fieldError(page, "pause-from-\(walk)"), message, typed)
            XCTAssertTrue(page.text.contains(#"<input id="pause-from-\#(walk)" name="from" type="date" min="2024-03-10" max="2028-03-10" value="\#(typed)" required aria-invalid="true" aria-describedby="pause-from-\#(walk)-error">"#),
                          typed)
            XCTAssertEqual(PageHarness.allMatches(#"(aria-invalid="true")"#, in: page.text).count, 1, "only Walk's field")
        }
        XCTAssertEqual(dawn.post("/habits/\(walk)/pause", []).status, .badRequest, "no field at all")
        XCTAssertEqual(dawn.post("/habits/2028-03-10/pause", [("from", "2026-03-10")]).status, .notFound)
        XCTAssertEqual(dawn.post("/habits/999/pause", [("from", "2026-03-10")]).status, .notFound)
        XCTAssertEqual(dawn.post("/habits/999/resume", []).status, .notFound)
        XCTAssertEqual(dawn.post("/habits/\(walk)/pause", [("from", "2026-03-10"), ("csrf", "x")]).status, .forbidden)
        XCTAssertEqual(try stored(dawn), before, "nothing written")
        // The edge days of the reach are fine.
        XCTAssertEqual(dawn.post("/habits/\(walk)/pause", [("from", "2028-03-10")]).status, .seeOther)
        XCTAssertEqual(dawn.post("/habits/\(ids["Nap"]!)/pause", [("from", "2024-03-10")]).status, .seeOther)
    }

    func testFormsOpenedFromTheListComeBackToIt() throws {
        let dawn = try PageHarness(now: now)
        dawn.signedUp()
        let id = add(dawn, "Run", [("schedule", "day")])
        XCTAssertEqual(dawn.get("/habits?done=added").notice, "The habit was added.")
        let form = dawn.get("/habits/\(id)/edit?from=habits")
        XCTAssertTrue(form.text.contains(#"<input type="hidden" name="from" value="habits"><button type="submit">Archive</button>"#))
        let archived = dawn.post("/habits/\(id)/archive", [("from", "habits")])
        XCTAssertEqual(archived.location, "/habits?done=archived")
        XCTAssertEqual(dawn.get("/habits?done=archived").notice, "The habit was archived.")
        XCTAssertEqual(list(dawn), [], "archived habits stay on /habits/archived")
        XCTAssertEqual(dawn.post("/habits/\(id)/restore", [("from", "habits")]).location, "/habits?done=restored")
        XCTAssertEqual(list(dawn), ["Run: Every day"])
        XCTAssertEqual(dawn.get("/habits?done=nonsense").notice, nil)
        XCTAssertEqual(dawn.get("/habits/new?from=nowhere").status, .badRequest)
    }

    // MARK: The models, without HTML

    func testTheListModelGroupsAndEnds() {
        func habit(_ id: Int64, _ group: String?) -> Habits.Habit {
            var habit = Habits.Habit(id: id, name: "h\(id)", emoji: "🏃", color: HabitColor.resolve("#48DBAB"), defaultDuration: 30, createdAt: 0,
                                     archivedAt: nil, count: 0, lastLoggedAt: nil)
            habit.group = group
            habit.position = Int(id)
            return habit
        }
        let today = LocalDate(iso: "2026-03-10")!
        let model = HabitListPage.Model([habit(1, nil), habit(2, "B"), habit(3, "A"), habit(4, "B"), habit(5, nil), habit(6, "B")],
                                        today: today)
        XCTAssertEqual(model.groups.map(\.name), ["B", "A", nil])
        XCTAssertEqual(model.groups.map { $0.rows.map(\.habit.id) }, [[2, 4, 6], [3], [1, 5]])
        XCTAssertEqual(model.groups[0].rows.map(\.canMoveUp), [false, true, true])
        XCTAssertEqual(model.groups[0].rows.map(\.canMoveDown), [true, true, false])
        XCTAssertEqual(model.groups[1].rows.map { [$0.canMoveUp, $0.canMoveDown] }, [[false, false]])
        XCTAssertTrue(model.hasGroups)
        XCTAssertEqual(model.allowed, LocalDate(iso: "2024-03-10")!...LocalDate(iso: "2028-03-10")!)
        let plain = HabitListPage.Model([habit(1, nil)], today: today)
        XCTAssertFalse(plain.hasGroups)
        XCTAssertTrue(HabitListPage.Model([], today: today).isEmpty)

        XCTAssertEqual(HabitListPage.PauseDay("2026-03-10"), .date(today))
        XCTAssertEqual(HabitListPage.PauseDay(nil), .missing)
        XCTAssertEqual(HabitListPage.PauseDay(""), .missing)
        XCTAssertEqual(HabitListPage.PauseDay("2026-3-10"), .malformed)
    }

    func testThePlanInWords() throws {
        let dawn = try PageHarness(now: now)
        let strings = dawn.app.strings
        let weekdays = HabitSchedule.weekdays([.sunday, .monday, .saturday])
        XCTAssertEqual(HabitPlanWords.schedule(weekdays, firstWeekday: .monday, strings, .en), "On Mon, Sat, Sun")
        XCTAssertEqual(HabitPlanWords.schedule(weekdays, firstWeekday: .sunday, strings, .en), "On Sun, Mon, Sat")
        XCTAssertEqual(HabitPlanWords.schedule(.perWeek(1), firstWeekday: .monday, strings, .en), "Once a week")
        XCTAssertEqual(HabitPlanWords.schedule(.perWeek(7), firstWeekday: .monday, strings, .fr), "7 fois par semaine")
        XCTAssertEqual(HabitPlanWords.schedule(.perMonth(1), firstWeekday: .monday, strings, .it), "Una volta al mese")
        XCTAssertEqual(HabitPlanWords.schedule(.perMonth(31), firstWeekday: .monday, strings, .it), "31 volte al mese")
        XCTAssertEqual(HabitPlanWords.schedule(.daily, firstWeekday: .monday, strings, .fr), "Tous les jours")
        var habit = Habits.Habit(id: 1, name: "Tea", emoji: "🍵", color: HabitColor.resolve("#48DBAB"), defaultDuration: 15, createdAt: 0,
                                 archivedAt: nil, count: 0, lastLoggedAt: nil)
        XCTAssertNil(HabitPlanWords.target(habit, strings, .en))
        // A stored schedule that does not parse is read as every day.
        dawn.setUp()
        let database = try dawn.app.data.member(MemberID(1))
        let habits = Habits(database: database)
        let id = try habits.add(name: "Tea", emoji: "🍵", color: "#48DBAB", defaultDuration: 15, now: 0)
        try database.write { try $0.run("UPDATE habits SET schedule = 'broken' WHERE id = ?", [.integer(id)]) }
        let broken = try XCTUnwrap(try habits.habit(id))
        XCTAssertEqual(HabitPlanWords.schedule(broken, firstWeekday: .monday, strings, .en), "Every day")
        habit.targetMilli = 2_000
        habit.targetKind = .atMost
        XCTAssertEqual(HabitPlanWords.target(habit, strings, .en), "at most 2 a day")
        habit.targetUnit = "cups"
        XCTAssertEqual(HabitPlanWords.target(habit, strings, .fr), "au plus 2\u{00A0}cups par jour")
    }
}
