import Accounts
import MemberData
import Store

/// The signed-in member of a request. Only `Admission.admit` makes one, from a valid
/// session cookie; it is the only way a handler reaches a member database, and
/// it can only reach its own member's. Their database and settings are looked up
/// once per request, here.
struct SignedIn: Sendable {
    let member: Member
    let session: Session
    /// This member's private database (`DATA/users/<id>.sqlite`).
    let database: Database
    /// Their settings as the request began (from the member cache).
    let settings: MemberSettings

    var csrfToken: String { session.csrfToken }
}
