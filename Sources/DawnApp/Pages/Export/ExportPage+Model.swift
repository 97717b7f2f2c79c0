import Accounts
import Domain
import MemberData
import TimeZones

extension ExportPage {
    /// What the CSV and JSON exports hold, gathered once from the member's data; the
    /// writers (`ExportPage.csv`, `ExportPage.json`) only format it.
    struct Model {
        /// A day's journal entry, its day exported as stored.
        struct Entry: Equatable {
            let day: String
            let body: String
        }

        /// A note, its day exported as stored.
        struct Note: Equatable {
            let day: String
            let body: String
            let createdAt: Int64
        }

        let account: Member
        let settings: MemberSettings
        let today: LocalDate
        /// Now, on the member's wall clock.
        let exportedAt: LocalDateTime
        let habits: [Habits.Habit]
        /// Every logged habit, as `Habits.allInstances` orders them.
        let instances: [HabitInstance]
        /// By day; empty unless gathered `withJournal` (the CSV holds logs only).
        let entries: [Entry]
        /// By day, then as written; empty unless gathered `withJournal`.
        let notes: [Note]
        /// By day; empty unless gathered `withJournal`.
        let moods: [(day: LocalDate, mood: Mood)]
        /// Each habit's skipped days, by habit then day.
        let skips: [(habitID: Int64, day: LocalDate)]
        let vacations: [Vacations.Vacation]

        init(_ member: MemberContext, withJournal: Bool) throws {
            account = member.account
            settings = member.settings
            today = member.today
            exportedAt = member.rules.localDateTime(at: member.now)
            if withJournal {
                (entries, notes, moods) = try member.database.read { connection in
                    let entries = try connection.query("SELECT day, body FROM entries ORDER BY day")
                        .map { Entry(day: $0.string(0), body: $0.string(1)) }
                    let notes = try connection.query("SELECT day, body, created_at FROM notes ORDER BY day, created_at, id")
                        .map { Note(day: $0.string(0), body: $0.string(1), createdAt: $0.int64(2)) }
                    return (entries, notes, try Moods.all(connection))
                }
            } else {
                (entries, notes, moods) = ([], [], [])
            }
            instances = try member.habits.allInstances()
            habits = try member.habits.ordered()
            skips = try member.habits.allSkips()
            vacations = try Vacations(database: member.database).all()
        }

        /// The downloads' name before the extension.
        var fileStem: String { ExportPage.stamp(username: account.username, today: today) }
    }
}
