import Accounts
import HTTP
import HTTPServer
import Localization
import Templates
import TimeZones

/// The day page's line about wrong PINs typed for the member on a family screen ("3 wrong
/// PINs on Kitchen at 18:02", in the member's language and time zone), one per screen,
/// until they dismiss it or sign in with their password (`PINFailures`). Only on the
/// member's own page, never a guardian's view. A wrong PIN, a dismissal and a sign-in that
/// clears it each announce the change on the member's write path
/// (`Dawn.memberChangedElsewhere`), so the cached day page is never stale and a cached hit
/// reads nothing more.
extension DayPage {
    static let pinNoticesSeenPath = "/pin-notices/seen"

    static func addPINNotices(to router: inout Router<Route>) {
        router.add(.POST, pinNoticesSeenPath, .member { app, page in
            let member = try page.member.member
            if try app.familyScreens.pinFailures.markSeen(member.id) { app.memberChangedElsewhere(member.id) }
            return .redirect(to: Paths.own.home)
        })
    }

    /// The lines; none on a guardian's view.
    static func pinNoticeLines(_ app: Dawn, _ page: PageRequest, _ member: MemberContext) throws -> [String] {
        guard member.guardianView == nil else { return [] }
        return try app.familyScreens.pinFailures.unseen(member.account.id).map { failures in
            app.strings.plural("pins.notice", count: failures.count, page.language,
                               ["screen": failures.screen, "time": when(failures.last, member.rules, today: member.today, page.language)])
        }
    }

    /// "18:02" on the given today, else the date before it.
    static func when(_ instant: Int64, _ rules: TimeZoneRules, today: LocalDate?, _ language: Language) -> String {
        let wall = rules.localDateTime(at: instant)
        let time = LocalizedDate.time(hour: wall.hour, minute: wall.minute)
        return wall.date == today ? time : LocalizedDate.long(wall.date, language) + ", " + time
    }
}
