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
            let rows = try Board(instance: app.data.instance).summaries().map { summary -> TemplateValue in
                let rules = (try? app.timeZones.rules(for: summary.timeZone)) ?? .utc
                let today = MemberDay.today(at: member.now, rules: rules, dayStartHour: summary.dayStartHour)
                let (streak, activeToday) = Board.streak(summary, today: today)
                return [
                    "name": .string(summary.displayName),
                    "streak": .string(app.strings.plural("board.streak", count: streak, page.language)),
                    "activeToday": .bool(activeToday),
                    "isMe": .bool(summary.memberID == member.signedIn.member.id),
                ]
            }
            let optedIn = try Board(instance: app.data.instance).isOptedIn(member.signedIn.member.id)
            return app.render("board", [
                "title": .string(app.t("board.title", page)),
                "members": rows.isEmpty ? .null : .list(rows),
                "optedIn": .bool(optedIn),
                "stylesheet": .string(app.staticFiles.url(for: "stats.css") ?? ""),
            ], for: page)
        })
    }
}
