import Accounts
import HTTP
import HTTPServer

/// `/family`'s guardians, for the admin: every grant with a revoke button, and a form that
/// makes an adult (`guardian`) the guardian of a child account (`child`), both by username.
/// A refused grant (unknown name, the same member twice, granted already, an adult as the
/// child, a child as the guardian, a child as an adult's guardian) shows
/// `/family` again as a 400 with the message, nothing written. `Views/partials/family-guardians.html`.
extension FamilyPage {
    static func addGuardians(to router: inout Router<Route>) {
        router.add(.POST, Paths.guardians, .admin { app, page in try grant(app, page) })
        router.add(.POST, "/family/guardians/{guardian}/{child}/revoke", .admin { app, page in
            guard let guardian = try? member(app, username: page.parameter("guardian")),
                  let child = try? member(app, username: page.parameter("child")) else {
                throw PageError(.notFound, key: "guardians.error.not_granted")
            }
            do throws(Family.GuardianshipError) {
                try app.family.revokeGuardianship(guardian: guardian.id, child: child.id)
            } catch .notFound {
                throw PageError(.notFound, key: "guardians.error.not_granted")
            } catch let .account(error) {
                throw PageError(.internalServerError, app.t(error, page))
            } catch {
                throw PageError(.notFound, key: "guardians.error.not_granted")
            }
            return .redirect(to: Paths.done(Paths.family, "guardian-revoked", anchor: "guardians"))
        })
    }

    /// The notices after the guardians' forms (`?done=…`).
    static func guardianNotice(_ done: String?) -> String? {
        switch done {
        case "guardian-granted": "guardians.notice.granted"
        case "guardian-revoked": "guardians.notice.revoked"
        default: nil
        }
    }

    private static func grant(_ app: Dawn, _ page: PageRequest) throws -> HTTPResponse {
        let sent = (guardian: page.form["guardian"] ?? "", child: page.form["child"] ?? "")
        var form = FormState(values: ["guardian": sent.guardian, "child": sent.child])
        func named(_ text: String) throws -> Member? {
            guard let username = try? Username(text) else { return nil }
            return try app.family.member(username: username)
        }
        let guardian = try named(sent.guardian), child = try named(sent.child)
        if guardian == nil { form.fail("guardian", app.t("guardians.error.unknown", page, ["name": sent.guardian])) }
        if child == nil { form.fail("child", app.t("guardians.error.unknown", page, ["name": sent.child])) }
        if let guardian, let child {
            do throws(Family.GuardianshipError) {
                try app.family.grantGuardianship(guardian: guardian.id, child: child.id)
                return .redirect(to: Paths.done(Paths.family, "guardian-granted", anchor: "guardians"))
            } catch .sameMember {
                form.fail("general", app.t("guardians.error.same", page))
            } catch .alreadyGranted {
                form.fail("general", app.t("guardians.error.already", page,
                                           ["guardian": guardian.displayName, "child": child.displayName]))
            } catch .notAChild {
                form.fail("child", app.t("guardians.error.not_child", page, ["name": child.displayName]))
            } catch .childOverAdult {
                form.fail("guardian", app.t("guardians.error.child_over_adult", page,
                                            ["guardian": guardian.displayName, "child": child.displayName]))
            } catch .guardianIsChild {
                form.fail("guardian", app.t("guardians.error.child_guardian", page, ["name": guardian.displayName]))
            } catch .notFound {
                form.fail("general", app.t("guardians.error.unknown", page, ["name": sent.child]))
            } catch let .account(error) {
                throw PageError(.internalServerError, app.t(error, page))
            }
        }
        return try show(app, page, guardians: form, status: .badRequest)
    }

    /// The section: the grants, the members to choose from, the form's state.
    static func guardiansSection(_ app: Dawn, _ page: PageRequest, form: FormState) throws -> FamilyView.Guardians {
        let grants = try app.family.guardianships().map { grant in
            let names = ["guardian": grant.guardian.displayName, "child": grant.child.displayName]
            return FamilyView.Guardians.Grant(
                text: app.t("guardians.family.grant", page, names),
                revokeURL: Paths.revokeGuardian(grant.guardian.username, grant.child.username),
                revokeLabel: app.t("guardians.family.revoke_label", page, names))
        }
        let members = try app.family.members()
        // Adults may be guardians, child accounts may be looked after.
        func options(_ selected: String?, children: Bool) -> [FamilyView.Guardians.Option] {
            members.filter { $0.isChild == children }.map { member in
                FamilyView.Guardians.Option(username: member.username, label: "\(member.displayName) (@\(member.username))",
                                            selected: selected == member.username)
            }
        }
        return FamilyView.Guardians(
            grants: grants,
            guardianOptions: options(form.values["guardian"], children: false),
            childOptions: options(form.values["child"], children: true),
            form: FamilyView.Guardians.Form(form),
            action: Paths.guardians)
    }
}
