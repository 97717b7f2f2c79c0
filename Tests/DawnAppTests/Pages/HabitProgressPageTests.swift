import Domain
import FoundationEssentials
import MemberData
import Store
import TimeZones
import XCTest
@testable import DawnApp

/// Streaks in each habit's own units, its strength and the member's streak across a
/// vacation, on `/stats` and `/api/stats`, on a fixed clock (Tuesday 2026-11-24, weeks
/// from Monday).
final class HabitProgressPageTests: XCTestCase {
    private func date(_ iso: String) -> LocalDate { LocalDate(iso: iso)! }

    private func harness() throws -> PageHarness {
        let dawn = try PageHarness(now: PageHarness.instant("2026-11-24T10:00:00Z"))
        dawn.setUp(timeZone: "UTC")
        _ = dawn.get("/habits/new")
        for name in ["Gym", "Swim", "Read"] {
            XCTAssertEqual(dawn.post("/habits", [("name", name), ("emoji", "🏃"), ("color", "#48DBAB"),
                                                 ("custom_color", "#888888"), ("duration", "30")]).status, .seeOther)
        }
        let member = try dawn.member()
        let habits = member.habits
        XCTAssertTrue(try habits.setPlan(1, .init(schedule: HabitSchedule.perWeek(2))))
        XCTAssertTrue(try habits.setPlan(2, .init(schedule: HabitSchedule.weekdays([.monday, .wednesday, .friday]))))
        XCTAssertTrue(try habits.setPlan(3, .init(targetMilli: 20_000, targetUnit: "pages")))
        let logs: [(Int64, String, Int64?)] = [
            (1, "2026-11-10", nil), (1, "2026-11-12", nil), (1, "2026-11-17", nil), (1, "2026-11-19", nil), (1, "2026-11-23", nil),
            (2, "2026-11-16", nil), (2, "2026-11-18", nil), (2, "2026-11-20", nil), (2, "2026-11-23", nil),
            (3, "2026-11-22", 25_000), (3, "2026-11-23", 10_000), (3, "2026-11-24", 30_000),
        ]
        try member.database.write { connection in
            for (habit, day, amount) in logs {
                try connection.run("""
                    INSERT INTO habit_instances (habit_id, day, start_minute, duration_minutes, note, created_at, amount_milli)
                    VALUES (?, ?, 480, 30, '', 1, ?)
                    """, [.integer(habit), .text(day), amount.map(SQLValue.integer) ?? .null])
            }
        }
        return dawn
    }

    private struct API: Decodable {
        struct Habit: Decodable {
            let name: String
            let currentStreak: Int
            let bestStreak: Int
            let streakUnit: String
            let score: Double
            let schedule: [String: Schedule]?
        }
        enum Schedule: Decodable {
            case text(String), number(Int), list([String])
            init(from decoder: any Decoder) throws {
                let container = try decoder.singleValueContainer()
                if let text = try? container.decode(String.self) { self = .text(text) }
                else if let number = try? container.decode(Int.self) { self = .number(number) }
                else { self = .list(try container.decode([String].self)) }
            }
        }
        let currentStreak: Int
        let habits: [Habit]
    }

    func testEachHabitCountsInItsOwnUnits() throws {
        let dawn = try harness()
        let page = dawn.get("/api/stats?from=2026-11-01&to=2026-11-24")
        XCTAssertEqual(page.status, .ok, page.text)
        let api = try JSONDecoder().decode(API.self, from: Data(page.body))
        let byName = Dictionary(uniqueKeysWithValues: api.habits.map { ($0.name, $0) })
        // Two weeks met twice (W46, W47); this week has one of two so far and does not break.
        XCTAssertEqual(byName["Gym"].map { [$0.currentStreak, $0.bestStreak] }, [2, 2])
        XCTAssertEqual(byName["Gym"]?.streakUnit, "week")
        XCTAssertTrue(page.text.contains(#""schedule":{"every":"week","times":2}"#), page.text)
        // Mon, Wed, Fri, Mon: four scheduled days running (Tuesday is not one of them).
        XCTAssertEqual(byName["Swim"].map { [$0.currentStreak, $0.bestStreak] }, [4, 4])
        XCTAssertEqual(byName["Swim"]?.streakUnit, "day")
        XCTAssertTrue(page.text.contains(#""schedule":{"weekdays":["mon","wed","fri"]}"#), page.text)
        // 25 and 30 pages meet the target of 20; 10 does not: today alone.
        XCTAssertEqual(byName["Read"].map { [$0.currentStreak, $0.bestStreak] }, [1, 1])
        // Strength: Loop's daily figure for done, not done, done (1 − m, then × m, then + (1 − m)).
        let m = HabitSchedule.daily.scoreMultiplier
        let read = ((1 - m) * m * m + (1 - m)) * 100
        XCTAssertEqual(byName["Read"]?.score, (read * 10).rounded() / 10)
        // The member's streak: the 24th, 23rd, 22nd; the 21st has nothing on it.
        XCTAssertEqual(api.currentStreak, 3)
        // The day page's library says each habit's streak in its own unit.
        let day = dawn.get("/").text
        XCTAssertTrue(day.contains("· 2 weeks streak ·"), day)
        XCTAssertTrue(day.contains("· 4 days streak ·"), day)
        let stats = dawn.get("/stats?g=month")
        XCTAssertTrue(stats.text.contains("<td>2 weeks</td><td>2 weeks</td>"), stats.text)
        XCTAssertTrue(stats.text.contains("<td>4 days</td><td>4 days</td>"), stats.text)
    }

    func testAVacationSkipsAndAPauseBridgeStreaks() throws {
        let dawn = try harness()
        let member = try dawn.member()
        _ = try Vacations(database: member.database).add(first: date("2026-11-21"), last: date("2026-11-21"), today: member.today)
        // Read was not done on the 23rd (10 of 20 pages): a skip makes that day no unit.
        XCTAssertTrue(try member.habits.setSkipped(3, on: date("2026-11-23"), true))
        // Swim paused from the 21st: Monday the 23rd no longer counts, and nothing breaks.
        XCTAssertTrue(try member.habits.setPaused(2, from: date("2026-11-21")))
        let api = try JSONDecoder().decode(API.self, from: Data(dawn.get("/api/stats?from=2026-11-01&to=2026-11-24").body))
        let byName = Dictionary(uniqueKeysWithValues: api.habits.map { ($0.name, $0) })
        XCTAssertEqual(byName["Read"]?.currentStreak, 2, "the 22nd and the 24th, across the skipped 23rd")
        XCTAssertEqual(byName["Swim"]?.currentStreak, 3, "16th, 18th, 20th; paused since")
        // 16th to 24th with the 21st away: eight active days.
        XCTAssertEqual(api.currentStreak, 8)
    }

    /// The habit page's model: weeks and months counted, the twelve weeks day by day.
    func testTheHabitPagesWeeksMonthsAndDays() throws {
        let dawn = try harness()
        let member = try dawn.member()
        XCTAssertTrue(try member.habits.setSkipped(2, on: date("2026-11-13"), true))
        let gym = try HabitPage.Model(member, id: 1)
        XCTAssertEqual(gym.weeks.map(\.period.first).prefix(3), [date("2026-11-23"), date("2026-11-16"), date("2026-11-09")])
        XCTAssertEqual(gym.weeks.prefix(4).map(\.done), [1, 2, 2, 0])
        XCTAssertEqual(gym.months.prefix(2).map(\.done), [5, 0])
        XCTAssertEqual(gym.months.first?.period.first, date("2026-11-01"))
        XCTAssertEqual(gym.weeks.count, 12)
        XCTAssertEqual(gym.progress.unit, .week)
        XCTAssertEqual(gym.progress.current, 2)

        let swim = try HabitPage.Model(member, id: 2)
        XCTAssertEqual(swim.history.count, 84)
        XCTAssertEqual(swim.history.first?.date, date("2026-09-07"), "twelve whole weeks from Monday")
        XCTAssertEqual(swim.history.last?.date, date("2026-11-29"))
        let states = Dictionary(uniqueKeysWithValues: swim.history.map { ($0.date, $0.state) })
        XCTAssertEqual(states[date("2026-11-16")], .done)
        XCTAssertEqual(states[date("2026-11-17")], .off, "a Tuesday is not one of its days")
        XCTAssertEqual(states[date("2026-11-13")], .skipped)
        XCTAssertEqual(states[date("2026-11-11")], .missed, "a Wednesday not done")
        XCTAssertEqual(states[date("2026-11-25")], .future)

        let read = try HabitPage.Model(member, id: 3)
        let readDays = Dictionary(uniqueKeysWithValues: read.history.map { ($0.date, $0.state) })
        XCTAssertEqual(readDays[date("2026-11-23")], .partial, "10 of 20 pages")
        XCTAssertEqual(readDays[date("2026-11-24")], .done)
        XCTAssertEqual(read.target, try HabitTarget(amount: 20, unit: "pages", kind: .atLeast))
        XCTAssertThrowsError(try HabitPage.Model(member, id: 99))
    }

    /// `/habits/{id}` answers for the member's habits only, in words.
    func testTheHabitPage() throws {
        let dawn = try harness()
        let page = dawn.get("/habits/1")
        XCTAssertEqual(page.status, .ok)
        for text in ["2 times a week", "<dd>2 weeks</dd>", "The last twelve weeks", #"class="habit-day done""#,
                     #"href="/stats?g=week&amp;p=2026-W48""#] {
            XCTAssertTrue(page.text.contains(text), text + "\n" + page.text)
        }
        let read = dawn.get("/habits/3").text
        XCTAssertTrue(read.contains("at least 20\u{00A0}pages a day"), read)
        XCTAssertTrue(read.contains(#"class="habit-day partial""#))
        XCTAssertEqual(dawn.get("/habits/99").status, .notFound)
        XCTAssertEqual(dawn.get("/habits/1x").status, .methodNotAllowed, "only the edit form's POST takes any id")
        XCTAssertEqual(dawn.get("/habits/new").status, .ok, "the form is still the form")
        XCTAssertEqual(dawn.get("/habits/archived").status, .ok)
    }

    func testTheTwelveWeeksLeadEachWeekWithItsDate() throws {
        let dawn = try harness()
        let text = dawn.get("/habits/1").text
        let labels = text.matches(of: #/<span class="habit-history-week" aria-hidden="true">([^<]*)</span>/#).map { String($0.1) }
        XCTAssertEqual(labels, ["", "7 Sep", "14 Sep", "21 Sep", "28 Sep", "5 Oct", "12 Oct", "19 Oct", "26 Oct",
                                "2 Nov", "9 Nov", "16 Nov", "23 Nov"], "the header's corner, then each Monday")
        // Each week's row holds its seven days, the dated one first.
        let row = try XCTUnwrap(text.firstRange(of: #"16 Nov</span>"#))
        let days = text[row.upperBound...].matches(of: #/aria-label="([^"]*)"/#).prefix(7).map { String($0.1) }
        XCTAssertEqual(days.first?.hasPrefix("16 November 2026"), true, "\(days)")
        XCTAssertEqual(days.last?.hasPrefix("22 November 2026"), true, "\(days)")
    }
}
