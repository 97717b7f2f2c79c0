import Accounts
import MemberData
import Store

/// A guardian looking at a child's data under `/members/{username}/…`: the
/// one rule of who may, and of what they see.
///
/// `Dawn.reply` matches the rest of such a path against the routes a guardian may use
/// (`Route.guardians`, an explicit allowlist: the day page, check-offs and logs, the habit
/// pages and forms but delete, statistics, the calendar). `admit` then lets the request
/// through only when the signed-in member is that member's guardian, asking
/// `instance.sqlite` afresh every time (no cache: a revoked guardian is refused on the
/// very next request). Everyone else — signed out, an admin without a grant, the child
/// themselves, an unknown username, a route off the list — gets `Hidden`, which `Dawn`
/// answers with the very 404 of an unknown address, so nobody learns who has a grant.
///
/// The page then works on the child's data and settings (`PageRequest.owner`) and renders
/// in the guardian's language and theme, with the guardian's CSRF token and navigation.
/// The child's journal (entry, notes, mood, "on this day", the notes of logs) shows only
/// when they share it (`MemberSettings.shareJournal`), and is never written from here.
struct GuardianView: Sendable {
    /// The signed-in guardian.
    let guardian: Member
    /// Whether the child shares their journal with their guardians (read only).
    let journalShared: Bool

    /// Refused: answered exactly as an unknown address.
    struct Hidden: Error {}

    /// `(username, rest)` of `/members/{username}/rest…`, else nil.
    static func split(_ segments: [String]) -> (username: String, rest: [String])? {
        guard segments.count >= 2, segments[0] == Paths.membersSegment else { return nil }
        return (segments[1], Array(segments.dropFirst(2)))
    }

    /// The child's data for `signedIn`, their guardian now; `Hidden` for anyone else.
    static func admit(_ app: Dawn, signedIn: SignedIn?, username text: String) throws -> Owner {
        guard let signedIn, let username = try? Username(text), username.value == text,
              let child = try app.family.member(username: username), child.id != signedIn.member.id,
              try app.family.isGuardian(signedIn.member.id, of: child.id) else { throw Hidden() }
        let database: Database
        do {
            database = try app.data.member(child.id)
        } catch StoreError.missing {
            throw Hidden()  // removed since the look-up above
        }
        let settings = try app.memberSettings(child.id, database)
        return Owner(member: child, database: database, settings: settings,
                     guardianView: GuardianView(guardian: signedIn.member, journalShared: settings.shareJournal))
    }
}
