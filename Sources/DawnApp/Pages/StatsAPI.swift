import Domain
import FoundationEssentials
import HTTP
import HTTPServer
import MemberData
import TimeZones

/// `GET /api/stats?from=YYYY-MM-DD&to=YYYY-MM-DD`: the signed-in member's figures for
/// a range of days, as JSON — the same figures the statistics page shows. Moods are
/// averages with one decimal, `null` (never left out) when the range has none to average.
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
        /// The range's average mood, 1–5 with one decimal.
        var moodAverage: Double?

        private enum CodingKeys: String, CodingKey {
            case from, to, days, activeDays, entries, currentStreak, habits, moodAverage
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(from, forKey: .from)
            try container.encode(to, forKey: .to)
            try container.encode(days, forKey: .days)
            try container.encode(activeDays, forKey: .activeDays)
            try container.encode(entries, forKey: .entries)
            try container.encode(currentStreak, forKey: .currentStreak)
            try container.encode(habits, forKey: .habits)
            try container.encode(moodAverage, forKey: .moodAverage)  // null, not absent
        }
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
        /// The average mood of the range's days it was done, and of its other days with a mood.
        var moodWhenDone: Double?
        var moodWhenNotDone: Double?

        private enum CodingKeys: String, CodingKey {
            case id, name, emoji, count, minutes, activeDays, currentStreak, bestStreak, streakUnit, score, schedule,
                 moodWhenDone, moodWhenNotDone
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(name, forKey: .name)
            try container.encode(emoji, forKey: .emoji)
            try container.encode(count, forKey: .count)
            try container.encode(minutes, forKey: .minutes)
            try container.encode(activeDays, forKey: .activeDays)
            try container.encode(currentStreak, forKey: .currentStreak)
            try container.encode(bestStreak, forKey: .bestStreak)
            try container.encode(streakUnit, forKey: .streakUnit)
            try container.encode(score, forKey: .score)
            try container.encode(schedule, forKey: .schedule)
            try container.encode(moodWhenDone, forKey: .moodWhenDone)  // null, not absent
            try container.encode(moodWhenNotDone, forKey: .moodWhenNotDone)
        }
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
                             schedule: ExportPage.schedule(figures.habit),
                             moodWhenDone: figures.moodWhenDone.average, moodWhenNotDone: figures.moodWhenNotDone.average)
            }
            let figures = Figures(from: from.description, to: to.description, days: from.days(to: to) + 1,
                                  activeDays: computed.activeDays, entries: computed.entries,
                                  currentStreak: computed.currentStreak, habits: habits, moodAverage: computed.mood.average)
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
