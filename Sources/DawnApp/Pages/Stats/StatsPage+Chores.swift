import Domain
import Localization
import FamilyData
import Templates
import TimeZones

/// The statistics page's "Family chores" card (`Views/partials/stats-chores.html`): for the
/// shown period, per kept chore, who did it how often and the due days nobody did it
/// (counted up to the reader's today: days to come are not "not done").
extension StatsPage {
    static func chores(_ app: Dawn, _ page: PageRequest, _ member: MemberContext, period: Period) throws -> [StatsView.ChoreRow] {
        let last = min(period.last, member.today)
        let tallies = try FamilyChores(instance: app.data.instance).tally(from: period.first, through: last)
        let language = page.language
        return tallies.map { tally in
            StatsView.ChoreRow(
                name: tally.chore.name, mark: tally.chore.mark,
                colorClass: FamilyPage.colorClass(tally.chore.color),
                doers: tally.doers.map { doer in
                    let name = doer.displayName ?? app.t("chores.former_member", page)
                    return StatsView.Doer(text: app.t("chores.stats.count", page, ["name": name, "count": LocalizedNumber.integer(doer.count, language)]))
                },
                due: LocalizedNumber.integer(tally.dueDays, language),
                notDone: LocalizedNumber.integer(tally.notDone, language))
        }
    }
}
