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
        router.add(.GET, "/board", .member { app, page in
            let member = try MemberContext(app, page)
            let model = try Model(app, member)
            let rows = model.rows.map { row -> TemplateValue in
                [
                    "name": .string(row.displayName),
                    "streak": .string(app.strings.plural("board.streak", count: row.streak, page.language)),
                    "activeToday": .bool(row.activeToday),
                    "isMe": .bool(row.isMe),
                ]
            }
            return app.render("board", [
                "title": .string(app.t("board.title", page)),
                "members": rows.isEmpty ? .null : .list(rows),
                "optedIn": .bool(model.optedIn),
                "familyChores": model.chores.isEmpty ? .null : .list(model.chores.map { due in
                    let who = DayPage.whoDidIt(due.done, isMine: due.done?.memberID == member.actor.member.id, app, page)
                    return [
                        "name": .string(due.chore.name), "mark": .string(due.chore.mark),
                        "colorClass": .string(FamilyPage.colorClass(due.chore.color)),
                        "state": .string(due.done == nil ? "open" : "done"),
                        "who": .string(who ?? app.t("chores.not_done", page)),
                    ]
                }),
                "choresURL": .string(Paths.own.day(member.today) + "#chores"),
                "stylesheet": .string(app.staticFiles.url(for: "stats.css") ?? ""),
            ], for: page)
        })
    }
}
