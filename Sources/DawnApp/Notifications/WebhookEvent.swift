import JSON
import TimeZones

/// What a member's webhook is told after a write of the checklist (`DayPage.writeCheck`:
/// the day page's forms, the API, the kitchen screen): which habit, which day, what
/// happened and when. Its JSON `body` is exactly the bytes sent and signed
/// (`WebhookSignature`); docs/reference.md describes it.
struct WebhookEvent: Sendable, Equatable {
    enum Kind: String, Sendable, Equatable {
        /// A check-off was written and the day is done.
        case done = "habit.done"
        /// The day's check-offs were taken back.
        case undone = "habit.undone"
        case skipped = "habit.skipped"
        case unskipped = "habit.unskipped"
    }

    let kind: Kind
    let habitID: Int64
    let name: String
    let emoji: String
    let day: LocalDate
    /// Unix seconds of the write.
    let at: Int64

    /// `{"event":"habit.done","habit":{"id":1,"name":"Read","emoji":"📚"},"date":"2026-07-07","at":"2026-07-07T09:00:00Z"}`:
    /// keys in that order, no spaces, `at` in UTC.
    var body: [UInt8] {
        let habit = JSONValue.object(JSONObject([("id", .integer(habitID)), ("name", .string(name)), ("emoji", .string(emoji))]))
        return JSONWriter.bytes(.object(JSONObject([
            ("event", .string(kind.rawValue)), ("habit", habit), ("date", .string(day.description)),
            ("at", .string(TimeZoneRules.utc.localDateTime(at: at).description + "Z")),
        ])), options: [.withoutEscapingSlashes])
    }
}
