import Domain
import HTTP
import HTTPServer
import MemberData
import Templates
import TimeZones

/// The day page's mood: five faces in one form, each a submit button (`mood` = 1–5), and
/// a clear button (`action=clear`) once one is chosen. POST → 303 back to `#mood`; a
/// refusal (no mood, not 1–5, an unknown action, a day still to come) shows the day page
/// again as a 400 with the message beside the faces, nothing written. No JavaScript
/// needed: a tap is a submit.
extension DayPage {
    static func addMood(to router: inout Router<Route>) {
        router.add(.POST, "/day/{date}/mood", .member { app, page, member in
            let day = try day(app, page, member)
            let moods = Moods(database: member.database)
            let chosen: Mood?
            do throws(MoodError) {
                chosen = try moodChoice(page.form["action"], mood: page.form["mood"], day: day, today: member.today)
            } catch {
                return try show(app, page, member, day: day, moodRefusal: app.t(error.key, page), status: .badRequest)
            }
            if let chosen {
                try moods.set(chosen, on: day)
            } else {
                try moods.clear(on: day)
            }
            return .redirect(to: Paths.done(page.paths.day(day), chosen == nil ? "mood-cleared" : "mood-saved", anchor: "mood"))
        })
    }

    /// What the mood form asks for: a mood to set, or nil to clear the day's.
    static func moodChoice(_ action: String?, mood: String?, day: LocalDate, today: LocalDate) throws(MoodError) -> Mood? {
        switch action {
        case "clear":
            return nil
        case nil, "":
            let chosen = try Mood(parsing: mood)
            guard day <= today else { throw .future }
            return chosen
        default:
            throw .outOfRange
        }
    }

    /// The mood row for `Views/day.html`: the five faces, the chosen one pressed.
    static func mood(_ model: Model, _ app: Dawn, _ page: PageRequest, refusal: String?) -> DayView.Mood {
        DayView.Mood(
            show: model.day <= model.today,
            url: page.paths.mood(model.day),
            faces: Mood.all.map { mood in
                DayView.Face(value: mood.value, face: mood.face, label: app.t("mood.name.\(mood.name)", page),
                             pressed: mood == model.mood ? "true" : "false")
            },
            chosen: model.mood.map { app.t("mood.chosen", page, ["name": app.t("mood.name.\($0.name)", page)]) },
            error: refusal)
    }
}
