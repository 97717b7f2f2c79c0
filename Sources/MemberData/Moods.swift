import Domain
import Store
import TimeZones

/// One member's moods (`moods`, member schema 7): at most one per day, in their own
/// database. A mood is not activity: no summary table or streak reads it.
package struct Moods {
    package let database: Database

    package init(database: Database) {
        self.database = database
    }

    package func mood(on day: LocalDate) throws -> Mood? {
        try database.read { connection in
            try connection.queryOne("SELECT value FROM moods WHERE day = ?", [.text(day.description)])
                .flatMap { try? Mood($0.int(0)) }
        }
    }

    /// Sets the day's mood, replacing the one it had.
    package func set(_ mood: Mood, on day: LocalDate) throws {
        try database.write { connection in
            try connection.run("""
                INSERT INTO moods (day, value) VALUES (?, ?) ON CONFLICT (day) DO UPDATE SET value = excluded.value
                """, [.text(day.description), .integer(Int64(mood.value))])
        }
    }

    /// Clears the day's mood; false when it had none.
    @discardableResult
    package func clear(on day: LocalDate) throws -> Bool {
        try database.write { try $0.run("DELETE FROM moods WHERE day = ?", [.text(day.description)]) > 0 }
    }

    /// Every mood, oldest day first (the exports).
    package static func all(_ connection: Connection) throws -> [(day: LocalDate, mood: Mood)] {
        try connection.query("SELECT day, value FROM moods ORDER BY day").compactMap { row in
            guard let day = LocalDate(iso: row.string(0)), let mood = try? Mood(row.int(1)) else { return nil }
            return (day, mood)
        }
    }

    /// The moods of `from…to`, added up: all of them, and per habit those of the days it
    /// was done (`habit_days.done`). Two queries over the range (`tallySQL`), each reading a
    /// range of a primary key: the cost follows the range, never the years behind it. What
    /// a habit was not done on is the rest: `all - done[habit]`.
    package static func tallies(_ connection: Connection, from: LocalDate, to: LocalDate)
        throws -> (all: MoodTally, done: [Int64: MoodTally]) {
        let range: [SQLValue] = [.text(from.description), .text(to.description)]
        let row = try connection.queryOne(tallySQL.all, range)
        let all = MoodTally(sum: row?.int(1) ?? 0, count: row?.int(0) ?? 0)
        var done: [Int64: MoodTally] = [:]
        guard all.count > 0 else { return (all, done) }
        for row in try connection.query(tallySQL.doneByHabit, range) {
            done[row.int64(0)] = MoodTally(sum: row.int(2), count: row.int(1))
        }
        return (all, done)
    }

    /// `tallies`' queries, each bound to the range's first and last day.
    package static let tallySQL = (
        all: "SELECT count(*), coalesce(sum(value), 0) FROM moods WHERE day BETWEEN ? AND ?",
        doneByHabit: """
            SELECT habit_days.habit_id, count(*), sum(moods.value) FROM habit_days JOIN moods ON moods.day = habit_days.day
            WHERE habit_days.habit_id IN (SELECT id FROM habits) AND habit_days.day BETWEEN ? AND ? AND habit_days.done
            GROUP BY habit_days.habit_id
            """
    )
}
