import Accounts

extension FamilyPage {
    /// Who the family page lists: every member, by username, each marked admin or not
    /// and whether they are the reader ("you"). Accounts only, never a member's own data;
    /// no HTML, no wording (the view, `FamilyPage.show` with `Views/family.html`, adds those).
    struct Model {
        struct Listed: Equatable {
            let member: Member
            let isMe: Bool
            var isAdmin: Bool { member.isAdmin }
        }

        /// By username.
        let members: [Listed]

        init(_ app: Dawn, reader me: Member) throws {
            members = try app.family.members().map { Listed(member: $0, isMe: $0.id == me.id) }
        }
    }

    /// The confirmation before removing a member: who, found by the URL's username (an
    /// unknown or malformed one is a 404), and whether it is the reader themselves.
    struct RemoveModel {
        let member: Model.Listed

        init(_ app: Dawn, username: String, reader me: Member) throws {
            let member = try FamilyPage.member(app, username: username)
            self.member = Model.Listed(member: member, isMe: member.id == me.id)
        }
    }
}
