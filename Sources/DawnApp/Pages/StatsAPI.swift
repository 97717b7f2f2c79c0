import Domain
import FoundationEssentials
import HTTP
import HTTPServer
import MemberData
import TimeZones

/// `GET /api/stats?from=YYYY-MM-DD&to=YYYY-MM-DD`: the signed-in member's figures for
/// a range of days, as JSON — the same figures the statistics page shows.
enum StatsAPI {
    /// The longest range one request may ask for.
    static let maxDays = 3 * 366

    struct Figures: Codable {
        var from: String
        var to: String
        var days: Int
        var activeDays: Int
        var entries: Int
        /// The member's streak of active days now (vacations bridged).
        var currentStreak: Int
        var habits: [HabitFigures]
    }

    struct HabitFigures: Codable {
        var id: Int64
        var name: String
        var emoji: String
        var count: Int
        var minutes: Int
        var activeDays: Int
        /// In `streakUnit`s.
        var currentStreak: Int
        var bestStreak: Int
        /// "day", "week" or "month".
        var streakUnit: String
        /// Habit strength, 0–100 with one decimal.
        var score: Double
        var schedule: DawnExportFormat.Schedule
    }

    static func add(to router: inout Router<Route>) {
        // Up to three years of sums: on the worker pool.
        router.add(.GET, "/api/stats", .member(slow: true) { app, page in
            let member = try MemberContext(app, page)
            let query = try page.query()
            guard let from = query["from"].flatMap({ LocalDate(iso: $0) }), let to = query["to"].flatMap({ LocalDate(iso: $0) }),
                  from <= to else {
                return problem(.badRequest, "from and to must be dates like 2026-11-22, from not after to")
            }
            guard from.days(to: to) < maxDays else {
                return problem(.badRequest, "a range is at most \(maxDays) days")
            }
            let computed = try StatsFigures(member, from: from, to: to)
            // By id, as this API has always listed them.
            let habits = computed.habits.sorted { $0.habit.id < $1.habit.id }.map { figures in
                HabitFigures(id: figures.habit.id, name: figures.habit.name, emoji: figures.habit.emoji,
                             count: figures.count, minutes: figures.minutes, activeDays: figures.activeDays,
                             currentStreak: figures.progress.current, bestStreak: figures.progress.best,
                             streakUnit: figures.progress.unit.rawValue, score: (figures.progress.score * 1_000).rounded() / 10,
                             schedule: ExportPage.schedule(figures.habit))
            }
            let figures = Figures(from: from.description, to: to.description, days: from.days(to: to) + 1,
                                  activeDays: computed.activeDays, entries: computed.entries,
                                  currentStreak: computed.currentStreak, habits: habits)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            var response = HTTPResponse(status: .ok, contentType: "application/json; charset=utf-8",
                                        body: Array(try encoder.encode(figures)))
            response.headers.add("Cache-Control", "private, no-store")
            return response
        })
    }

    private static func problem(_ status: HTTPStatus, _ message: String) -> HTTPResponse {
        let body = (try? JSONEncoder().encode(["error": message])).map { Array($0) } ?? []
        return HTTPResponse(status: status, contentType: "application/json; charset=utf-8", body: body)
    }
}
