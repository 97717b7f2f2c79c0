import Domain
import HTTP
import HTTPServer
import Localization
import MemberData
import Templates
import TimeZones

/// `/vacations` (linked from `/settings`): the member's vacations, adding one (its first
/// and last day) and deleting one. Vacation days neither count nor break any streak and
/// show as their own state on the row, the grid and the calendar. A refused vacation
/// (ending before it starts, overlapping another, out of reach, one too many, a date
/// that is not one) comes back in the form with the message beside its field.
enum VacationsPage {
    static func add(to router: inout Router<Route>) {
        router.add(.GET, "/vacations", .member { app, page, member in
            return try show(app, page, member, notice: notice(try page.query()["done"]).map { app.t($0, page) })
        })
        router.add(.POST, "/vacations", .member { app, page, member in try addVacation(app, page, member) })
        router.add(.POST, "/vacations/{id}/delete", .member { app, page, member in
            guard let id = try page.id(), try Vacations(database: member.database).delete(id: id) else {
                return try show(app, page, member, listError: app.t("vacations.not_found", page), status: .notFound)
            }
            return .redirect(to: Paths.done(Paths.vacations, "deleted"))
        })
    }

    /// The key of the notice after `?done=`: added, deleted.
    private static func notice(_ done: String?) -> String? {
        guard let done, ["added", "deleted"].contains(done) else { return nil }
        return "vacations." + done
    }

    private static func addVacation(_ app: Dawn, _ page: PageRequest, _ member: MemberContext) throws -> HTTPResponse {
        let f = page.form
        var form = FormState(values: ["first": f["first"] ?? "", "last": f["last"] ?? ""])
        var dates: [String: LocalDate] = [:]
        for name in ["first", "last"] {
            switch Field(f[name]) {
            case let .date(date): dates[name] = date
            case .missing: form.fail(name, app.t(name == "first" ? "vacations.missing_first" : "vacations.missing_last", page))
            case .malformed: form.fail(name, app.t("vacations.bad_date", page))
            }
        }
        guard form.isValid, let first = dates["first"], let last = dates["last"] else {
            return try show(app, page, member, form: form, status: .badRequest)
        }
        do {
            try Vacations(database: member.database).add(first: first, last: last, today: member.today)
        } catch let refusal as Vacations.Refusal {
            let language = page.language
            switch refusal {
            case .endsBeforeStart:
                form.fail("last", app.t("vacations.ends_before_start", page))
            case let .outOfRange(day, allowed):
                form.fail(day == first ? "first" : "last", app.t("vacations.out_of_range", page, [
                    "from": LocalizedDate.dayLabel(allowed.lowerBound, language),
                    "to": LocalizedDate.dayLabel(allowed.upperBound, language),
                ]))
            case let .overlaps(existing):
                form.fail("first", app.t("vacations.overlaps", page, [
                    "first": LocalizedDate.dayLabel(existing.first, language),
                    "last": LocalizedDate.dayLabel(existing.last, language),
                ]))
            case let .tooMany(max):
                form.fail("general", app.t("vacations.too_many", page, ["max": LocalizedNumber.integer(max, language)]))
            }
            return try show(app, page, member, form: form, status: .badRequest)
        }
        return .redirect(to: Paths.done(Paths.vacations, "added"))
    }

    /// The view: the model in the page's language, into `Views/vacations.html`.
    private static func show(_ app: Dawn, _ page: PageRequest, _ member: MemberContext, notice: String? = nil,
                             form: FormState = FormState(values: ["first": "", "last": ""]),
                             listError: String? = nil, status: HTTPStatus = .ok) throws -> HTTPResponse {
        let model = try Model(member)
        let language = page.language
        let vacations = model.vacations.map { vacation in
            let dates = app.t("vacations.range", page, ["first": LocalizedDate.dayLabel(vacation.first, language),
                                                         "last": LocalizedDate.dayLabel(vacation.last, language)])
            return VacationsView.Vacation(
                dates: dates,
                first: vacation.first.description,
                length: app.strings.plural("vacations.length", count: vacation.length, language),
                deleteURL: Paths.deleteVacation(vacation.id),
                deleteLabel: app.t("vacations.delete_label", page, ["dates": dates]))
        }
        return app.render(VacationsView(
            title: app.t("vacations.title", page),
            notice: notice,
            vacations: vacations,
            listError: listError,
            form: VacationsView.Form(first: form.value("first"), last: form.value("last"), generalError: form.error("general"),
                                     firstError: form.error("first"), lastError: form.error("last")),
            action: Paths.vacations,
            min: model.allowed.lowerBound.description,
            max: model.allowed.upperBound.description,
            full: model.isFull
                ? app.t("vacations.too_many", page, ["max": LocalizedNumber.integer(Vacations.maxVacations, language)])
                : nil,
            settingsURL: Paths.settings
        ), status: status, for: page)
    }
}
