import Accounts
import MemberData
import Store

/// Whose data a page works on (`PageRequest.owner`): the signed-in member's own, or,
/// under `/members/{username}/…`, the member the signed-in guardian looks after. Only
/// `Admission.admit` makes one; the handler reaches the owner's database only through it.
struct Owner: Sendable {
    let member: Member
    /// The owner's private database (`DATA/users/<id>.sqlite`).
    let database: Database
    /// The owner's settings: their days, weeks and day start (the actor's language and
    /// theme render the page: `PageRequest.language`).
    let settings: MemberSettings
    /// Set when a guardian looks at this member's data; nil on the member's own pages.
    let guardianView: GuardianView?

    /// The signed-in member's own data.
    init(_ signedIn: SignedIn) {
        member = signedIn.member
        database = signedIn.database
        settings = signedIn.settings
        guardianView = nil
    }

    init(member: Member, database: Database, settings: MemberSettings, guardianView: GuardianView) {
        self.member = member
        self.database = database
        self.settings = settings
        self.guardianView = guardianView
    }

    /// Where the owner's pages are: `Paths.own`, or under `/members/{username}`.
    var paths: Paths { guardianView == nil ? .own : Paths.member(member.username) }
}
