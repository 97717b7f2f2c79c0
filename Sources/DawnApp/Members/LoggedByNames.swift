import Accounts

/// "Logged by …" beside a log a guardian made for a child (`HabitInstance.loggedBy`), and
/// who may be named to whom: to the child, their guardians now (by display name); to a
/// guardian, themselves. Anyone else — a guardian since revoked, or another guardian
/// to a guardian — is "a guardian", so no page names a member to someone without a
/// grant between them.
struct LoggedByNames {
    /// Username → display name of those this page may name.
    private let names: [String: String]

    init(_ app: Dawn, _ member: MemberContext) throws {
        if let view = member.guardianView {
            names = [view.guardian.username: view.guardian.displayName]
        } else {
            names = Dictionary(try app.family.guardians(of: member.account.id).map { ($0.username, $0.displayName) },
                               uniquingKeysWith: { first, _ in first })
        }
    }

    /// The line to show for a log by `loggedBy`; nil for the member's own.
    func label(_ loggedBy: String?, _ app: Dawn, _ page: PageRequest) -> String? {
        guard let loggedBy else { return nil }
        guard let name = names[loggedBy] else { return app.t("guardians.logged_by_guardian", page) }
        return app.t("guardians.logged_by", page, ["name": name])
    }

    /// What the names add to a cached page's ETag (a guardian renamed, granted, revoked).
    var validator: String {
        names.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "\u{1F}")
    }
}
