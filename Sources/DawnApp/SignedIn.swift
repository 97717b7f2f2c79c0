import Accounts
import Store

/// The signed-in member of a request. Only `Dawn.reply` makes one, from a valid
/// session cookie; it is the only way a handler reaches a member database, and
/// it can only reach its own member's.
struct SignedIn: Sendable {
    let member: Member
    let session: Session
    let data: DataDirectory

    var csrfToken: String { session.csrfToken }

    /// This member's private database (`DATA/users/<id>.sqlite`).
    func database() throws -> Database {
        try data.member(member.id)
    }
}
