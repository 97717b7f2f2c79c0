import Accounts
import HTTP
import HTTPServer
import Templates

/// `/family`, for the admin: the members, adding one, resetting a password,
/// and removing a member after a confirmation step. Members are named by
/// username in URLs; nothing here reads a member's own data.
enum FamilyPage {
    static func add(to router: inout Router<Route>) {
        router.add(.GET, "/family", .admin { app, page in
            try show(app, page, notice: notice(try page.query()["done"]))
        })
        router.add(.POST, "/family/members", .admin(slow: true) { app, page in try addMember(app, page) })
        router.add(.POST, "/family/members/:username/password", .admin(slow: true) { app, page in
            try resetPassword(app, page)
        })
        router.add(.GET, "/family/members/:username/remove", .admin { app, page in
            let member = try target(app, page)
            return app.render("family-remove", [
                "title": "Remove \(member.displayName)",
                "member": values(member, me: try page.member.member),
                "isMe": .bool(member.id == (try page.member.member.id)),
            ], for: page)
        })
        router.add(.POST, "/family/members/:username/remove", .admin { app, page in
            let member = try target(app, page)
            do {
                try app.family.removeMember(member.id, by: try page.member.member.id)
            } catch let error as AccountError {
                throw PageError(.badRequest, error.message)
            }
            return .redirect(to: "/family?done=removed")
        })
    }

    private static func notice(_ done: String?) -> String? {
        switch done {
        case "added": "The member was added. Give them their username and initial password."
        case "reset": "The password was reset. The member was signed out everywhere."
        case "removed": "The member and all of their data were removed."
        default: nil
        }
    }

    private static func target(_ app: Dawn, _ page: PageRequest) throws -> Member {
        guard let username = try? Username(page.parameters[0]), let member = try app.family.member(username: username) else {
            throw PageError(.notFound, "There is no member with that username.")
        }
        return member
    }

    private static func values(_ member: Member, me: Member) -> TemplateValue {
        [
            "username": .string(member.username),
            "displayName": .string(member.displayName),
            "isAdmin": .bool(member.isAdmin),
            "isMe": .bool(member.id == me.id),
        ]
    }

    private static func show(_ app: Dawn, _ page: PageRequest, notice: String? = nil, add: FormState = FormState(),
                             reset: (username: String, state: FormState)? = nil,
                             status: HTTPStatus = .ok) throws -> HTTPResponse {
        let me = page.signedIn!.member
        let members = try app.family.members().map { member -> TemplateValue in
            guard case var .object(fields) = values(member, me: me) else { return .null }
            if let reset, reset.username == member.username { fields["reset"] = reset.state.template }
            return .object(fields)
        }
        return app.render("family", [
            "title": "Family",
            "notice": notice.map(TemplateValue.string) ?? .null,
            "members": .list(members),
            "add": add.template,
        ], status: status, for: page)
    }

    private static func addMember(_ app: Dawn, _ page: PageRequest) throws -> HTTPResponse {
        let f = page.form
        var form = FormState(values: ["username": .string(f["username"] ?? ""),
                                      "displayName": .string(f["display_name"] ?? "")])
        let username = AccountFields.username(f, &form)
        let displayName = AccountFields.displayName(f, &form)
        let password = AccountFields.newPassword(f, &form)
        guard form.isValid, let username, let displayName, let password else {
            return try show(app, page, add: form, status: .badRequest)
        }
        do {
            let hash = try PasswordHasher.hash(password)
            _ = try app.family.addMember(username: username, displayName: displayName, passwordHash: hash,
                                         isAdmin: false, timeZone: page.signedIn!.member.timeZone)
            return .redirect(to: "/family?done=added")
        } catch let error as AccountError {
            form.fail(error == .usernameTaken ? "username" : "general", error.message)
            return try show(app, page, add: form, status: .badRequest)
        } catch {
            form.fail("general", "The member could not be added. Please try again.")
            return try show(app, page, add: form, status: .internalServerError)
        }
    }

    private static func resetPassword(_ app: Dawn, _ page: PageRequest) throws -> HTTPResponse {
        let member = try target(app, page)
        var form = FormState()
        guard let password = AccountFields.newPassword(page.form, &form) else {
            return try show(app, page, reset: (member.username, form), status: .badRequest)
        }
        let hash = try PasswordHasher.hash(password)
        // Resetting one's own password here keeps the admin's current session.
        let keep = member.id == page.signedIn!.member.id ? page.signedIn!.session.tokenHash : nil
        try app.family.setPasswordHash(hash, for: member.id, keepingSession: keep)
        return .redirect(to: "/family?done=reset")
    }
}
