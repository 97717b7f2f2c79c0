import Accounts

/// "Logged by …" beside a log a guardian made for a child (`HabitInstance.loggedBy`), and
/// who may be named to whom: to the child, their guardians now (by display name); to a
/// guardian, themselves. Anyone else — a guardian since revoked, or another guardian
/// to a guardian — is "a guardian", so no page names a member to someone without a
/// grant between them.
struct LoggedByNames {
    /// Those this page may name (a handful at most: searched, not hashed).
    private let names: [Member]
    /// What the names add to a cached page's ETag (a guardian renamed, granted, revoked).
    let validator: String

    /// From the family's snapshot in memory (`FamilyCache`): no query on a cached page.
    init(_ app: Dawn, _ member: MemberContext) throws {
        if let view = member.guardianView {
            names = [view.guardian]
            validator = "\(view.guardian.username)=\(view.guardian.displayName)"
        } else {
            let snapshot = try app.familySnapshot()
            names = snapshot.guardians(of: member.account.id)
            validator = snapshot.guardianValidators[member.account.id] ?? ""
        }
    }

    /// The line to show for a log by `loggedBy`; nil for the member's own.
    func label(_ loggedBy: String?, _ app: Dawn, _ page: PageRequest) -> String? {
        guard let loggedBy else { return nil }
        guard let name = names.first(where: { $0.username == loggedBy })?.displayName else { return app.t("guardians.logged_by_guardian", page) }
        return app.t("guardians.logged_by", page, ["name": name])
    }
}
