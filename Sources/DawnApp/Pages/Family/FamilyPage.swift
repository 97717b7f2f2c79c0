import Accounts
import HTTP
import HTTPServer

/// `/family`, for the admin: the members, adding one, resetting a password,
/// and removing a member after a confirmation step. Members are named by
/// username in URLs; nothing here reads a member's own data.
enum FamilyPage {
    static func add(to router: inout Router<Route>) {
        router.add(.GET, "/family", .admin { app, page in
            let done = try page.query()["done"]
            let provider = ["name": app.openID?.name ?? OpenIDSettings.defaultName]
            return try show(app, page, notice: notice(done).map { app.t($0, page, provider) }, noticeCard: noticeCard(done))
        })
        router.add(.POST, "/family/members", .admin(hashesPasswords: true) { app, page in try addMember(app, page) })
        router.add(.POST, "/family/members/{username}/password", .admin(hashesPasswords: true) { app, page in
            try resetPassword(app, page)
        })
        router.add(.GET, "/family/members/{username}/remove", .admin { app, page in
            let model = try RemoveModel(app, username: page.parameter("username"), reader: try page.member.member)
            let name = ["name": model.member.member.displayName]
            let warning = split(app.t("family.remove.warning", page), at: "{username}")
            let member = model.member.member
            return app.render(FamilyRemoveView(
                title: app.t("family.remove.title", page, name),
                heading: app.t("family.remove.heading", page, name),
                submit: app.t("family.remove.submit", page, name),
                warningBefore: warning.before,
                warningAfter: warning.after,
                member: FamilyRemoveView.Member(username: member.username, removeURL: Paths.removeMember(member.username)),
                isMe: model.member.isMe), for: page)
        })
        addScreens(to: &router)
        router.add(.POST, "/family/members/{username}/remove", .admin { app, page in
            let member = try target(app, page)
            do {
                try app.family.removeMember(member.id, by: try page.member.member.id)
                app.reminders.memberChanged(member.id)
            } catch let error as AccountError {
                throw PageError(.badRequest, app.t(error, page))
            }
            return .redirect(to: Paths.done(Paths.family, "removed"))
        })
        addChores(to: &router)
        addGuardians(to: &router)
        addEmailSignIn(to: &router)
    }

    /// The card the notice of `?done=` is shown in: the one its redirect's anchor scrolls to
    /// (nil: above the cards, where the page opens; "toast": over the page).
    private static func noticeCard(_ done: String?) -> String? {
        // A saved chore's redirect jumps to its row (`#chore-3`): a toast over the page.
        if done == "chore-saved" { return "toast" }
        if choresNotice(done) != nil { return "chores" }
        if guardianNotice(done) != nil { return "guardians" }
        if emailSignInNotice(done) != nil { return "emailSignIn" }
        return nil
    }

    /// The key of the notice after `?done=`: added, reset, removed.
    private static func notice(_ done: String?) -> String? {
        if let chores = choresNotice(done) { return chores }
        if let key = guardianNotice(done) { return key }
        if let key = emailSignInNotice(done) { return key }
        if done == "pin_unlocked" { return "pins.family.unlocked" }
        guard let done, ["added", "reset", "removed", "pin_set", "pin_cleared", "screen_revoked"].contains(done) else { return nil }
        return "family.notice." + done
    }

    /// `text` around a placeholder the template fills with markup of its own (the
    /// username in bold), so translators still see one whole sentence.
    private static func split(_ text: String, at placeholder: String) -> (before: String, after: String) {
        guard let range = text.firstRange(of: placeholder) else { return (text, "") }
        return (String(text[..<range.lowerBound]), String(text[range.upperBound...]))
    }

    /// The member a URL's username names; unknown or malformed is a 404.
    static func member(_ app: Dawn, username text: String) throws -> Member {
        guard let username = try? Username(text), let member = try app.family.member(username: username) else {
            throw PageError(.notFound, key: "family.no_member")
        }
        return member
    }

    private static func target(_ app: Dawn, _ page: PageRequest) throws -> Member {
        try member(app, username: page.parameter("username"))
    }

    /// A member of the list, with the labels that name them and the forms that are theirs.
    private static func listed(_ app: Dawn, _ page: PageRequest, _ listed: Model.Listed, reset: FormState?,
                               childPIN: FamilyView.ChildPIN?, pins: FamilyView.PINs?) -> FamilyView.Member {
        let member = listed.member
        let name = ["name": member.displayName]
        return FamilyView.Member(
            username: member.username,
            displayName: member.displayName,
            isAdmin: listed.isAdmin,
            isChild: member.isChild,
            isMe: listed.isMe,
            passwordURL: Paths.memberPassword(member.username),
            removeURL: Paths.removeMember(member.username),
            resetLabel: app.t("family.reset.password", page, name),
            removeLabel: app.t("family.remove.link", page, name),
            reset: reset.map(FamilyView.ResetForm.init),
            childPIN: childPIN,
            pins: pins)
    }

    /// `notice` in the card `card` names (see `noticeCard`).
    private static func cardNotice(_ notice: String, in card: String) -> FamilyView.CardNotice {
        FamilyView.CardNotice(toast: card == "toast" ? notice : nil, chores: card == "chores" ? notice : nil,
                              guardians: card == "guardians" ? notice : nil, emailSignIn: card == "emailSignIn" ? notice : nil)
    }

    static func show(_ app: Dawn, _ page: PageRequest, notice: String? = nil, noticeCard: String? = nil,
                     add: FormState = FormState(values: ["username": "", "displayName": ""]),
                     reset: (username: String, state: FormState)? = nil, childPIN: (username: String, state: FormState)? = nil,
                     screens: ScreensForm = ScreensForm(), chores: ChoreForms = ChoreForms(),
                     guardians: FormState = FormState(), status: HTTPStatus = .ok) throws -> HTTPResponse {
        let model = try Model(app, reader: page.signedIn!.member)
        let pinFailures = try app.familyScreens.pinFailures.counted()
        let members = try model.members.map { listed in
            let member = listed.member
            let pinForm = try childPINForm(app, page, member, form: childPIN?.username == member.username ? childPIN?.state : nil)
            let lockout = try lockout(app, page, member, pinFailures[member.id])
            return self.listed(app, page, listed, reset: reset?.username == member.username ? reset?.state : nil,
                               childPIN: pinForm, pins: lockout)
        }
        return app.render(FamilyView(
            title: app.t("family.title", page),
            notice: noticeCard == nil ? notice : nil,
            cardNotice: noticeCard.flatMap { card in notice.map { cardNotice($0, in: card) } },
            members: members,
            add: FamilyView.AddForm(add),
            chores: try choresSection(app, page, chores),
            stylesheet: app.staticFiles.url(for: HabitListPage.stylesheet) ?? "",
            guardians: try guardiansSection(app, page, form: guardians),
            screens: try screensSection(app, page, screens),
            emailSignIn: emailSignInCard(app, page)
        ), status: status, for: page)
    }

    private static func addMember(_ app: Dawn, _ page: PageRequest) throws -> HTTPResponse {
        let f = page.form
        var form = FormState(values: ["username": f["username"] ?? "", "displayName": f["display_name"] ?? "",
                                      "child": f["child"] ?? ""])
        let fields = AccountFields(app, page)
        let username = fields.username(&form)
        let displayName = fields.displayName(&form)
        let password = fields.newPassword(&form)
        let isChild = childField(app, page, &form)
        guard form.isValid, let username, let displayName, let password, let isChild else {
            return try show(app, page, add: form, status: .badRequest)
        }
        do {
            let hash = try PasswordHasher.hash(password)
            _ = try app.family.addMember(username: username, displayName: displayName, passwordHash: hash,
                                         isAdmin: false, timeZone: page.signedIn!.member.timeZone, isChild: isChild)
            return .redirect(to: Paths.done(Paths.family, "added"))
        } catch let error as AccountError {
            form.fail(error == .usernameTaken ? "username" : "general", app.t(error, page))
            return try show(app, page, add: form, status: .badRequest)
        } catch {
            form.fail("general", app.t("family.add.failed", page))
            return try show(app, page, add: form, status: .internalServerError)
        }
    }

    private static func resetPassword(_ app: Dawn, _ page: PageRequest) throws -> HTTPResponse {
        let member = try target(app, page)
        // This form is for others: the admin's own password changes on /account, which
        // asks for the current one (and is throttled), so a session left open cannot
        // take the account over from here.
        guard member.id != (try page.member.member.id) else {
            throw PageError(.forbidden, app.t("family.reset.self", page))
        }
        var form = FormState()
        guard let password = AccountFields(app, page).newPassword(&form) else {
            return try show(app, page, reset: (member.username, form), status: .badRequest)
        }
        let hash = try PasswordHasher.hash(password)
        try app.family.setPasswordHash(hash, for: member.id, keepingSession: nil)
        return .redirect(to: Paths.done(Paths.family, "reset"))
    }
}
