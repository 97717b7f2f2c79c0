import Domain
import JSON
import MemberData
import TimeZones

/// `GET /api/v1/days/{date}`: a day as the API shows it, gathered from the same reads as the
/// day page's checklist (`habit_days`, skips, the rule in force on the day, `HabitCheckOff.isDue`)
/// and its chores (`DayPage.ChoresModel`). Typed values; `json` writes them.
struct APIDay {
    /// One active habit's day.
    struct HabitDay: Equatable {
        let id: Int64
        /// Scheduled that day and not paused (`HabitCheckOff.isDue`).
        let due: Bool
        /// Logged, and the total meets the target (`habit_days.done`).
        let done: Bool
        let skipped: Bool
        /// The day's total amount, in thousandths of the habit's unit (0 when none).
        let amountMilli: Int64

        var json: JSONValue {
            .object(JSONObject([("id", .integer(id)), ("due", .bool(due)), ("done", .bool(done)), ("skipped", .bool(skipped)),
                                ("amount", APIv1.number(thousandths: amountMilli))]))
        }
    }

    struct Chore: Equatable {
        let id: Int64
        let name: String
        let emoji: String
        let done: Bool
        /// Who did it (nil: nobody yet, or a former member).
        let doneBy: String?
        /// Done by the token's own member.
        let mine: Bool

        var json: JSONValue {
            .object(JSONObject([("id", .integer(id)), ("name", .string(name)), ("emoji", .string(emoji)), ("done", .bool(done)),
                                ("doneBy", doneBy.map(JSONValue.string) ?? .null), ("mine", .bool(mine))]))
        }
    }

    struct Note: Equatable {
        let id: Int64
        let text: String
        /// Unix seconds, as the JSON export writes a note's.
        let createdAt: Int64

        var json: JSONValue {
            .object(JSONObject([("id", .integer(id)), ("text", .string(text)), ("createdAt", .integer(createdAt))]))
        }
    }

    /// The journal's part, for a token given the journal.
    struct Journal: Equatable {
        /// The entry's Markdown source, nil when there is none.
        let entry: String?
        let notes: [Note]
    }

    let date: LocalDate
    /// Every active habit, in the member's order.
    let habits: [HabitDay]
    let chores: [Chore]
    let mood: Int?
    let journal: Journal?

    init(_ app: Dawn, _ member: MemberContext, day: LocalDate, withJournal: Bool) throws {
        date = day
        let active = try member.habits.ordered().filter { !$0.isArchived }
        habits = try Self.habitDays(active, on: day, member)
        chores = try DayPage.ChoresModel(app, member, day: day).items.map { item in
            Chore(id: item.chore.id, name: item.chore.name, emoji: item.chore.mark, done: item.done != nil,
                  doneBy: item.done?.displayName, mine: item.isMine)
        }
        mood = try Moods(database: member.database).mood(on: day)?.value
        journal = withJournal ? Journal(entry: try member.journal.entry(on: day)?.body,
                                        notes: try member.journal.notes(on: day).map {
                                            Note(id: $0.id, text: $0.body, createdAt: $0.createdAt)
                                        }) : nil
    }

    /// `habits`' days on `day`: one read of `habit_days`, one of skips.
    static func habitDays(_ habits: [Habits.Habit], on day: LocalDate, _ member: MemberContext) throws -> [HabitDay] {
        guard !habits.isEmpty else { return [] }
        let days = try member.habits.days(on: day)
        let skipped = try member.habits.skips(from: day, to: day)
        return habits.map { habit in
            let ruled = habit.ruled(on: day)
            let state = days[habit.id]
            return HabitDay(id: habit.id, due: HabitCheckOff.isDue(ruled.schedule, pausedFrom: ruled.pausedFrom, on: day),
                            done: state?.done ?? false, skipped: skipped[habit.id]?.contains(day) ?? false,
                            amountMilli: state?.amountMilli ?? 0)
        }
    }

    var json: JSONValue {
        var object = JSONObject([
            ("date", .string(date.description)), ("habits", .array(habits.map(\.json))),
            ("chores", .array(chores.map(\.json))), ("mood", mood.map { .integer(Int64($0)) } ?? .null),
        ])
        if let journal {
            object.append("entry", journal.entry.map(JSONValue.string) ?? .null)
            object.append("notes", .array(journal.notes.map(\.json)))
        }
        return .object(object)
    }
}
