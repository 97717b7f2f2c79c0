import Domain
import FamilyData
import TimeZones

extension BoardPage {
    /// What the family board shows: for each member who shares, their current streak on
    /// their own today (their zone and day start), whether today is active yet, and
    /// whether it is the reader. Read from the board's summaries alone, never from a
    /// member's database. No HTML, no wording.
    struct Model {
        struct Row: Equatable {
            let displayName: String
            let streak: Int
            let activeToday: Bool
            let isMe: Bool
        }

        let rows: [Row]
        /// The reader shares their own streak.
        let optedIn: Bool
        /// The family chores due on the reader's today, with who did each (`FamilyChores`).
        let chores: [FamilyChores.DayChore]

        init(_ app: Dawn, _ member: MemberContext) throws {
            let board = Board(instance: app.data.instance)
            rows = try board.summaries().map { summary in
                let today = try MemberClock(timeZone: summary.timeZone, dayStartHour: summary.dayStartHour,
                                            zones: app.timeZones).today(at: member.now)
                let (streak, activeToday) = try Board.streak(summary, today: today)
                return Row(displayName: summary.displayName, streak: streak, activeToday: activeToday,
                           isMe: summary.memberID == member.account.id)
            }
            optedIn = try board.isOptedIn(member.account.id)
            chores = try FamilyChores(instance: app.data.instance).day(member.today)
        }
    }
}
