import Domain
import HTTP
import HTTPServer
import JSON
import MemberData
import PlainText
import Store
import TimeZones

/// The API, version 1 (`/api/v1/…`): the member's own day and habits as JSON, for scripts,
/// home automation and shortcuts. A second face of the same pages: every write goes through
/// the page's own write path (`DayPage.applyCheck`, `Journal.addNote`), so its rules, limits,
/// child rules and caches are the pages', never a copy. Signed in by an API token
/// (`Authorization: Bearer dawn_…`, `APITokens`; its scope checked by `Admission`) or a
/// browser's cookie; refusals are `APIProblem`s. Described by `OpenAPIDocument`
/// (`GET /api/openapi.json`); docs/reference.md and docs/integrations.md say how to use it.
enum APIv1 {
    static let contentType = "application/json; charset=utf-8"

    static func add(to router: inout Router<Route>) {
        router.add(.GET, "/api/openapi.json", Route.open { app, _ in
            var response = HTTPResponse(status: .ok, contentType: contentType,
                                        body: JSONWriter.bytes(OpenAPIDocument.json, options: [.sortedKeys, .withoutEscapingSlashes]))
            response.headers.add("Cache-Control", "public, max-age=3600")
            return response
        })
        router.add(.GET, "/api/v1/me", .api { app, _, member in
            let account = member.account
            var me = JSONObject([
                ("username", .string(account.username)), ("displayName", .string(account.displayName)),
                ("timeZone", .string(account.timeZone)), ("today", .string(member.today.description)),
            ])
            // A child's points: their balance and their reward requests waiting.
            if account.isChild {
                let snapshot = try app.familySnapshot()
                me.append("points", .object(JSONObject([("balance", .integer(snapshot.balance(of: account.id))),
                                                        ("pendingRequests", .integer(Int64(snapshot.pending(of: account.id))))])))
            }
            return answer(.object(me))
        })
        router.add(.GET, "/api/v1/habits", .api { _, _, member in
            let habits = try member.habits.ordered().map(habitJSON)
            return answer(.object(["habits": .array(habits)]))
        })
        router.add(.GET, "/api/v1/days/{date}", .api { app, page, member in
            let day = try day(app, page, member)
            // Not `token.map(\.journal)`: Swift 6.3.1's optimizer crashes on that form here.
            let withJournal = page.signedIn?.token?.journal ?? true
            return answer(try APIDay(app, member, day: day, withJournal: withJournal).json)
        })
        router.add(.POST, "/api/v1/days/{date}/check/{habit}", .api(writes: true) { app, page, member in
            let action = try checkAction(try APIBody.object(page))
            let day = try day(app, page, member)
            let habit = try DayPage.checklistHabit(page, member)
            do {
                _ = try DayPage.applyCheck(action, habit: habit, day: day, app, page, member)
            } catch let limit as Habits.LimitReached {
                throw APIProblem(status: .unprocessableContent, code: "limit_reached",
                                 message: HabitsPage.limitMessage(app, page, limit))
            }
            guard let state = try APIDay.habitDays([habit], on: day, member).first else {
                throw PageError(.notFound, key: "habits.error.not_found")
            }
            return answer(state.json)
        })
        router.add(.POST, "/api/v1/days/{date}/notes", .api(writes: true, journal: true) { app, page, member in
            let body = try APIBody.object(page)
            let text = try APIBody.string(body, "text")
            let day = try day(app, page, member)
            let note: String
            do throws(DayPage.NoteRefusal) {
                note = try DayPage.noteText(text)
            } catch {
                throw APIProblem.invalid("text", error.message(app, page))
            }
            try member.journal.addNote(note, on: day, now: member.now)
            return answer(try APIDay(app, member, day: day, withJournal: true).json, status: .created)
        })
    }

    /// The route's `{date}`: a date the day pages reach (as `DayPage.day`: malformed 400, out of
    /// reach 404), or `today`, the member's today, so a sensor's address never changes.
    static func day(_ app: Dawn, _ page: PageRequest, _ member: MemberContext) throws(PageError) -> LocalDate {
        try page.parameter("date") == "today" ? member.today : try DayPage.day(app, page, member)
    }

    /// `{"action": "done" | "undo" | "skip" | "unskip", "amount": number?}`; an amount only
    /// with `done`, as the checklist's form takes one. Every refusal a 422 naming the field.
    static func checkAction(_ body: JSONNode) throws(APIProblem) -> DayPage.CheckAction {
        let action = try APIBody.string(body, "action")
        let node: JSONNode?
        do throws(JSONDecodingError) {
            node = try body.optionalMember("amount")
        } catch {
            throw APIProblem.invalid(error.path, error.message)
        }
        var amount: HabitAmount?
        if let node {
            guard let value = try? node.double(), let parsed = try? HabitAmount(value) else {
                throw APIProblem.invalid("amount", "a number from 0 to \(Int64(HabitScheduleConstants.maximumAmount))")
            }
            amount = parsed
        }
        switch action {
        case "done": return .done(amount: amount)
        case "undo", "skip", "unskip":
            guard amount == nil else { throw APIProblem.invalid("amount", "only with the action done") }
            return action == "undo" ? .undo : action == "skip" ? .skip : .unskip
        default:
            throw APIProblem.invalid("action", "one of done, undo, skip, unskip")
        }
    }

    /// A habit as `GET /api/v1/habits` lists it: schedule and target as the JSON export
    /// writes them (`ExportPage.schedule`, `ExportPage.target`).
    static func habitJSON(_ habit: Habits.Habit) -> JSONValue {
        .object(JSONObject([
            ("id", .integer(habit.id)), ("name", .string(habit.name)), ("emoji", .string(habit.emoji)),
            ("color", .string(habit.color.hex)), ("schedule", ExportPage.schedule(habit).json),
            ("target", ExportPage.target(habit)?.json ?? .null), ("archived", .bool(habit.isArchived)),
            ("group", habit.group.map(JSONValue.string) ?? .null),
        ]))
    }

    /// An amount in thousandths as a JSON number: whole when it is.
    static func number(thousandths: Int64) -> JSONValue {
        thousandths % 1000 == 0 ? .integer(thousandths / 1000) : .double(Double(thousandths) / 1000)
    }

    static func answer(_ json: JSONValue, status: HTTPStatus = .ok) -> HTTPResponse {
        var response = HTTPResponse(status: status, contentType: contentType, body: JSONWriter.bytes(json, options: [.withoutEscapingSlashes]))
        response.headers.add("Cache-Control", "no-store")
        return response
    }

    /// An error no route expected, as the pages answer it (`ErrorPages.unexpected`) but in JSON:
    /// a full disk or a passing shortage a 503 with `Retry-After`, anything else a 500.
    static func unexpected(_ error: any Error) -> HTTPResponse {
        if StorageFullPage.matches(error) {
            return APIProblem(status: .serviceUnavailable, code: "storage_full", message: "The server's disk is full",
                              retryAfter: Int64(StorageFullPage.retryAfterSeconds)).response
        }
        if (error as? StoreError)?.isTransient == true || (error as? TimeZoneError)?.isTransient == true {
            return APIProblem(status: .serviceUnavailable, code: "unavailable", message: "The server is busy: try again",
                              retryAfter: 1).response
        }
        return APIProblem(status: .internalServerError, code: "internal", message: "Something went wrong on the server").response
    }
}
