import Domain
import Localization
import FamilyData
import Templates
import TimeZones

/// The statistics page's "Family chores" card (`Views/partials/stats-chores.html`): for the
/// shown period, per kept chore, who did it how often and the due days nobody did it
/// (counted up to the reader's today: days to come are not "not done").
extension StatsPage {
    static func choresValues(_ app: Dawn, _ page: PageRequest, _ member: MemberContext, period: Period) throws -> [String: TemplateValue] {
        let last = min(period.last, member.today)
        let tallies = try FamilyChores(instance: app.data.instance).tally(from: period.first, through: last)
        let language = page.language
        let rows = tallies.map { tally -> TemplateValue in
            let doers = tally.doers.map { doer -> TemplateValue in
                let name = doer.displayName ?? app.t("chores.former_member", page)
                return ["text": .string(app.t("chores.stats.count", page, ["name": name, "count": LocalizedNumber.integer(doer.count, language)]))]
            }
            return [
                "name": .string(tally.chore.name), "mark": .string(tally.chore.mark),
                "colorClass": .string(FamilyPage.colorClass(tally.chore.color)),
                "doers": doers.isEmpty ? .null : .list(doers),
                "due": .string(LocalizedNumber.integer(tally.dueDays, language)),
                "notDone": .string(LocalizedNumber.integer(tally.notDone, language)),
            ]
        }
        return ["familyChores": rows.isEmpty ? .null : .list(rows)]
    }
}
