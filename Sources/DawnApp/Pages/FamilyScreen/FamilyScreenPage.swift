import Accounts
import HTTP
import HTTPServer
import Localization
import FamilyData
import MemberData
import PlainText
import Store
import Templates

/// `/family-screen`: the kitchen screen, a shared tablet an admin enrolled (`FamilyScreens`).
///
/// Without its cookie (`ScreenCookie`) the page asks for an enrolment code. Enrolled, it
/// shows the members who opted in and have a PIN; a member taps their name, types their PIN
/// (a keypad of submit buttons that works without JavaScript, or the plain field), and sees
/// their due habits for their today — never their journal, notes or mood. Each tap checks one
/// item off and the list stays, until "Done" or 60 seconds without a tap (the visit's
/// server-side expiry; with JavaScript a visible countdown with "More time" goes back to the
/// names, `Public/family-screen.js`; no meta refresh, so the time limit can be extended).
/// Without JavaScript each key is a POST answered with a redirect, the digits kept on the
/// server (`ScreenKeypad`), never in a page. Wrong PINs
/// count per member across every screen and restart (`PINFailures`), never with sign-in's
/// throttle; each one is told to the member on their day page. Every page has its own
/// layout (no member navigation) and `Cache-Control: no-store`.
enum FamilyScreenPage {
    static let path = "/family-screen"
    static let todayPath = "/family-screen/today"
    /// The countdown back to the picker (the visit's own lifetime on the server).
    static let countdownSeconds = Int(FamilyScreens.visitLifetime)
    /// "More time": the visit's minute starts again.
    static let moreTimePath = "/family-screen/more-time"

    static func memberPath(_ id: MemberID) -> String { "/family-screen/members/\(id.rawValue)" }
    static func pinPath(_ id: MemberID) -> String { memberPath(id) + "/pin" }
    static func keyPath(_ id: MemberID) -> String { memberPath(id) + "/key" }
    static func checkPath(_ habit: Int64) -> String { "/family-screen/today/\(habit)" }
    /// A family chore checked off in the visiting member's name.
    static func choreCheckPath(_ chore: Int64) -> String { "/family-screen/chores/\(chore)" }

    static func add(to router: inout Router<Route>) {
        router.add(.GET, "/family-screen", .screen { app, page in
            guard let screen = page.screen else { return enrolForm(app, page) }
            return try picker(app, page, screen)
        })
        router.add(.POST, "/family-screen/enrol", .screen { app, page in try enrol(app, page) })
        router.add(.GET, "/family-screen/members/{id}", .screen { app, page in
            guard let screen = page.screen else { return .redirect(to: path) }
            let person = try shown(app, page)
            return try pinPage(app, page, screen, person.member)
        })
        // A keypad key without JavaScript: the digit goes to the server's keypad for this
        // screen and member, and the answer is a redirect to the PIN page, so the tablet's
        // history holds no digit and no POST to resubmit. Nothing is checked, nothing counted.
        router.add(.POST, "/family-screen/members/{id}/key", .screen { app, page in
            let screen = try enrolled(page)
            let person = try shown(app, page)
            guard let key = ScreenKeypad.Key(page.form["key"] ?? "") else { throw PageError(.badRequest, key: "screen.error.key") }
            app.familyScreens.keypad.press(key, screen: screen.id, member: person.member.id, now: app.now())
            return .redirect(to: memberPath(person.member.id))
        })
        router.add(.POST, "/family-screen/members/{id}/pin", .screen(hashesPasswords: true) { app, page in try checkPIN(app, page) })
        router.add(.GET, "/family-screen/today", .screen { app, page in
            guard let screen = page.screen,
                  let member = try visitor(app, page, screen) else {
                return .redirect(to: path, setCookies: [ScreenCookie.clearVisit(secure: page.isSecure)])
            }
            return try today(app, page, TodayModel(app, member: member))
        })
        router.add(.POST, "/family-screen/today/{habit}", .screen { app, page in try checkOff(app, page) })
        router.add(.POST, "/family-screen/chores/{id}", .screen { app, page in try checkOffChore(app, page) })
        router.add(.POST, "/family-screen/more-time", .screen { app, page in
            let screen = try enrolled(page)
            guard try tapped(app, page, screen) != nil else {
                return .redirect(to: path, setCookies: [ScreenCookie.clearVisit(secure: page.isSecure)])
            }
            return .redirect(to: todayPath, setCookies: visitCookie(page))
        })
        router.add(.POST, "/family-screen/done", .screen { app, page in
            _ = try enrolled(page)
            try app.familyScreens.endVisit(token: page.cookies[ScreenCookie.visitName])
            return .redirect(to: path, setCookies: [ScreenCookie.clearVisit(secure: page.isSecure)])
        })
    }

    // MARK: - Enrolment

    private static func enrolForm(_ app: Dawn, _ page: PageRequest, error: String? = nil, status: HTTPStatus = .ok) -> HTTPResponse {
        let csrf = PreSessionCSRF(page)
        var response = render(app, page, FamilyScreenEnrolView(title: app.t("screen.enrol.heading", page), csrf: csrf.token,
                                                               error: error), status: status)
        csrf.attach(to: &response)
        // A revoked (or forged) screen cookie goes; the visit's too.
        if page.cookies[ScreenCookie.name] != nil { response.headers.add("Set-Cookie", ScreenCookie.clear(secure: page.isSecure)) }
        if page.cookies[ScreenCookie.visitName] != nil {
            response.headers.add("Set-Cookie", ScreenCookie.clearVisit(secure: page.isSecure))
        }
        return response
    }

    private static func enrol(_ app: Dawn, _ page: PageRequest) throws -> HTTPResponse {
        let now = app.now()
        let throttle = app.familyScreens.throttle
        guard !throttle.isCodeLocked(address: page.clientAddress, now: now) else {
            return enrolForm(app, page, error: app.t("screen.enrol.locked", page), status: .tooManyRequests)
        }
        do {
            let (token, _) = try app.familyScreens.enrol(code: page.form["code"] ?? "")
            return .redirect(to: Paths.done(path, "enrolled"), setCookies: [ScreenCookie.set(token, secure: page.isSecure)])
        } catch FamilyScreens.EnrolmentRefusal.wrongCode {
            throttle.recordWrongCode(address: page.clientAddress, now: now)
            let locked = throttle.isCodeLocked(address: page.clientAddress, now: now)
            return enrolForm(app, page, error: app.t(locked ? "screen.enrol.locked" : "screen.enrol.wrong", page),
                             status: locked ? .tooManyRequests : .badRequest)
        } catch FamilyScreens.EnrolmentRefusal.tooManyScreens {
            return enrolForm(app, page, error: app.t("screen.enrol.full", page, ["max": String(FamilyScreens.maxScreens)]),
                             status: .badRequest)
        }
    }

    // MARK: - The picker

    private static func picker(_ app: Dawn, _ page: PageRequest, _ screen: FamilyScreens.Screen) throws -> HTTPResponse {
        let model = try PickerModel(app, screen: screen)
        let done = try page.query()["done"]
        let notice: String? = done == "enrolled" ? app.t("screen.notice.enrolled", page) : nil
        let people = model.people.map { person in
            FamilyScreenView.Person(name: person.displayName, initial: person.initial, colour: "screen-colour-\(person.colour)",
                                    href: memberPath(person.id), locked: person.locked,
                                    lockedText: app.t("screen.picker.locked", page))
        }
        let chores = model.chores.map { due in
            let doneBy = due.done.map { done in
                app.t("chores.done_by", page, ["name": done.displayName ?? app.t("chores.former_member", page)])
            } ?? app.t("chores.not_done", page)
            return FamilyScreenView.Chore(name: due.chore.name, emoji: due.chore.mark, doneBy: doneBy,
                                          state: due.done == nil ? "open" : "done")
        }
        return render(app, page, FamilyScreenView(title: app.t("screen.picker.heading", page), notice: notice,
                                                  people: people, chores: chores))
    }

    // MARK: - The PIN

    /// The member of `{id}` when the screen shows them; anyone else is a 404.
    private static func shown(_ app: Dawn, _ page: PageRequest) throws -> (member: Member, pinHash: String) {
        guard let id = try page.id(), let shown = try app.familyScreens.shownMember(MemberID(id)) else {
            throw PageError(.notFound, key: "screen.error.no_member")
        }
        return shown
    }

    private static func pinPage(_ app: Dawn, _ page: PageRequest, _ screen: FamilyScreens.Screen, _ member: Member,
                                error: String? = nil, status: HTTPStatus = .ok) throws -> HTTPResponse {
        let name = ["name": member.displayName]
        let lockout = try app.familyScreens.pinFailures.state(of: member.id)
        let keyURL = keyPath(member.id)
        let keys = ["1", "2", "3", "4", "5", "6", "7", "8", "9"].map { digit in
            FamilyScreenPINView.Key(value: digit, text: digit, label: nil, wide: false, keyURL: keyURL)
        } + [
            FamilyScreenPINView.Key(value: "clear", text: "C", label: app.t("screen.pin.clear_key", page), wide: false, keyURL: keyURL),
            FamilyScreenPINView.Key(value: "0", text: "0", label: nil, wide: false, keyURL: keyURL),
            FamilyScreenPINView.Key(value: "back", text: "⌫", label: app.t("screen.pin.back_key", page), wide: false, keyURL: keyURL),
        ]
        // How many digits the keypad holds, never which: dots and a sentence.
        let typed = app.familyScreens.keypad.count(screen: screen.id, member: member.id, now: app.now())
        let person = Person(id: member.id, displayName: member.displayName, colour: MemberColour.index(member.id), locked: lockout.isLocked)
        return render(app, page, FamilyScreenPINView(
            title: app.t("screen.pin.title", page, name),
            heading: app.t("screen.pin.heading", page, name),
            initial: person.initial,
            colour: "screen-colour-\(person.colour)",
            csrf: screen.csrfToken,
            locked: try lockedText(app, page, member, lockout),
            error: error,
            typedDots: typed > 0 ? String(repeating: "•", count: typed) : nil,
            typedText: typed > 0 ? app.strings.plural("screen.pin.typed", count: typed, page.language) : nil,
            pinURL: pinPath(member.id),
            keys: keys,
            countdown: ScreenCountdown(app, page.language, moreTimeURL: nil)), status: lockout.isLocked ? .tooManyRequests : status)
    }

    /// Why the member's name is locked on every screen, and until when (their time zone).
    private static func lockedText(_ app: Dawn, _ page: PageRequest, _ member: Member,
                                   _ lockout: PINFailures.Lockout.State) throws -> String? {
        switch lockout {
        case .open:
            return nil
        case .lockedUntilUnlocked:
            return app.t("screen.pin.locked_admin", page, ["name": member.displayName])
        case let .lockedUntil(until):
            let rules = try app.timeZones.rules(for: member.timeZone)
            let wall = rules.localDateTime(at: until)
            return app.t("screen.pin.locked", page, ["name": member.displayName,
                                                     "time": LocalizedDate.time(hour: wall.hour, minute: wall.minute)])
        }
    }

    private static func checkPIN(_ app: Dawn, _ page: PageRequest) throws -> HTTPResponse {
        let screen = try enrolled(page)
        let (member, hash) = try shown(app, page)
        let failures = app.familyScreens.pinFailures
        // The field (typed, or filled by the JavaScript keypad), else the server's keypad;
        // the keypad's digits are used up either way.
        let kept = app.familyScreens.keypad.take(screen: screen.id, member: member.id, now: app.now())
        if try failures.state(of: member.id).isLocked {
            return try pinPage(app, page, screen, member)
        }
        let field = page.form["pin"] ?? ""
        let typed = field.isEmpty ? kept ?? "" : field
        // Not a PIN at all (empty, letters, too long): said so, not hashed, not counted.
        guard let pin = try? PIN(typed) else {
            return try pinPage(app, page, screen, member, error: app.t("pin.error.invalid", page), status: .badRequest)
        }
        guard PasswordHasher.verify(pin.value, against: hash) else {
            try failures.recordWrong(member.id, screen: screen.label)
            // The member's day page tells them: its cached copy must go.
            app.memberChangedElsewhere(member.id)
            return try pinPage(app, page, screen, member, error: app.t("screen.pin.wrong", page), status: .badRequest)
        }
        if try failures.clearLockout(member.id) { app.memberChangedElsewhere(member.id) }
        let token = try app.familyScreens.startVisit(screen: screen.id, member: member.id)
        return .redirect(to: todayPath, setCookies: [ScreenCookie.setVisit(token, secure: page.isSecure)])
    }

    // MARK: - Their day

    /// The member of this browser's live visit on this screen, when they are still shown.
    private static func visitor(_ app: Dawn, _ page: PageRequest, _ screen: FamilyScreens.Screen) throws -> Member? {
        guard let id = try app.familyScreens.visitor(token: page.cookies[ScreenCookie.visitName], screen: screen.id) else { return nil }
        return try app.familyScreens.shownMember(id)?.member
    }

    /// The member of the live visit a tap (a check-off, "More time") came from, whose minute
    /// starts again; nil when the visit is over.
    private static func tapped(_ app: Dawn, _ page: PageRequest, _ screen: FamilyScreens.Screen) throws -> Member? {
        guard let id = try app.familyScreens.extendVisit(token: page.cookies[ScreenCookie.visitName], screen: screen.id) else {
            return nil
        }
        return try app.familyScreens.shownMember(id)?.member
    }

    /// The visit's cookie again, for another minute (as long as the visit now lasts on the server).
    private static func visitCookie(_ page: PageRequest) -> [String] {
        page.cookies[ScreenCookie.visitName].map { [ScreenCookie.setVisit($0, secure: page.isSecure)] } ?? []
    }

    private static func today(_ app: Dawn, _ page: PageRequest, _ model: TodayModel) throws -> HTTPResponse {
        // The member's language, not the tablet's.
        let language = model.settings.language
        func t(_ key: String, _ arguments: [String: String] = [:]) -> String { app.strings.format(key, language, arguments) }
        let name = model.member.displayName
        // A child's points: their balance, and what each open item is worth.
        let child = model.member.isChild
        let habitPoints = child ? try Points(instance: app.data.instance).habitPoints(of: model.member.id) : [:]
        func worth(_ points: Int?) -> String? {
            guard child, let points, points > 0 else { return nil }
            return "+" + app.strings.plural("points.count", count: points, language)
        }
        let items = model.items.map { item in
            let habit = item.habit
            let progress = item.target.map { target -> String in
                let values = ["total": LocalizedNumber.decimal(thousandths: item.totalMilli, language),
                              "target": LocalizedNumber.decimal(thousandths: target.milli, language), "unit": habit.targetUnit]
                let key = target.kind == .atMost ? "check.progress_at_most" : "check.progress_at_least"
                return String(PlainText.trimmed(t(key, values)))
            }
            let points = isOpen(item) ? worth(habitPoints[habit.id]) : nil
            return FamilyScreenTodayView.Item(
                name: habit.name,
                emoji: habit.emoji,
                state: item.done ? "done" : item.skipped ? "skipped" : "open",
                stateText: t(item.done ? "check.state_done" : item.skipped ? "check.state_skipped" : "check.state_open"),
                canCheck: isOpen(item),
                checkURL: checkPath(habit.id),
                checkLabel: t("check.mark", ["name": habit.name]) + (points.map { ", " + $0 } ?? ""),
                progress: progress,
                points: points)
        }
        let chores = model.openChores.map { chore in
            let points = worth(chore.points)
            return FamilyScreenTodayView.Chore(name: chore.name, emoji: chore.mark, checkURL: choreCheckPath(chore.id),
                                               checkLabel: t("chores.mark", ["name": chore.name]) + (points.map { ", " + $0 } ?? ""),
                                               points: points)
        }
        let done = try page.query()["done"]
        return render(app, page, FamilyScreenTodayView(
            title: t("screen.today.title", ["name": name]),
            heading: t("screen.today.title", ["name": name]),
            initial: Person(id: model.member.id, displayName: name, colour: 0, locked: false).initial,
            colour: "screen-colour-\(MemberColour.index(model.member.id))",
            csrf: page.screen?.csrfToken ?? "",
            notice: done == "checked" ? t("screen.notice.checked") : nil,
            items: items,
            chores: chores,
            balance: child ? String(try app.familySnapshot().balance(of: model.member.id)) : nil,
            countdown: ScreenCountdown(app, language, moreTimeURL: moreTimePath)), language: language)
    }

    private static func checkOff(_ app: Dawn, _ page: PageRequest) throws -> HTTPResponse {
        let screen = try enrolled(page)
        guard let member = try tapped(app, page, screen) else {
            throw PageError(.forbidden, key: "screen.error.visit_over")
        }
        let model = try TodayModel(app, member: member)
        guard let id = try page.id("habit"), let item = model.items.first(where: { $0.habit.id == id }) else {
            throw PageError(.notFound, key: "screen.error.not_due")
        }
        if isOpen(item) {
            do {
                // The checklist's own write, so the member's webhook hears of it as from their day page.
                _ = try DayPage.writeCheck(.done(amount: nil), habit: item.habit, day: model.today, app, owner: member.id,
                                           database: model.database, loggedBy: nil, now: model.now,
                                           child: member.isChild, by: member.id)
            } catch let limit as Habits.LimitReached {
                throw PageError(.badRequest, HabitsPage.limitMessage(app, page, limit))
            }
        }
        // The list stays for the next tap, its minute started again.
        return .redirect(to: Paths.done(todayPath, "checked"), setCookies: visitCookie(page))
    }

    /// A family chore, checked off for the member's today in their name; then, as after a
    /// habit, the list again. Someone faster keeps their check-off.
    private static func checkOffChore(_ app: Dawn, _ page: PageRequest) throws -> HTTPResponse {
        let screen = try enrolled(page)
        guard let member = try tapped(app, page, screen) else {
            throw PageError(.forbidden, key: "screen.error.visit_over")
        }
        let model = try TodayModel(app, member: member)
        guard let id = try page.id() else { throw PageError(.notFound, key: "chores.error.not_found") }
        do {
            _ = try FamilyChores(instance: app.data.instance).check(id, on: model.today, by: member.id, today: model.today,
                                                                   now: model.now)
        } catch let refusal as FamilyChores.Refusal {
            throw FamilyPage.pageError(refusal)
        }
        return .redirect(to: Paths.done(todayPath, "checked"), setCookies: visitCookie(page))
    }

    // MARK: -

    /// A habit a tap checks off: not done, not skipped (the screen never undoes).
    static func isOpen(_ item: DayPage.Model.CheckItem) -> Bool {
        guard case .markDone = item.tap else { return false }
        return !item.skipped
    }

    /// The enrolled screen of a POST; without one (never enrolled, or revoked) a 403.
    private static func enrolled(_ page: PageRequest) throws(PageError) -> FamilyScreens.Screen {
        guard let screen = page.screen else { throw PageError(.forbidden, key: "screen.error.not_enrolled") }
        return screen
    }

    /// A screen page, from its typed view: its own layout, never stored by a browser or the
    /// service worker. Not `for: page`: a member signed in on this browser is no part of the
    /// screen (their CSRF token, theme and navigation stay off it).
    private static func render<View: PageView>(_ app: Dawn, _ page: PageRequest, _ view: View, status: HTTPStatus = .ok,
                                               language: Language? = nil) -> HTTPResponse {
        var response = app.render(view, status: status, language: language ?? page.language)
        response.headers.add("Cache-Control", "no-store")
        return response
    }
}
