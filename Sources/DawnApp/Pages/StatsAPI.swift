import Domain
import FoundationEssentials
import HTTP
import HTTPServer
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
        var habits: [HabitFigures]
    }

    struct HabitFigures: Codable {
        var id: Int64
        var name: String
        var emoji: String
        var count: Int
        var minutes: Int
        var activeDays: Int
        var currentStreak: Int
        var bestStreak: Int
    }

    static func add(to router: inout Router<Route>) {
        router.add(.GET, "/api/stats", .member { app, page in
            let member = try MemberContext(app, page)
            let query = try page.query()
            guard let from = query["from"].flatMap({ LocalDate(iso: $0) }), let to = query["to"].flatMap({ LocalDate(iso: $0) }),
                  from <= to else {
                return problem(.badRequest, "from and to must be dates like 2026-11-22, from not after to")
            }
            guard from.days(to: to) < maxDays else {
                return problem(.badRequest, "a range is at most \(maxDays) days")
            }
            let instances = try member.habits.instances(from: from, to: to)
            var activity = try member.journal.activity()
            let habitDays = try member.habits.daysByHabit()
            for days in habitDays.values { activity.activeDays.formUnion(days) }
            let inRange = { (day: LocalDate) in from <= day && day <= to }
            let byHabit = Dictionary(grouping: instances, by: \.habitID)
            let habits = try member.habits.all().compactMap { habit -> HabitFigures? in
                let logged = byHabit[habit.id] ?? []
                guard !habit.isArchived || !logged.isEmpty else { return nil }
                let streak = Streak(activeDates: habitDays[habit.id] ?? [], today: member.today, skipping: member.skippedDates)
                return HabitFigures(id: habit.id, name: habit.name, emoji: habit.emoji, count: logged.count,
                                    minutes: logged.reduce(0) { $0 + $1.durationMinutes },
                                    activeDays: Set(logged.map(\.day)).count,
                                    currentStreak: streak.current, bestStreak: streak.best)
            }
            let figures = Figures(from: from.description, to: to.description, days: from.days(to: to) + 1,
                                  activeDays: activity.activeDays.filter(inRange).count,
                                  entries: activity.entryDays.filter(inRange).count, habits: habits)
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
