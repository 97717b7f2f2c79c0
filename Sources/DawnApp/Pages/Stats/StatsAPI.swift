import Domain
import HTTP
import HTTPServer
import JSON
import MemberData
import TimeZones

/// `GET /api/stats?from=YYYY-MM-DD&to=YYYY-MM-DD`: the signed-in member's figures for
/// a range of days, as JSON — the same figures the statistics page shows. Moods are
/// averages with one decimal, `null` (never left out) when the range has none to average.
enum StatsAPI {
    /// The longest range one request may ask for.
    static let maxDays = 3 * 366

    struct Figures {
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

        var json: JSONValue {
            .object(JSONObject([
                ("from", .string(from)), ("to", .string(to)), ("days", .integer(Int64(days))),
                ("activeDays", .integer(Int64(activeDays))), ("entries", .integer(Int64(entries))),
                ("currentStreak", .integer(Int64(currentStreak))), ("habits", .array(habits.map(\.json))),
                ("moodAverage", moodAverage.map(JSONValue.double) ?? .null),  // null, not absent
            ]))
        }
    }

    struct HabitFigures {
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

        var json: JSONValue {
            .object(JSONObject([
                ("id", .integer(id)), ("name", .string(name)), ("emoji", .string(emoji)), ("count", .integer(Int64(count))),
                ("minutes", .integer(Int64(minutes))), ("activeDays", .integer(Int64(activeDays))),
                ("currentStreak", .integer(Int64(currentStreak))), ("bestStreak", .integer(Int64(bestStreak))),
                ("streakUnit", .string(streakUnit)), ("score", .double(score)), ("schedule", schedule.json),
                ("moodWhenDone", moodWhenDone.map(JSONValue.double) ?? .null),  // null, not absent
                ("moodWhenNotDone", moodWhenNotDone.map(JSONValue.double) ?? .null),
            ]))
        }
    }

    static func add(to router: inout Router<Route>) {
        // Up to three years of sums: on the worker pool.
        router.add(.GET, "/api/stats", .member(slow: true) { app, page, member in
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
            var response = HTTPResponse(status: .ok, contentType: "application/json; charset=utf-8",
                                        body: JSONWriter.bytes(figures.json, options: [.sortedKeys]))
            response.headers.add("Cache-Control", "private, no-store")
            return response
        })
    }

    private static func problem(_ status: HTTPStatus, _ message: String) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "application/json; charset=utf-8",
                     body: JSONWriter.bytes(.object(["error": .string(message)])))
    }
}
