import Accounts
import MemberData
import Store

/// The signed-in member of a request. Only `Admission.admit` makes one, from a valid
/// sign-in cookie or, on `/api/…` only, an API token; it is the only way a handler reaches
/// a member database, and it can only reach its own member's. Their database and settings
/// are looked up once per request, here.
struct SignedIn: Sendable {
    /// How the request showed who it is.
    enum Credential: Sendable {
        /// A browser's cookie: the whole account, and its forms carry the CSRF token.
        case browser(Session)
        /// `Authorization: Bearer dawn_…` (`APITokens`): what the token's scope allows. No
        /// cookie comes with it, so nothing needs a CSRF token.
        case token(APITokens.Grant)
    }

    let member: Member
    let credential: Credential
    /// This member's private database (`DATA/users/<id>.sqlite`).
    let database: Database
    /// Their settings as the request began (from the member cache).
    let settings: MemberSettings

    /// The browser's signed-in record; nil for an API token.
    var session: Session? {
        if case .browser(let session) = credential { return session }
        return nil
    }

    /// The API token the request came with, if it did.
    var token: APITokens.Grant? {
        if case .token(let grant) = credential { return grant }
        return nil
    }

    /// What the member's forms carry; nil for an API token, which has no forms.
    var csrfToken: String? { session?.csrfToken }
}
