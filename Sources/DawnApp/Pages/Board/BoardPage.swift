import Domain
import HTTP
import HTTPServer
import Localization
import MemberData
import Templates
import TimeZones

/// `/board`, for every member: the current streaks of the members who chose to
/// share them (a setting, off by default), and whether today is active for them.
/// It reads only the board's summaries, never a member's habits, notes or entries.
enum BoardPage {
    static func add(to router: inout Router<Route>) {
        router.add(.GET, "/board", .member { app, page, member in
            let model = try Model(app, member)
            let rows = model.rows.map { row in
                BoardView.Member(name: row.displayName,
                                 streak: app.strings.plural("board.streak", count: row.streak, page.language),
                                 activeToday: row.activeToday, isMe: row.isMe)
            }
            let chores = model.chores.map { due in
                let who = DayPage.whoDidIt(due.done, isMine: due.done?.memberID == member.actor.member.id, app, page)
                return BoardView.Chore(name: due.chore.name, mark: due.chore.mark,
                                       colorClass: FamilyPage.colorClass(due.chore.color),
                                       state: due.done == nil ? "open" : "done",
                                       who: who ?? app.t("chores.not_done", page))
            }
            // Points are the child's and their guardians' business: the reader's own, or their children's.
            let snapshot = try app.familySnapshot()
            let me = member.actor.member
            let holders = me.isChild ? [me] : snapshot.children(of: me.id)
            let points = holders.map {
                BoardView.Balance(name: $0.displayName, balance: String(snapshot.balance(of: $0.id)))
            }
            return app.render(BoardView(
                title: app.t("board.title", page),
                members: rows,
                optedIn: model.optedIn,
                familyChores: chores,
                choresURL: Paths.own.day(member.today) + "#chores",
                points: points,
                stylesheet: app.staticFiles.url(for: "stats.css") ?? ""
            ), for: page)
        })
    }
}
