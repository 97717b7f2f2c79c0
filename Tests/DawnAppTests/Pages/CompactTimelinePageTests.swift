import Domain
import TimeZones
import XCTest
@testable import DawnApp

/// The day page's compact timeline in process, on a fixed clock: the
/// model's folds and the HTML's `<details>` rows around the shown hours, now marked on today.
final class CompactTimelinePageTests: XCTestCase {
    private func date(_ iso: String) -> LocalDate { LocalDate(iso: iso)! }

    /// 10:20 in Rome on 2026-05-12 (UTC+2).
    private func harness(now: String = "2026-05-12T08:20:00Z") throws -> (PageHarness, run: Int, read: Int) {
        let dawn = try PageHarness(now: PageHarness.instant(now))
        dawn.setUp(timeZone: "Europe/Rome")
        let run = dawn.addHabit("Run", duration: "90")
        let read = dawn.addHabit("Read", emoji: "📚", color: "#FECA57", duration: "15")
        return (dawn, run, read)
    }

    private func timeline(_ html: String) -> String {
        guard let start = html.range(of: "<section class=\"card\" id=\"timeline\""),
              let end = html.range(of: "<section class=\"card\" id=\"journal\"") else { return "" }
        return String(html[start.lowerBound..<end.lowerBound])
    }

    func testADayLoggedFromHalfPastSevenToFiveFoldsTheRest() throws {
        let (dawn, run, read) = try harness()
        _ = dawn.log(run, on: "2026-05-11", start: "07:30", duration: 90)
        _ = dawn.log(read, on: "2026-05-11", start: "12:00", duration: 15)
        _ = dawn.log(run, on: "2026-05-11", start: "16:00", duration: 60)
        let model = try DayPage.Model(try dawn.member(), day: date("2026-05-11"))
        XCTAssertEqual(model.folds.shown, 7..<17)
        XCTAssertNil(model.folds.nowMinute, "not today: no now")
        XCTAssertEqual(model.blocks.map(\.slots.classes), ["at-30 len-6 col-0-of-1", "at-48 len-3 col-0-of-1", "at-64 len-4 col-0-of-1"],
                       "the 15-minute block is drawn three slots tall")
        XCTAssertEqual(model.blocks.map(\.endMinute), [540, 735, 1_020], "its times stay its own")

        let html = timeline(dawn.get("/day/2026-05-11").text)
        XCTAssertTrue(html.contains("<details class=\"fold fold-before\"><summary><span class=\"fold-range\">00:00–07:00</span>"), html)
        XCTAssertTrue(html.contains("<details class=\"fold fold-after\"><summary><span class=\"fold-range\">17:00–00:00</span>"), html)
        XCTAssertEqual(PageHarness.allMatches("<ol class=\"blocks ([^\"]*)\"", in: html), [
            "from-0 span-28", "from-28 span-40", "from-68 span-28",
        ])
        XCTAssertEqual(PageHarness.allMatches("<li>(\\d\\d:00)</li>", in: html).count, 24, "every hour is on the page, in its part")
        // The blocks are in the shown part, between the folds; the folds are closed.
        let shown = html.components(separatedBy: "from-28 span-40")[1].components(separatedBy: "</ol>")[0]
        XCTAssertTrue(shown.contains("Run, 07:30 to 09:00: edit") && shown.contains("Read, 12:00 to 12:15: edit"))
        XCTAssertFalse(html.contains("<details class=\"fold fold-before\" open"))
        XCTAssertFalse(html.contains("now-mark"))
        XCTAssertFalse(html.contains("Nothing logged yet."))
    }

    /// A 15-minute log at 16:45 is drawn to 17:30, so the shown hours run to 18:00.
    func testAShortLastLogShowsTheHourItIsDrawnInto() throws {
        let (dawn, run, read) = try harness()
        _ = dawn.log(run, on: "2026-05-11", start: "07:30", duration: 90)
        _ = dawn.log(read, on: "2026-05-11", start: "16:45", duration: 15)
        let model = try DayPage.Model(try dawn.member(), day: date("2026-05-11"))
        XCTAssertEqual(model.folds.shown, 7..<18)
        XCTAssertEqual(model.blocks.last?.slots.classes, "at-67 len-3 col-0-of-1")
    }

    func testAnEmptyDayShowsSixToTwentyTwo() throws {
        let (dawn, _, _) = try harness()
        let html = timeline(dawn.get("/day/2026-05-10").text)
        XCTAssertTrue(html.contains("Nothing logged yet."))
        XCTAssertTrue(html.contains(">00:00–06:00<") && html.contains(">22:00–00:00<"), html)
        XCTAssertTrue(html.contains("<ol class=\"blocks from-24 span-64\" data-from=\"24\" data-span=\"64\">"), html)
        XCTAssertTrue(html.contains("data-day-start=\"00:00\""))
    }

    func testTodayMarksNowAmongTheLogs() throws {
        let (dawn, run, _) = try harness()  // 10:20
        _ = dawn.log(run, on: "2026-05-12", start: "07:30", duration: 90)
        _ = dawn.log(run, on: "2026-05-12", start: "15:00", duration: 120)
        let model = try DayPage.Model(try dawn.member(), day: date("2026-05-12"))
        XCTAssertEqual(model.folds.shown, 7..<17)
        XCTAssertEqual(model.folds.nowMinute, 620)
        XCTAssertEqual(model.folds.nowPart, .shown)
        let html = timeline(dawn.get("/").text)
        let shown = html.components(separatedBy: "from-28 span-40")[1].components(separatedBy: "</ol>")[0]
        XCTAssertTrue(shown.contains("<li class=\"now-mark at-41\"><span class=\"visually-hidden\">Now 10:20</span>"), html)
        XCTAssertFalse(html.contains("fold-now"), "now is not in a fold")
    }

    func testTodayMarksNowInsideAFold() throws {
        let (dawn, run, _) = try harness(now: "2026-05-12T18:05:00Z")  // 20:05
        _ = dawn.log(run, on: "2026-05-12", start: "07:30", duration: 90)
        let model = try DayPage.Model(try dawn.member(), day: date("2026-05-12"))
        XCTAssertEqual(model.folds.shown, 7..<9, "now does not widen the shown hours")
        XCTAssertEqual(model.folds.nowPart, .after)
        let html = timeline(dawn.get("/").text)
        XCTAssertTrue(html.contains("<span class=\"fold-range\">09:00–00:00</span><span class=\"visually-hidden\">, nothing logged</span> <span class=\"fold-now\">Now 20:05</span></summary>"), html)
        let after = html.components(separatedBy: "fold-after")[1]
        XCTAssertTrue(after.contains("<li class=\"now-mark at-80\">"), "marked at its slot inside the fold: \(after)")
    }

    func testTodayWithoutLogsShowsTwoHoursEitherSideOfNow() throws {
        let (dawn, _, _) = try harness()  // 10:20
        let model = try DayPage.Model(try dawn.member(), day: date("2026-05-12"))
        XCTAssertEqual(model.folds.shown, 8..<13)
        let html = timeline(dawn.get("/").text)
        XCTAssertTrue(html.contains(">00:00–08:00<") && html.contains(">13:00–00:00<"), html)
        XCTAssertTrue(html.contains("now-mark at-41"))
    }

    /// With the day starting at 04:00, the folds' labels are wall-clock times and the
    /// before fold starts at 04:00.
    func testTheDayStartHourLabelsTheFolds() throws {
        let (dawn, run, _) = try harness()
        _ = dawn.get("/settings")
        XCTAssertEqual(dawn.post("/settings", [("language", "en"), ("first_weekday", "monday"), ("day_start_hour", "4"),
                                               ("view", "row"), ("theme", "system"), ("time_zone", "Europe/Rome")]).status,
                       .seeOther)
        _ = dawn.log(run, on: "2026-05-11", start: "07:30", duration: 90)
        let html = timeline(dawn.get("/day/2026-05-11").text)
        XCTAssertTrue(html.contains(">04:00–07:00<") && html.contains(">09:00–04:00<"), html)
        XCTAssertTrue(html.contains("data-day-start=\"04:00\""))
    }
}
